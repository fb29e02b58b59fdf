/** Reconciliation: the merchant's own ledger against the service, with the money at stake. */
import type { BatchKind } from './batch';
import type { ConsoleError, DamagedFileNote, ErrorKind, MessageText } from './results';
import { method, type ApiOf } from './method';

/**
 * What a ledger row is, compared with the service. `lookup_failed` is not a classification of
 * money: the service could not be asked (network, a cancelled run), and a resumed run asks again.
 */
export const RECONCILE_CLASSES = [
  'match',
  'status_differs',
  'amount_differs',
  'currency_differs',
  'not_found',
  'duplicate_in_ledger',
  'lookup_failed',
] as const;
export type ReconcileClass = (typeof RECONCILE_CLASSES)[number];

/** The status differences that cost money, named. */
export const RECONCILE_MONEY_CASES = [
  /** The ledger counts it paid (COMPLETED); the service does not have it COMPLETED. */
  'merchant_paid_service_not_completed',
  /** The service has it COMPLETED; the ledger does not count it paid. */
  'service_completed_not_released',
  /** The ledger has COMPLETED; the service now has it REJECTED (refunds, cashouts). */
  'completed_then_rejected',
] as const;
export type ReconcileMoneyCase = (typeof RECONCILE_MONEY_CASES)[number];

/** What a ledger column can hold. `invoice_id` is resolved to a deposit through the record index. */
export const LEDGER_FIELDS = [
  'deposit_id',
  'invoice_id',
  'refund_id',
  'cashout_id',
  'external_id',
  'status',
  'amount',
  'currency',
] as const;
export type LedgerField = (typeof LEDGER_FIELDS)[number];

/** Column name (as the header writes it) → field. */
export type LedgerMapping = Record<string, LedgerField>;

/** Against the last run on the same ledger: a difference that is new, still there, or gone. */
export type ReconcileChange = 'newly_differing' | 'still_open' | 'resolved';

/** A ledger row that could not be reconciled, never dropped: its row number and why. */
export interface LedgerBadRow {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  line: number;
  /** English, the cell named in it (the CLI, the logs); the screens say `field`, `value` and `text`. */
  reason: string;
  /**
   * `reason` as a key, without the cell it names (an id's reason is batch/ids.ts's own key, which
   * cannot hold the cell). Absent only in runs kept before it existed: show `reason` then.
   */
  text?: MessageText;
  /** The field of the cell the reason is about. */
  field?: LedgerField;
  /** That cell's text, when it is not empty. */
  value?: string;
}

/**
 * One ledger row against the service. Amounts are numbers in the record's currency; `atStake`
 * is the difference (amount_differs) or the whole amount (money cases, not found, duplicates,
 * another currency), 0 for a match, a status difference that moves no money, or a failed lookup.
 */
export interface ReconcileRow {
  line: number;
  /** Canonical id looked up (cashouts: `ext:` + external id when the ledger gave that). */
  id: string;
  /** The invoice id the ledger names in its mapped invoice column (whether or not it found the record). */
  invoiceId?: string;
  class: ReconcileClass;
  moneyCase?: ReconcileMoneyCase;
  ledgerStatus?: string;
  serviceStatus?: string;
  ledgerAmount?: number;
  serviceAmount?: number;
  ledgerCurrency?: string;
  serviceCurrency?: string;
  atStake: number;
  /** The currency of `atStake`; absent when neither side named one. */
  stakeCurrency?: string;
  /** duplicate_in_ledger: the first row naming the same record. */
  duplicateOfLine?: number;
  errorKind?: ErrorKind;
  errorMessage?: string;
  change?: ReconcileChange;
}

/** Counts and money at stake per class (and money case) and currency. */
export interface ReconcileTotal {
  class: ReconcileClass;
  moneyCase?: ReconcileMoneyCase;
  /** null: no currency known on either side. */
  currency: string | null;
  count: number;
  atStake: number;
}

export interface ReconcileChanges {
  /** The run compared with (the last finished run on the same ledger); null when there was none. */
  previousRunId: string | null;
  previousRunAt: string | null;
  newlyDiffering: number;
  stillOpen: number;
  /** Differing in the last run, matching now. */
  resolved: number;
  /** Differing in the last run and no longer in the ledger. */
  gone: number;
}

export type ReconcileState = 'running' | 'done' | 'cancelled' | 'failed';

export interface ReconcileSummary {
  runId: string;
  environmentId: string;
  kind: BatchKind;
  /** The ledger's file name. */
  ledgerName: string;
  /** Same ledger = same key: a ledger id given, else the file name and its header shape. */
  ledgerKey: string;
  state: ReconcileState;
  startedAt: string;
  finishedAt: string | null;
  /** Data rows of the ledger (bad ones included). */
  ledgerRows: number;
  badRows: number;
  /** The mapping used (remembered for the ledger's header shape). */
  mapping: LedgerMapping;
  /** The decimal separator amounts were read with (sniffed). */
  decimalSeparator: ',' | '.';
  counts: Record<ReconcileClass, number>;
  /** lookup_failed rows whose service could not be reached (network, timeout, TLS). */
  unreachable: number;
  totals: ReconcileTotal[];
  changes: ReconcileChanges;
  /** The batch that looked the ids up (main/core/batch). */
  batchId: string | null;
  /** Why a failed run stopped. */
  error: ConsoleError | null;
  /**
   * Kept runs this run found damaged while looking for the one to compare with: each was moved
   * aside, so "what changed" is against the newest sound run on the ledger (or none).
   */
  setAside?: DamagedFileNote[];
}

/** Pushed while a run goes: at most every 200 ms, and at once on every change of phase. */
export interface ReconcileProgress {
  runId: string;
  phase: 'resolving' | 'looking_up' | 'classifying' | ReconcileState;
  /** Distinct ids to look up, and those answered so far. */
  total: number;
  done: number;
  failed: number;
  ratePerSecond: number;
  batchId: string | null;
}

export const RECONCILE_ROW_FILTERS = ['all', 'differences', ...RECONCILE_CLASSES] as const;
export type ReconcileRowFilter = (typeof RECONCILE_ROW_FILTERS)[number];

export interface ReconcileRowsPage {
  runId: string;
  filter: ReconcileRowFilter;
  offset: number;
  total: number;
  rows: ReconcileRow[];
}

/**
 * A ledger file (or stdin) larger than this is not a day's export (100,000 rows of a dozen columns
 * fit easily). Here, not in main/core/reconcile, so `paydesk reconcile --help` can name it without
 * loading the reconciler (main/cli/README.md, "Start-up"). The screens' upload has its own,
 * smaller bound: RECONCILE_LIMITS.maxLedgerBytes.
 */
export const MAX_LEDGER_BYTES = 64 * 1024 * 1024;

// -- The reconciliation screen's channels ------------------------------------------------------

export const RECONCILE_LIMITS = {
  /** Bytes of one ledger file the console reads (a day's export of 100,000 rows is far less). */
  maxLedgerBytes: 20 * 1024 * 1024,
  /**
   * Base64 characters one uploadLedger call carries: a ledger travels in parts, so each stays
   * well under the web bridge's frame (4 MB) and the dispatcher's argument bound.
   */
  maxChunkChars: 2 * 1024 * 1024,
  /** Bad rows an answer lists (their count is always complete). */
  maxListedBadRows: 1_000,
  /** Columns a ledger's header may have for the mapping to be chosen on screen. */
  maxColumns: 200,
  /** Rows one getReconcileRows call answers. */
  maxPageRows: 1_000,
} as const;

/** What a column holds on screen: a field, or nothing Paydesk reads. */
export type LedgerColumnChoice = LedgerField | 'ignore';

/** One part of a ledger file, base64; the first part has no uploadId, the last says so. */
interface ReconcileReadInput {
  uploadId?: string;
  ledgerName: string;
  chunk: string;
  last: boolean;
}

/** A ledger read and prepared (nothing looked up yet): what the screen shows before starting. */
export interface ReconcileLedgerView {
  /** Names the ledger held in main for prepareReconcile and startReconcile. */
  ledgerRef: string;
  ledgerName: string;
  format: 'csv' | 'xlsx';
  header: string[];
  kind: BatchKind;
  /** The mapping in use: the one remembered for this header, else the guess, with the screen's choices over it. */
  mapping: LedgerMapping;
  decimalSeparator: ',' | '.';
  /** Data rows, bad ones included. */
  rows: number;
  /** Rows that name a record (an invoice id is resolved when the run starts). */
  entries: number;
  badRowCount: number;
  /** The first RECONCILE_LIMITS.maxListedBadRows bad rows. */
  badRows: LedgerBadRow[];
}

type ReconcileReadAnswer =
  | { state: 'receiving'; uploadId: string; receivedBytes: number }
  | { state: 'read'; ledger: ReconcileLedgerView };

export interface ReconcilePrepareInput {
  ledgerRef: string;
  kind?: BatchKind;
  /** Header column → field or `ignore`; columns left out keep the guessed or remembered field. */
  map?: Record<string, LedgerColumnChoice>;
}

export interface ReconcileStartInput extends ReconcilePrepareInput {
  concurrency?: number;
  ratePerSecond?: number;
}

export interface ReconcileRunView {
  summary: ReconcileSummary;
  badRowCount: number;
  badRows: LedgerBadRow[];
}

export const RECONCILE_METHODS = {
  uploadLedger: method<ReconcileReadInput, ReconcileReadAnswer>(),

  prepareReconcile: method<ReconcilePrepareInput, ReconcileLedgerView>(),

  startReconcile: method<ReconcileStartInput, { runId: string }>(),

  cancelReconcile: method<{ runId: string }, { cancelled: boolean }>(),

  resumeReconcile: method<{ runId: string }, { runId: string }>(),

  /** The active environment's kept runs, newest first. */
  listReconcileRuns: method<Record<string, never>, ReconcileSummary[]>(),

  getReconcileRun: method<{ runId: string }, ReconcileRunView>(),

  getReconcileRows: method<
    { runId: string; offset: number; limit: number; filter?: ReconcileRowFilter },
    ReconcileRowsPage
  >(),

  exportReconcileCsv: method<
    { runId: string; which: 'all' | 'differences' },
    { fileName: string; csv: string }
  >(),
};
export type ReconcileApi = ApiOf<typeof RECONCILE_METHODS>;
