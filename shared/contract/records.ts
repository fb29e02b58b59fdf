/**
 * The record index as the screens see it: what this console (the app or the CLI on the
 * same data folder) created, looked up, batched or watched in the ACTIVE environment. Derived data:
 * a record made elsewhere and never looked up here is not in it.
 */
import { method, type ApiOf } from './method';

/** The index's kinds too (main/core/record-index/port.ts takes these lists). */
export const RECORD_KINDS = ['deposit', 'refund', 'cashout', 'sub_merchant'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** How the console came to see a record; `rebuild`: read again by `paydesk index rebuild`. */
export const RECORD_SOURCES = ['created', 'lookup', 'batch', 'watch', 'rebuild'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

/** `newest`/`oldest` by when the record was last seen. */
export const RECORD_SORTS = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

export const RECORD_LIMITS = {
  /** Rows of a recent list per call (a virtual list asks page by page). */
  maxPageRows: 200,
  maxSearchResults: 100,
  maxSearchText: 200,
} as const;

/** One record of the index. camelCase: the console's own record, not a service one. */
export interface IndexedRecordView {
  kind: RecordKind;
  /**
   * The service's id as text: deposit_id, refund_id, cashout_id or the sub-merchant's id. A cashout
   * seen by its external id alone, while its cashout_id is not known: `ext:<external_id>` (the
   * batch's form), with `externalId` set.
   */
  id: string;
  /** Deposits: invoice_id; refunds: merchant_invoice_id. */
  invoiceId?: string;
  /** Cashouts: the merchant's external_id. */
  externalId?: string;
  /** Refunds: the deposit they refund. */
  depositId?: string;
  status?: string;
  /** Major units of `currency`, as the service sent it. */
  amount?: number;
  /** Refunds: their deposit's (D8), when the index knows the deposit; absent means unknown. */
  currency?: string;
  country?: string;
  paymentMethod?: string;
  /** ISO times. */
  firstSeen: string;
  lastSeen: string;
  /** The first way the record came in (a created record stays `created`). */
  source: RecordSource;
  /** The journal intent's idempotency key, for records the console created. */
  intentKey?: string;
  /** A created deposit's payment instructions (JSON text without payer data); the QR only before `expiresAt`. */
  instructions?: { json: string; expiresAt?: string };
}

interface RecordSearchQuery {
  /** Any id, invoice id or external id: exact matches first (newest first), then prefixes. */
  text: string;
  kinds?: RecordKind[];
  /** Default 20. */
  limit?: number;
}

export interface RecentRecordsQuery {
  kind: RecordKind;
  /** Exactly as the service names it (`PENDING`, `ON_HOLD`, …). */
  status?: string;
  /** Last seen from (inclusive) and to (exclusive), ISO with an offset. */
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  currency?: string;
  /** Default `newest`. */
  sort?: RecordSort;
  offset: number;
  limit: number;
}

interface RecentRecordsPage {
  /** Records matching the filters in all (the virtual list's length). */
  total: number;
  records: IndexedRecordView[];
}

export const RECORDS_METHODS = {
  searchRecords: method<RecordSearchQuery, IndexedRecordView[]>(),

  listRecentRecords: method<RecentRecordsQuery, RecentRecordsPage>(),

  /** Null when the index has not seen the record. */
  getRecord: method<{ kind: RecordKind; id: string }, IndexedRecordView | null>(),

  /** The refunds the index knows of for one deposit, newest first. */
  listDepositRefunds: method<{ depositId: number }, IndexedRecordView[]>(),
};
export type RecordsApi = ApiOf<typeof RECORDS_METHODS>;
