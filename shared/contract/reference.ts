/**
 * Reference data from the service: a country's payment methods, banks and states, and the crypto
 * and fiat quotes.
 */
import type { Fetched } from './results';
import { method, type ApiOf } from './method';

export const PAYMENT_METHOD_TYPES = ['BANK_DEPOSIT', 'BANK_TRANSFER', 'CREDIT_CARD', 'VOUCHER'] as const;

export interface PaymentMethod {
  country: string;
  code: string;
  name: string;
  /** One of PAYMENT_METHOD_TYPES; an unknown value is kept as it came. */
  type: string;
  status: string;
  logo: string;
  /** Seconds; absent for new methods without data. */
  daily_average?: number;
  monthly_average?: number;
}

export interface Bank {
  code: number;
  name: string;
}

export interface CryptoQuote {
  fx_rate: number;
  converted_amount: number;
  fee: number;
}

/** D15: an ISO 3166-2 subdivision, `iso` without the country prefix (`SP`), as payer.address.state. */
export interface CountryState {
  iso: string;
  name: string;
}

/** D15: a fiat quote, USD into `currency` (the country's). `fee` is in `currency` too. */
export interface FiatQuote {
  fx_rate: number;
  currency: string;
  converted_amount: number;
  fee: number;
}

export const REFERENCE_METHODS = {
  listPaymentMethods: method<{ country: string }, Fetched<PaymentMethod[]>>(),

  listBanks: method<{ country: string }, Fetched<Bank[]>>(),

  getCryptoQuote: method<{ currency: string; amount?: number; crypto: string }, Fetched<CryptoQuote>>(),

  listStates: method<{ country: string }, Fetched<CountryState[]>>(),

  /** `amount` in USD; the service takes 1 when it is left out. */
  getFiatQuote: method<{ country: string; amount?: number }, Fetched<FiatQuote>>(),
};
export type ReferenceApi = ApiOf<typeof REFERENCE_METHODS>;
