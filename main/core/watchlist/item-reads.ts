import { WATCH_LIMITS, type Result, type WatchKind, type WatchTimelineEntry } from '../../../shared/contract';
import { lookupFor, type BatchTarget, type RecordSummary } from '../batch';
import { severityOf } from './policy';
import { ID_KIND_OF, MAX_CURRENCY_LENGTH, MAX_STATUS_LENGTH, storedError, type StoredItem } from './store';
import type { WatchlistOptions } from './watchlist-options';

/** Reading a pinned object on the service, and recording what the read saw on its item. */

/** The read of one kind on the target; a refund in its deposit's currency when the index knows it. */
export function lookupOf(options: WatchlistOptions, { client, environmentId }: BatchTarget, kind: WatchKind) {
  const depositCurrency = options.depositCurrency;
  return lookupFor(
    client,
    ID_KIND_OF[kind],
    depositCurrency && ((depositId) => depositCurrency(environmentId, depositId)),
  );
}

/** The first sighting stays; the latest changes fill the rest. */
function appendEntry(item: StoredItem, entry: WatchTimelineEntry): void {
  item.timeline.push(entry);
  const excess = item.timeline.length - WATCH_LIMITS.timelineLength;
  if (excess > 0) item.timeline.splice(1, excess);
}

/** Records one read on the item; answers the change it saw, if any (a first sighting is none). */
export function applyRead(
  item: StoredItem,
  read: Result<RecordSummary>,
  at: string,
): WatchTimelineEntry | null {
  item.lastCheckedAt = at;
  if (!read.ok) {
    item.lastError = storedError(read.error);
    return null;
  }
  item.lastError = null;
  // What the object holds now: a read that names no amount (or no currency) clears the old one.
  const { amount, currency } = read.data;
  if (amount !== undefined && Number.isFinite(amount)) item.amount = amount;
  else delete item.amount;
  if (currency !== undefined && currency !== '' && currency.length <= MAX_CURRENCY_LENGTH)
    item.currency = currency;
  else delete item.currency;
  const status = read.data.status.slice(0, MAX_STATUS_LENGTH) || '(empty)';
  if (item.status === null) {
    item.status = status;
    appendEntry(item, { at, from: null, to: status, severity: 'info' });
    return null;
  }
  if (item.status === status) return null;
  const change: WatchTimelineEntry = {
    at,
    from: item.status,
    to: status,
    severity: severityOf(item.kind, item.status, status),
  };
  item.status = status;
  item.lastChangeAt = at;
  item.changes += 1;
  if (change.severity === 'alarm') item.alarm = true;
  appendEntry(item, change);
  return change;
}
