import type { BatchKind, ReconcileRow } from '../../../shared/contract';
import { buildCsv, type CsvCell } from '../csv';

/**
 * A run's rows as CSV (csv.ts: RFC 4180, every text cell formula-neutralised; amounts written as
 * numbers so a spreadsheet adds them up). `id` comes first, so the file read back as a batch
 * (`paydesk batch`) gives its ids.
 */

type Column = readonly [header: string, cell: (row: ReconcileRow) => CsvCell];

const COLUMNS: readonly Column[] = [
  ['id', (row) => row.id],
  ['line', (row) => row.line],
  ['invoice_id', (row) => row.invoiceId],
  ['class', (row) => row.class],
  ['money_case', (row) => row.moneyCase],
  ['ledger_status', (row) => row.ledgerStatus],
  ['service_status', (row) => row.serviceStatus],
  ['ledger_amount', (row) => row.ledgerAmount],
  ['service_amount', (row) => row.serviceAmount],
  ['ledger_currency', (row) => row.ledgerCurrency],
  ['service_currency', (row) => row.serviceCurrency],
  ['at_stake', (row) => row.atStake],
  ['stake_currency', (row) => row.stakeCurrency],
  ['duplicate_of_line', (row) => row.duplicateOfLine],
  ['change', (row) => row.change],
  ['error_kind', (row) => row.errorKind],
  ['error_message', (row) => row.errorMessage],
];

export const reconcileCsvColumns = (): string[] => COLUMNS.map(([header]) => header);

/** `rows` is iterated once, so a generator over the run's file keeps memory flat. */
export function reconcileCsv(rows: Iterable<ReconcileRow>): string {
  function* cells(): Iterable<CsvCell[]> {
    for (const row of rows) yield COLUMNS.map(([, cell]) => cell(row));
  }
  return buildCsv(reconcileCsvColumns(), cells());
}

/** `paydesk-reconcile-deposits-local-sandbox-2024-03-05T14-07-09-differences.csv`. */
export function reconcileCsvFileName(
  kind: BatchKind,
  environmentId: string,
  now: number,
  which: 'all' | 'differences',
): string {
  const scope = environmentId.replace(/[^A-Za-z0-9-]+/g, '-') || 'env';
  const stamp = new Date(now).toISOString().slice(0, 19).replace(/:/g, '-');
  return `paydesk-reconcile-${kind}-${scope}-${stamp}${which === 'differences' ? '-differences' : ''}.csv`;
}
