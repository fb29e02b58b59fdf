import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  CHANNELS,
  ENVIRONMENT_KINDS,
  ERROR_KINDS,
  type BlockingIntent,
  type ChannelName,
  type ConsoleApi,
  type ConsoleError,
  type ErrorKind,
  type Result,
} from '../../../shared/contract';
import { issueText, messageTextSchema } from '../message-text';
import type { ConsoleMethod, ConsoleMethods } from './method';
import { CONSOLE_HANDLERS } from './service';
import { failure } from './results';

/**
 * `(channel, arg) → Result`: the single code path from a transport into the console (the Electron
 * IPC router and the web bridge). `channel` is a CHANNELS value (`paydesk:getDeposit`).
 *   - an unknown channel, or an argument that does not parse: `validation`, naming the field;
 *   - a method that throws or rejects: `internal`, with a generic message (the thrown text could
 *     hold data, so it is never passed on);
 *   - the answer is plain data, safe for structured clone and JSON.
 * It never throws and never rejects.
 */
export type Dispatcher = (channel: string, arg: unknown) => Promise<Result<unknown>>;

const METHOD_OF_CHANNEL: ReadonlyMap<string, ChannelName> = new Map(
  (Object.entries(CHANNELS) as Array<[ChannelName, string]>).map(([method, channel]) => [channel, method]),
);

/** The method a channel names, or undefined (prototype keys and other strings included). */
const methodOfChannel = (channel: unknown): ChannelName | undefined =>
  typeof channel === 'string' ? METHOD_OF_CHANNEL.get(channel) : undefined;

const MAX_MESSAGE = 1000;

/**
 * Before any schema runs: no argument of the contract but those with their own `maxArgText`
 * comes near these, so anything beyond them
 * (a megabyte of text in a free-text field, a structure nested without end, a cycle) is refused
 * whole rather than parsed.
 */
const MAX_ARG_TEXT = 256 * 1024;
const MAX_ARG_DEPTH = 16;
const TOO_LARGE = 'arg: is too large or too deeply nested.';

/**
 * The argument's first problem of shape, before any schema runs; undefined when it has none. Its
 * keys and strings must stay within `maxText` characters and MAX_ARG_DEPTH levels, and it must be
 * plain data: text, numbers, true or false, null, lists and plain objects, what both JSON and
 * Electron's structured clone carry. Anything else (a bigint, a Date or other class instance, an
 * object without a prototype, a function) is refused by its field name here: zod's length checks
 * compare whatever sits under a `length` key with a number, and an object without a prototype
 * throws there instead of failing (found by the dispatcher fuzz).
 */
function shapeProblem(arg: unknown, maxText: number): Result<never> | undefined {
  let budget = maxText;
  const tooLarge = (): Result<never> => failure('validation', TOO_LARGE, { field: 'arg' });
  const visit = (value: unknown, path: readonly string[]): Result<never> | undefined => {
    if (typeof value === 'string') {
      budget -= value.length;
      return budget >= 0 ? undefined : tooLarge();
    }
    if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
      return undefined;
    if (
      typeof value !== 'object' ||
      !(Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
    ) {
      const field = path.length === 0 ? 'arg' : path.map((key) => (key === '' ? '""' : key)).join('.');
      return failure(
        'validation',
        `${field}: is not plain data (text, numbers, true or false, lists, objects).`,
        {
          field,
        },
      );
    }
    if (path.length >= MAX_ARG_DEPTH) return tooLarge();
    for (const [key, item] of Object.entries(value)) {
      budget -= key.length + 1;
      if (budget < 0) return tooLarge();
      const problem = visit(item, [...path, key]);
      if (problem) return problem;
    }
    return undefined;
  };
  return visit(arg, []);
}
const KINDS: ReadonlySet<string> = new Set(ERROR_KINDS);

/** The first problem of a failed parse, as `field: message`. */
function argumentError(error: z.ZodError): Result<never> {
  const issue = error.issues[0];
  if (!issue)
    return failure('validation', 'arg: is not valid.', { field: 'arg', text: { key: 'field.invalid' } });
  // An empty key is named `""`: dropped, the error would blame the object that holds it.
  const named = (key: PropertyKey): string => (String(key) === '' ? '""' : String(key));
  const path = issue.path.map(named);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = [...path, named(key)].join('.');
    return failure('validation', `${field}: is not a known field.`, {
      field,
      text: { key: 'field.unknown' },
    });
  }
  const field = path.join('.') || 'arg';
  return failure('validation', `${field}: ${issue.message}`, { field, text: issueText(issue) });
}

const text = (value: unknown, max = MAX_MESSAGE): string | undefined =>
  typeof value === 'string' ? value.slice(0, max) : undefined;
const finiteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The earlier intent an `intent_unresolved` or `duplicate_invoice` names: ids and keys only, no request data. */
const blockingIntentSchema = z.strictObject({
  intentId: z.string().max(64),
  action: z.enum(AUDIT_ACTIONS),
  environment: z.strictObject({
    id: z.string().max(100),
    name: z.string().max(200),
    kind: z.enum(ENVIRONMENT_KINDS),
    account: z.string().max(300).optional(),
  }),
  time: z.string().max(40),
  idempotencyKey: z.string().max(128).nullable(),
  state: z.enum(['unknown', 'ok']),
  ids: z.strictObject({
    invoice_id: z.string().max(200).optional(),
    deposit_id: z.number().optional(),
    refund_id: z.number().optional(),
    cashout_id: z.number().optional(),
    external_id: z.string().max(200).optional(),
  }),
  sameRequest: z.boolean(),
  canRetry: z.boolean(),
}) satisfies z.ZodType<BlockingIntent>;

/** A ConsoleError rebuilt field by field, so nothing else rides along. */
function cleanError(raw: unknown): ConsoleError {
  const error = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const kind =
    typeof error.kind === 'string' && KINDS.has(error.kind) ? (error.kind as ErrorKind) : 'internal';
  const cleaned: ConsoleError = {
    kind,
    message: text(error.message) ?? 'The operation failed.',
  };
  const optional = {
    field: text(error.field, 200),
    code: finiteNumber(error.code),
    type: text(error.type, 100),
    httpStatus: finiteNumber(error.httpStatus),
    serviceMessage: text(error.serviceMessage),
    idempotencyKey: text(error.idempotencyKey, 128),
    getBlockingIntent: blockingIntentSchema.safeParse(error.getBlockingIntent).data,
    text: messageTextSchema.safeParse(error.text).data,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(cleaned, { [key]: value });
  }
  return cleaned;
}

/** JSON-safe copy: drops undefined and functions, turns NaN/Infinity into null; null when impossible. */
function plainData(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (value === undefined) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch {
    return { ok: false };
  }
}

/** `methods` gives each method's schema and text limit; `api` runs it (the runtime's, in main). */
export function createDispatcher(api: ConsoleApi, methods: ConsoleMethods = CONSOLE_HANDLERS): Dispatcher {
  return async (channel, arg) => {
    const method = methodOfChannel(channel);
    if (method === undefined) return failure('validation', 'Unknown channel.', { field: 'channel' });

    let parsed: z.ZodSafeParseResult<unknown>;
    try {
      const { arg: schema, maxArgText } = methods[method] as ConsoleMethod<ChannelName>;
      const problem = shapeProblem(arg, maxArgText ?? MAX_ARG_TEXT);
      if (problem) return problem;
      parsed = (schema as z.ZodType<unknown>).safeParse(arg);
    } catch {
      // A getter or proxy that throws while being read.
      return failure('validation', 'arg: could not be read.', { field: 'arg' });
    }
    if (!parsed.success) return argumentError(parsed.error);

    let answer: unknown;
    try {
      answer = await (api[method] as (argument: unknown) => Promise<unknown>).call(api, parsed.data);
    } catch {
      return failure('internal', `The console failed unexpectedly while handling ${method}.`);
    }
    if (
      typeof answer !== 'object' ||
      answer === null ||
      typeof (answer as { ok?: unknown }).ok !== 'boolean'
    ) {
      return failure('internal', `The console gave no usable answer for ${method}.`);
    }
    const result = answer as { ok: boolean; data?: unknown; error?: unknown };
    if (!result.ok) return { ok: false, error: cleanError(result.error) };
    const data = plainData(result.data);
    return data.ok
      ? { ok: true, data: data.value }
      : failure('internal', `The answer of ${method} could not be passed on.`);
  };
}

/** A dispatcher that knows which of its calls are still running. */
export interface TrackedDispatcher {
  dispatch: Dispatcher;
  /**
   * Resolves once every call dispatched so far has answered, or after `limitMs` at most: a
   * closing process lets a change already sent record its outcome, rather than close the journal
   * under it and leave the outcome unknown.
   */
  settled(limitMs?: number): Promise<void>;
  /** How many calls are running now (an update does not ask to restart while any is). */
  running(): number;
}

export function trackCalls(dispatch: Dispatcher): TrackedDispatcher {
  const inFlight = new Set<Promise<Result<unknown>>>();
  return {
    dispatch(channel, arg) {
      const answer = dispatch(channel, arg);
      inFlight.add(answer);
      void answer.finally(() => inFlight.delete(answer)).catch(() => undefined);
      return answer;
    },
    async settled(limitMs = Number.POSITIVE_INFINITY) {
      const all = Promise.allSettled([...inFlight]);
      if (!Number.isFinite(limitMs)) {
        await all;
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, limitMs);
      });
      await Promise.race([all, limit]);
      clearTimeout(timer);
    },
    running: () => inFlight.size,
  };
}
