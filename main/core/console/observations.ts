import type {
  BatchRow,
  CashoutRef,
  CashoutStatus,
  DepositCreateBody,
  DepositCreated,
  DepositStatus,
  JsonValue,
  RefundCreateBody,
  RefundStatus,
  SubMerchant,
} from '../../../shared/contract';
import { cashoutStatusName, idParts, NO_STATUS, type IdKind } from '../batch';
import {
  externalCashoutKey,
  type IndexedKind,
  type ObservationSource,
  type RecordObservation,
} from '../record-index/port';
import type { EnvironmentConnection } from './connections';
import type { ConsoleContext } from './context';

/**
 * What the record index learns from each answer of the service: built field by field
 * from the typed record, never by copying it, so a payer's data (DepositStatus.payer, user_id,
 * a card holder) cannot pass into the index.
 */

interface Seen {
  environmentId: string;
  source: ObservationSource;
  /** ISO time. */
  seenAt: string;
}

/** A sighting in `environmentId` now (epoch ms from the console's clock). */
export const seenNow = (environmentId: string, source: ObservationSource, now: number): Seen => ({
  environmentId,
  source,
  seenAt: new Date(now).toISOString(),
});

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const finite = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/** Copies only the defined fields, so an absent one leaves what the index knows (port.ts). */
function observation(
  seen: Seen,
  kind: IndexedKind,
  id: string,
  fields: Partial<RecordObservation>,
): RecordObservation {
  const result: RecordObservation = {
    environmentId: seen.environmentId,
    kind,
    id,
    seenAt: seen.seenAt,
    source: seen.source,
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}

export function depositObservation(seen: Seen, record: DepositStatus): RecordObservation {
  return observation(seen, 'deposit', String(record.deposit_id), {
    invoiceId: text(record.invoice_id),
    status: text(record.status),
    amount: finite(record.local_amount ?? record.amount),
    currency: text(record.currency),
    country: text(record.country),
    paymentMethod: text(record.payment_method),
  });
}

export function refundObservation(seen: Seen, refundId: number, record: RefundStatus): RecordObservation {
  return observation(seen, 'refund', String(refundId), {
    depositId: String(record.deposit_id),
    invoiceId: text(record.merchant_invoice_id),
    status: text(record.status),
    amount: finite(record.amount),
  });
}

/**
 * A cashout under its cashout_id, or under its external id alone while that is all the console
 * has (port.ts externalCashoutKey), so that it is found by it again. Null with neither.
 */
export function cashoutObservation(
  seen: Seen,
  ref: CashoutRef,
  record: CashoutStatus,
): RecordObservation | null {
  const externalId = text(ref.externalId);
  const id =
    ref.cashoutId !== undefined
      ? String(ref.cashoutId)
      : externalId !== undefined
        ? externalCashoutKey(externalId)
        : undefined;
  if (id === undefined) return null;
  return observation(seen, 'cashout', id, { externalId, status: cashoutStatusName(record) });
}

export function subMerchantObservation(seen: Seen, record: SubMerchant): RecordObservation {
  return observation(seen, 'sub_merchant', String(record.sub_merchant_id), {
    externalId: text(record.external_submerchant_id),
    status: text(record.status),
    amount: finite(record.balance?.total),
    currency: text(record.balance?.currency),
  });
}

/** Keys of a create answer's instructions that name or identify the payer: never kept. */
const PAYER_KEY = /^(payer|user_id$|document|email|first_name|last_name|phone|birth_date|address|card_)/i;

function withoutPayerData(value: JsonValue | undefined): JsonValue | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutPayerData(item) ?? null);
  const kept: { [key: string]: JsonValue } = {};
  for (const [key, field] of Object.entries(value)) {
    if (PAYER_KEY.test(key)) continue;
    const cleaned = withoutPayerData(field);
    if (cleaned !== undefined) kept[key] = cleaned;
  }
  return kept;
}

/** `yyyy-MM-dd HH:mm:ss` on the service's clock (UTC) as ISO; undefined when it is not that. */
function serviceTimeToIso(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  if (!match) return undefined;
  const time = new Date(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** A deposit the console created: the request's ids and amounts, and the answer's payment instructions. */
export function depositCreatedObservation(
  seen: Seen,
  body: DepositCreateBody,
  created: DepositCreated,
  intentKey: string | undefined,
): RecordObservation {
  const info = created.payment_info;
  const instructions = withoutPayerData({
    checkout_type: created.checkout_type,
    ...(created.redirect_url !== undefined && { redirect_url: created.redirect_url }),
    ...(created.iframe !== undefined && { iframe: created.iframe }),
    ...(info !== undefined && { payment_info: info as JsonValue }),
  });
  const expiresAt = serviceTimeToIso(info?.expiration_date);
  return observation(seen, 'deposit', String(created.deposit_id), {
    invoiceId: text(created.merchant_invoice_id) ?? text(body.invoice_id),
    amount: finite(info?.amount) ?? finite(body.amount),
    currency: text(info?.currency) ?? text(body.currency),
    country: text(body.country),
    paymentMethod: text(info?.payment_method) ?? text(body.payment_method),
    intentKey,
    instructions: { json: JSON.stringify(instructions), ...(expiresAt !== undefined && { expiresAt }) },
  });
}

export function refundCreatedObservation(
  seen: Seen,
  body: RefundCreateBody,
  refundId: number,
  intentKey: string | undefined,
): RecordObservation {
  return observation(seen, 'refund', String(refundId), {
    depositId: String(body.deposit_id),
    invoiceId: text(body.invoice_id),
    amount: finite(body.amount),
    intentKey,
  });
}

const KIND_OF_ID_KIND: Record<IdKind, IndexedKind> = {
  deposits: 'deposit',
  refunds: 'refund',
  cashouts: 'cashout',
  sub_merchants: 'sub_merchant',
};

/**
 * A batch row or a watch read (the compact summary both keep). A cashout read by its external id
 * alone keeps the row's `ext:` token as its key (externalCashoutKey), with the external id.
 */
export function summaryObservation(
  seen: Seen,
  idKind: IdKind,
  id: string,
  summary: Pick<
    BatchRow,
    'status' | 'amount' | 'currency' | 'invoiceId' | 'country' | 'paymentMethod' | 'depositId'
  >,
): RecordObservation | null {
  const kind = KIND_OF_ID_KIND[idKind];
  const parts = kind === 'cashout' ? idParts(id) : null;
  const externalId = parts?.type === 'external' ? parts.value : undefined;
  return observation(seen, kind, externalId === undefined ? id : externalCashoutKey(externalId), {
    externalId: text(externalId),
    status: summary.status === NO_STATUS ? undefined : text(summary.status),
    amount: finite(summary.amount),
    currency: text(summary.currency),
    invoiceId: text(summary.invoiceId),
    country: text(summary.country),
    paymentMethod: text(summary.paymentMethod),
    depositId: summary.depositId === undefined ? undefined : String(summary.depositId),
  });
}

/** A sighting now by a person's lookup on `connection`. */
export const lookedUp = (context: ConsoleContext, connection: EnvironmentConnection): Seen =>
  seenNow(connection.profile.id, 'lookup', context.now());
