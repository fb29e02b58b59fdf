import type { DepositStatus, Fetched } from '../../../../shared/contract';
import { useEnvironmentQuery } from '../../api/queries';

/** The status record of one deposit in the active environment. */
export function useDeposit(depositId: number | null) {
  return useEnvironmentQuery<Fetched<DepositStatus>, readonly unknown[]>({
    key: (keys) => keys.deposit(depositId ?? 0),
    call: (api) => api.getDeposit({ depositId: depositId ?? 0 }),
    enabled: depositId !== null,
  });
}
