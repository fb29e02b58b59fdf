import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useEnvironmentQuery } from '../../api/queries';

export const depositQueries = {
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
