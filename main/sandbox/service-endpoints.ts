import type { Answer, Json } from './answer';
import { checkCashoutLogin } from './auth';
import { parseJsonObject } from './body-rules';
import {
  cancelCashout,
  cashoutCancelSchema,
  cashoutFieldError,
  cashoutStatus,
  cashoutStatusSchema,
} from './cashouts';
import type { SandboxCore } from './core';
import { createDeposit, depositStatusRecord } from './deposits';
import { serviceError } from './errors';
import {
  BANKS,
  COUNTRIES,
  CRYPTO_FEE_PERCENT,
  CRYPTO_USD_PRICES,
  FIAT_FEE_PERCENT,
  findCountry,
  methodsOf,
  STATES,
} from './reference-data';
import { createRefund, refundStatusRecord } from './refunds';
import { roundTo } from './world';

/** The service's endpoints, each a handler behind the authentication its route checks first. */

type AuthKind = 'readOnly' | 'signed' | 'cashout';

interface ServiceCall {
  params: Record<string, string>;
  query: Record<string, unknown>;
  rawBody: Buffer;
  /** The parsed JSON object of a cashout call (its envelope is checked during authentication). */
  cashoutBody: unknown;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  auth: AuthKind;
  handle(call: ServiceCall): Answer | Promise<Answer>;
}

/** A query parameter given exactly once, as text. */
function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `amount` of a quote: 1 when left out (spec, Limits), otherwise a plain decimal above 0. Both
 * quotes (crypto and fiat, D15) refuse anything else with the same 202 naming the field.
 */
function quoteAmount(query: Record<string, unknown>): number | Answer {
  const amountText = queryText(query, 'amount');
  const amount = amountText === undefined ? 1 : /^\d+(\.\d+)?$/.test(amountText) ? Number(amountText) : NaN;
  return Number.isFinite(amount) && amount > 0
    ? amount
    : serviceError('invalidBody', 'amount: must be a number greater than 0');
}

/** Positive integer path ids; anything else is "not valid". */
function pathId(text: string | undefined): number | undefined {
  if (!text || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

export function endpoints(core: SandboxCore): Endpoint[] {
  return [
    {
      // Spec endpoint 1. 400 with an empty body for a country that is not served.
      method: 'GET',
      path: '/v3/payment_methods',
      auth: 'readOnly',
      handle: ({ query }) => {
        const country = findCountry(queryText(query, 'country') ?? '');
        if (!country) return { status: 400 };
        return {
          status: 200,
          body: methodsOf(country.code).map((method) => {
            const item: { [key: string]: Json } = {
              country: method.country,
              code: method.code,
              name: method.name,
              type: method.type,
              status: method.status,
              logo: `${core.baseUrl}/logos/${method.code}.svg`,
            };
            if (method.dailyAverage !== undefined) item.daily_average = method.dailyAverage;
            if (method.monthlyAverage !== undefined) item.monthly_average = method.monthlyAverage;
            return item;
          }),
        };
      },
    },
    {
      // Spec endpoint 2: fx_rate = price of one crypto unit in `currency`.
      method: 'GET',
      path: '/v3/exchange_rates/crypto',
      auth: 'readOnly',
      handle: ({ query }) => {
        const currency = queryText(query, 'currency');
        const localCurrencies = COUNTRIES.map((country) => country.currency);
        const unitsPerUsd =
          currency === 'USD' ? 1 : COUNTRIES.find((country) => country.currency === currency)?.unitsPerUsd;
        if (unitsPerUsd === undefined) {
          return serviceError(
            'invalidBody',
            `currency: must be USD or a local currency (${localCurrencies.join(', ')})`,
          );
        }
        const crypto = queryText(query, 'crypto');
        const cryptoUsd = crypto !== undefined ? CRYPTO_USD_PRICES[crypto] : undefined;
        if (cryptoUsd === undefined) {
          return serviceError(
            'invalidBody',
            `crypto: must be one of ${Object.keys(CRYPTO_USD_PRICES).join(', ')}`,
          );
        }
        const amount = quoteAmount(query);
        if (typeof amount !== 'number') return amount;
        const fxRate = roundTo(cryptoUsd * unitsPerUsd, 6);
        const converted = roundTo(amount / fxRate, 6);
        return {
          status: 200,
          body: {
            fx_rate: fxRate,
            converted_amount: converted,
            fee: roundTo((converted * CRYPTO_FEE_PERCENT) / 100, 6),
          },
        };
      },
    },
    {
      // D15 fiat quote: USD into the country's currency. An unknown country is answered as payment
      // methods answer it (400, empty body); a bad amount as the crypto quote answers it.
      method: 'GET',
      path: '/v3/exchange_rates',
      auth: 'readOnly',
      handle: ({ query }) => {
        const country = findCountry(queryText(query, 'country') ?? '');
        if (!country) return { status: 400 };
        const amount = quoteAmount(query);
        if (typeof amount !== 'number') return amount;
        const converted = roundTo(amount * country.unitsPerUsd, 2);
        return {
          status: 200,
          body: {
            fx_rate: country.unitsPerUsd,
            currency: country.currency,
            converted_amount: converted,
            fee: roundTo((converted * FIAT_FEE_PERCENT) / 100, 2),
          },
        };
      },
    },
    {
      // D15: ISO 3166-2 subdivisions of a served country; anything else 400 with an empty body.
      method: 'GET',
      path: '/v3/states',
      auth: 'readOnly',
      handle: ({ query }) => {
        const states = STATES[findCountry(queryText(query, 'country') ?? '')?.code ?? ''];
        if (!states) return { status: 400 };
        return { status: 200, body: states.map((state) => ({ iso: state.iso, name: state.name })) };
      },
    },
    {
      // Spec endpoint 3: `country` of length 2, required.
      method: 'GET',
      path: '/v3/banks',
      auth: 'readOnly',
      handle: ({ query }) => {
        const country = queryText(query, 'country');
        if (country === undefined || !/^[A-Z]{2}$/.test(country)) {
          return serviceError('invalidBody', 'country: required, a 2-letter ISO country code');
        }
        const banks = BANKS[country];
        if (!banks) return serviceError('invalidBody', 'country: not served');
        return { status: 200, body: banks.map((bank) => ({ code: bank.code, name: bank.name })) };
      },
    },
    {
      method: 'POST',
      path: '/v3/deposits',
      auth: 'signed',
      handle: async ({ rawBody }) => {
        const parsed = parseJsonObject(rawBody);
        return parsed.ok
          ? createDeposit(core, parsed.value)
          : serviceError('invalidBody', parsed.description);
      },
    },
    {
      // Spec endpoint 5: empty 400 for an id that is not a positive integer, empty 404 when unknown.
      method: 'GET',
      path: '/v3/deposits/:id',
      auth: 'signed',
      handle: ({ params }) => {
        const id = pathId(params.id);
        if (id === undefined) return { status: 400 };
        const deposit = core.state.deposits.get(id);
        return deposit ? { status: 200, body: depositStatusRecord(core, deposit) } : { status: 404 };
      },
    },
    {
      method: 'POST',
      path: '/v3/refunds',
      auth: 'signed',
      handle: ({ rawBody }) => {
        const parsed = parseJsonObject(rawBody);
        return parsed.ok ? createRefund(core, parsed.value) : serviceError('invalidBody', parsed.description);
      },
    },
    {
      method: 'GET',
      path: '/v3/refunds/:id',
      auth: 'signed',
      handle: ({ params }) => {
        const id = pathId(params.id);
        if (id === undefined) return serviceError('invalidBody', 'refund_id: must be a positive integer');
        const refund = core.state.refunds.get(id);
        return refund
          ? { status: 200, body: refundStatusRecord(core, refund) }
          : serviceError('notFound', 'refund_id: refund not found');
      },
    },
    {
      method: 'POST',
      path: '/v3/cashout/status',
      auth: 'cashout',
      handle: ({ cashoutBody }) => {
        const parsed = cashoutStatusSchema.safeParse(cashoutBody);
        if (!parsed.success) return cashoutFieldError(parsed.error);
        return checkCashoutLogin(parsed.data, core.credentials) ?? cashoutStatus(core, parsed.data);
      },
    },
    {
      method: 'DELETE',
      path: '/v3/cashout/cancel',
      auth: 'cashout',
      handle: ({ cashoutBody }) => {
        const parsed = cashoutCancelSchema.safeParse(cashoutBody);
        if (!parsed.success) return cashoutFieldError(parsed.error);
        return checkCashoutLogin(parsed.data, core.credentials) ?? cancelCashout(core, parsed.data);
      },
    },
    {
      // D10: no /v3 prefix, signed.
      method: 'GET',
      path: '/sub_merchants/:id',
      auth: 'signed',
      handle: ({ params }) => {
        const id = pathId(params.id);
        if (id === undefined)
          return serviceError('invalidBody', 'sub_merchant_id: must be a positive integer');
        const subMerchant = core.state.subMerchants.get(id);
        return subMerchant
          ? { status: 200, body: structuredClone(subMerchant) as unknown as Json }
          : serviceError('notFound', 'sub_merchant_id: sub-merchant not found');
      },
    },
  ];
}
