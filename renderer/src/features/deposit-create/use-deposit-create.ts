import type { DepositCreateBody, DepositCreateOutcome, MutationMeta } from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

const depositCreateQueries = {
  /** main's verdict on a draft body (its issues, the flow it will get, the method's reported_info rules). */
  check: (environmentId: string | null, body: DepositCreateBody | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.depositCheck(body === null ? '' : JSON.stringify(body)),
      call: (api) => api.checkDeposit({ body: body ?? { amount: '', country: '' } }),
      enabled: body !== null,
      // The same body always gets the same verdict.
      staleTime: Infinity,
    }),
};

export function useDepositCheck(body: DepositCreateBody | null) {
  return useEnvironmentQuery(depositCreateQueries.check(useActiveEnvironmentId(), body));
}

export type DepositCreateVariables = { body: DepositCreateBody } & MutationMeta;

/** createDeposit; a retry after outcome_unknown passes the first attempt's idempotencyKey (D6). */
export function useCreateDeposit() {
  return useConsoleMutation<DepositCreateVariables, DepositCreateOutcome>({
    call: (api, variables) => api.createDeposit(variables),
  });
}
