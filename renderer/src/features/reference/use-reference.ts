import type { Bank, CryptoQuote, Fetched, PaymentMethod } from '../../../../shared/contract';
import { useEnvironmentQuery } from '../../api/queries';

/**
 * Reference data changes rarely within a session (the spec asks a cashier to poll methods
 * "several times per day"), so an answer is kept fresh for five minutes; Refresh reads it again.
 */
const REFERENCE_STALE_MS = 5 * 60_000;

/** The payment methods enabled for the account in one country, in the active environment. */
export function usePaymentMethods(country: string) {
  return useEnvironmentQuery<Fetched<PaymentMethod[]>, readonly unknown[]>({
    key: (keys) => keys.paymentMethods(country),
    call: (api) => api.listPaymentMethods({ country }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** The banks of one country (spec endpoint 3), in the order the service sent them. */
export function useBanks(country: string) {
  return useEnvironmentQuery<Fetched<Bank[]>, readonly unknown[]>({
    key: (keys) => keys.banks(country),
    call: (api) => api.listBanks({ country }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export interface CryptoQuoteRequest {
  currency: string;
  amount: number;
  crypto: string;
}

/** A crypto quote for the request the user last submitted; nothing is asked before that. */
export function useCryptoQuote(request: CryptoQuoteRequest | null) {
  return useEnvironmentQuery<Fetched<CryptoQuote>, readonly unknown[]>({
    key: (keys) => keys.cryptoQuote(request?.currency ?? '', request?.crypto ?? '', request?.amount ?? 0),
    call: (api) =>
      api.getCryptoQuote({
        currency: request?.currency ?? '',
        crypto: request?.crypto ?? '',
        amount: request?.amount ?? 1,
      }),
    enabled: request !== null,
    // A quote is a price of the moment: never served from the cache once it is a minute old.
    staleTime: 60_000,
  });
}
