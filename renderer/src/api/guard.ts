import { useActiveEnvironment } from './environment';
import { environmentQuery, useEnvironmentQuery } from './queries';

/** The clock and arming questions: every money screen and the shell ask them. */
const guardQueries = {
  /**
   * The clock estimate of `targetEnvironmentId`. Kept live by the clockChanged events that
   * EnvironmentProvider writes into the same key.
   */
  clock: (environmentId: string | null, targetEnvironmentId: string) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.clock(targetEnvironmentId),
      call: (api) => api.getClockStatus({ environmentId: targetEnvironmentId }),
      enabled: targetEnvironmentId !== '',
      staleTime: Infinity,
    }),
  /** Production arming, kept live by armingChanged events; asked only of production. */
  arming: (environmentId: string | null, production: boolean) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.arming(),
      call: (api) => api.getArming({}),
      enabled: production,
      staleTime: Infinity,
    }),
};

/** The clock estimate of an environment (the active one by default). */
export function useClockStatus(environmentId?: string) {
  const active = useActiveEnvironment();
  return useEnvironmentQuery(guardQueries.clock(active?.id ?? null, environmentId ?? active?.id ?? ''));
}

/** Production arming of the active environment. */
export function useArming() {
  const active = useActiveEnvironment();
  return useEnvironmentQuery(guardQueries.arming(active?.id ?? null, active?.kind === 'production'));
}
