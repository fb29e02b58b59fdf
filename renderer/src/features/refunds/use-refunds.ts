import type {
  Bank,
  Fetched,
  MutationMeta,
  RefundCreateBody,
  RefundCreateOutcome,
  RefundPreflight,
  RefundStatus,
} from '../../../../shared/contract';
import { useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

/** The status record of one refund in the active environment. */
export function useRefund(refundId: number | null) {
  return useEnvironmentQuery<Fetched<RefundStatus>, readonly unknown[]>({
    key: (keys) => keys.refund(refundId ?? 0),
    call: (api) => api.getRefund({ refundId: refundId ?? 0 }),
    enabled: refundId !== null,
  });
}

/** What main says about refunding a deposit: what is left, card or not, blockers, warnings. */
export function useRefundPreflight(depositId: number | null) {
  return useEnvironmentQuery<RefundPreflight, readonly unknown[]>({
    key: (keys) => keys.refundPreflight(depositId ?? 0),
    call: (api) => api.refundPreflight({ depositId: depositId ?? 0 }),
    enabled: depositId !== null,
  });
}

/** The banks of a country (spec endpoint 3), for the refund's bank picker. */
export function useBanks(country: string | null) {
  return useEnvironmentQuery<Fetched<Bank[]>, readonly unknown[]>({
    key: (keys) => keys.banks(country ?? ''),
    call: (api) => api.listBanks({ country: country ?? '' }),
    enabled: country !== null && /^[A-Z]{2}$/.test(country),
    staleTime: 5 * 60_000,
  });
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
      keys.refundPreflight(variables.body.deposit_id),
    ],
    invalidatesOnError: (keys, _error, variables) => [keys.refundPreflight(variables.body.deposit_id)],
    onSuccess,
  });
}
