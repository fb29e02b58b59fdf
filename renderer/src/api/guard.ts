import type { ArmingState, ClockStatus } from '../../../shared/contract';
import { useActiveEnvironment } from './environment';
import { useEnvironmentQuery } from './queries';

/**
 * The clock estimate of an environment (the active one by default). Kept live by the
 * clockChanged events that EnvironmentProvider writes into the same key.
 */
export function useClockStatus(environmentId?: string) {
  const active = useActiveEnvironment();
  const target = environmentId ?? active?.id ?? '';
  return useEnvironmentQuery<ClockStatus, readonly unknown[]>({
    key: (keys) => keys.clock(target),
    call: (api) => api.getClockStatus({ environmentId: target }),
    enabled: target !== '',
    staleTime: Infinity,
  });
}

/** Production arming of the active environment, kept live by armingChanged events. */
export function useArming() {
  const active = useActiveEnvironment();
  return useEnvironmentQuery<ArmingState, readonly unknown[]>({
    key: (keys) => keys.arming(),
    call: (api) => api.getArming({}),
    enabled: active?.kind === 'production',
    staleTime: Infinity,
  });
}
