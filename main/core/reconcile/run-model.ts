import type {
  BatchKind,
  LedgerBadRow,
  LedgerMapping,
  ReconcileProgress,
  ReconcileState,
  ReconcileSummary,
} from '../../../shared/contract';
import type { DecimalSeparator } from './amount';
import type { LedgerEntry, LedgerTable } from './ledger';
import type { InvoiceResolver, ReconcileLookups } from './lookups';
import type { MappingOverride } from './mapping';

/** What a reconciliation is given, what it prepares, and what it keeps while it runs. */

export interface ReconcileManagerOptions {
  dataDir: string;
  now: () => number;
  lookups: ReconcileLookups;
  invoices: InvoiceResolver;
  emit?: (progress: ReconcileProgress) => void;
}

export interface ReconcileRequest {
  /** The ledger's file name (shown, and part of "the same ledger"). */
  ledgerName: string;
  table: LedgerTable;
  kind?: BatchKind;
  map?: MappingOverride;
  /** Names the ledger across file names (otherwise: the file name and the header shape). */
  ledgerId?: string;
}

export interface PreparedLedger {
  request: ReconcileRequest;
  kind: BatchKind;
  mapping: LedgerMapping;
  shape: string;
  entries: LedgerEntry[];
  badRows: LedgerBadRow[];
  decimalSeparator: DecimalSeparator;
}

export interface StartOptions {
  concurrency?: number;
  ratePerSecond?: number;
}

/** A run this process started: what it looked up, and where it stands. */
export interface Run {
  runId: string;
  prepared: PreparedLedger;
  ledgerKey: string;
  /** Entries with an id, in ledger order. */
  entries: Array<LedgerEntry & { id: string }>;
  badRows: LedgerBadRow[];
  ids: string[];
  indexOfId: Map<string, number>;
  batchId: string;
  environmentId: string;
  startedAt: string;
  state: ReconcileState;
  summary: ReconcileSummary | null;
  finished: Promise<ReconcileSummary>;
}
