import type {
  DepositCheck,
  DepositCreateBody,
  DepositCreateOutcome,
  Fetched,
  MutationMeta,
  PaymentMethod,
} from '../../../../shared/contract';
import { useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

/** main's verdict on a draft body (its issues, the flow it will get, the method's reported_info rules). */
export function useDepositCheck(body: DepositCreateBody | null) {
  const bodyJson = body === null ? '' : JSON.stringify(body);
  return useEnvironmentQuery<DepositCheck, readonly unknown[]>({
    key: (keys) => keys.depositCheck(bodyJson),
    call: (api) => api.checkDeposit({ body: body ?? { amount: '', country: '' } }),
    enabled: body !== null,
    // The same body always gets the same verdict.
    staleTime: Infinity,
  });
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** The methods enabled for the account in a country (spec endpoint 1), for the method picker. */
export function usePaymentMethods(country: string) {
  return useEnvironmentQuery<Fetched<PaymentMethod[]>, readonly unknown[]>({
    key: (keys) => keys.paymentMethods(country),
    call: (api) => api.listPaymentMethods({ country }),
    enabled: COUNTRY_CODE.test(country),
    staleTime: 5 * 60_000,
  });
}

export type DepositCreateVariables = { body: DepositCreateBody } & MutationMeta;

/** createDeposit; a retry after outcome_unknown passes the first attempt's idempotencyKey (D6). */
export function useCreateDeposit() {
  return useConsoleMutation<DepositCreateVariables, DepositCreateOutcome>({
    call: (api, variables) => api.createDeposit(variables),
  });
}
