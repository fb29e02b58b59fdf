import { basename } from 'node:path';
import { z } from 'zod';
import {
  BATCH_KINDS,
  BATCH_LIMITS,
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
  parseMapOption,
  readLedgerFile,
  recordIndexInvoices,
  ReconcileManager,
} from '../core/reconcile';
import { STDIN_SOURCE } from '../core/storage/bounded-read';
import { paceOptions } from './batch-actions';
import type { CommandContext } from './command-context';
import { invalidOption } from './command-context';
import { asJson } from './input';
import { exitCodeFor, printable } from './output';

/** What `paydesk reconcile` does (its definition and help: reconcile-commands.ts). */

const kindSchema = z.enum(BATCH_KINDS, { error: 'must be deposits, refunds or cashouts' });

export interface ReconcileFlags {
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

/** `paydesk reconcile <ledger>`. */
export async function reconcile(
  context: CommandContext,
  ledger: string,
  flags: ReconcileFlags,
): Promise<void> {
  const { io } = context;
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
}
