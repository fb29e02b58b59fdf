import { z } from 'zod';
import type {
  Bank,
  CashoutStatus,
  CryptoQuote,
  DepositCreated,
  DepositStatus,
  Fetched,
  JsonValue,
  PaymentMethod,
  RefundCreated,
  RefundStatus,
  Result,
  SubMerchant,
} from '../../../preload/contract';

/**
 * Schemas of the service's answers: tolerant readers (D12). Unknown fields are kept, numbers may
 * come as numeric strings, booleans as "true"/"false", and a conditional field the service left
 * out (or sent as null) stays absent: nothing is ever defaulted.
 */

/** Amounts and other numbers: a JSON number or a numeric string (D9). */
export const numberLike = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ],
  { error: 'expected a number or a numeric string' },
);

/** Ids and codes: an integer or a string of digits. */
export const integerLike = z.union(
  [
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^-?\d+$/)
      .transform(Number),
  ],
  { error: 'expected an integer or a string of digits' },
);

/** `bonus_relative` comes as a string in the spec's samples. */
export const booleanLike = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
  { error: 'expected true, false, "true" or "false"' },
);

/** D9: one spelling per deposit status; an unknown status is kept exactly as it came. */
const STATUS_SPELLINGS: Readonly<Record<string, string>> = {
  EARLY_RELEASED: 'EARLY RELEASED',
  FOR_REVIEW: 'FOR REVIEW',
};
export const canonicalDepositStatus = (status: string): string => STATUS_SPELLINGS[status] ?? status;

/** A field the service may leave out; null is read as left out (the raw view still shows it). */
function optional<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** An object that keeps unknown fields and drops optional fields that came as null. */
function tolerantObject<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).transform(withoutUndefined);
}

const jsonObject = z.record(z.string(), z.json());

const paymentMethodShape = {
  country: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  logo: z.string(),
  daily_average: optional(numberLike),
  monthly_average: optional(numberLike),
};

const bankShape = { code: integerLike, name: z.string() };

const cryptoQuoteShape = { fx_rate: numberLike, converted_amount: numberLike, fee: numberLike };

const addressSchema = tolerantObject({
  street: optional(z.string()),
  city: optional(z.string()),
  state: optional(z.string()),
  zip_code: optional(z.string()),
});

const depositStatusShape = {
  deposit_id: integerLike,
  status: z.string().transform(canonicalDepositStatus),
  user_id: optional(z.string()),
  invoice_id: optional(z.string()),
  country: optional(z.string()),
  currency: optional(z.string()),
  local_amount: optional(numberLike),
  amount: optional(numberLike),
  usd_amount: optional(numberLike),
  bonus_amount: optional(numberLike),
  bonus_relative: optional(booleanLike),
  payment_method: optional(z.string()),
  payment_type: optional(z.string()),
  payer: optional(
    tolerantObject({
      document: optional(z.string()),
      document_type: optional(z.string()),
      email: optional(z.string()),
      first_name: optional(z.string()),
      last_name: optional(z.string()),
      address: optional(addressSchema),
    }),
  ),
  fee_amount: optional(numberLike),
  fee_currency: optional(z.string()),
  card_detail: optional(
    tolerantObject({
      card_holder: optional(z.string()),
      brand: optional(z.string()),
      masked_card: optional(z.string()),
      expiration: optional(z.string()),
      card_type: optional(z.string()),
      transaction_result: optional(z.string()),
    }),
  ),
  refunded: optional(booleanLike),
  current_payer_verification: optional(z.string()),
};

const depositCreatedShape = {
  checkout_type: z.string(),
  redirect_url: optional(z.string()),
  iframe: optional(booleanLike),
  deposit_id: integerLike,
  user_id: optional(z.string()),
  merchant_invoice_id: optional(z.string()),
  payment_info: optional(
    tolerantObject({
      type: optional(z.string()),
      payment_method: optional(z.string()),
      payment_method_name: optional(z.string()),
      amount: optional(numberLike),
      currency: optional(z.string()),
      expiration_date: optional(z.string()),
      created_at: optional(z.string()),
      metadata: optional(jsonObject),
      secondary_metadata: optional(jsonObject),
    }),
  ),
};

const refundStatusShape = {
  deposit_id: integerLike,
  merchant_invoice_id: optional(z.string()),
  status: z.string(),
  amount: optional(numberLike),
};

const refundCreatedShape = { refund_id: integerLike };

const cashoutStatusShape = {
  cashout_status: integerLike,
  cashout_status_description: z.string(),
  rejection_code: optional(integerLike),
  rejection_reason: optional(z.string()),
};

const subMerchantShape = {
  sub_merchant_id: integerLike,
  markup_fee: optional(numberLike),
  sub_merchant_name: optional(z.string()),
  email: optional(z.string()),
  status: optional(z.string()),
  external_submerchant_id: optional(z.string()),
  balance: optional(
    tolerantObject({
      currency: optional(z.string()),
      total: optional(numberLike),
      usable: optional(numberLike),
      available: optional(numberLike),
    }),
  ),
};

/** How to read one kind of answer. */
export interface AnswerSpec<T> {
  /** Names the answer in messages ("deposit status"). */
  what: string;
  schema: z.ZodType<T>;
  /** Top-level fields the spec knows (of each element, for lists). */
  knownFields: ReadonlySet<string>;
  list: boolean;
}

function objectAnswer<S extends z.ZodRawShape>(what: string, shape: S) {
  const schema = tolerantObject(shape);
  return { what, schema, knownFields: new Set(Object.keys(shape)), list: false } satisfies AnswerSpec<
    z.output<typeof schema>
  >;
}

function listAnswer<S extends z.ZodRawShape>(what: string, shape: S) {
  const schema = z.array(tolerantObject(shape));
  return { what, schema, knownFields: new Set(Object.keys(shape)), list: true } satisfies AnswerSpec<
    z.output<typeof schema>
  >;
}

export const ANSWERS = {
  paymentMethods: listAnswer('payment methods', paymentMethodShape),
  banks: listAnswer('banks', bankShape),
  cryptoQuote: objectAnswer('crypto quote', cryptoQuoteShape),
  depositCreated: objectAnswer('deposit creation', depositCreatedShape),
  depositStatus: objectAnswer('deposit status', depositStatusShape),
  refundCreated: objectAnswer('refund creation', refundCreatedShape),
  refundStatus: objectAnswer('refund status', refundStatusShape),
  cashoutStatus: objectAnswer('cashout status', cashoutStatusShape),
  subMerchant: objectAnswer('sub-merchant', subMerchantShape),
};

// Compile-time check: what the schemas produce is what the contract promises.
type Output<K extends keyof typeof ANSWERS> = z.output<(typeof ANSWERS)[K]['schema']>;
type Assignable<From, To> = [From] extends [To] ? true : false;
const contractCheck: {
  paymentMethods: Assignable<Output<'paymentMethods'>, PaymentMethod[]>;
  banks: Assignable<Output<'banks'>, Bank[]>;
  cryptoQuote: Assignable<Output<'cryptoQuote'>, CryptoQuote>;
  depositCreated: Assignable<Output<'depositCreated'>, DepositCreated>;
  depositStatus: Assignable<Output<'depositStatus'>, DepositStatus>;
  refundCreated: Assignable<Output<'refundCreated'>, RefundCreated>;
  refundStatus: Assignable<Output<'refundStatus'>, RefundStatus>;
  cashoutStatus: Assignable<Output<'cashoutStatus'>, CashoutStatus>;
  subMerchant: Assignable<Output<'subMerchant'>, SubMerchant>;
} = {
  paymentMethods: true,
  banks: true,
  cryptoQuote: true,
  depositCreated: true,
  depositStatus: true,
  refundCreated: true,
  refundStatus: true,
  cashoutStatus: true,
  subMerchant: true,
};
void contractCheck;

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    text += typeof part === 'number' ? `[${part}]` : `${text === '' ? '' : '.'}${String(part)}`;
  }
  return text === '' ? '(the whole answer)' : text;
}

/**
 * Reads a 2xx body. A failure names the field and what was expected, never the body (it may hold
 * payer data).
 */
export function parseAnswer<T>(spec: AnswerSpec<T>, bodyText: string): Result<Fetched<T>> {
  let raw: JsonValue;
  try {
    raw = JSON.parse(bodyText) as JsonValue;
  } catch {
    return {
      ok: false,
      error: { kind: 'bad_response', message: `The service's ${spec.what} answer is not valid JSON.` },
    };
  }
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue ? formatPath(issue.path) : '(the whole answer)';
    return {
      ok: false,
      error: {
        kind: 'bad_response',
        field: where,
        message: `The service's ${spec.what} answer does not match the spec at ${where}: ${issue?.message ?? 'invalid'}.`,
      },
    };
  }
  return { ok: true, data: { record: parsed.data, raw, unknownFields: unknownFields(spec, raw) } };
}

function unknownFields(spec: AnswerSpec<unknown>, raw: JsonValue): string[] {
  const objects = spec.list && Array.isArray(raw) ? raw : [raw];
  const unknown = new Set<string>();
  for (const item of objects) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    for (const key of Object.keys(item)) if (!spec.knownFields.has(key)) unknown.add(key);
  }
  return [...unknown];
}
