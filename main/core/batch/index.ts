/**
 * Batch lookup (issue 6): the id parser, the engine (bounded concurrency, a token-bucket rate cap,
 * cancel and resume), "changed since the last run", the CSV export, and the manager the console
 * runtime holds. Its DTOs (BatchSummary, BatchRow, BatchParseResult…) are in shared/contract.
 *
 *   const parsed = parseBatchIds('deposits', pastedText);      // ids, duplicates, invalid tokens
 *   const engine = new BatchEngine({ ids, lookup: lookupFor(client, 'deposits'), concurrency: 16,
 *                                    ratePerSecond: 100, previous: null });
 *   await engine.run();                                          // engine.row(i), engine.counts()
 */
export { parseBatchIds, checkIdToken, idParts, type IdKind, type IdTokenCheck, type ParsedId } from './ids';
export { BatchEngine, snapshotStatus, type BatchEngineOptions, type BatchCounts } from './engine';
export { mapLimited } from './map-limited';
export { TokenBucket, type TokenBucketOptions } from './rate-limiter';
export { lookupFor, cashoutStatusName, NO_STATUS, type Lookup, type RecordSummary } from './lookups';
export { batchCsv, batchCsvColumns, batchCsvFileName, batchCsvHeader, batchCsvRows } from './export-csv';
export {
  BATCH_FOLDER_NAME,
  lastRunPath,
  readLastRun,
  writeLastRun,
  type LastRun,
  type LastRunRead,
} from './last-run';
export { BatchManager, type BatchManagerOptions, type BatchTarget } from './manager';
