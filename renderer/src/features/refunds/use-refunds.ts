import type { MutationMeta, RefundCreateBody, RefundCreateOutcome } from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

export const refundQueries = {
  /** The status record of one refund; not asked while there is no id. */
  status: (environmentId: string | null, refundId: number | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.refund(refundId ?? 0),
      call: (api) => api.getRefund({ refundId: refundId ?? 0 }),
      enabled: refundId !== null,
    }),
  /**
   * What main says about refunding a deposit: what is left, card or not, blockers, warnings. Read
   * afresh whenever the form opens: a refund seen or made a moment ago elsewhere changes what is left.
   */
  preflight: (environmentId: string | null, depositId: number | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.getRefundPreflight(depositId ?? 0),
      call: (api) => api.getRefundPreflight({ depositId: depositId ?? 0 }),
      enabled: depositId !== null,
      staleTime: 0,
    }),
};

/** The status record of one refund in the active environment. */
export function useRefund(refundId: number | null) {
  return useEnvironmentQuery(refundQueries.status(useActiveEnvironmentId(), refundId));
}

export function useRefundPreflight(depositId: number | null) {
  return useEnvironmentQuery(refundQueries.preflight(useActiveEnvironmentId(), depositId));
}

export type RefundCreateVariables = { body: RefundCreateBody } & MutationMeta;

/**
 * createRefund; what the deposit has left changes with it. The pre-flight is read again after a
 * failure too: a lost answer (or another window's) leaves a refund that blocks the next one.
 */
export function useCreateRefund(onSuccess: (outcome: RefundCreateOutcome) => void) {
  return useConsoleMutation<RefundCreateVariables, RefundCreateOutcome>({
    call: (api, variables) => api.createRefund(variables),
    invalidates: (keys, _outcome, variables) => [
      keys.deposit(variables.body.deposit_id),
      keys.getRefundPreflight(variables.body.deposit_id),
    ],
    invalidatesOnError: (keys, _error, variables) => [keys.getRefundPreflight(variables.body.deposit_id)],
    onSuccess,
  });
}
