import { z } from 'zod';
import type {
  CashoutStatus,
  DepositCreated,
  DepositStatus,
  Fetched,
  JsonObject,
  JsonValue,
  RefundCreated,
  RefundStatus,
  Result,
  SubMerchant,
} from '../../../shared/contract';

/**
 * Schemas of the service's answers: tolerant readers (D12). Unknown fields are kept, numbers may
 * come as numeric strings, booleans as "true"/"false", and a conditional field the service left
 * out (or sent as null) stays absent: nothing is ever defaulted.
 */

// The "…Like" readers are each one zod node that checks and converts in one step. A preprocess
// would be three nodes (pipe, transform, number) per field: on a status read that walks some
// twenty fields, that difference is several microseconds of the client's overhead budget.
const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
const INTEGER = /^\s*-?\d+\s*$/;

/** One zod node: `read` gives the converted value, or undefined when the value breaks the rule. */
function tolerant<T>(expected: string, message: string, read: (value: unknown) => T | undefined) {
  return z.transform<unknown, T>((value, context) => {
    const converted = read(value);
    if (converted !== undefined) return converted;
    context.issues.push({ code: 'invalid_type', expected, input: value, message });
    return z.NEVER;
  });
}

const finite = (value: number): number | undefined => (Number.isFinite(value) ? value : undefined);
const safeInteger = (value: number): number | undefined => (Number.isSafeInteger(value) ? value : undefined);

/** Amounts and other numbers: a finite JSON number or a numeric string (D9). */
export const numberLike = tolerant('number', 'expected a number or a numeric string', (value) =>
  typeof value === 'number'
    ? finite(value)
    : typeof value === 'string' && NUMERIC.test(value)
      ? finite(Number(value))
      : undefined,
);

/** Ids and codes: a safe integer or a string of digits. */
export const integerLike = tolerant('int', 'expected an integer or a string of digits', (value) =>
  typeof value === 'number'
    ? safeInteger(value)
    : typeof value === 'string' && INTEGER.test(value)
      ? safeInteger(Number(value))
      : undefined,
);

/**
 * The id of a record the service just created: ids are positive (D8, D9). Anything else cannot be
 * looked up or journaled, so the create's outcome is unknown rather than a success.
 */
const createdIdLike = tolerant('int', 'expected a positive integer id', (value) => {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && INTEGER.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
});

/** `bonus_relative` comes as a string in the spec's samples. */
const booleanLike = tolerant('boolean', 'expected true, false, "true" or "false"', (value) =>
  typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined,
);

/** D9: one spelling per deposit status; an unknown status is kept exactly as it came. */
const STATUS_SPELLINGS: Readonly<Record<string, string>> = {
  EARLY_RELEASED: 'EARLY RELEASED',
  FOR_REVIEW: 'FOR REVIEW',
};
const canonicalDepositStatus = (status: string): string => STATUS_SPELLINGS[status] ?? status;

const depositStatusText = tolerant('string', 'expected a string', (value) =>
  typeof value === 'string' ? canonicalDepositStatus(value) : undefined,
);

/** A field the service may leave out (null was already read as left out, see withoutNullFields). */
const optional = <T extends z.ZodType>(schema: T) => schema.optional();

// One instance per kind of field, shared by every shape: zod's compiled object parser then calls
// the same schema from each field, a call V8 can inline, where twenty distinct instances of
// z.string().optional() make every call site polymorphic (the gain: docs/performance.md).
export const text = z.string();
const optionalText = optional(text);
export const optionalNumber = optional(numberLike);
const optionalInteger = optional(integerLike);
const optionalBoolean = optional(booleanLike);

/** An object that keeps the fields the spec does not know (D12). */
const tolerantObject = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

/**
 * A property sent as null reads as left out, so conditional fields stay absent in the record
 * (the raw view still shows the null). One pass before parsing is much cheaper than a null
 * transform on every optional field. Array elements are kept as they are.
 *
 * Only what holds a null is copied; the rest is the parsed value itself (the raw view is never
 * changed). A status answer with one null field (`bonus_amount`) is the common case of a batch:
 * one shallow copy, no per-field entry arrays.
 */
function withoutNullFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const cleaned = withoutNullFields(item);
      if (cleaned !== item) (copy ??= value.slice())[index] = cleaned;
    }
    return copy ?? value;
  }
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const field = fields[key];
    const cleaned = field === null ? undefined : withoutNullFields(field);
    if (copy === undefined) {
      if (cleaned === field) continue;
      copy = {};
      // The fields before this one, unchanged.
      for (const earlier in fields) {
        if (earlier === key) break;
        if (Object.hasOwn(fields, earlier)) copy[earlier] = fields[earlier];
      }
    }
    if (field !== null) copy[key] = cleaned;
  }
  return copy ?? value;
}

/** Metadata is JSON by construction (it came from JSON.parse): only its being an object is checked. */
const jsonObject = z.custom<JsonObject>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected an object',
);

const addressSchema = tolerantObject({
  street: optionalText,
  city: optionalText,
  state: optionalText,
  zip_code: optionalText,
});

const depositStatusShape = {
  deposit_id: integerLike,
  status: depositStatusText,
  user_id: optionalText,
  invoice_id: optionalText,
  country: optionalText,
  currency: optionalText,
  local_amount: optionalNumber,
  amount: optionalNumber,
  usd_amount: optionalNumber,
  bonus_amount: optionalNumber,
  bonus_relative: optionalBoolean,
  payment_method: optionalText,
  payment_type: optionalText,
  payer: optional(
    tolerantObject({
      document: optionalText,
      document_type: optionalText,
      email: optionalText,
      first_name: optionalText,
      last_name: optionalText,
      address: optional(addressSchema),
    }),
  ),
  fee_amount: optionalNumber,
  fee_currency: optionalText,
  card_detail: optional(
    tolerantObject({
      card_holder: optionalText,
      brand: optionalText,
      masked_card: optionalText,
      expiration: optionalText,
      card_type: optionalText,
      transaction_result: optionalText,
    }),
  ),
  refunded: optionalBoolean,
  current_payer_verification: optionalText,
};

const depositCreatedShape = {
  checkout_type: text,
  redirect_url: optionalText,
  iframe: optionalBoolean,
  deposit_id: createdIdLike,
  user_id: optionalText,
  merchant_invoice_id: optionalText,
  payment_info: optional(
    tolerantObject({
      type: optionalText,
      payment_method: optionalText,
      payment_method_name: optionalText,
      amount: optionalNumber,
      currency: optionalText,
      expiration_date: optionalText,
      created_at: optionalText,
      metadata: optional(jsonObject),
      secondary_metadata: optional(jsonObject),
    }),
  ),
};

const refundStatusShape = {
  deposit_id: integerLike,
  merchant_invoice_id: optionalText,
  status: text,
  amount: optionalNumber,
};

const refundCreatedShape = { refund_id: createdIdLike };

const cashoutStatusShape = {
  cashout_status: integerLike,
  cashout_status_description: text,
  rejection_code: optionalInteger,
  rejection_reason: optionalText,
};

const subMerchantShape = {
  sub_merchant_id: integerLike,
  markup_fee: optionalNumber,
  sub_merchant_name: optionalText,
  email: optionalText,
  status: optionalText,
  external_submerchant_id: optionalText,
  balance: optional(
    tolerantObject({
      currency: optionalText,
      total: optionalNumber,
      usable: optionalNumber,
      available: optionalNumber,
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

export function objectAnswer<S extends z.ZodRawShape>(what: string, shape: S) {
  const schema = tolerantObject(shape);
  return { what, schema, knownFields: new Set(Object.keys(shape)), list: false } satisfies AnswerSpec<
    z.output<typeof schema>
  >;
}

export function listAnswer<S extends z.ZodRawShape>(what: string, shape: S) {
  const schema = z.array(tolerantObject(shape));
  return { what, schema, knownFields: new Set(Object.keys(shape)), list: true } satisfies AnswerSpec<
    z.output<typeof schema>
  >;
}

/**
 * `spec`, checked at compile time to produce what the contract promises (`T`): a call file keeps
 * its answer's schema beside the call, `answerOf<CountryState[]>()(listAnswer('states', …))`.
 */
export const answerOf =
  <T>() =>
  <S extends AnswerSpec<T>>(spec: S): S =>
    spec;

/** The answers whose shapes several calls share (the money records). */
export const ANSWERS = {
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
  depositCreated: Assignable<Output<'depositCreated'>, DepositCreated>;
  depositStatus: Assignable<Output<'depositStatus'>, DepositStatus>;
  refundCreated: Assignable<Output<'refundCreated'>, RefundCreated>;
  refundStatus: Assignable<Output<'refundStatus'>, RefundStatus>;
  cashoutStatus: Assignable<Output<'cashoutStatus'>, CashoutStatus>;
  subMerchant: Assignable<Output<'subMerchant'>, SubMerchant>;
} = {
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
      error: {
        kind: 'bad_response',
        message: `The service's ${spec.what} answer is not valid JSON.`,
        text: { key: 'service.answerNotJson' },
      },
    };
  }
  // Most answers carry no null at all: skip the pass then.
  const parsed = spec.schema.safeParse(bodyText.includes('null') ? withoutNullFields(raw) : raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue ? formatPath(issue.path) : '(the whole answer)';
    return {
      ok: false,
      error: {
        kind: 'bad_response',
        field: where,
        message: `The service's ${spec.what} answer does not match the spec at ${where}: ${issue?.message ?? 'invalid'}.`,
        text: { key: 'service.answerUnexpected' },
      },
    };
  }
  return { ok: true, data: { record: parsed.data, raw, unknownFields: unknownFields(spec, raw) } };
}

function unknownFields(spec: AnswerSpec<unknown>, raw: JsonValue): string[] {
  const objects = spec.list && Array.isArray(raw) ? raw : [raw];
  const unknown: string[] = [];
  for (const item of objects) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    for (const key in item) {
      if (!spec.knownFields.has(key) && !unknown.includes(key)) unknown.push(key);
    }
  }
  return unknown;
}
