/**
 * What may reach the log file. Nothing is written as it came: a field's value is kept only when
 * its NAME is on LOGGED_FIELDS (ids, kinds, outcomes, timings); every other string or number
 * becomes REDACTED, and whatever sits under a payer or bank container goes whole. So a new
 * contract field (a credential, a payer's phone) is left out until someone lists it here, and
 * cannot leak by being forgotten. Kept strings are also scrubbed for values shaped like keys,
 * e-mail addresses and document or card numbers, in case a listed field ever carries one.
 */

export const REDACTED = '[redacted]';

/** Field names whose values are written (strings scrubbed by scrubText, cut to MAX_TEXT). */
const LOGGED_FIELDS: ReadonlySet<string> = new Set([
  // What the shell itself logs.
  'channel',
  'ok',
  'ms',
  'errorKind',
  'errorCode',
  'errorField',
  'httpStatus',
  'refusal',
  'goneReason',
  'exitCode',
  'errorName',
  'detail',
  'version',
  'electron',
  'chrome',
  'node',
  'platform',
  'arch',
  'packaged',
  'file',
  // Arguments of contract calls that name things, never people or secrets.
  'environmentId',
  'id',
  'kind',
  'field',
  'depositId',
  'refundId',
  'cashoutId',
  'subMerchantId',
  'deposit_id',
  'refund_id',
  'cashout_id',
  'sub_merchant_id',
  'intentId',
  'batchId',
  'action',
  'entity',
  'to',
  'seconds',
  'country',
  'currency',
  'amount',
  'filter',
  'state',
  'status',
  'offset',
  'limit',
  'language',
  'theme',
]);

/**
 * Containers of a payer's or an account's data (contract: PayerInput, DepositPayer, PayerAddress,
 * BankAccountInput, ReportedInfoInput, CardDetail, CryptoInput): redacted whole, so that none of
 * their inner names (a payer's `id`, a wallet's `currency`) is taken for a listed field.
 */
const PERSONAL_CONTAINERS: ReadonlySet<string> = new Set([
  'payer',
  'address',
  'bank_account',
  'reported_info',
  'card_detail',
  'crypto',
]);

const MAX_TEXT = 200;
const MAX_DEPTH = 6;
const MAX_ITEMS = 50;

/** A value as the log writes it (JSON). */
type LogValue = string | number | boolean | null | LogValue[] | { [key: string]: LogValue };

const SCRUBBERS: ReadonlyArray<readonly [RegExp, string]> = [
  // Authorization-style headers and key=value pairs naming a secret.
  [/\b(bearer|basic)\s+\S+/gi, `$1 ${REDACTED}`],
  [/\b([a-z_-]*(?:key|secret|pass(?:word)?|login|token|signature)"?\s*[=:]\s*)[^\s,;]+/gi, `$1${REDACTED}`],
  // E-mail addresses.
  [/[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g, REDACTED],
  // 11 or more digits, separators allowed: CPF, CNPJ, card and account numbers, phones.
  [/\d(?:[ .\-/]?\d){10,}/g, REDACTED],
  // Long runs of letters and digits together: API keys, secrets, tokens.
  [/(?=[A-Za-z0-9+/_=-]*\d)(?=[A-Za-z0-9+/_=-]*[A-Za-z])[A-Za-z0-9+/_=-]{20,}/g, REDACTED],
];

/** `text` with anything shaped like a secret or a payer's identifier replaced by REDACTED. */
export function scrubText(text: string): string {
  let scrubbed = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  for (const [pattern, replacement] of SCRUBBERS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

function redactValue(key: string, value: unknown, depth: number): LogValue | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value === 'boolean') return value;
  if (PERSONAL_CONTAINERS.has(key)) return REDACTED;
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return REDACTED;
    return value.slice(0, MAX_ITEMS).map((item) => redactValue(key, item, depth + 1) ?? null);
  }
  if (typeof value === 'object') {
    if (depth >= MAX_DEPTH) return REDACTED;
    return redactFields(value as Record<string, unknown>, depth + 1);
  }
  if (!LOGGED_FIELDS.has(key)) return REDACTED;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return scrubText(String(value));
}

/**
 * A record as the log may write it: structure kept (names of fields are not data), values kept
 * only under LOGGED_FIELDS, personal containers and everything else REDACTED.
 */
export function redactFields(
  fields: Readonly<Record<string, unknown>>,
  depth = 0,
): { [key: string]: LogValue } {
  const result: { [key: string]: LogValue } = {};
  let count = 0;
  for (const [key, value] of Object.entries(fields)) {
    if (count++ >= MAX_ITEMS) break;
    const redacted = redactValue(key, value, depth);
    if (redacted !== undefined) result[key] = redacted;
  }
  return result;
}
