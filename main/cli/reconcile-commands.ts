import type { Command } from 'commander';
import { BATCH_LIMITS, LEDGER_FIELDS, MAX_LEDGER_BYTES } from '../../shared/contract';
import { formatBytes } from '../core/storage/bounded-read';
import type { CommandContext } from './command-context';
import type { ActionsLoader } from './command-groups';
import type * as ReconcileActions from './reconcile-actions';
import type { ReconcileFlags } from './reconcile-actions';

/**
 * `paydesk reconcile <ledger>`: the merchant's ledger (CSV or XLSX) against the service, through
 * the same batch engine as `paydesk batch` (rate cap, concurrency, progress on stderr, Ctrl-C
 * prints what was answered). Bad rows go to stderr with their row number and why; the differences
 * and the totals per class and currency to stdout (`--json` the whole run, `--csv` as CSV).
 *
 * Exit codes, the batch command's: 0 every row matches; 1 some rows differ (or were not found, or
 * could not be looked up); 2 bad input (bad rows included, or no row to reconcile); 3 some lookups
 * could not reach the service; 130 Ctrl-C. A run stopped by a problem that is not the rows' (a
 * wrong key, the clock) exits with that error's code.
 */

export function describeReconcileCommands(
  program: Command,
  context: CommandContext,
  actions: ActionsLoader<typeof ReconcileActions>,
): void {
  program
    .command('reconcile')
    .description("compare the merchant's ledger (CSV or XLSX) with the service, with the money at stake")
    .argument(
      '<ledger>',
      'the ledger file: CSV (any of , ; tab; decimal commas or dots) or XLSX, or - for stdin',
    )
    .option('--kind <kind>', 'deposits, refunds or cashouts (default: told by the id column)')
    .option(
      '--map <column=field>',
      `which column holds what, repeatable (fields: ${LEDGER_FIELDS.join(', ')}, or ignore)`,
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--ledger-id <id>', 'names the ledger across file names, for "changed since the last run"')
    .option('--only-differences', 'with --json or --csv: only the rows that differ')
    .option(
      '--concurrency <n>',
      `lookups in flight at once (${BATCH_LIMITS.concurrency.min}-${BATCH_LIMITS.concurrency.max}, default ${BATCH_LIMITS.concurrency.default})`,
    )
    .option(
      '--rate <n>',
      `requests per second at most (${BATCH_LIMITS.ratePerSecond.min}-${BATCH_LIMITS.ratePerSecond.max}, default ${BATCH_LIMITS.ratePerSecond.default})`,
    )
    .option('--csv', 'print the run as CSV (spreadsheet formulas neutralised)')
    .addHelpText(
      'after',
      `
Columns are guessed from the header (deposit_id, "Deposit ID", "Id do depósito", invoice_id,
refund_id, cashout_id, external_id, amount/valor/monto, status/situação/estado,
currency/moeda/moneda) and remembered for ledgers with the same header; --map "Nosso ID=deposit_id"
names one. An invoice_id is resolved through the record index (paydesk search). Amounts may use
decimal commas ("1.234,56") or dots; a row without an id, with an amount that does not parse or a
status word Paydesk does not know is listed on stderr with its row number, never dropped.
Classes: match, status_differs (merchant_paid_service_not_completed, service_completed_not_released,
completed_then_rejected), amount_differs, currency_differs, not_found, duplicate_in_ledger,
lookup_failed. Runs are kept in the data folder; a run on the same ledger says what changed (a
kept run found damaged is moved aside, never used, and a note on stderr says so).
The ledger is a file or - for stdin, at most ${formatBytes(MAX_LEDGER_BYTES)}; from stdin, give --ledger-id
so that the next run on the same ledger can say what changed.
Exit codes: 0 all match; 1 some rows differ; 2 bad input (bad rows included); 3 some lookups could
not reach the service; 130 Ctrl-C.`,
    )
    .action(async (ledger: string, flags: ReconcileFlags) =>
      (await actions()).reconcile(context, ledger, flags),
    );
}
