/**
 * Batch lookup: the id parser, the engine (bounded concurrency, a token-bucket rate cap,
 * cancel and resume), "changed since the last run", the CSV export, and the manager the console
 * runtime holds. Its DTOs (BatchSummary, BatchRow, BatchParseResult…) are in shared/contract.
 *
 *   const parsed = parseBatchIds('deposits', pastedText);      // ids, duplicates, invalid tokens
 *   const engine = new BatchEngine({ ids, lookup: lookupFor(client, 'deposits'), concurrency: 16,
 *                                    ratePerSecond: 100, previous: null });
 *   await engine.run();                                          // engine.row(i), engine.counts()
 */
export { parseBatchIds, checkIdToken, idParts, type IdKind } from './ids';
export { BatchEngine } from './engine';
export { mapLimited } from './map-limited';
export { lookupFor, cashoutStatusName, NO_STATUS, type RecordSummary } from './lookups';
export { batchCsv, batchCsvColumns, batchCsvHeader, batchCsvRows } from './export-csv';
export { BATCH_FOLDER_NAME, lastRunPath } from './last-run';
export { BatchManager, type BatchTarget } from './manager';
