import type { CryptoQuote, FiatQuote, Fetched, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord, readOnlyAuth } from './calls';
import { checkInput, cryptoQuoteQuerySchema, fiatQuoteQuerySchema } from './inputs';
import { answerOf, numberLike, objectAnswer, text } from './schemas';

const cryptoQuoteShape = { fx_rate: numberLike, converted_amount: numberLike, fee: numberLike };
const CRYPTO_QUOTE_ANSWER = answerOf<CryptoQuote>()(objectAnswer('crypto quote', cryptoQuoteShape));
/** D15: the crypto quote's numbers plus the currency they are in. */
const FIAT_QUOTE_ANSWER = answerOf<FiatQuote>()(
  objectAnswer('fiat quote', { ...cryptoQuoteShape, currency: text }),
);

interface CryptoQuoteQuery {
  /** USD or the payer's local currency. */
  currency: string;
  /** In `currency`; the service takes 1 when it is left out. */
  amount?: number | string;
  /** Cryptocurrency symbol, e.g. USDT. */
  crypto: string;
}

/** Spec endpoint 2: exchange quote (read-only key, D4). */
export async function getCryptoQuote(
  context: ClientContext,
  query: CryptoQuoteQuery,
  options: CallOptions = {},
): Promise<Result<Fetched<CryptoQuote>>> {
  const checked = checkInput(cryptoQuoteQuerySchema, query);
  if (!checked.ok) return checked;
  const auth = await readOnlyAuth(context);
  if (!auth.ok) return auth;
  const { currency, amount, crypto } = checked.data;
  return fetchRecord(context, CRYPTO_QUOTE_ANSWER, {
    endpoint: 'crypto-quote',
    method: 'GET',
    path: '/v3/exchange_rates/crypto',
    query: { currency, ...(amount !== undefined && { amount: String(amount) }), crypto },
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}

interface FiatQuoteQuery {
  /** A served country: the quote is in its currency. */
  country: string;
  /** In USD; the service takes 1 when it is left out. */
  amount?: number | string;
}

/** D15: USD into a country's currency (read-only key, D4), the crypto quote's sibling. */
export async function getFiatQuote(
  context: ClientContext,
  query: FiatQuoteQuery,
  options: CallOptions = {},
): Promise<Result<Fetched<FiatQuote>>> {
  const checked = checkInput(fiatQuoteQuerySchema, query);
  if (!checked.ok) return checked;
  const auth = await readOnlyAuth(context);
  if (!auth.ok) return auth;
  const { country, amount } = checked.data;
  return fetchRecord(context, FIAT_QUOTE_ANSWER, {
    endpoint: 'fiat-quote',
    method: 'GET',
    path: '/v3/exchange_rates',
    query: { country, ...(amount !== undefined && { amount: String(amount) }) },
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
