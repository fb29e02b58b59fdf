import type { ConsoleApi } from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';
import type { TransitionArg } from './sandbox-options';

/**
 * A sandbox move can change any record of the environment (a deposit, its refund, what expires
 * with the clock), so every control invalidates all of the environment's answers: the screens on
 * show read again, the others read afresh when next opened.
 */
export function useSandboxTransition() {
  return useConsoleMutation({
    call: (api, arg: TransitionArg) => api.transitionSandboxRecord(arg),
    invalidates: (keys) => [keys.all],
  });
}

export type CreateCashoutArg = Parameters<ConsoleApi['createSandboxCashout']>[0];

export function useSandboxCreateCashout() {
  return useConsoleMutation({
    call: (api, arg: CreateCashoutArg) => api.createSandboxCashout(arg),
    invalidates: (keys) => [keys.all],
  });
}

export function useSandboxAdvanceClock() {
  return useConsoleMutation({
    call: (api, seconds: number) => api.advanceSandboxClock({ seconds }),
    invalidates: (keys) => [keys.all],
  });
}

const sandboxQueries = {
  /** Every notification attempt the sandbox made, in the order made. */
  notifications: (environmentId: string | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.listSandboxNotifications(),
      call: (api) => api.listSandboxNotifications({}),
      // The log grows on its own (retries, expiries): never trust a cached copy for long.
      staleTime: 0,
    }),
};

export function useSandboxNotifications() {
  return useEnvironmentQuery(sandboxQueries.notifications(useActiveEnvironmentId()));
}
