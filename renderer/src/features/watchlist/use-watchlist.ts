import { useQueryClient } from '@tanstack/react-query';
import {
  WATCH_LIMITS,
  type WatchItem,
  type WatchListView,
  type WatchRef,
  type WatchTimeline,
} from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

/**
 * The active environment's watchlist (pins, interval, poll times). A change is announced (the
 * shell's toast host reads it again at once); a poll that changed nothing is not, so the view is
 * also read again as often as main could poll, to keep "last read" current.
 */
export function useWatchList() {
  return useEnvironmentQuery<WatchListView, readonly unknown[]>({
    key: (keys) => keys.watchList(),
    call: (api) => api.watchList({}),
    staleTime: 0,
    refetchInterval: WATCH_LIMITS.minIntervalSeconds * 1_000,
  });
}

export function useWatchTimeline(ref: WatchRef | null) {
  return useEnvironmentQuery<WatchTimeline, readonly unknown[]>({
    key: (keys) => keys.watchTimeline(ref?.kind ?? '', ref?.id ?? ''),
    call: (api) => api.watchTimeline(ref ?? { kind: 'deposit', id: '' }),
    enabled: ref !== null,
  });
}

/** A mutation that answers the whole list: the answer goes into the cache as is, timelines are read again. */
function useListAnswer() {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  return (view: WatchListView) => {
    if (!keys) return;
    queryClient.setQueryData(keys.watchList(), view);
    void queryClient.invalidateQueries({ queryKey: [...keys.watchlist(), 'timeline'] });
  };
}

export function usePin(onPinned: (item: WatchItem) => void) {
  return useConsoleMutation<WatchRef, WatchItem>({
    call: (api, ref) => api.watchPin(ref),
    invalidates: (keys) => [keys.watchlist()],
    onSuccess: onPinned,
  });
}

export function useUnpin(onUnpinned: (ref: WatchRef) => void) {
  const take = useListAnswer();
  return useConsoleMutation<WatchRef, WatchListView>({
    call: (api, ref) => api.watchUnpin(ref),
    onSuccess: (view, ref) => {
      take(view);
      onUnpinned(ref);
    },
  });
}

export function useSetInterval() {
  const take = useListAnswer();
  return useConsoleMutation<number, WatchListView>({
    call: (api, seconds) => api.watchSetInterval({ seconds }),
    onSuccess: take,
  });
}

export function usePollNow() {
  const take = useListAnswer();
  return useConsoleMutation<Record<string, never>, WatchListView>({
    call: (api, none) => api.watchPollNow(none),
    onSuccess: take,
  });
}
