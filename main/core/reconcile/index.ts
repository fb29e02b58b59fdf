/**
 * Reconciliation: the merchant's ledger (CSV or XLSX) against the service. Its DTOs
 * (ReconcileRow, ReconcileSummary, ReconcileProgress…) are in shared/contract/reconcile.ts.
 *
 *   const table = await readLedgerFile(path);                       // CSV or XLSX, told by content
 *   const manager = new ReconcileManager({ dataDir, now, lookups, invoices, emit });
 *   const prepared = await manager.prepare({ ledgerName, table: table.data, kind, map });
 *   const started = await manager.start(prepared.data);            // bad rows: prepared.data.badRows
 *   const summary = await manager.finished(started.data.runId);    // rows: manager.rows({ runId, … })
 */
export { parseLedgerAmount, sniffDecimalSeparator } from './amount';
export { ledgerStatus } from './status-words';
export { guessMapping, parseMapOption, applyOverride, kindFor, shapeKey } from './mapping';
export { mappingsPath, rememberedMapping, rememberMapping } from './mapping-store';
export { readLedger, readLedgerFile, importLedger, type LedgerTable } from './ledger';
export { classifyEntry, moneyCaseOf, DIFFERING, TotalsBuilder } from './classify';
export { reconcileCsv, reconcileCsvColumns } from './export-csv';
export { listRuns, readRun } from './runs';
export { runsFolder } from './run-files';
export { ReconcileManager } from './reconciler';
export { consoleLookups, recordIndexInvoices } from './lookups';
export type { PreparedLedger } from './run-model';
