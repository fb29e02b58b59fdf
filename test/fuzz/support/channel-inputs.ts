import fc from 'fast-check';
import type { z } from 'zod';
import { ERROR_KINDS, type ChannelName, type Result } from '../../../shared/contract';
import { isResult } from '../../../preload/bridge';
import { CONSOLE_HANDLERS } from '../../../main/core/console';
import { hostileJson, hostileValue } from './hostile-values';
import { applyMutation, fieldName, mutationOf, validArbitrary, type Mutation } from './schema-arbitraries';

/**
 * What the fuzz suites send to one contract entry, and the oracle its answer is judged by. Every
 * input is tagged with how it was made, so a failure says what was sent and why it was expected
 * to be refused.
 */

/**
 * Inputs per entry: PAYDESK_FUZZ_RUNS. `npm test` runs `fallback` (1,000 per dispatcher entry, to
 * keep CI at about a minute); the full count is `PAYDESK_FUZZ_RUNS=10000 npx playwright test
 * --project=fuzz`.
 */
export const fuzzRuns = (fallback = 1_000): number => {
  const fromEnv = Number(process.env.PAYDESK_FUZZ_RUNS);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
};

export type FuzzInput =
  | { how: 'hostile'; arg: unknown }
  | { how: 'valid'; arg: unknown }
  | { how: 'mutated'; arg: unknown; mutation: Mutation };

/** Valid arguments the schema walker cannot produce (a z.custom) or should include (seeded records). */
const VALID_SAMPLES: Partial<Record<ChannelName, readonly unknown[]>> = {
  checkDeposit: [
    { body: { amount: 100, country: 'BR' } },
    { body: { amount: '12.34', country: 'MX', currency: 'MXN', payer: { email: 'payer@example.com' } } },
    { body: { amount: -1, country: 'br', payer: { email: 'nope' } } },
    { body: {} },
  ],
  getDeposit: [{ depositId: 300000001 }],
  createDeposit: [
    { body: { amount: 100, country: 'BR' } },
    { body: { amount: '25.50', country: 'MX', currency: 'MXN', invoice_id: 'fuzz-invoice' } },
  ],
  addEnvironment: [{ name: 'Fuzz sandbox', kind: 'local-sandbox' }],
  listPaymentMethods: [{ country: 'BR' }, { country: 'MX' }],
  listBanks: [{ country: 'BR' }],
  getCryptoQuote: [{ currency: 'USD', amount: 10, crypto: 'BTC' }],
  listStates: [{ country: 'BR' }, { country: 'MX' }],
  getFiatQuote: [{ country: 'BR', amount: 10 }, { country: 'MX' }],
  pinWatch: [{ kind: 'deposit', id: '300000001' }],
  startBatch: [{ kind: 'deposits', ids: ['300000001', '300000002'] }],
  saveDraft: [
    {
      environmentId: 'local-sandbox',
      form: 'deposit-create',
      values: { amount: '10', country: 'BR', test: true },
    },
    { environmentId: 'local-sandbox', form: 'cashout-cancel', values: {} },
  ],
};

const schemaOf = (method: ChannelName): z.ZodType => CONSOLE_HANDLERS[method].arg as z.ZodType;

/**
 * Inputs for `method`: hostile values of any shape, valid arguments, and valid arguments with one
 * thing broken. `json`: only what a WebSocket frame can carry.
 */
export function inputsFor(method: ChannelName, { json = false } = {}): fc.Arbitrary<FuzzInput> {
  const schema = schemaOf(method);
  const walked = validArbitrary(schema);
  const samples = VALID_SAMPLES[method] ?? [];
  const validOptions = [
    ...(walked ? [walked] : []),
    ...(samples.length > 0 ? [fc.constantFrom(...samples)] : []),
  ];
  if (validOptions.length === 0) throw new Error(`no valid arguments can be made for ${method}`);
  const valid = fc.oneof(...validOptions);
  const hostile = json ? hostileJson : hostileValue;
  return fc.oneof(
    { weight: 3, arbitrary: hostile.map((arg): FuzzInput => ({ how: 'hostile', arg })) },
    { weight: 2, arbitrary: valid.map((arg): FuzzInput => ({ how: 'valid', arg })) },
    {
      weight: 5,
      arbitrary: valid.chain((base) =>
        mutationOf(base).map((mutation): FuzzInput => ({
          how: 'mutated',
          arg: applyMutation(base, mutation),
          mutation,
        })),
      ),
    },
  );
}

const KINDS: ReadonlySet<string> = new Set(ERROR_KINDS);

/** Fields checked as a whole by a custom rule (console/deposits.ts: the deposit draft is any bounded form object). */
const OPAQUE_FIELDS: Partial<Record<ChannelName, readonly string[]>> = { checkDeposit: ['body'] };
const TOO_LARGE = 'arg: is too large or too deeply nested.';

/** A short, safe description of an input for a failure message. */
export function describeInput(input: FuzzInput): string {
  let text: string;
  try {
    text = JSON.stringify(input.arg) ?? String(input.arg);
  } catch {
    text = Object.prototype.toString.call(input.arg);
  }
  const where = input.how === 'mutated' ? ` ${input.mutation.how} at ${fieldName(input.mutation.path)}` : '';
  return `${input.how}${where}: ${text.slice(0, 300)}`;
}

/**
 * The problems with `answer` to `input` on `method` (empty: as it should be):
 *   - it is a Result (the bridge's own check), its error kind in ERROR_KINDS, never `internal`
 *     (a method that threw, or an answer that could not be passed on);
 *   - an argument the schema refuses is a `validation` error whose field names the broken part
 *     (the mutated field, a field below it, or the added key) and whose message starts with it;
 *     the size/depth guard answers for the whole argument (`arg`) before any schema runs;
 *   - an accepted argument may succeed or fail with any typed kind.
 */
export function judge(method: ChannelName, input: FuzzInput, answer: unknown): string[] {
  if (!isResult(answer)) return ['the answer is not a Result'];
  const result = answer as Result<unknown>;
  if (!result.ok && !KINDS.has(result.error.kind)) return [`unknown kind ${result.error.kind}`];
  if (!result.ok && result.error.kind === 'internal') return [`internal error: ${result.error.message}`];

  let accepted: boolean;
  try {
    accepted = schemaOf(method).safeParse(input.arg).success;
  } catch {
    accepted = false;
  }
  if (accepted) return [];
  if (result.ok) return ['an argument the schema refuses succeeded'];
  const { kind, field, message } = result.error;
  if (kind !== 'validation') return [`refused argument answered ${kind}, not validation`];
  if (field === undefined || field === '') return ['the validation error names no field'];
  if (!message.startsWith(`${field}: `))
    return [`message "${message}" does not start with its field ${field}`];
  if (message === TOO_LARGE) return [];
  if (input.how !== 'mutated' || input.mutation.path.length === 0) return [];
  const { how, path } = input.mutation;
  const broken = fieldName(path.map((part) => (part === '' ? '""' : part)));
  if (field === broken || field.startsWith(`${broken}.`)) return [];
  // A removed field or element can break a rule of what held it (`give cashoutId, externalId or
  // both`, `give at least one id`): the holder is then the field to name.
  const removed = how === 'remove' || (how === 'replace' && input.mutation.value === undefined);
  if (removed && field === fieldName(path.slice(0, -1))) return [];
  // A field whose schema judges it whole (checkDeposit's draft body) is named, not its parts.
  if ((OPAQUE_FIELDS[method] ?? []).some((opaque) => field === opaque && broken.startsWith(`${opaque}.`)))
    return [];
  return [`field ${field} does not name the broken field ${broken}`];
}
