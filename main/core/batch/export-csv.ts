import type { BatchKind, BatchRow } from '../../../shared/contract';
import { csvRecords, type CsvCell } from '../csv';

/**
 * Batch results as CSV (csv.ts: RFC 4180, spreadsheet formulas neutralised in every text cell, a
 * service's status or a rejection reason included). Column names are ones the id parser
 * recognises, so an exported file opened again as a batch reads back as its ids.
 */

type Column = readonly [header: string, cell: (row: BatchRow) => CsvCell];

/** `(not found)` for an id the last run did not find; empty when that run lacked the id. */
const previous = (row: BatchRow): CsvCell =>
  row.previousStatus === undefined ? undefined : (row.previousStatus ?? '(not found)');

const LEADING: readonly Column[] = [
  ['id', (row) => row.id],
  ['result', (row) => row.state],
  ['status', (row) => row.status],
  ['changed', (row) => row.changed],
  ['previous_status', previous],
];

const BY_KIND: Record<BatchKind, readonly Column[]> = {
  deposits: [
    ['amount', (row) => row.amount],
    ['currency', (row) => row.currency],
    ['usd_amount', (row) => row.usdAmount],
    ['invoice_id', (row) => row.invoiceId],
    ['country', (row) => row.country],
    ['payment_method', (row) => row.paymentMethod],
    ['refunded', (row) => row.refunded],
  ],
  refunds: [
    ['amount', (row) => row.amount],
    // The deposit's, when the record index knew it (manager.ts): a refund record has none.
    ['currency', (row) => row.currency],
    ['deposit_id', (row) => row.depositId],
    ['merchant_invoice_id', (row) => row.invoiceId],
  ],
  cashouts: [
    ['status_code', (row) => row.statusCode],
    ['rejection_code', (row) => row.rejectionCode],
    ['rejection_reason', (row) => row.rejectionReason],
  ],
};

const TRAILING: readonly Column[] = [
  ['error_kind', (row) => row.errorKind],
  ['error_code', (row) => row.errorCode],
  ['http_status', (row) => row.httpStatus],
  ['error_message', (row) => row.errorMessage],
];

export function batchCsvColumns(kind: BatchKind): string[] {
  return [...LEADING, ...BY_KIND[kind], ...TRAILING].map(([header]) => header);
}

/** Every row in batch order; `rows` is iterated once, so a generator keeps memory flat. */
export function batchCsv(kind: BatchKind, rows: Iterable<BatchRow>): string {
  return batchCsvHeader(kind) + batchCsvRows(kind, rows);
}

/** The header line of a batch CSV: with `batchCsvRows` of each page, the same text as `batchCsv`. */
export function batchCsvHeader(kind: BatchKind): string {
  return csvRecords([batchCsvColumns(kind)]);
}

/** The lines of some rows of a batch CSV (one page of a batch written as it is read). */
export function batchCsvRows(kind: BatchKind, rows: Iterable<BatchRow>): string {
  const columns = [...LEADING, ...BY_KIND[kind], ...TRAILING];
  function* cells(): Iterable<CsvCell[]> {
    for (const row of rows) yield columns.map(([, cell]) => cell(row));
  }
  return csvRecords(cells());
}

/** `paydesk-batch-deposits-local-sandbox-2024-03-05T14-07-09.csv` (no colons: Windows). */
export function batchCsvFileName(kind: BatchKind, environmentId: string, now: number): string {
  const scope = environmentId.replace(/[^A-Za-z0-9-]+/g, '-') || 'env';
  const stamp = new Date(now).toISOString().slice(0, 19).replace(/:/g, '-');
  return `paydesk-batch-${kind}-${scope}-${stamp}.csv`;
}
