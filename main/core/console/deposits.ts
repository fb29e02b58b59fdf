import { type z, z as zod } from 'zod';
import {
  CRYPTO_NETWORKS,
  type DepositCheck,
  type DepositCreateBody,
  type DepositCreateOutcome,
  type FieldIssue,
  type ReportedInfoInput,
  type Result,
  type DepositsApi,
} from '../../../shared/contract';
import { summariseRequest } from '../audit';
import { canonicalJson, sha256Hex } from '../audit/canonical-json';
import {
  WALLET_FORMAT_DESCRIBE,
  WALLET_FORMAT_OF,
  WALLET_HINT_KEY,
  checkInput,
  depositCreateBodySchema,
  maskText,
  rulesForMethod,
  idSchema,
} from '../payments';
import type { EnvironmentConnection } from './connections';
import { type ConsoleContext, onActive } from './context';
import { signedRead } from './executor-reads';
import { runGuarded, type GuardedMeta } from './guarded';
import { depositCreatedObservation, seenNow, depositObservation, lookedUp } from './observations';
import { issueText } from '../message-text';
import { mutationMeta } from './arg-parts';
import type { ConsoleMethods } from './method';
import { withSandboxNotificationUrl } from './notifications';

/** The payer fields a ONE_SHOT deposit needs (D9). */
const ONE_SHOT_PAYER_FIELDS = ['document', 'email', 'first_name', 'last_name'] as const;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [...issue.path.map(String), key].join('.'),
        message: 'is not a field the service knows',
        text: { key: 'field.unknown' } as const,
      }));
    }
    return [
      {
        field: issue.path.map(String).join('.') || 'body',
        message: issue.message,
        text: issueText(issue),
      },
    ];
  });
}

/**
 * What the deposit form validates through (one place for the rules): the client's input schema
 * (the spec's limits and the reported_info masks), the flow the service will answer (D9) and
 * the reported_info fields the chosen method needs.
 */
export function checkDepositBody(body: unknown): DepositCheck {
  const parsed = depositCreateBodySchema.safeParse(body);
  const issues = parsed.success ? [] : fieldIssues(parsed.error);
  // The flow is read from the body as given, so the form can show it while fields are still wrong.
  const given: Loose = isObject(body) ? body : {};
  const country = typeof given.country === 'string' ? given.country : '';
  const method = typeof given.payment_method === 'string' ? given.payment_method : '';
  const payer = given.payer;
  const reportedInfo: Loose = isObject(given.reported_info) ? given.reported_info : {};
  const rules = method === '' ? [] : rulesForMethod(country, method);

  // D9 QuickPay: Mexico SE with a payer of `id` only; Brazil IX with no payer at all.
  const quickPay =
    (country === 'MX' &&
      method === 'SE' &&
      isObject(payer) &&
      Object.keys(payer)
        .filter((key) => payer[key] !== undefined)
        .join() === 'id') ||
    (country === 'BR' && method === 'IX' && payer === undefined);
  const complete =
    method !== '' &&
    isObject(payer) &&
    ONE_SHOT_PAYER_FIELDS.every((field) => filled(payer[field])) &&
    rules.every((rule) => filled(reportedInfo[rule.field]));

  const reportedInfoRules: DepositCheck['reportedInfoRules'] = [];
  const seen = new Set<keyof ReportedInfoInput>();
  for (const rule of rules) {
    if (seen.has(rule.field)) continue;
    seen.add(rule.field);
    // A list of allowed values has no mask (the spec writes "none"); its values are in the issue text.
    const text = rule.format instanceof RegExp ? maskText(rule) : null;
    reportedInfoRules.push({
      field: rule.field,
      mask: rule.format instanceof RegExp ? rule.describe : null,
      ...(text ? { maskText: text } : {}),
    });
  }
  const crypto: Loose = isObject(given.crypto) ? given.crypto : {};
  const network = CRYPTO_NETWORKS.find((known) => known === crypto.network);
  const wallet = network === undefined ? undefined : WALLET_FORMAT_OF[network];
  return {
    issues,
    expectedFlow: quickPay || complete ? 'ONE_SHOT' : 'HOSTED',
    quickPay,
    reportedInfoRules,
    ...(wallet !== undefined && {
      walletFormat: { describe: WALLET_FORMAT_DESCRIBE[wallet], text: { key: WALLET_HINT_KEY[wallet] } },
    }),
  };
}

/** The journal keeps ids of at most 200 characters; a longer one is left to the status read. */
const fitsJournal = (id: string | undefined): id is string =>
  id !== undefined && id.length > 0 && id.length <= 200;

/** Only https redirect links may later be opened in the system browser (openExternal). */
function rememberRedirect(context: ConsoleContext, url: string | undefined): void {
  if (url === undefined) return;
  try {
    if (new URL(url).protocol === 'https:') context.redirectUrls.add(url);
  } catch {
    // not a URL: never opened
  }
}

/**
 * The invoice id the console gives a deposit sent without one: made from the request and the day,
 * before the first send. The same form sent twice (Create, "Back to the form", Create) is then the
 * same invoice id, which the journal's rules refuse as a second deposit (or block while the first
 * one's outcome is unknown) instead of letting a payer see two payment links; a deposit with other
 * details, or on another day, gets another one. Only what the journal already shows (the masked
 * summary) goes into it, so the id cannot be traced back to a payer's document.
 */
function generatedInvoiceId(body: DepositCreateBody, day: Date): string {
  const date = day.toISOString().slice(0, 10).replaceAll('-', '');
  const seen = canonicalJson(summariseRequest('deposit.create', body));
  return `PD-${date}-${sha256Hex(`${date}\n${seen}`).slice(0, 16).toUpperCase()}`;
}

export async function createDeposit(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  arg: { body: DepositCreateBody } & GuardedMeta,
): Promise<Result<DepositCreateOutcome>> {
  const checked = checkInput(depositCreateBodySchema, arg.body, 'body');
  if (!checked.ok) return checked;
  const withUrl = await withSandboxNotificationUrl(context, connection, checked.data);
  const body =
    withUrl.invoice_id === undefined
      ? {
          ok: true as const,
          data: { ...withUrl, invoice_id: generatedInvoiceId(withUrl, new Date(context.now())) },
        }
      : { ok: true as const, data: withUrl };
  const guarded = await runGuarded(context, {
    action: 'deposit.create',
    connection,
    meta: arg,
    request: body.data,
    send: (key) => connection.client.createDeposit(body.data, key === null ? {} : { idempotencyKey: key }),
    describe: (created) => ({
      resultingIds: {
        deposit_id: created.record.deposit_id,
        ...(fitsJournal(created.record.merchant_invoice_id) && {
          invoice_id: created.record.merchant_invoice_id,
        }),
      },
    }),
  });
  if (!guarded.ok) return guarded;
  const { result, intentId, idempotencyKey } = guarded.data;
  if (!result.ok) return result;
  rememberRedirect(context, result.data.record.redirect_url);
  const { idempotencyKey: _key, ...created } = result.data;
  const key = idempotencyKey ?? _key;
  context.records.observe([
    depositCreatedObservation(
      seenNow(connection.profile.id, 'created', context.now()),
      body.data,
      created.record,
      key,
    ),
  ]);
  return { ok: true, data: { created, idempotencyKey: key, intentId } };
}

export { rememberRedirect };

/** Any JSON object of sane size: what a half-filled form may hold. */
const MAX_FORM_DEPTH = 6;
const MAX_FORM_TEXT = 4096;
const MAX_FORM_KEYS = 200;
function isFormValue(value: unknown, depth: number, budget: { keys: number }): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.length <= MAX_FORM_TEXT;
  if (depth >= MAX_FORM_DEPTH || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    budget.keys -= value.length;
    return budget.keys >= 0 && value.every((item) => isFormValue(item, depth + 1, budget));
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return false;
  const entries = Object.entries(value);
  budget.keys -= entries.length;
  return (
    budget.keys >= 0 &&
    entries.every(([key, item]) => key.length <= 64 && isFormValue(item, depth + 1, budget))
  );
}

/**
 * checkDeposit answers the body's problems as field issues instead of refusing it, so its body is
 * only required to be a bounded JSON object here; checkDepositBody runs depositCreateBodySchema.
 */
const depositDraft = zod.custom<DepositCreateBody>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    isFormValue(value, 0, { keys: MAX_FORM_KEYS }),
  { message: 'must be a JSON object of form fields' },
);

export const DEPOSIT_HANDLERS: ConsoleMethods<keyof DepositsApi> = {
  getDeposit: {
    arg: zod.strictObject({ depositId: idSchema }),
    handle: (context, arg) =>
      onActive(context, async (connection) => {
        const read = await signedRead(context, connection, 'deposit', arg.depositId);
        if (read.ok)
          context.records.observe([depositObservation(lookedUp(context, connection), read.data.record)]);
        return read;
      }),
  },

  checkDeposit: {
    arg: zod.strictObject({ body: depositDraft }),
    handle: async (_context, arg) => ({ ok: true, data: checkDepositBody(arg.body) }),
  },

  createDeposit: {
    arg: zod.strictObject({
      body: depositCreateBodySchema,
      ...mutationMeta,
      confirmedDuplicateOf: zod.uuid().optional(),
    }),
    handle: (context, arg) => onActive(context, (connection) => createDeposit(context, connection, arg)),
  },
};
