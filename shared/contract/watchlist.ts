/** The watchlist (main/core/watchlist): pinned objects of the active environment, polled for changes. */
import type { ConsoleError } from './results';
import { method, type ApiOf } from './method';

/** What can be pinned; a cashout by its `cashout_id` or `ext:<external_id>` (see BATCH_KINDS). */
export const WATCH_KINDS = ['deposit', 'refund', 'cashout', 'sub_merchant'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

export const WATCH_LIMITS = {
  minIntervalSeconds: 15,
  maxIntervalSeconds: 3_600,
  defaultIntervalSeconds: 60,
  maxItemsPerEnvironment: 200,
  /** Timeline entries kept per object: the first sighting and the latest changes. */
  timelineLength: 50,
} as const;

/** `alarm`: a refund or cashout moved COMPLETED → REJECTED (the bank's late rejection); `info`: any other move. */
export type WatchSeverity = 'info' | 'alarm';

export interface WatchRef {
  kind: WatchKind;
  /** Canonical id text: `300000001`, `11954`, `ext:payout-7781`. */
  id: string;
}

/** `from: null`: the first time the object was seen. Times are the console's clock, ISO. */
export interface WatchTimelineEntry {
  at: string;
  from: string | null;
  to: string;
  severity: WatchSeverity;
}

export interface WatchItem {
  environmentId: string;
  kind: WatchKind;
  id: string;
  pinnedAt: string;
  /** The last status seen (a sub-merchant's `status`, a cashout's D7 name); null before the first sighting. */
  status: string | null;
  /** The last poll of this object, whatever its outcome. */
  lastCheckedAt: string | null;
  lastChangeAt: string | null;
  /** Why the last poll of this object failed; null after a good one. */
  lastError: ConsoleError | null;
  /** Some change on its timeline is an alarm. */
  alarm: boolean;
  /** Changes seen since the first sighting. */
  changes: number;
  /**
   * What the last good read said the object holds: a sub-merchant's balance (its total), a
   * deposit's or a refund's amount. Absent for a cashout (its status carries none) and before the
   * first read; `currency` absent when not known (a refund whose deposit this console never saw).
   */
  amount?: number;
  currency?: string;
}

/** The amounts of one kind of pinned object in one currency, added up at the currency's precision. */
export interface WatchTotal {
  kind: WatchKind;
  currency: string;
  amount: number;
  /** Objects counted. */
  count: number;
}

/**
 * Only the active environment is polled (one poller, at the chosen interval with ±10 % jitter,
 * backing off while every poll fails); pins of other environments wait until it is active again.
 */
export interface WatchListView {
  environmentId: string;
  intervalSeconds: number;
  /** A poll is scheduled (there is something to poll, and polling runs in this process). */
  polling: boolean;
  nextPollAt: string | null;
  lastPollAt: string | null;
  items: WatchItem[];
  /**
   * `items`' amounts per kind and currency (sub-merchant balances apart from deposit amounts); an
   * amount whose currency is not known is in no total.
   */
  totals: WatchTotal[];
  /** An unreadable watchlist file was moved here and the list started empty. */
  recoveredFrom?: string;
}

export interface WatchTimeline {
  item: WatchItem;
  /** Oldest first. */
  entries: WatchTimelineEntry[];
}

export interface WatchChangedEvent {
  item: WatchItem;
  change: WatchTimelineEntry;
  severity: WatchSeverity;
}

export const WATCH_METHODS = {
  listWatchlist: method<Record<string, never>, WatchListView>(),

  pinWatch: method<WatchRef, WatchItem>(),

  unpinWatch: method<WatchRef, WatchListView>(),

  setWatchInterval: method<{ seconds: number }, WatchListView>(),

  getWatchTimeline: method<WatchRef, WatchTimeline>(),

  pollWatchlistNow: method<Record<string, never>, WatchListView>(),
};
export type WatchlistApi = ApiOf<typeof WATCH_METHODS>;
