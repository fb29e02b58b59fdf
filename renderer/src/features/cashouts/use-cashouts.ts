import { useQueryClient } from '@tanstack/react-query';
import type { CashoutCancelOutcome, CashoutRef, MutationMeta } from '../../../../shared/contract';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

const cashoutQueries = {
  /** A cashout's status by cashout_id, external_id or both (D7); not asked without either. */
  status: (environmentId: string | null, ref: CashoutRef | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.cashout(ref?.cashoutId ?? null, ref?.externalId ?? null),
      call: (api) => api.getCashoutStatus(ref ?? {}),
      enabled: ref !== null && (ref.cashoutId !== undefined || ref.externalId !== undefined),
    }),
};

export function useCashoutStatus(ref: CashoutRef | null) {
  return useEnvironmentQuery(cashoutQueries.status(useActiveEnvironmentId(), ref));
}

export type CashoutCancelVariables = {
  cashoutId: number;
  externalId: string;
  typedConfirmation?: string;
} & MutationMeta;

/**
 * cancelCashout. Every status read of cashouts is stale afterwards, whatever the answer: a lost
 * answer (outcome_unknown) may still have cancelled it, and a refusal says it moved on.
 */
export function useCancelCashout() {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  const mutation = useConsoleMutation<CashoutCancelVariables, CashoutCancelOutcome>({
    call: (api, variables) => api.cancelCashout(variables),
    invalidates: (environmentKeys) => [environmentKeys.cashouts()],
  });
  const rereadStatuses = () => {
    if (keys) void queryClient.invalidateQueries({ queryKey: keys.cashouts() });
  };
  return { mutation, rereadStatuses };
}
