import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseServiceTime, remainingUntil } from '../lib/service-time';
import { Absent } from './Value';

/** The current time, re-read every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * True once `serviceTime` (`yyyy-MM-dd HH:mm:ss`, UTC, the service's clock) has passed, judged on
 * the service's clock when `offsetMs` (ClockStatus.offsetMs) is given. E.g. hide a QR code.
 */
export function useServiceTimePassed(serviceTime: string | undefined, offsetMs?: number | null): boolean {
  const now = useNow() + (offsetMs ?? 0);
  const target = serviceTime ? parseServiceTime(serviceTime) : null;
  return target !== null && target <= now;
}

type CountdownProps = (
  | { /** `yyyy-MM-dd HH:mm:ss` on the service's clock (UTC). */ to: string; toEpochMs?: never }
  | { toEpochMs: number; to?: never }
) & {
  /** Service time minus local time (ClockStatus.offsetMs), for a service time. */
  offsetMs?: number | null;
  /**
   * Over by another account than the clocks (the service says the deposit EXPIRED): "Expired",
   * whatever time is left on them.
   */
  expired?: boolean;
};

/** Time left until a moment: `2 d 03:04:05`, then "Expired". An unreadable time shows "—". */
export function Countdown(props: CountdownProps) {
  const { t } = useTranslation('common');
  const now = useNow() + (props.to !== undefined ? (props.offsetMs ?? 0) : 0);
  const target = props.to !== undefined ? parseServiceTime(props.to) : props.toEpochMs;
  if (!props.expired && (target === null || target === undefined || Number.isNaN(target))) return <Absent />;
  const left = remainingUntil(target ?? now, now);
  if (props.expired || left.expired) {
    return (
      <span role="timer" data-expired="true">
        {t('countdown.expired')}
      </span>
    );
  }
  const clock = [left.hours, left.minutes, left.seconds]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return (
    <span role="timer" data-expired="false">
      {left.days > 0 ? t('countdown.daysAndClock', { days: left.days, clock }) : clock}
    </span>
  );
}
