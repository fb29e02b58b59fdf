import {
  BATCH_LIMITS,
  RECORD_KINDS,
  RECORD_SORTS,
  RECORD_SOURCES,
  type ConsoleError,
  type IndexedRecordView,
  type RecordKind,
  type RecordSort,
  type RecordSource,
} from '../../../shared/contract';

/**
 * The record index: what the console has seen of each deposit, refund, cashout and
 * sub-merchant, per environment, so staff can find a record without its id. It is derived data:
 * the journal and the service can rebuild it (`paydesk index rebuild`), so losing it loses no money
 * record. A port, so that a shared team database can take the embedded one's place later.
 *
 * Payer personal data never enters it: observations carry ids, status, amounts and the create
 * answer's payment instructions only.
 */

/** The contract's lists: the screens, the CLI and the index name the same kinds, sources and sorts. */
export const INDEXED_KINDS = RECORD_KINDS;
export type IndexedKind = RecordKind;

/** How the console came to see the record. `rebuild`: read again by `paydesk index rebuild`. */
export const OBSERVATION_SOURCES = RECORD_SOURCES;
export type ObservationSource = RecordSource;

/**
 * The key of a cashout seen by its external id alone (a status read by `external_id`, a batch or
 * watch row `ext:<external_id>`): the batch's canonical token, which no cashout id can be. Kept so
 * that the cashout is found by its external id again; the first observation naming both ids folds
 * it into the cashout's own row (sqlite.ts observe).
 */
export const externalCashoutKey = (externalId: string): string =>
  `${BATCH_LIMITS.externalIdPrefix}${externalId}`;

export const isExternalCashoutKey = (id: string): boolean => id.startsWith(BATCH_LIMITS.externalIdPrefix);

/** One sighting of a record. Absent fields leave what the index already knows unchanged. */
export interface RecordObservation {
  environmentId: string;
  kind: IndexedKind;
  /**
   * The service's id: deposit_id, refund_id, cashout_id or the sub-merchant's id, as text; a cashout
   * whose cashout_id is not known yet: externalCashoutKey (with `externalId` set).
   */
  id: string;
  /** Deposits: invoice_id; refunds: merchant_invoice_id. */
  invoiceId?: string;
  /** Cashouts: the merchant's external_id. */
  externalId?: string;
  /** Refunds: the deposit they refund. */
  depositId?: string;
  status?: string;
  /** In the record's currency, as the service sent it (number of major units). */
  amount?: number;
  currency?: string;
  country?: string;
  paymentMethod?: string;
  /** ISO time of the sighting. */
  seenAt: string;
  source: ObservationSource;
  /** The journal intent's idempotency key, for records the console created. */
  intentKey?: string;
  /** The service account it was seen in (D19, payments/account.ts); stamped by the record keeper. */
  account?: string;
  /**
   * The create answer's payment instructions (deposits), as JSON text without payer data; kept so
   * the deposit's page can show them again. `expiresAt` (ISO) lets the screen hide a QR after it.
   */
  instructions?: { json: string; expiresAt?: string };
}

/** What the index knows of one record: the screens' view of it, in its environment. */
export interface IndexedRecord extends IndexedRecordView {
  environmentId: string;
  /** The service account it was last seen in; absent on rows from before accounts were kept. */
  account?: string;
}

export const RECENT_SORTS = RECORD_SORTS;
type RecentSort = RecordSort;

export interface RecentQuery {
  environmentId: string;
  kind: IndexedKind;
  status?: string;
  /** lastSeen from (inclusive) and to (exclusive), ISO. */
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  currency?: string;
  /** Default `newest` (by lastSeen). */
  sort?: RecentSort;
  offset: number;
  limit: number;
}

export interface RecentPage {
  /** Records matching the filters, in all (a virtual list's length). */
  total: number;
  records: IndexedRecord[];
}

export interface SearchQuery {
  environmentId: string;
  /** Any id, invoice id or external id; exact matches first, then prefixes. */
  text: string;
  kinds?: readonly IndexedKind[];
  limit: number;
}

export interface RecordIndex {
  /** Records every observation in one transaction (all or none). */
  observe(observations: readonly RecordObservation[]): Promise<void>;
  search(query: SearchQuery): Promise<IndexedRecord[]>;
  recent(query: RecentQuery): Promise<RecentPage>;
  get(environmentId: string, kind: IndexedKind, id: string): Promise<IndexedRecord | null>;
  /** The refunds the index knows of for one deposit, newest first. */
  refundsOf(environmentId: string, depositId: string): Promise<IndexedRecord[]>;
  /** Forgets one environment's records (before a rebuild, or when the environment is removed). */
  forgetEnvironment(environmentId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * How a RecordIndex method's promise rejects: with a ConsoleError the caller can show or log as it
 * is (never a record's contents). The index is optional derived data, so callers catch it and go
 * on without the index rather than fail the money operation.
 */
export class RecordIndexError extends Error {
  readonly error: ConsoleError;
  constructor(error: ConsoleError) {
    super(error.message);
    this.name = 'RecordIndexError';
    this.error = error;
  }
}

export const isRecordIndexError = (value: unknown): value is RecordIndexError =>
  value instanceof RecordIndexError;
