/** Batch lookup (main/core/batch): the status of many deposits, refunds or cashouts at once. */
import type { ConsoleError, DamagedFileNote, ErrorKind, MessageText } from './results';
import { method, type ApiOf } from './method';

/**
 * Ids in batches and on the watchlist are TEXT in one canonical form, so that one type crosses
 * the bridge, the CSV and the CLI: a deposit, refund or sub-merchant id as its decimal digits
 * (`300000001`, leading zeros dropped); a cashout as its numeric `cashout_id` (`11954`) or as
 * BATCH_LIMITS.externalIdPrefix followed by its merchant-side `external_id` (`ext:payout-7781`).
 */
export const BATCH_KINDS = ['deposits', 'refunds', 'cashouts'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

export const BATCH_LIMITS = {
  /** Distinct ids one batch may hold. */
  maxIds: 100_000,
  /** Characters of pasted text or CSV that parseBatch reads. */
  maxTextChars: 2 * 1024 * 1024,
  /** Invalid tokens and duplicates parseBatch lists (their counts are always complete). */
  maxListed: 1_000,
  /** Lookups in flight at once. */
  concurrency: { min: 1, max: 32, default: 8 },
  /** Requests per second (a token bucket). */
  ratePerSecond: { min: 1, max: 10_000, default: 50 },
  /** Rows one getBatchRows call answers. */
  maxPageRows: 1_000,
  /** Batches kept in memory (the oldest finished one is dropped first); at most 3 run at once. */
  maxKeptBatches: 10,
  maxRunningBatches: 3,
  externalIdPrefix: 'ext:',
} as const;

/** A token that is not an id of the kind, with why; `row` is the 1-based line (CSV: record). */
export interface BatchInvalidToken {
  token: string;
  row: number;
  /** English (the CLI); `text` is the same reason as a key for the screens. */
  reason: string;
  text: MessageText;
}

export interface BatchDuplicate {
  id: string;
  /** How many times the id appeared in all (2 or more). */
  occurrences: number;
}

export interface BatchParseResult {
  kind: BatchKind;
  /** Canonical ids, each once, in the order first seen. */
  ids: string[];
  /** The header row that was recognised and skipped, as its cells; null when there was none. */
  header: string[] | null;
  /** The id column(s) the header named, when only those were read (e.g. `deposit_id`). */
  idColumns: string[] | null;
  /** The first BATCH_LIMITS.maxListed ids given more than once. */
  duplicates: BatchDuplicate[];
  /** Occurrences dropped as duplicates, in all. */
  duplicateCount: number;
  /** The first BATCH_LIMITS.maxListed tokens that are not ids. Never skipped silently. */
  invalid: BatchInvalidToken[];
  invalidCount: number;
}

export interface BatchStartInput {
  kind: BatchKind;
  /** Canonical ids (as parseBatch answers them), at most BATCH_LIMITS.maxIds, no duplicates. */
  ids: string[];
  /** Default BATCH_LIMITS.concurrency.default. */
  concurrency?: number;
  /** Default BATCH_LIMITS.ratePerSecond.default. */
  ratePerSecond?: number;
  /**
   * Default true: the batch is the one the next batch of its kind compares with ("changed since
   * the last run"). A reconciliation's lookups pass false, so they never stand in for the user's
   * last batch.
   */
  keepAsLastRun?: boolean;
}

/**
 * `running`; `cancelled` (by the user, or because the active environment changed: see
 * `cancelReason`); `done`: every id has an answer; `failed`: stopped by a problem that is not the
 * id's own (credentials, signature, clock, IP allow-list, TLS, the service unreachable): see `error`.
 */
export type BatchState = 'running' | 'cancelled' | 'done' | 'failed';

/** Compared with the last finished run of the same kind in the same environment. */
export type BatchChange = 'new' | 'changed' | 'same';

export interface BatchSummary {
  batchId: string;
  kind: BatchKind;
  /** Batches run against the environment active when they started; a switch cancels them. */
  environmentId: string;
  state: BatchState;
  total: number;
  /** Ids with an answer, failed lookups included. */
  done: number;
  /** Ids whose lookup failed (not found, refused, network…): a subset of `done`. */
  failed: number;
  /** Lookups per second measured over the current run. */
  ratePerSecond: number;
  concurrency: number;
  /** The rate cap in requests per second. */
  rateLimit: number;
  /** Rows marked `changed` and `new` so far. */
  changed: number;
  new: number;
  startedAt: string;
  /** When the batch last stopped (done, cancelled, failed); null while running. */
  finishedAt: string | null;
  /**
   * `console_stopped`: the console stopped (quit, restart) while the batch had ids left; it was
   * kept in the data folder and comes back like this, to be resumed.
   */
  cancelReason: 'user' | 'environment_changed' | 'console_stopped' | null;
  /** Why a `failed` batch stopped; null otherwise. */
  error: ConsoleError | null;
  /** resumeBatch would fetch something: ids not looked up yet, or lookups that failed for a passing reason. */
  resumable: boolean;
  /** Finish time of the run the rows are compared with; null when there was none. */
  previousRunAt: string | null;
  /**
   * Present when the last run's file failed its checks: it was moved aside and this batch is
   * compared with no earlier run (every row `new`), rather than with a damaged one.
   */
  previousRunSetAside?: DamagedFileNote;
}

export const BATCH_ROW_STATES = ['pending', 'ok', 'failed'] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

/**
 * One id of a batch. Summary fields are present only when the service sent them (spec records
 * have no dates; the amount is `local_amount`, else `amount`). A failed lookup carries the
 * error's kind, service code and message instead.
 */
export interface BatchRow {
  /** Position in the batch, 0-based (the order of the ids given). */
  index: number;
  id: string;
  state: BatchRowState;
  /** Deposit or refund status; a cashout's status name (D7), or its description for an unknown code. */
  status?: string;
  /**
   * Against the last finished run: `new` (the id was not in it), `changed`, `same`. A not-found id
   * compares as "not found". null while pending, or when the lookup failed for another reason.
   */
  changed: BatchChange | null;
  /** The status in the last finished run (null: not found then); absent when that run lacked the id. */
  previousStatus?: string | null;
  amount?: number;
  currency?: string;
  /** Deposits. */
  usdAmount?: number;
  /** Deposit `invoice_id`, refund `merchant_invoice_id`. */
  invoiceId?: string;
  country?: string;
  paymentMethod?: string;
  refunded?: boolean;
  /** Refunds: the refunded deposit. */
  depositId?: number;
  /** Cashouts (D7). */
  statusCode?: number;
  rejectionCode?: number;
  rejectionReason?: string;
  errorKind?: ErrorKind;
  /** The service's code (e.g. 208, 509). */
  errorCode?: number;
  httpStatus?: number;
  errorMessage?: string;
}

export const BATCH_ROW_FILTERS = ['all', 'ok', 'failed', 'pending', 'changed', 'new'] as const;
export type BatchRowFilter = (typeof BATCH_ROW_FILTERS)[number];

export interface BatchRowsQuery {
  batchId: string;
  /** Into the rows that match the filter, 0-based. */
  offset: number;
  /** 1 … BATCH_LIMITS.maxPageRows. */
  limit: number;
  /** Default `all`. `changed`: rows marked changed; `new`: rows marked new. */
  filter?: BatchRowFilter;
}

export interface BatchRowsPage {
  batchId: string;
  filter: BatchRowFilter;
  offset: number;
  /** Rows that match the filter, in all (the virtual list's length). */
  total: number;
  rows: BatchRow[];
  summary: BatchSummary;
}

export const BATCH_METHODS = {
  parseBatch: method<{ kind: BatchKind; text: string }, BatchParseResult>(),

  startBatch: method<BatchStartInput, BatchSummary>(),

  cancelBatch: method<{ batchId: string }, BatchSummary>(),

  resumeBatch: method<{ batchId: string }, BatchSummary>(),

  listBatches: method<Record<string, never>, BatchSummary[]>(),

  getBatchRows: method<BatchRowsQuery, BatchRowsPage>(),

  exportBatchCsv: method<{ batchId: string }, { fileName: string; csv: string }>(),

  discardBatch: method<{ batchId: string }, { discarded: boolean }>(),
};
export type BatchApi = ApiOf<typeof BATCH_METHODS>;
