import {
  BATCH_LIMITS,
  WATCH_LIMITS,
  type WatchChangedEvent,
  type WatchItem,
  type WatchKind,
  type WatchRef,
} from '../../../../shared/contract';
import type { StatusEntity } from '../../lib/status';
import { links } from '../../shell/links';

/**
 * The watchlist's pure parts (no DOM, no React; unit-tested in Node): the poll intervals offered,
 * where a pinned object's screen is, which status badge it takes, and what a change toast says.
 */

/** The intervals offered, within WATCH_LIMITS (15 s … 1 h). */
export const WATCH_INTERVAL_CHOICES: readonly number[] = [
  15, 30, 60, 120, 300, 600, 900, 1_800, 3_600,
].filter(
  (seconds) => seconds >= WATCH_LIMITS.minIntervalSeconds && seconds <= WATCH_LIMITS.maxIntervalSeconds,
);

/** An interval in the largest whole unit: 90 s stays seconds, 120 s is 2 minutes, 3600 s is 1 hour. */
export function intervalParts(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds % 3_600 === 0) return { unit: 'hours', count: seconds / 3_600 };
  if (seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}

/** The same object: kind and canonical id (the environment is always the active one here). */
export const refKey = (ref: WatchRef): string => `${ref.kind}:${ref.id}`;

/** The screen that shows the pinned object (a cashout by `cashout_id` or by `ext:` external id). */
export function watchItemHref(ref: WatchRef): string | null {
  const numeric = /^\d+$/.test(ref.id) ? Number(ref.id) : null;
  switch (ref.kind) {
    case 'deposit':
      return numeric === null ? null : links.deposit(numeric);
    case 'refund':
      return numeric === null ? null : links.refund(numeric);
    case 'sub_merchant':
      return numeric === null ? null : links.subMerchant(numeric);
    case 'cashout':
      if (ref.id.toLowerCase().startsWith(BATCH_LIMITS.externalIdPrefix)) {
        return links.cashoutByExternalId(ref.id.slice(BATCH_LIMITS.externalIdPrefix.length));
      }
      return numeric === null ? null : links.cashoutById(numeric);
  }
}

/** The status badge's entity; a sub-merchant's status is shown as it came. */
export function statusEntityOf(kind: WatchKind): StatusEntity | null {
  return kind === 'sub_merchant' ? null : kind;
}

/**
 * What a change toast shows: an alarm (a refund or cashout COMPLETED → REJECTED, main decides)
 * is red and stays until dismissed; any other change is blue and goes by itself.
 */
export function watchToast(event: WatchChangedEvent): {
  id: string;
  alarm: boolean;
  color: 'red' | 'blue';
  autoClose: false | number;
  kind: WatchKind;
  objectId: string;
  from: string | null;
  to: string;
} {
  const alarm = event.severity === 'alarm';
  return {
    id: `watch:${event.item.environmentId}:${event.item.kind}:${event.item.id}:${event.change.at}`,
    alarm,
    color: alarm ? 'red' : 'blue',
    autoClose: alarm ? false : 10_000,
    kind: event.item.kind,
    objectId: event.item.id,
    from: event.change.from,
    to: event.change.to,
  };
}

/** Alarms first (they need someone to act), otherwise the order they were pinned in. */
export function sortedItems(items: readonly WatchItem[]): WatchItem[] {
  return [...items].sort((a, b) => Number(b.alarm) - Number(a.alarm));
}
