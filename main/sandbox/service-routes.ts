import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer, Json } from './answer';
import { answerText } from './answer';
import {
  checkBearer,
  checkCashoutEnvelope,
  checkCashoutLogin,
  checkSigned,
  idempotencyKeyOf,
  normaliseIp,
} from './auth';
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
import { cashoutError, serviceError } from './errors';
import { hashBody } from './idempotency';
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

/**
 * The nine endpoints of the spec, POST /v3/refunds (D8) and the states and fiat quote reads
 * (D15), each run through one pipeline: IP allow-list → fault draw → authentication →
 * idempotency (POST) → handler → faults on the way out. Authentication failures are answered
 * before the idempotency store is consulted, so a request refused for its clock or signature can
 * be retried with the same key (D2, D6).
 */

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

/** What Content-Type the client really sent (the server swaps it to keep Fastify from refusing). */
export const clientContentTypes = new WeakMap<object, string | undefined>();

const EMPTY = Buffer.alloc(0);

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

function endpoints(core: SandboxCore): Endpoint[] {
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

export function sendAnswer(
  reply: FastifyReply,
  answer: Answer,
  headers: Record<string, string> = {},
): FastifyReply {
  reply.code(answer.status).headers(headers);
  if (answer.body === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(answerText(answer));
}

/** Closes the connection without an answer (fault `drop`). */
function dropConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function registerServiceRoutes(app: FastifyInstance, core: SandboxCore): void {
  for (const endpoint of endpoints(core)) {
    const errorOf = (name: 'invalidIp' | 'internal', text: string): Answer =>
      endpoint.auth === 'cashout' ? cashoutError(name) : serviceError(name, text);

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        core.sweep();
        if (core.allowIps.length > 0 && !core.allowIps.includes(normaliseIp(request.socket.remoteAddress))) {
          return sendAnswer(reply, errorOf('invalidIp', 'Caller IP address is not in the allow-list'));
        }
        const fault = core.faults.draw();
        if (fault?.kind === 'drop' && fault.when === 'before') return dropConnection(request, reply);
        if (fault?.kind === 'latency') await sleep(fault.delayMs);

        const rawBody = Buffer.isBuffer(request.body) ? request.body : EMPTY;
        const contentType = clientContentTypes.get(request.raw);
        let cashoutBody: unknown;
        let refusal: Answer | undefined;
        if (endpoint.auth === 'readOnly') {
          refusal = checkBearer(request.headers, core.credentials.readOnlyKey);
        } else if (endpoint.auth === 'signed') {
          refusal = checkSigned(
            { headers: request.headers, rawBody, hasBody: endpoint.method === 'POST', contentType },
            core.credentials,
            core.authClock.now(),
          );
        } else {
          const envelope = checkCashoutEnvelope(
            { headers: request.headers, rawBody, contentType },
            core.credentials.cashoutSecret,
          );
          if (envelope.ok) cashoutBody = envelope.body;
          else refusal = envelope.answer;
        }
        if (refusal) return sendAnswer(reply, refusal);

        // D6: only POSTs honour X-Idempotency-Key; on GET and DELETE it has no effect.
        const key = endpoint.method === 'POST' ? idempotencyKeyOf(request.headers) : { ok: false as const };
        const claim =
          key.ok && key.key !== undefined
            ? core.idempotency.claim(
                `${endpoint.method} ${endpoint.path}`,
                key.key,
                hashBody(rawBody),
                // The 24 h retention is business time: time travel can age a key out (D6, D13).
                core.businessClock.now(),
              )
            : undefined;
        let answer: Answer;
        const extraHeaders: Record<string, string> = {};
        if (claim?.kind === 'conflict') {
          answer =
            endpoint.auth === 'cashout'
              ? {
                  status: 400,
                  body: { code: 104, message: 'Idempotency key already used with a different body' },
                }
              : serviceError('idempotencyKeyUsed', 'X-Idempotency-Key: already used with a different body');
        } else if (claim?.kind === 'replay') {
          answer = await claim.answer;
          extraHeaders['x-idempotent-replay'] = 'true';
        } else {
          if (fault?.kind === 'http500') {
            answer = errorOf('internal', 'Internal server error (injected fault)');
          } else {
            try {
              answer = await endpoint.handle({
                params: request.params as Record<string, string>,
                query: request.query as Record<string, unknown>,
                rawBody,
                cashoutBody,
              });
            } catch (error) {
              request.log.error(
                { err: error instanceof Error ? error.message : 'unknown' },
                'handler failed',
              );
              answer = errorOf('internal', 'Internal server error');
            }
          }
          claim?.settle(answer);
        }

        if (fault?.kind === 'drop') return dropConnection(request, reply);
        if (fault?.kind === 'malformed') {
          const text = answerText(answer);
          return reply
            .code(answer.status)
            .type('application/json; charset=utf-8')
            .send(text.length > 2 ? text.slice(0, Math.floor(text.length / 2)) : '{"');
        }
        return sendAnswer(reply, answer, extraHeaders);
      },
    });
  }
}
