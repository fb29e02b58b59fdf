import {
  CASHOUT_STATUS_CODES,
  type CashoutStatus,
  type DepositStatus,
  type RefundStatus,
  type Result,
  type SubMerchant,
} from '../../../preload/contract';
import type { PaymentsClient } from '../payments';
import { idParts, type IdKind } from './ids';

/**
 * One status read per id, for the batch engine and the watchlist: the client's own call (signed,
 * timed out, retried as a read, cancellable), reduced to the few fields a row or a timeline
 * keeps. The full record (and its raw body) is dropped at once, so 10,000 rows stay small.
 */

/** What a row keeps of a record; only the fields the service sent. */
export interface RecordSummary {
  status: string;
  amount?: number;
  currency?: string;
  usdAmount?: number;
  invoiceId?: string;
  country?: string;
  paymentMethod?: string;
  refunded?: boolean;
  depositId?: number;
  statusCode?: number;
  rejectionCode?: number;
  rejectionReason?: string;
}

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
  const amount = record.local_amount ?? record.amount;
  return {
    status: record.status,
    ...(amount !== undefined && { amount }),
    ...(record.currency !== undefined && { currency: record.currency }),
    ...(record.usd_amount !== undefined && { usdAmount: record.usd_amount }),
    ...(record.invoice_id !== undefined && { invoiceId: record.invoice_id }),
    ...(record.country !== undefined && { country: record.country }),
    ...(record.payment_method !== undefined && { paymentMethod: record.payment_method }),
    ...(record.refunded !== undefined && { refunded: record.refunded }),
  };
}

function refundSummary(record: RefundStatus): RecordSummary {
  return {
    status: record.status,
    depositId: record.deposit_id,
    ...(record.amount !== undefined && { amount: record.amount }),
    ...(record.merchant_invoice_id !== undefined && { invoiceId: record.merchant_invoice_id }),
  };
}

function cashoutSummary(record: CashoutStatus): RecordSummary {
  return {
    status: cashoutStatusName(record),
    statusCode: record.cashout_status,
    ...(record.rejection_code !== undefined && { rejectionCode: record.rejection_code }),
    ...(record.rejection_reason !== undefined && { rejectionReason: record.rejection_reason }),
  };
}

function subMerchantSummary(record: SubMerchant): RecordSummary {
  return {
    status: record.status ?? NO_STATUS,
    ...(record.balance?.total !== undefined && { amount: record.balance.total }),
    ...(record.balance?.currency !== undefined && { currency: record.balance.currency }),
  };
}

const summarised = <T>(
  result: Result<{ record: T }>,
  summary: (record: T) => RecordSummary,
): Result<RecordSummary> => (result.ok ? { ok: true, data: summary(result.data.record) } : result);

/** The status read of `kind` on `client`, for canonical ids (see ids.ts). */
export function lookupFor(client: PaymentsClient, kind: IdKind): Lookup {
  const options = (signal: AbortSignal | undefined) => (signal ? { signal } : undefined);
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
