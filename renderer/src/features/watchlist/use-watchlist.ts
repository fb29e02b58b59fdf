import { useQueryClient } from '@tanstack/react-query';
import { WATCH_LIMITS, type WatchItem, type WatchListView, type WatchRef } from '../../../../shared/contract';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

const watchlistQueries = {
  /**
   * The watchlist (pins, interval, poll times). A change is announced (the shell's toast host
   * reads it again at once); a poll that changed nothing is not, so the view is also read again as
   * often as main could poll, to keep "last read" current.
   */
  view: (environmentId: string | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.watchlistView(),
      call: (api) => api.listWatchlist({}),
      staleTime: 0,
      refetchInterval: WATCH_LIMITS.minIntervalSeconds * 1_000,
    }),
  /** The statuses seen of one pinned object; not asked while none is chosen. */
  timeline: (environmentId: string | null, ref: WatchRef | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.watchlistTimeline(ref?.kind ?? '', ref?.id ?? ''),
      call: (api) => api.getWatchTimeline(ref ?? { kind: 'deposit', id: '' }),
      enabled: ref !== null,
    }),
};

/** The active environment's watchlist. */
export function useWatchlist() {
  return useEnvironmentQuery(watchlistQueries.view(useActiveEnvironmentId()));
}

export function useWatchTimeline(ref: WatchRef | null) {
  return useEnvironmentQuery(watchlistQueries.timeline(useActiveEnvironmentId(), ref));
}

/** A mutation that answers the whole list: the answer goes into the cache as is, timelines are read again. */
function useListAnswer() {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  return (view: WatchListView) => {
    if (!keys) return;
    queryClient.setQueryData(keys.watchlistView(), view);
    void queryClient.invalidateQueries({ queryKey: keys.watchlistTimelines() });
    // The Sub-merchants screen's watch list is a view of this one.
    void queryClient.invalidateQueries({ queryKey: keys.watchedSubMerchants() });
  };
}

export function usePin(onPinned: (item: WatchItem) => void) {
  return useConsoleMutation<WatchRef, WatchItem>({
    call: (api, ref) => api.pinWatch(ref),
    invalidates: (keys) => [keys.watchlist(), keys.watchedSubMerchants()],
    onSuccess: onPinned,
  });
}

export function useUnpin(onUnpinned: (ref: WatchRef) => void) {
  const take = useListAnswer();
  return useConsoleMutation<WatchRef, WatchListView>({
    call: (api, ref) => api.unpinWatch(ref),
    onSuccess: (view, ref) => {
      take(view);
      onUnpinned(ref);
    },
  });
}

export function useSetInterval() {
  const take = useListAnswer();
  return useConsoleMutation<number, WatchListView>({
    call: (api, seconds) => api.setWatchInterval({ seconds }),
    onSuccess: take,
  });
}

export function usePollNow() {
  const take = useListAnswer();
  return useConsoleMutation<Record<string, never>, WatchListView>({
    call: (api, none) => api.pollWatchlistNow(none),
    onSuccess: take,
  });
}
