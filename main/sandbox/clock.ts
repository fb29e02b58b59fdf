/**
 * One of the sandbox's two clocks (D13): real time plus an offset, which starts at a configured
 * value and goes back to it on reset. The BUSINESS clock (offset 0 at start) moves with
 * /__sandbox/clock/advance and drives expiry, the 7-day cancel and the dates in records; the
 * AUTHENTICATION clock (offset = the configured skew) decides the X-Date window (D2) and the
 * `Date` header, so time travel never makes a correctly set client clock look wrong.
 */
export class SandboxClock {
  #startOffsetMs: number;
  #offsetMs: number;

  constructor(startOffsetMs = 0) {
    this.#startOffsetMs = startOffsetMs;
    this.#offsetMs = startOffsetMs;
  }

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  /** A new offset from now on (the skew control route); reset still goes back to the start value. */
  setOffset(ms: number): void {
    this.#offsetMs = ms;
  }

  reset(): void {
    this.#offsetMs = this.#startOffsetMs;
  }
}

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** D2: the only accepted X-Date shape, whole seconds and a literal Z. */
const X_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Milliseconds of a D2 X-Date, or undefined when it is malformed or not a real calendar time. */
export function parseXDate(value: string): number | undefined {
  const match = X_DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  const sameFields =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return sameFields ? ms : undefined;
}

/** How far X-Date may be from the authentication clock (spec Limits, D2): 5 s accepted, 6 s refused. */
const X_DATE_WINDOW_SECONDS = 5;

/**
 * D2 window check in whole seconds: X-Date carries no milliseconds, so the authentication clock is
 * truncated to its second before comparing; "more than 5 s" is refused.
 */
export function isWithinXDateWindow(authNowMs: number, xDateMs: number): boolean {
  const differenceSeconds = Math.floor(authNowMs / SECOND_MS) - Math.floor(xDateMs / SECOND_MS);
  return Math.abs(differenceSeconds) <= X_DATE_WINDOW_SECONDS;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** D2 X-Date of a time: `2024-03-05T14:07:09Z`. */
export function formatXDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The service's timestamp shape `yyyy-MM-dd HH:mm:ss`, UTC (payment_info dates). */
export function formatServiceTimestamp(ms: number): string {
  const date = new Date(ms);
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}
