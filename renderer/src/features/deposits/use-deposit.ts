import { useQueryClient } from '@tanstack/react-query';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { environmentQuery, useEnvironmentQuery } from '../../api/queries';

const depositQueries = {
  /** The status record of one deposit; not asked while there is no id. */
  status: (environmentId: string | null, depositId: number | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.deposit(depositId ?? 0),
      call: (api) => api.getDeposit({ depositId: depositId ?? 0 }),
      enabled: depositId !== null,
    }),
};

/** The status record of one deposit in the active environment. */
export function useDeposit(depositId: number | null) {
  return useEnvironmentQuery(depositQueries.status(useActiveEnvironmentId(), depositId));
}

/**
 * Reads the deposit's page again: the deposit, and with it (under its key) the refunds the console
 * knows of, what is left to refund and the kept instructions.
 */
export function useRefreshDeposit(depositId: number) {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  return () => {
    if (!keys) return;
    for (const queryKey of [
      keys.deposit(depositId),
      keys.getRefundPreflight(depositId),
      keys.getRecord('deposit', String(depositId)),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}
