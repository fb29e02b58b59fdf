/**
 * The watchlist: pinned objects per environment, their status timelines in
 * `<dataDir>/watchlist.json`, one poller for the active environment, `watchChanged` events with
 * severity `alarm` for the COMPLETED → REJECTED corner cases of refunds and cashouts. Its DTOs
 * (WatchItem, WatchListView, WatchTimeline, WatchChangedEvent) are in shared/contract.
 */
export { Watchlist } from './watchlist';
export { nextPollDelay, MAX_BACKOFF_MS } from './policy';
export { WATCHLIST_FILE_NAME, ID_KIND_OF } from './store';
