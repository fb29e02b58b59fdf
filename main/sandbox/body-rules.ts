import { z } from 'zod';
import { CRYPTO_NETWORKS, CRYPTO_USD_PRICES } from './reference-data';
import { readRequestBody } from './request-body';

/**
 * Field rules of the request bodies, from the spec's field tables and Limits (lengths, formats)
 * and D8/D9 (amounts). Failures become 400/202 with the field path in the description; the
 * descriptions never repeat the value that was sent (it may be payer data).
 */

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .max(max, `must be at most ${max} characters`);

const nonEmptyText = (max: number) => text(max).min(1, 'must not be empty');

/**
 * D14: the family's clients send some flags as text. true/false, or the strings "true"/"false"
 * (read as the boolean; the spec's own samples write bonus_relative that way).
 */
const bool = z.unknown().transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  ctx.issues.push({ code: 'custom', message: 'must be true or false', input: value });
  return z.NEVER;
});

/**
 * D14: a number, or a string holding one (`"12.50"`), read as its number; the value is kept, the
 * record types it as a number like the spec's records do.
 */
export const numberOrNumericText = z.unknown().transform((value, ctx) => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  ctx.issues.push({
    code: 'custom',
    message: value === undefined ? 'is required' : 'must be a number or a numeric string',
    input: value,
  });
  return z.NEVER;
});

/**
 * D14: a code such as bank_code, as a number or a string of digits, KEPT AS SENT: "001" and 1
 * name different things to a bank file, so the leading zeros must survive.
 */
const digitCode = z.custom<number | string>(
  (value) =>
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'string' && /^\d{1,16}$/.test(value)),
  'must be a number or a string of digits',
);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' });

/** `yyyyMMdd` and a real calendar day (spec: birth_date, registration_date). */
const compactDate = text(8).refine((value) => {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}, 'must be a date in the format yyyyMMdd');

/** Whole cents: true when the number has at most 2 decimals. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(Math.round(cents) - cents) < 1e-6;
}

/** D9: a number or a numeric string, > 0, at most 2 decimals; parsed to integer cents. */
const depositAmountCents = z.unknown().transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (value === undefined) return fail('is required');
  let amount: number;
  if (typeof value === 'number') {
    amount = value;
  } else if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) {
    amount = Number(value);
  } else {
    return fail('must be a number or a numeric string');
  }
  if (!Number.isFinite(amount) || amount <= 0) return fail('must be greater than 0');
  if (!hasAtMostTwoDecimals(amount)) return fail('must have at most 2 decimals');
  if (amount > 1e12) return fail('is too large');
  return Math.round(amount * 100);
});

const addressSchema = z.object(
  {
    street: text(255).optional(),
    city: text(128).optional(),
    state: text(3).optional(),
    zip_code: text(16).optional(),
  },
  'must be an object',
);

export const payerSchema = z.object(
  {
    id: text(128)
      .regex(/^[A-Za-z0-9]+$/, 'must contain only letters and digits')
      .optional(),
    document: nonEmptyText(30).optional(),
    document_type: nonEmptyText(10).optional(),
    email: text(255).pipe(z.email('must be a valid e-mail address')).optional(),
    first_name: nonEmptyText(128).optional(),
    last_name: nonEmptyText(128).optional(),
    address: addressSchema.optional(),
    phone: text(32)
      .regex(/^\+?[0-9][0-9 ()-]{3,31}$/, 'must be a valid phone number')
      .optional(),
    birth_date: compactDate.optional(),
    registration_date: compactDate.optional(),
  },
  'must be an object',
);
export type PayerInput = z.infer<typeof payerSchema>;

export const reportedInfoSchema = z.object(
  {
    bank_account_number: text(45).optional(),
    bank_branch: text(45).optional(),
    bank_beneficiary: text(255).optional(),
    bank_account_type: text(16).optional(),
  },
  'must be an object',
);
export type ReportedInfoInput = z.infer<typeof reportedInfoSchema>;

const cryptoSchema = z.object(
  {
    currency: z.enum(Object.keys(CRYPTO_USD_PRICES) as [string, ...string[]], {
      error: `must be one of ${Object.keys(CRYPTO_USD_PRICES).join(', ')}`,
    }),
    wallet: nonEmptyText(128),
    network: z.enum(CRYPTO_NETWORKS, { error: `must be one of ${CRYPTO_NETWORKS.join(', ')}` }),
  },
  'must be an object',
);

const bankAccountSchema = z.object(
  {
    bank_code: digitCode.optional(),
    account_number: nonEmptyText(45).optional(),
    account_type: nonEmptyText(16).optional(),
    beneficiary: nonEmptyText(255).optional(),
    branch: nonEmptyText(45).optional(),
  },
  'must be an object',
);
/** As sent: bank_code keeps its type and its leading zeros (D14). */
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

const nonNegativeNumber = numberOrNumericText.pipe(z.number().nonnegative('must not be negative'));

/** POST /v3/deposits (spec "Deposit: create request body"; only amount and country required). */
export const depositCreateSchema = z.object({
  invoice_id: nonEmptyText(128).optional(),
  amount: depositAmountCents,
  country: text(2).regex(/^[A-Z]{2}$/, 'must be a 2-letter ISO country code'),
  currency: text(3)
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code')
    .optional(),
  payer: payerSchema.optional(),
  payment_method: nonEmptyText(10).optional(),
  description: text(255).optional(),
  client_ip: z.union([z.ipv4(), z.ipv6()], 'must be an IP address').optional(),
  device_id: text(255).optional(),
  back_url: httpUrl.optional(),
  success_url: httpUrl.optional(),
  error_url: httpUrl.optional(),
  notification_url: httpUrl.optional(),
  logo: httpUrl.optional(),
  test: bool.optional(),
  mobile: bool.optional(),
  language: text(5)
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language code such as pt, es or en')
    .optional(),
  bank_account: bankAccountSchema.optional(),
  early_release: bool.optional(),
  fee_on_payer: bool.optional(),
  surcharge_on_payer: bool.optional(),
  bonus_amount: nonNegativeNumber.optional(),
  bonus_relative: bool.optional(),
  strikethrough_price: nonNegativeNumber.optional(),
  reported_info: reportedInfoSchema.optional(),
  crypto: cryptoSchema.optional(),
});

/** POST /v3/refunds (D8). Amount rules are checked apart: they answer 802, not 202. */
export const refundCreateSchema = z.object({
  deposit_id: numberOrNumericText.pipe(
    z.number().int('must be an integer').positive('must be a positive integer'),
  ),
  invoice_id: nonEmptyText(128),
  amount: numberOrNumericText.optional(),
  bank_account: bankAccountSchema.optional(),
  comments: text(255).optional(),
  notification_url: httpUrl.optional(),
});

/** `payer.email: must be …` — the first broken rule, named by its dotted path. */
export function describeFirstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'body: invalid';
  const path = issue.path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index > 0 ? '.' : ''}${String(part)}`))
    .join('');
  return `${path || 'body'}: ${issue.message}`;
}

const BODY_PROBLEMS = {
  empty: 'body: is required (a JSON object)',
  malformed: 'body: malformed JSON',
  not_an_object: 'body: must be a JSON object',
} as const;

/** The body as a JSON object (null fields left out, D17), or the 202 description of why it is not one. */
export function parseJsonObject(
  raw: Buffer,
): { ok: true; value: Record<string, unknown> } | { ok: false; description: string } {
  const read = readRequestBody(raw);
  return read.ok ? read : { ok: false, description: BODY_PROBLEMS[read.problem] };
}
