import {
  BATCH_LIMITS,
  RECONCILE_CLASSES,
  type BatchRow,
  type BatchSummary,
  type ConsoleError,
  type DamagedFileNote,
  type ErrorKind,
  type ReconcileChanges,
  type ReconcileClass,
  type ReconcileProgress,
  type ReconcileState,
  type ReconcileSummary,
} from '../../../shared/contract';
import { storageError } from '../storage/storage-error';
import { classifyEntry, DIFFERING, TotalsBuilder } from './classify';
import type { ReconcileManagerOptions, Run } from './run-model';
import { RunRowsWriter, readRunRows } from './run-rows';
import type { StoredRun } from './run-schemas';
import { listRunsChecked, setAsideRun, writeRunSummary } from './runs';

/**
 * The end of a run: each entry classified against its batch row, the rows written as they are
 * classified, and "what changed" against the last finished run on the same ledger.
 */

const UNREACHABLE: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'tls', 'outcome_unknown']);
/** Batch rows fetched at once while classifying, and pages kept for rows that point back (duplicates). */
const PAGE = BATCH_LIMITS.maxPageRows;
const KEPT_PAGES = 4;

/**
 * The last finished run on the same ledger whose files all check out, and whether each of its
 * rows differed (by record and occurrence: a duplicate is its own row, never the first one's).
 * Damaged runs met on the way are moved aside and noted, and the next older run is tried, so
 * "what changed" is never worked out from a run read wrongly.
 */
async function comparableRun(
  options: ReconcileManagerOptions,
  run: Run,
): Promise<{
  previous: StoredRun | null;
  previousDiffering: Map<string, boolean>;
  setAside: DamagedFileNote[];
}> {
  const { dataDir } = options;
  const now = new Date(options.now());
  const listing = await listRunsChecked(dataDir, run.environmentId, now);
  const setAside = [...listing.setAside];
  for (const candidate of listing.runs) {
    const { summary } = candidate;
    if (summary.runId === run.runId || summary.ledgerKey !== run.ledgerKey) continue;
    if (summary.kind !== run.prepared.kind || summary.state !== 'done') continue;
    const previousDiffering = new Map<string, boolean>();
    const occurrences = new Map<string, number>();
    const checked = await readRunRows(
      dataDir,
      run.environmentId,
      summary.runId,
      (row) => {
        const key = occurrenceKey(occurrences, row.id);
        if (row.class !== 'lookup_failed') previousDiffering.set(key, DIFFERING.has(row.class));
      },
      summary,
    );
    if (checked.ok) return { previous: candidate, previousDiffering, setAside };
    setAside.push(
      await setAsideRun(dataDir, run.environmentId, summary.runId, 'rows', checked.reason, now, 'listed'),
    );
  }
  return { previous: null, previousDiffering: new Map(), setAside };
}

/** Classifies every entry against the batch's rows, writes them, and the summary after them. */
export async function concludeRun(
  options: ReconcileManagerOptions,
  run: Run,
  batch: BatchSummary,
): Promise<ReconcileSummary> {
  const { dataDir } = options;
  options.emit?.(progressOf(run.runId, batch, 'classifying'));
  const state: ReconcileState = batch.state === 'running' ? 'done' : batch.state;
  const counts = Object.fromEntries(RECONCILE_CLASSES.map((name) => [name, 0])) as Record<
    ReconcileClass,
    number
  >;
  const totals = new TotalsBuilder();
  let unreachable = 0;
  let error: ConsoleError | null = batch.state === 'failed' ? batch.error : null;

  const { previous, previousDiffering, setAside } = await comparableRun(options, run);
  const occurrences = new Map<string, number>();
  const currentKeys = new Set<string>();
  const changes: ReconcileChanges = {
    previousRunId: previous?.summary.runId ?? null,
    previousRunAt: previous?.summary.finishedAt ?? null,
    newlyDiffering: 0,
    stillOpen: 0,
    resolved: 0,
    gone: 0,
  };

  const pages = new Map<number, BatchRow[]>();
  const answerOf = async (index: number): Promise<BatchRow | undefined> => {
    const page = Math.floor(index / PAGE);
    let rows = pages.get(page);
    if (!rows) {
      const fetched = await options.lookups.rows({
        batchId: run.batchId,
        offset: page * PAGE,
        limit: PAGE,
      });
      // The batch was discarded meanwhile: its rows are unknown, so they count as not looked up.
      rows = fetched.ok ? fetched.data.rows : [];
      if (!fetched.ok) error ??= fetched.error;
      pages.set(page, rows);
      if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value as number);
    }
    return rows[index - page * PAGE];
  };

  const firstLine = new Map<string, number>();
  let writer: RunRowsWriter | undefined;
  try {
    writer = await RunRowsWriter.open(dataDir, run.environmentId, run.runId);
    for (const entry of run.entries) {
      const first = firstLine.get(entry.id);
      if (first === undefined) firstLine.set(entry.id, entry.line);
      const row = classifyEntry(entry, await answerOf(run.indexOfId.get(entry.id) as number), first);
      const key = occurrenceKey(occurrences, entry.id);
      currentKeys.add(key);
      if (row.class !== 'lookup_failed') {
        const before = previousDiffering.get(key);
        const differs = DIFFERING.has(row.class);
        if (differs) row.change = before === true ? 'still_open' : 'newly_differing';
        else if (before === true) row.change = 'resolved';
        if (row.change === 'newly_differing') changes.newlyDiffering += 1;
        if (row.change === 'still_open') changes.stillOpen += 1;
        if (row.change === 'resolved') changes.resolved += 1;
      } else if (row.errorKind !== undefined && UNREACHABLE.has(row.errorKind)) {
        unreachable += 1;
      }
      counts[row.class] += 1;
      totals.add(row);
      await writer.write(row);
    }
    await writer.close();
    writer = undefined;
  } catch (cause) {
    await writer?.discard();
    // Only the file system's failures are the run's; anything else is a bug and must surface.
    if (typeof (cause as NodeJS.ErrnoException | null)?.code !== 'string') throw cause;
    error ??= storageError('The reconciliation rows could not be saved', cause);
  }
  for (const [key, differed] of previousDiffering) if (differed && !currentKeys.has(key)) changes.gone += 1;

  const summary: ReconcileSummary = {
    runId: run.runId,
    environmentId: run.environmentId,
    kind: run.prepared.kind,
    ledgerName: run.prepared.request.ledgerName,
    ledgerKey: run.ledgerKey,
    state: error !== null && state === 'done' ? 'failed' : state,
    startedAt: run.startedAt,
    finishedAt: new Date(options.now()).toISOString(),
    ledgerRows: run.prepared.request.table.rows.length,
    badRows: run.badRows.length,
    mapping: run.prepared.mapping,
    decimalSeparator: run.prepared.decimalSeparator,
    counts,
    unreachable,
    totals: totals.totals(),
    changes,
    batchId: run.batchId,
    error,
    ...(setAside.length > 0 && { setAside }),
  };
  const saved = await writeRunSummary(dataDir, { summary, badRows: run.badRows });
  if (!saved.ok && summary.error === null) {
    summary.error = saved.error;
    summary.state = 'failed';
  }
  run.summary = summary;
  run.state = summary.state;
  options.emit?.({ ...progressOf(run.runId, batch, summary.state) });
  return summary;
}

export function progressOf(
  runId: string,
  batch: BatchSummary,
  phase: ReconcileProgress['phase'],
): ReconcileProgress {
  return {
    runId,
    phase,
    total: batch.total,
    done: batch.done,
    failed: batch.failed,
    ratePerSecond: batch.ratePerSecond,
    batchId: batch.batchId,
  };
}

/** `id#0` for a record's first row in the ledger, `id#1` for its second, and so on. */
function occurrenceKey(seen: Map<string, number>, id: string): string {
  const count = seen.get(id) ?? 0;
  seen.set(id, count + 1);
  return `${id}#${count}`;
}
