import type { WatchItem, WatchListView, WatchRef } from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

const subMerchantQueries = {
  /** One sub-merchant (D10); not asked while there is no id. */
  record: (environmentId: string | null, subMerchantId: number | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.subMerchant(subMerchantId ?? 0),
      call: (api) => api.getSubMerchant({ subMerchantId: subMerchantId ?? 0 }),
      enabled: subMerchantId !== null,
    }),
  /**
   * The watched sub-merchants, each with its own answer (one can fail while the others are
   * read). `refreshSeconds` > 0 reads them again on that interval.
   */
  watched: (environmentId: string | null, refreshSeconds: WatchRefreshSeconds) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.watchedSubMerchants(),
      call: (api) => api.listWatchedSubMerchants({}),
      refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    }),
};

/** One sub-merchant of the active environment. */
export function useSubMerchant(subMerchantId: number | null) {
  return useEnvironmentQuery(subMerchantQueries.record(useActiveEnvironmentId(), subMerchantId));
}

/** Auto-refresh choices of the watched list, in seconds (0: off). */
export const WATCH_REFRESH_SECONDS = [0, 30, 60, 300] as const;
export type WatchRefreshSeconds = (typeof WATCH_REFRESH_SECONDS)[number];

/** The watched sub-merchants of the active environment. */
export function useWatchedSubMerchants(refreshSeconds: WatchRefreshSeconds) {
  return useEnvironmentQuery(subMerchantQueries.watched(useActiveEnvironmentId(), refreshSeconds));
}

interface WatchChange {
  subMerchantId: number;
  watch: boolean;
}

/**
 * Watch or unwatch a sub-merchant: a pin on the active environment's watchlist (one list for this
 * screen and the Watchlist screen). Both views are read again; the mutation settles once they are.
 */
export function useWatchToggle() {
  return useConsoleMutation<WatchChange, WatchItem | WatchListView>({
    call: (api, change) => {
      const ref: WatchRef = { kind: 'sub_merchant', id: String(change.subMerchantId) };
      return change.watch ? api.pinWatch(ref) : api.unpinWatch(ref);
    },
    invalidates: (keys) => [keys.watchedSubMerchants(), keys.watchlist()],
  });
}

/**
 * The ids watched in the active environment: the watched list as last read, with the last
 * watch/unwatch applied when it is newer than that read.
 */
export function useWatchedIds(
  watched: ReturnType<typeof useWatchedSubMerchants>,
  toggle: ReturnType<typeof useWatchToggle>,
): ReadonlySet<number> {
  const ids = new Set(watched.data?.map((item) => item.subMerchantId) ?? []);
  const last = toggle.isSuccess ? toggle.variables : undefined;
  if (last && toggle.submittedAt > watched.dataUpdatedAt) {
    if (last.watch) ids.add(last.subMerchantId);
    else ids.delete(last.subMerchantId);
  }
  return ids;
}
