import { z } from 'zod';
import {
  BATCH_KINDS,
  BATCH_LIMITS,
  type BatchKind,
  type BatchParseResult,
  type BatchRow,
  type BatchSummary,
  type ErrorKind,
  type Result,
} from '../../shared/contract';
import { batchCsvHeader, batchCsvRows, parseBatchIds } from '../core/batch';
import { MAX_INPUT_BYTES } from './batch-commands';
import type { CommandContext } from './command-context';
import { invalidOption } from './command-context';
import { asJson, readInputText } from './input';
import { exitCodeFor, printable } from './output';
import type { CliSession } from './session';

/** What `paydesk batch` does (its definition and help: batch-commands.ts). */

const PAGE = BATCH_LIMITS.maxPageRows;
const UNREACHABLE: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'tls', 'outcome_unknown']);

const kindSchema = z.enum(BATCH_KINDS, { error: 'must be deposits, refunds or cashouts' });
const boundedInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export interface BatchFlags {
  concurrency?: string;
  rate?: string;
  csv?: boolean;
}

const invalid = invalidOption;

function option(
  value: string | undefined,
  field: string,
  min: number,
  max: number,
): Result<number | undefined> {
  if (value === undefined) return { ok: true, data: undefined };
  const parsed = boundedInt(min, max).safeParse(value);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : invalid(field, parsed.error.issues[0]?.message ?? 'is not valid');
}

/**
 * `--concurrency` and `--rate` of a command that runs the batch engine (batch, reconcile), checked
 * against BATCH_LIMITS; left out, the engine's defaults apply.
 */
export function paceOptions(flags: {
  concurrency?: string | undefined;
  rate?: string | undefined;
}): Result<{ concurrency?: number; ratePerSecond?: number }> {
  const concurrency = option(
    flags.concurrency,
    '--concurrency',
    BATCH_LIMITS.concurrency.min,
    BATCH_LIMITS.concurrency.max,
  );
  if (!concurrency.ok) return concurrency;
  const rate = option(flags.rate, '--rate', BATCH_LIMITS.ratePerSecond.min, BATCH_LIMITS.ratePerSecond.max);
  if (!rate.ok) return rate;
  return {
    ok: true,
    data: {
      ...(concurrency.data !== undefined && { concurrency: concurrency.data }),
      ...(rate.data !== undefined && { ratePerSecond: rate.data }),
    },
  };
}

/** The ids' file or stdin, refused past MAX_INPUT_BYTES before it can fill the memory. */
function readSource(source: string, stdin: CommandContext['io']['stdin']): Promise<Result<string>> {
  return readInputText(source, stdin, {
    maxBytes: MAX_INPUT_BYTES,
    field: 'source',
    advice: `split the ids into several files (at most ${BATCH_LIMITS.maxIds.toLocaleString('en-US')} ids a batch).`,
  });
}

/** What was wrong with the input, one line each, on stderr. */
function reportInput(parsed: BatchParseResult, write: (text: string) => void): void {
  for (const token of parsed.invalid) {
    write(
      `paydesk: invalid token ${printable(JSON.stringify(token.token))} (row ${token.row}): ${token.reason}\n`,
    );
  }
  if (parsed.invalidCount > parsed.invalid.length) {
    write(`paydesk: … and ${parsed.invalidCount - parsed.invalid.length} more invalid tokens\n`);
  }
  if (parsed.duplicateCount > 0) {
    const some = parsed.duplicates
      .slice(0, 5)
      .map((duplicate) => `${duplicate.id} ×${duplicate.occurrences}`);
    write(
      `paydesk: ${parsed.duplicateCount} duplicate ${parsed.duplicateCount === 1 ? 'id' : 'ids'} dropped (${some.join(', ')}${parsed.duplicates.length > 5 ? ', …' : ''})\n`,
    );
  }
}

/** Resolves with the batch's summary once it has stopped (done, cancelled, failed). */
function whenStopped(session: CliSession): {
  track: (batchId: string) => Promise<BatchSummary>;
  onProgress: (listener: (summary: BatchSummary) => void) => void;
  stop: () => void;
} {
  const seen = new Map<string, BatchSummary>();
  let waiting: { batchId: string; resolve: (summary: BatchSummary) => void } | undefined;
  let listener: ((summary: BatchSummary) => void) | undefined;
  const stop = session.events.on('batchProgress', (summary) => {
    seen.set(summary.batchId, summary);
    if (waiting?.batchId === summary.batchId) {
      listener?.(summary);
      if (summary.state !== 'running') waiting.resolve(summary);
    }
  });
  return {
    track: (batchId) =>
      new Promise((resolve) => {
        const known = seen.get(batchId);
        if (known && known.state !== 'running') return resolve(known);
        waiting = { batchId, resolve };
      }),
    onProgress: (next) => {
      listener = next;
    },
    stop,
  };
}

/** The batch's rows a page at a time, so that a 100,000-row batch is never held twice. */
async function* rowPages(session: CliSession, batchId: string): AsyncGenerator<Result<BatchRow[]>> {
  for (let offset = 0; ; offset += PAGE) {
    const page = await session.api.getBatchRows({ batchId, offset, limit: PAGE });
    yield page.ok ? { ok: true, data: page.data.rows } : page;
    if (!page.ok || offset + PAGE >= page.data.total) return;
  }
}

/** What the exit code needs to know of the rows, gathered page by page. */
interface RowTally {
  unreachable: boolean;
  notOk: boolean;
}

function tally(into: RowTally, rows: readonly BatchRow[]): void {
  for (const row of rows) {
    if (row.errorKind !== undefined && UNREACHABLE.has(row.errorKind)) into.unreachable = true;
    if (row.state !== 'ok') into.notOk = true;
  }
}

function rowLine(row: BatchRow): string {
  const cells = [row.id, row.state];
  if (row.state === 'ok') cells.push(row.status ?? '');
  if (row.state === 'failed') {
    cells.push(`${row.errorKind ?? 'failed'}${row.errorCode !== undefined ? ` ${row.errorCode}` : ''}`);
  }
  if (row.amount !== undefined)
    cells.push(`${row.amount}${row.currency !== undefined ? ` ${row.currency}` : ''}`);
  if (row.rejectionReason !== undefined) cells.push(row.rejectionReason);
  if (row.changed === 'changed') {
    cells.push(`changed (was ${row.previousStatus === null ? 'not found' : (row.previousStatus ?? '?')})`);
  } else if (row.changed !== null) cells.push(row.changed);
  return `${cells.map(printable).join('  ')}\n`;
}

function summaryLine(summary: BatchSummary): string {
  const since = summary.previousRunAt
    ? ` since the last run (${summary.previousRunAt})`
    : ' (no earlier run)';
  return `# ${summary.total} ids: ${summary.done - summary.failed} ok, ${summary.failed} failed, ${
    summary.total - summary.done
  } not looked up; ${summary.changed} changed, ${summary.new} new${since}; batch ${summary.state}\n`;
}

/** The CLI's table: unreachable lookups 3, bad input 2, refused or not found 1, else 0. */
function exitCode(summary: BatchSummary, rows: RowTally, parsed: BatchParseResult): number {
  if (summary.state === 'failed' && summary.error) return exitCodeFor(summary.error);
  if (summary.state === 'cancelled') return 130;
  if (rows.unreachable) return 3;
  if (parsed.invalidCount > 0) return 2;
  if (rows.notOk) return 1;
  return 0;
}

/** `paydesk batch <kind> <source>`. */
export async function batch(
  context: CommandContext,
  kindText: string,
  source: string,
  flags: BatchFlags,
): Promise<void> {
  const { io } = context;
  const kind = kindSchema.safeParse(kindText);
  if (!kind.success)
    return context.fail(invalid('kind', kind.error.issues[0]?.message ?? 'is not valid').error);
  if (flags.csv && context.json)
    return context.fail(invalid('--csv', 'give --csv or --json, not both').error);
  const pace = paceOptions(flags);
  if (!pace.ok) return context.fail(pace.error);
  const text = await readSource(source, io.stdin);
  if (!text.ok) return context.fail(text.error);
  const parsed = parseBatchIds(kind.data as BatchKind, text.data);
  if (!parsed.ok) return context.fail(parsed.error);
  reportInput(parsed.data, (line) => io.stderr.write(line));
  if (parsed.data.ids.length === 0) {
    return context.fail(invalid('source', 'holds no id to look up').error);
  }

  await context.withSession('read', async (session) => {
    const tracker = whenStopped(session);
    try {
      const started = await session.api.startBatch({
        kind: kind.data,
        ids: parsed.data.ids,
        ...pace.data,
      });
      if (!started.ok) return context.fail(await session.explain(started.error));
      const { batchId } = started.data;
      const tty = io.stderr.isTTY === true;
      if (tty) {
        tracker.onProgress((summary) =>
          io.stderr.write(
            `\rpaydesk batch: ${summary.done}/${summary.total} (${summary.failed} failed) ${summary.ratePerSecond}/s `,
          ),
        );
      }
      const onAbort = (): void => void session.api.cancelBatch({ batchId });
      io.signal?.addEventListener('abort', onAbort, { once: true });
      const summary = await tracker.track(batchId);
      io.signal?.removeEventListener('abort', onAbort);
      if (tty) io.stderr.write('\n');
      if (summary.previousRunSetAside) context.note(summary.previousRunSetAside.message);

      // CSV and text are written a page at a time; JSON is one document, so it is built whole.
      const rows: RowTally = { unreachable: false, notOk: false };
      const jsonRows: BatchRow[] = [];
      if (flags.csv) io.stdout.write(batchCsvHeader(kind.data));
      for await (const page of rowPages(session, batchId)) {
        if (!page.ok) return context.fail(page.error);
        tally(rows, page.data);
        if (flags.csv) io.stdout.write(batchCsvRows(kind.data, page.data));
        else if (context.json) jsonRows.push(...page.data);
        else for (const row of page.data) io.stdout.write(rowLine(row));
      }
      if (context.json) {
        const { ids: _ids, ...input } = parsed.data;
        context.print(asJson({ summary, input, rows: jsonRows }));
      } else if (!flags.csv) io.stdout.write(summaryLine(summary));
      if (summary.state === 'failed' && summary.error) context.fail(await session.explain(summary.error));
      context.exit(exitCode(summary, rows, parsed.data));
    } finally {
      tracker.stop();
    }
  });
}
