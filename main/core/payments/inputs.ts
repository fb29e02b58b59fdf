import { z } from 'zod';
import type {
  CashoutRef,
  CredentialField,
  DepositCreateBody,
  RefundCreateBody,
  Result,
} from '../../../shared/contract';
import { CRYPTO_CURRENCIES, CRYPTO_NETWORKS } from '../../../shared/contract';
import { keyed, type KeyedCheck } from '../message-text';
import { checkInput } from './check-input';
import { matches, rulesForMethod } from './reported-info';
import { walletIssue } from './wallets';

// Callers import every input check from here, wherever it is defined.
export { checkInput } from './check-input';
export { CAIXA_ACCOUNT_TYPES, REPORTED_INFO_RULES, maskText, rulesForMethod } from './reported-info';

/**
 * Schemas of what the console sends, checked before any call. Exported for the CLI and for the UI
 * forms of a later issue (through main). Every message reads after the field path:
 * "payer.birth_date: must be a real date written yyyyMMdd".
 * Request objects are strict: a field the spec does not list is refused as a likely typo.
 * The renderer's text key is read from a built-in check's issue (main/core/message-text.ts), and
 * a custom check declares its own with `keyed`: a pattern is a custom check for that reason.
 */

/** A pattern check that says its key (a built-in `.regex` issue carries no key). */
const matching = (pattern: RegExp) => (value: string) => pattern.test(value);

/**
 * A built-in schema refused with one key whatever failed in it (the type, one of a union's
 * members): its own issues would each name a key of their own. Like a type, it stops the parse.
 */
const refusedAs = <T>(schema: z.ZodType<T>, check: KeyedCheck) =>
  z.custom<T>((value) => schema.safeParse(value).success, check);

/**
 * A text of a built-in format (e-mail, URL) refused with one key: not text stops the parse, as a
 * type does, while a text not of the form lets the body's other checks run (the form shows them all).
 */
const formatted = (form: z.ZodType<string>, check: KeyedCheck) =>
  z
    .custom<string>((value) => typeof value === 'string', check)
    .refine((value) => form.safeParse(value).success, check);

const text = (max: number) =>
  z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** A free text whose limit the spec does not give. */
const someText = z.string().min(1, 'must not be empty');

/** Ids in paths and bodies. */
export const idSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be greater than 0')
  .max(Number.MAX_SAFE_INTEGER, 'must be a safe integer');

/** An id typed as text (CLI arguments). */
export const idTextSchema = z
  .string()
  .refine(matching(/^\d+$/), keyed('field.wholeNumber', 'must be a positive whole number'))
  .transform(Number)
  .pipe(idSchema);

export const countrySchema = z
  .string({ error: 'must be a text' })
  .refine(
    matching(/^[A-Z]{2}$/),
    keyed('field.country', 'must be two upper-case letters (ISO country code)'),
  );

export const currencySchema = z
  .string({ error: 'must be a text' })
  .refine(
    matching(/^[A-Z]{3}$/),
    keyed('field.currency', 'must be three upper-case letters (ISO currency code)'),
  );

/** D9: > 0, at most 2 decimals, as a number or a numeric string (kept as given). */
const amountSchema = refusedAs(
  z.union([z.number(), z.string()]),
  keyed('field.amount', 'must be a number or a numeric string'),
).superRefine((value, context) => {
  const fail = (check: KeyedCheck): void => context.addIssue({ code: 'custom', ...check });
  if (typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value)) {
    return fail(keyed('field.amount', 'must be a number or a numeric string such as "100.50"'));
  }
  if (Number(value) <= 0) return fail(keyed('field.positive', 'must be greater than 0'));
  if (!/^\d+(\.\d{1,2})?$/.test(String(value))) {
    return fail(keyed('field.decimals', 'must have at most 2 decimals', { max: '2' }));
  }
});

/** The same rule as a number (refund bodies carry a number, D8). */
export const amountNumberSchema = amountSchema.transform(Number);

/** `yyyyMMdd`, and a day that exists. */
const compactDate = z.string().refine(
  (value) => {
    const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  },
  keyed('field.date', 'must be a real date written yyyyMMdd'),
);

/**
 * Any http(s) URL. Not z.httpUrl: it also demands a domain name, which refuses an IP address or
 * localhost (a merchant's own notification receiver, the local sandbox's receivers).
 */
const httpUrl = formatted(z.url({ protocol: /^https?$/ }), keyed('field.url', 'must be an http(s) URL'));

const addressInputSchema = z.strictObject({
  street: text(255).optional(),
  city: text(128).optional(),
  state: z
    .string()
    .refine(
      matching(/^[A-Z0-9]{1,3}$/),
      keyed('field.state', 'must be an ISO 3166-2 state code of 1 to 3 characters'),
    )
    .optional(),
  zip_code: z
    .string()
    .refine(
      matching(/^[A-Za-z0-9 -]{1,16}$/),
      keyed('field.zipCode', 'must be 1 to 16 letters, digits, spaces or hyphens'),
    )
    .optional(),
});

const payerInputSchema = z.strictObject({
  id: z
    .string()
    .refine(
      matching(/^[A-Za-z0-9]{1,128}$/),
      keyed('field.payerId', 'must be 1 to 128 letters or digits (A-Z, a-z, 0-9)'),
    )
    .optional(),
  document: text(30).optional(),
  document_type: text(10).optional(),
  email: formatted(z.email(), keyed('field.email', 'must be a valid e-mail address'))
    .refine(
      (email) => email.length <= 255,
      keyed('field.tooLong', 'must be at most 255 characters', { max: '255' }),
    )
    .optional(),
  first_name: text(128).optional(),
  last_name: text(128).optional(),
  address: addressInputSchema.optional(),
  phone: text(32)
    .refine(
      matching(/^\+?[\d\s().-]+$/),
      keyed('field.phone', 'must be a phone number (digits, spaces, + ( ) . -)'),
    )
    .optional(),
  birth_date: compactDate.optional(),
  registration_date: compactDate.optional(),
});

const reportedInfoInputSchema = z.strictObject({
  bank_account_number: text(45).optional(),
  bank_branch: text(45).optional(),
  bank_beneficiary: text(255).optional(),
  bank_account_type: text(16).optional(),
});

const cryptoInputSchema = z
  .strictObject({
    currency: z.enum(CRYPTO_CURRENCIES, { error: `must be one of ${CRYPTO_CURRENCIES.join(', ')}` }),
    wallet: text(128),
    network: z.enum(CRYPTO_NETWORKS, { error: `must be one of ${CRYPTO_NETWORKS.join(', ')}` }),
  })
  .superRefine((crypto, context) => {
    // Crypto sent to an address that is not one on this network is lost: refused before sending.
    // An empty or overlong wallet is already refused by its own rule above.
    if (crypto.wallet === '' || crypto.wallet.length > 128) return;
    const issue = walletIssue(crypto.network, crypto.wallet);
    if (issue !== null) context.addIssue({ code: 'custom', path: ['wallet'], ...issue });
  });

export const bankAccountInputSchema = z.strictObject({
  beneficiary: someText.optional(),
  bank_code: idSchema.optional(),
  branch: someText.optional(),
  account_number: someText.optional(),
  account_type: someText.optional(),
});

const ipAddress = refusedAs(
  z.union([z.ipv4(), z.ipv6()]),
  keyed('field.ip', 'must be an IPv4 or IPv6 address'),
);

/** POST /v3/deposits body. Only amount and country are required (HOSTED collects the rest). */
export const depositCreateBodySchema = z
  .strictObject({
    amount: amountSchema,
    country: countrySchema,
    invoice_id: someText.optional(),
    currency: currencySchema.optional(),
    payer: payerInputSchema.optional(),
    payment_method: z
      .string()
      .refine(
        matching(/^[A-Za-z0-9_]{1,16}$/),
        keyed('field.methodCode', 'must be a payment method code (letters and digits)'),
      )
      .optional(),
    description: z.string().optional(),
    client_ip: ipAddress.optional(),
    device_id: someText.optional(),
    back_url: httpUrl.optional(),
    success_url: httpUrl.optional(),
    error_url: httpUrl.optional(),
    notification_url: httpUrl.optional(),
    logo: httpUrl.optional(),
    test: z.boolean().optional(),
    mobile: z.boolean().optional(),
    language: z
      .string()
      .refine(
        matching(/^[a-z]{2}(-[A-Z]{2})?$/),
        keyed('field.language', 'must be a language code such as pt, es or en'),
      )
      .optional(),
    bank_account: bankAccountInputSchema.optional(),
    early_release: z.boolean().optional(),
    fee_on_payer: z.boolean().optional(),
    surcharge_on_payer: z.boolean().optional(),
    bonus_amount: z.number().nonnegative('must not be negative').optional(),
    bonus_relative: z.boolean().optional(),
    strikethrough_price: z.number().positive('must be greater than 0').optional(),
    reported_info: reportedInfoInputSchema.optional(),
    crypto: cryptoInputSchema.optional(),
  })
  .superRefine((body, context) => {
    if (!body.payment_method || !body.reported_info) return;
    for (const rule of rulesForMethod(body.country, body.payment_method)) {
      const value = body.reported_info[rule.field];
      if (value !== undefined && !matches(rule.format, value)) {
        context.addIssue({
          code: 'custom',
          path: ['reported_info', rule.field],
          ...keyed(
            `field.mask.${rule.mask.variant}`,
            `must be ${rule.describe} for method ${body.payment_method} (${body.country})`,
            { ...rule.mask.params, method: body.payment_method, country: body.country },
          ),
        });
      }
    }
  });

/** POST /v3/refunds body (D8). */
export const refundCreateBodySchema = z.strictObject({
  deposit_id: idSchema,
  invoice_id: someText,
  amount: amountNumberSchema.optional(),
  bank_account: bankAccountInputSchema.optional(),
  comments: z.string().optional(),
  notification_url: httpUrl.optional(),
});

/** Merchant-side cashout id: the service answers 300 above 32 characters (decisions). */
export const externalIdSchema = text(32);

/** Cashout status: `cashoutId`, `externalId`, or both (D7). */
export const cashoutRefSchema = z
  .strictObject({ cashoutId: idSchema.optional(), externalId: externalIdSchema.optional() })
  .refine((ref) => ref.cashoutId !== undefined || ref.externalId !== undefined, {
    message: 'give cashoutId, externalId or both',
  });

/** Cashout cancel: both identifiers, naming the same cashout (spec endpoint 8, D7). */
export const cashoutCancelSchema = z.strictObject({ cashoutId: idSchema, externalId: externalIdSchema });

/** Query of the crypto quote (spec endpoint 2). `amount` left out means 1 on the service. */
export const cryptoQuoteQuerySchema = z.strictObject({
  currency: currencySchema,
  amount: amountSchema.optional(),
  crypto: z
    .string()
    .refine(matching(/^[A-Z0-9]{2,10}$/), keyed('field.crypto', 'must be a crypto symbol such as USDT')),
});

/** Query of the fiat quote (D15): a served country's code and an amount in USD (1 when left out). */
export const fiatQuoteQuerySchema = z.strictObject({
  country: countrySchema,
  amount: amountSchema.optional(),
});

/** Cashout login and pass travel in the body, at most 32 characters each (Limits). */
const cashoutCredentialSchema = text(32);

/** D6: a caller-made key must be a v4 UUID, as crypto.randomUUID makes them. */
export const idempotencyKeySchema = z
  .string()
  .refine(
    matching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i),
    keyed('field.requestKey', 'must be a v4 UUID'),
  );

// Compile-time check: checked inputs are what the contract's request types promise.
type Assignable<From, To> = [From] extends [To] ? true : false;
const contractCheck: {
  deposit: Assignable<z.output<typeof depositCreateBodySchema>, DepositCreateBody>;
  refund: Assignable<z.output<typeof refundCreateBodySchema>, RefundCreateBody>;
  cashoutRef: Assignable<z.output<typeof cashoutRefSchema>, CashoutRef>;
} = { deposit: true, refund: true, cashoutRef: true };
void contractCheck;

/**
 * An id of a path (deposit, refund, sub-merchant). Status reads are the hot path, so a valid id
 * skips the schema machinery; anything else goes through idSchema for its precise message.
 */
export function checkId(value: number, field: string): Result<number> {
  if (Number.isSafeInteger(value) && value > 0) return { ok: true, data: value };
  return checkInput(idSchema, value, field);
}

/** The cashout login and pass, checked against the Limits table before they are sent. */
export function checkCashoutCredentials(
  credentials: Record<'cashoutLogin' | 'cashoutPass', string>,
): Result<true> {
  for (const field of ['cashoutLogin', 'cashoutPass'] as const satisfies readonly CredentialField[]) {
    const checked = checkInput(cashoutCredentialSchema, credentials[field], field);
    if (!checked.ok) return checked;
  }
  return { ok: true, data: true };
}
