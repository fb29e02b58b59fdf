import type { WatchKind, WatchSeverity } from '../../../shared/contract';

/**
 * How loud a change is. The spec's corner cases (refunds and cashouts): a bank reports a
 * rejection days after the transfer was COMPLETED, so money the merchant counted as gone comes
 * back, or a refund the payer counted on did not arrive. Those are `alarm`; every other move is
 * `info`. Only moves actually observed between two polls count.
 */
export function severityOf(kind: WatchKind, from: string, to: string): WatchSeverity {
  return (kind === 'refund' || kind === 'cashout') && from === 'COMPLETED' && to === 'REJECTED'
    ? 'alarm'
    : 'info';
}

/** ±10 %: many consoles started together do not poll the service in step. */
const POLL_JITTER = 0.1;
/** While every poll fails, the gap doubles up to this (or the interval, when that is longer). */
export const MAX_BACKOFF_MS = 30 * 60_000;

/**
 * The wait before the next poll: the interval, doubled for each poll in a row that failed (no
 * object could be read), capped at MAX_BACKOFF_MS (never below the interval), with jitter.
 * `random` is in [0, 1).
 */
export function nextPollDelay(intervalMs: number, failuresInARow: number, random: () => number): number {
  const backedOff = intervalMs * 2 ** Math.min(failuresInARow, 20);
  const base = Math.min(backedOff, Math.max(intervalMs, MAX_BACKOFF_MS));
  return Math.round(base * (1 + POLL_JITTER * (2 * random() - 1)));
}
