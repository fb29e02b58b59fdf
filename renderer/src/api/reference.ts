import { useActiveEnvironmentId } from './environment';
import { environmentQuery, useEnvironmentQuery } from './queries';

/**
 * Reference data (spec endpoints 1–3, D15's states and fiat quote): the Reference screen shows
 * it, the deposit and refund forms pick from it. It changes rarely within a session (the spec asks a cashier to poll methods
 * "several times per day"), so an answer is kept fresh for five minutes; Refresh reads it again.
 */
const REFERENCE_STALE_MS = 5 * 60_000;
const COUNTRY_CODE = /^[A-Z]{2}$/;

export interface CryptoQuoteRequest {
  currency: string;
  amount: number;
  crypto: string;
}

export interface FiatQuoteRequest {
  country: string;
  /** In USD. */
  amount: number;
}

/** A quote is a price of the moment: never served from the cache once it is a minute old. */
const QUOTE_STALE_MS = 60_000;

const referenceQueries = {
  /** The methods enabled for the account in a country; nothing is asked for a half-typed code. */
  paymentMethods: (environmentId: string | null, country: string) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.reference('listPaymentMethods', country),
      call: (api) => api.listPaymentMethods({ country }),
      enabled: COUNTRY_CODE.test(country),
      staleTime: REFERENCE_STALE_MS,
    }),
  /** The banks of a country, in the order the service sent them. */
  banks: (environmentId: string | null, country: string) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.reference('listBanks', country),
      call: (api) => api.listBanks({ country }),
      enabled: COUNTRY_CODE.test(country),
      staleTime: REFERENCE_STALE_MS,
    }),
  /** A crypto quote for a request the user submitted; nothing is asked before that (null). */
  cryptoQuote: (environmentId: string | null, request: CryptoQuoteRequest | null) =>
    environmentQuery(environmentId, {
      key: (keys) =>
        keys.reference(
          'getCryptoQuote',
          request?.currency ?? '',
          request?.crypto ?? '',
          request?.amount ?? 0,
        ),
      call: (api) =>
        api.getCryptoQuote({
          currency: request?.currency ?? '',
          crypto: request?.crypto ?? '',
          amount: request?.amount ?? 1,
        }),
      enabled: request !== null,
      staleTime: QUOTE_STALE_MS,
    }),
  /** The ISO 3166-2 states of a country (D15), for the payer address and the Reference screen. */
  states: (environmentId: string | null, country: string) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.reference('listStates', country),
      call: (api) => api.listStates({ country }),
      enabled: COUNTRY_CODE.test(country),
      staleTime: REFERENCE_STALE_MS,
    }),
  /** A fiat quote (D15) for a request the user submitted; nothing is asked before that (null). */
  fiatQuote: (environmentId: string | null, request: FiatQuoteRequest | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.reference('getFiatQuote', request?.country ?? '', request?.amount ?? 0),
      call: (api) => api.getFiatQuote({ country: request?.country ?? '', amount: request?.amount ?? 1 }),
      enabled: request !== null,
      staleTime: QUOTE_STALE_MS,
    }),
};

export function usePaymentMethods(country: string) {
  return useEnvironmentQuery(referenceQueries.paymentMethods(useActiveEnvironmentId(), country));
}

export function useBanks(country: string) {
  return useEnvironmentQuery(referenceQueries.banks(useActiveEnvironmentId(), country));
}

export function useCryptoQuote(request: CryptoQuoteRequest | null) {
  return useEnvironmentQuery(referenceQueries.cryptoQuote(useActiveEnvironmentId(), request));
}

export function useStates(country: string) {
  return useEnvironmentQuery(referenceQueries.states(useActiveEnvironmentId(), country));
}

export function useFiatQuote(request: FiatQuoteRequest | null) {
  return useEnvironmentQuery(referenceQueries.fiatQuote(useActiveEnvironmentId(), request));
}
