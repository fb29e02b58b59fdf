import type { Command } from 'commander';
import { basename } from 'node:path';
import { z } from 'zod';
import {
  BATCH_KINDS,
  BATCH_LIMITS,
  LEDGER_FIELDS,
  RECONCILE_CLASSES,
  type ConsoleError,
  type LedgerBadRow,
  type ReconcileRow,
  type ReconcileSummary,
} from '../../shared/contract';
import { resolveDataDir } from '../core/data-dir';
import {
  consoleLookups,
  DIFFERING,
  MAX_LEDGER_BYTES,
  parseMapOption,
  readLedgerFile,
  recordIndexInvoices,
  ReconcileManager,
} from '../core/reconcile';
import { formatBytes, STDIN_SOURCE } from '../core/storage/bounded-read';
import { paceOptions } from './batch-commands';
import { asJson } from './input';
import { exitCodeFor, printable } from './output';
import type { CommandContext } from './program';
import { invalidOption } from './command-context';

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

const kindSchema = z.enum(BATCH_KINDS, { error: 'must be deposits, refunds or cashouts' });

interface ReconcileFlags {
  kind?: string;
  map: string[];
  ledgerId?: string;
  onlyDifferences?: boolean;
  concurrency?: string;
  rate?: string;
  csv?: boolean;
}

const invalid = (field: string, message: string): ConsoleError => invalidOption(field, message).error;

const money = (amount: number | undefined, currency: string | undefined): string =>
  amount === undefined ? '?' : `${amount}${currency !== undefined ? ` ${currency}` : ''}`;

function rowLine(row: ReconcileRow): string {
  const cells = [`row ${row.line}`, row.id, row.moneyCase ? `${row.class}/${row.moneyCase}` : row.class];
  if (row.class === 'lookup_failed' || row.class === 'not_found') {
    cells.push(row.errorMessage ?? row.errorKind ?? '');
  } else {
    cells.push(
      `ledger ${row.ledgerStatus ?? '-'} ${money(row.ledgerAmount, row.ledgerCurrency)}`,
      `service ${row.serviceStatus ?? '-'} ${money(row.serviceAmount, row.serviceCurrency)}`,
    );
  }
  if (row.duplicateOfLine !== undefined) cells.push(`same record as row ${row.duplicateOfLine}`);
  if (row.atStake !== 0) cells.push(`at stake ${money(row.atStake, row.stakeCurrency)}`);
  if (row.change !== undefined) cells.push(row.change.replace('_', ' '));
  return `${cells.map(printable).join('  ')}\n`;
}

function summaryLines(summary: ReconcileSummary): string {
  const counts = RECONCILE_CLASSES.filter((name) => summary.counts[name] > 0)
    .map((name) => `${summary.counts[name]} ${name}`)
    .join(', ');
  const lines = [
    `# ${summary.ledgerRows} ledger rows: ${counts || 'none reconciled'}; ${summary.badRows} bad rows; run ${summary.runId} ${summary.state}`,
  ];
  for (const total of summary.totals) {
    if (total.class === 'match') continue;
    const name = total.moneyCase ? `${total.class}/${total.moneyCase}` : total.class;
    lines.push(
      `# ${name}${total.currency ? ` ${total.currency}` : ''}: ${total.count} rows, ${total.atStake} at stake`,
    );
  }
  const { changes } = summary;
  lines.push(
    changes.previousRunId === null
      ? '# no earlier run on this ledger'
      : `# since the last run (${changes.previousRunAt ?? '?'}): ${changes.newlyDiffering} newly differing, ${changes.stillOpen} still open, ${changes.resolved} resolved, ${changes.gone} no longer in the ledger`,
  );
  return `${lines.map(printable).join('\n')}\n`;
}

function badRowLine(row: LedgerBadRow): string {
  return `paydesk: ledger row ${row.line}: ${printable(row.reason)}\n`;
}

/** The batch command's table, read off the run: a stop's own code, Ctrl-C, unreachable, bad input, differences. */
function reconcileExitCode(summary: ReconcileSummary): number {
  if (summary.state === 'failed' && summary.error) return exitCodeFor(summary.error);
  if (summary.state === 'cancelled') return 130;
  if (summary.unreachable > 0) return 3;
  if (summary.badRows > 0) return 2;
  const differing = RECONCILE_CLASSES.some(
    (name) => (DIFFERING.has(name) || name === 'lookup_failed') && summary.counts[name] > 0,
  );
  return differing ? 1 : 0;
}

export function describeReconcileCommands(program: Command, context: CommandContext): void {
  const { io } = context;
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
    .action(async (ledger: string, flags: ReconcileFlags) => {
      const kind = flags.kind === undefined ? undefined : kindSchema.safeParse(flags.kind);
      if (kind && !kind.success)
        return context.fail(invalid('--kind', kind.error.issues[0]?.message ?? 'is not valid'));
      if (flags.csv && context.json) return context.fail(invalid('--csv', 'give --csv or --json, not both'));
      const map = parseMapOption(flags.map);
      if (!map.ok) return context.fail(map.error);
      const pace = paceOptions(flags);
      if (!pace.ok) return context.fail(pace.error);
      const table = await readLedgerFile(ledger, io.stdin);
      if (!table.ok) return context.fail(table.error);
      // "The same ledger" is its file name and header; stdin has no name, so --ledger-id names it.
      const ledgerName = ledger === STDIN_SOURCE ? 'stdin' : basename(ledger);

      await context.withSession('read', async (session) => {
        const tty = io.stderr.isTTY === true;
        const manager = new ReconcileManager({
          dataDir: resolveDataDir(io.env),
          now: Date.now,
          lookups: consoleLookups(session.api, (listener) => session.events.on('batchProgress', listener)),
          invoices: recordIndexInvoices(session.records),
          emit: (progress) => {
            if (tty && progress.phase === 'looking_up') {
              io.stderr.write(
                `\rpaydesk reconcile: ${progress.done}/${progress.total} looked up (${progress.failed} failed) ${progress.ratePerSecond}/s `,
              );
            }
          },
        });
        const prepared = await manager.prepare({
          ledgerName,
          table: table.data,
          ...(kind?.success && { kind: kind.data }),
          map: map.data,
          ...(flags.ledgerId !== undefined && { ledgerId: flags.ledgerId }),
        });
        if (!prepared.ok) return context.fail(prepared.error);
        const started = await manager.start(prepared.data, pace.data);
        if (!started.ok) {
          for (const row of prepared.data.badRows) io.stderr.write(badRowLine(row));
          return context.fail(await session.explain(started.error));
        }
        const { runId } = started.data;
        const onAbort = (): void => void manager.cancel(runId);
        io.signal?.addEventListener('abort', onAbort, { once: true });
        const finished = await manager.finished(runId);
        io.signal?.removeEventListener('abort', onAbort);
        if (tty) io.stderr.write('\n');
        if (!finished.ok) return context.fail(finished.error);
        const summary = finished.data;
        for (const note of summary.setAside ?? []) context.note(note.message);
        const run = await manager.run(runId);
        const badRows = run.ok ? run.data.badRows : prepared.data.badRows;
        for (const row of badRows) io.stderr.write(badRowLine(row));

        const filter = flags.onlyDifferences ? 'differences' : 'all';
        if (flags.csv) {
          const csv = await manager.exportCsv(runId, flags.onlyDifferences ? 'differences' : 'all');
          if (!csv.ok) return context.fail(csv.error);
          io.stdout.write(csv.data.csv);
        } else {
          const rows: ReconcileRow[] = [];
          for (let offset = 0; ; offset += BATCH_LIMITS.maxPageRows) {
            const page = await manager.rows({
              runId,
              offset,
              limit: BATCH_LIMITS.maxPageRows,
              filter: context.json ? filter : 'all',
            });
            if (!page.ok) return context.fail(page.error);
            rows.push(...page.data.rows);
            if (offset + BATCH_LIMITS.maxPageRows >= page.data.total) break;
          }
          if (context.json) {
            context.print(asJson({ summary, badRows, rows }));
          } else {
            for (const row of rows) if (row.class !== 'match') io.stdout.write(rowLine(row));
            io.stdout.write(summaryLines(summary));
          }
        }
        if (summary.state === 'failed' && summary.error) context.fail(await session.explain(summary.error));
        context.exit(reconcileExitCode(summary));
      });
    });
}
