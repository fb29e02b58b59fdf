/**
 * Reconciliation (issue 31): the merchant's ledger (CSV or XLSX) against the service. Its DTOs
 * (ReconcileRow, ReconcileSummary, ReconcileProgress…) are in shared/contract/reconcile.ts.
 *
 *   const table = await readLedgerFile(path);                       // CSV or XLSX, told by content
 *   const manager = new ReconcileManager({ dataDir, now, lookups, invoices, emit });
 *   const prepared = await manager.prepare({ ledgerName, table: table.data, kind, map });
 *   const started = await manager.start(prepared.data);            // bad rows: prepared.data.badRows
 *   const summary = await manager.finished(started.data.runId);    // rows: manager.rows({ runId, … })
 */
export {
  AMOUNT_SCALE,
  parseLedgerAmount,
  sniffDecimalSeparator,
  unitsOfNumber,
  amountOfUnits,
  type AmountReading,
  type DecimalSeparator,
} from './amount';
export { ledgerStatus, normaliseWord } from './status-words';
export {
  guessMapping,
  parseMapOption,
  applyOverride,
  columnsOf,
  kindFor,
  shapeKey,
  columnKey,
  ID_FIELDS,
  type MappingGuess,
  type MappingOverride,
} from './mapping';
export { mappingsPath, rememberedMapping, rememberMapping, RECONCILE_FOLDER_NAME } from './mapping-store';
export {
  readLedger,
  readLedgerFile,
  importLedger,
  sniffDelimiter,
  cellText,
  MAX_LEDGER_BYTES,
  type LedgerTable,
  type LedgerCell,
  type LedgerNumber,
  type LedgerEntry,
  type ImportedLedger,
} from './ledger';
export { classifyEntry, moneyCaseOf, DIFFERING, TotalsBuilder } from './classify';
export { reconcileCsv, reconcileCsvColumns, reconcileCsvFileName } from './export-csv';
export { listRuns, listRunsChecked, loadRun, readRun, setAsideRun, type RunLoad } from './runs';
export { readRunRows, type RowsCheck } from './run-rows';
export { runsFolder, MAX_KEPT_RUNS } from './run-files';
export type { StoredRun } from './run-schemas';
export { ReconcileManager } from './reconciler';
export { consoleLookups, recordIndexInvoices, type ReconcileLookups, type InvoiceResolver } from './lookups';
export type { ReconcileManagerOptions, ReconcileRequest, PreparedLedger, StartOptions } from './run-model';
