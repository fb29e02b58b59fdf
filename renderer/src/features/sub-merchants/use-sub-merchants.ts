import { useActiveEnvironment, useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

export const subMerchantQueries = {
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

export interface WatchChange {
  subMerchantId: number;
  watch: boolean;
}

/**
 * Watch or unwatch a sub-merchant in the active environment's profile. Main answers the updated
 * profile; the watched list is read again (the mutation settles once it has been).
 */
export function useWatchToggle() {
  return useConsoleMutation({
    call: (api, change: WatchChange) =>
      change.watch
        ? api.watchSubMerchant({ subMerchantId: change.subMerchantId })
        : api.unwatchSubMerchant({ subMerchantId: change.subMerchantId }),
    invalidates: (keys) => [keys.watchedSubMerchants()],
  });
}

/**
 * The ids watched in the active environment, from the freshest source: the watched list as last
 * read or the profile the last watch/unwatch answered, whichever is newer; before either, the
 * profile the shell holds. (Watching does not re-announce the environment list, so the shell's
 * copy can lag; reloading it would empty the whole query cache for a one-id change.)
 */
export function useWatchedIds(
  watched: ReturnType<typeof useWatchedSubMerchants>,
  toggle: ReturnType<typeof useWatchToggle>,
): ReadonlySet<number> {
  const active = useActiveEnvironment();
  const fromList = watched.data?.map((item) => item.subMerchantId);
  const fromToggle = toggle.data?.watchedSubMerchantIds;
  const toggleIsNewer = fromToggle !== undefined && toggle.submittedAt > watched.dataUpdatedAt;
  const ids = (toggleIsNewer ? fromToggle : fromList) ?? fromToggle ?? active?.watchedSubMerchantIds ?? [];
  return new Set(ids);
}
