import {
  CASHOUT_STATUS_CODES,
  type BatchRow,
  type CashoutStatus,
  type DepositStatus,
  type RefundStatus,
  type Result,
  type SubMerchant,
} from '../../../shared/contract';
import type { PaymentsClient } from '../payments';
import { idParts, type IdKind } from './ids';

/**
 * One status read per id, for the batch engine and the watchlist: the client's own call (signed,
 * timed out, retried as a read, cancellable), reduced to the few fields a row or a timeline
 * keeps. The full record (and its raw body) is dropped at once, so 10,000 rows stay small.
 */

/**
 * What a row keeps of a record; only the fields the service sent. A settled row is this spread
 * into a BatchRow (engine.ts), so it is cut from BatchRow and cannot drift from it; `status` is
 * the one field every answer gives.
 */
export type RecordSummary = Required<Pick<BatchRow, 'status'>> &
  Pick<
    BatchRow,
    | 'amount'
    | 'currency'
    | 'usdAmount'
    | 'invoiceId'
    | 'country'
    | 'paymentMethod'
    | 'refunded'
    | 'depositId'
    | 'statusCode'
    | 'rejectionCode'
    | 'rejectionReason'
  >;

export type Lookup = (id: string, signal?: AbortSignal) => Promise<Result<RecordSummary>>;

/** A status the service did not send (a sub-merchant record without `status`). */
export const NO_STATUS = '(none)';

/** D7: the name of a numeric cashout status; an unknown code by its description. */
export function cashoutStatusName(
  record: Pick<CashoutStatus, 'cashout_status' | 'cashout_status_description'>,
): string {
  const name = (CASHOUT_STATUS_CODES as Record<number, string>)[record.cashout_status];
  return name ?? (record.cashout_status_description || `code ${record.cashout_status}`);
}

function depositSummary(record: DepositStatus): RecordSummary {
  // Assigned field by field (no spreads): this runs once per row of a 10,000-row batch.
  const summary: RecordSummary = { status: record.status };
  const amount = record.local_amount ?? record.amount;
  if (amount !== undefined) summary.amount = amount;
  if (record.currency !== undefined) summary.currency = record.currency;
  if (record.usd_amount !== undefined) summary.usdAmount = record.usd_amount;
  if (record.invoice_id !== undefined) summary.invoiceId = record.invoice_id;
  if (record.country !== undefined) summary.country = record.country;
  if (record.payment_method !== undefined) summary.paymentMethod = record.payment_method;
  if (record.refunded !== undefined) summary.refunded = record.refunded;
  return summary;
}

function refundSummary(record: RefundStatus): RecordSummary {
  const summary: RecordSummary = { status: record.status, depositId: record.deposit_id };
  if (record.amount !== undefined) summary.amount = record.amount;
  if (record.merchant_invoice_id !== undefined) summary.invoiceId = record.merchant_invoice_id;
  return summary;
}

function cashoutSummary(record: CashoutStatus): RecordSummary {
  const summary: RecordSummary = { status: cashoutStatusName(record), statusCode: record.cashout_status };
  if (record.rejection_code !== undefined) summary.rejectionCode = record.rejection_code;
  if (record.rejection_reason !== undefined) summary.rejectionReason = record.rejection_reason;
  return summary;
}

function subMerchantSummary(record: SubMerchant): RecordSummary {
  const summary: RecordSummary = { status: record.status ?? NO_STATUS };
  if (record.balance?.total !== undefined) summary.amount = record.balance.total;
  if (record.balance?.currency !== undefined) summary.currency = record.balance.currency;
  return summary;
}

const summarised = <T>(
  result: Result<{ record: T }>,
  summary: (record: T) => RecordSummary,
): Result<RecordSummary> => (result.ok ? { ok: true, data: summary(result.data.record) } : result);

/** A deposit's currency when the console already knows it (the record index); never a guess. */
type DepositCurrency = (depositId: number) => Promise<string | undefined>;

/**
 * Refund rows in their deposit's currency (D8: the refund record has none), when `currencyOf`
 * knows the deposit. No second call to the service, so a batch keeps the rate the user set; an
 * unknown deposit leaves the row without a currency rather than with a wrong one.
 */
function withDepositCurrency(lookup: Lookup, currencyOf: DepositCurrency): Lookup {
  return async (id, signal) => {
    const read = await lookup(id, signal);
    if (!read.ok || read.data.depositId === undefined || read.data.currency !== undefined) return read;
    const currency = await currencyOf(read.data.depositId).catch(() => undefined);
    return currency === undefined ? read : { ok: true, data: { ...read.data, currency } };
  };
}

/**
 * The status read of `kind` on `client`, for canonical ids (see ids.ts); refunds in their
 * deposit's currency when `currencyOf` is given (withDepositCurrency).
 */
export function lookupFor(client: PaymentsClient, kind: IdKind, currencyOf?: DepositCurrency): Lookup {
  const lookup = plainLookup(client, kind);
  return kind === 'refunds' && currencyOf ? withDepositCurrency(lookup, currencyOf) : lookup;
}

function plainLookup(client: PaymentsClient, kind: IdKind): Lookup {
  // A batch passes the same signal to every call: one options object serves them all.
  let last: { signal: AbortSignal } | undefined;
  const options = (signal: AbortSignal | undefined): { signal: AbortSignal } | undefined => {
    if (!signal) return undefined;
    if (last?.signal !== signal) last = { signal };
    return last;
  };
  switch (kind) {
    case 'deposits':
      return async (id, signal) =>
        summarised(await client.getDeposit(Number(id), options(signal)), depositSummary);
    case 'refunds':
      return async (id, signal) =>
        summarised(await client.getRefund(Number(id), options(signal)), refundSummary);
    case 'sub_merchants':
      return async (id, signal) =>
        summarised(await client.getSubMerchant(Number(id), options(signal)), subMerchantSummary);
    case 'cashouts':
      return async (id, signal) => {
        const parts = idParts(id);
        const ref = parts.type === 'external' ? { externalId: parts.value } : { cashoutId: parts.value };
        return summarised(await client.getCashoutStatus(ref, options(signal)), cashoutSummary);
      };
  }
}
