import type { DepositCreated, JsonObject, JsonValue } from '../../../../shared/contract';

/**
 * The payment instructions the console kept of a deposit it created (the record index's
 * `instructions.json`: the create answer's checkout type, redirect link and payment_info, payer
 * data left out), read back for the deposit's page. Stored text is read like any data that comes
 * in: field by field, a field of the wrong type left out, null when it is not an object at all.
 * Pure: unit-tested in Node under test/unit/renderer.
 */

type PaymentInfo = NonNullable<DepositCreated['payment_info']>;

export interface KeptInstructions {
  checkoutType?: string;
  redirectUrl?: string;
  paymentInfo?: PaymentInfo;
}

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: JsonValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
const number = (value: JsonValue | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Copies only the defined fields (exactOptionalPropertyTypes: an absent field is no key). */
function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

function readPaymentInfo(value: JsonValue | undefined): PaymentInfo | undefined {
  if (!isObject(value)) return undefined;
  return defined<PaymentInfo>({
    type: text(value.type),
    payment_method: text(value.payment_method),
    payment_method_name: text(value.payment_method_name),
    amount: number(value.amount),
    currency: text(value.currency),
    expiration_date: text(value.expiration_date),
    created_at: text(value.created_at),
    metadata: isObject(value.metadata) ? value.metadata : undefined,
    secondary_metadata: isObject(value.secondary_metadata) ? value.secondary_metadata : undefined,
  });
}

export function readKeptInstructions(json: string): KeptInstructions | null {
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(json) as JsonValue;
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  return defined<KeptInstructions>({
    checkoutType: text(parsed.checkout_type),
    redirectUrl: text(parsed.redirect_url),
    paymentInfo: readPaymentInfo(parsed.payment_info),
  });
}
