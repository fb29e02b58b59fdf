/**
 * Times the service writes as `yyyy-MM-dd HH:mm:ss` on its own clock, in UTC (spec: payment_info
 * `expiration_date`, `created_at`).
 */
const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** Epoch milliseconds, or null when the text is not a valid service time. */
export function parseServiceTime(text: string): number | null {
  const match = SERVICE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const epoch = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(epoch);
  // Date.UTC rolls 2024-02-30 over to March; such a text is not a time.
  if (
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return epoch;
}

interface Remaining {
  expired: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole units left until `targetMs` seen from `nowMs`; zero and `expired` once it has passed. */
export function remainingUntil(targetMs: number, nowMs: number): Remaining {
  const left = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    expired: targetMs <= nowMs,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}
