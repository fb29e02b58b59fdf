import { randomUUID } from 'node:crypto';
import {
  BATCH_LIMITS,
  RECONCILE_CLASSES,
  type BatchKind,
  type BatchRow,
  type BatchRowsPage,
  type BatchRowsQuery,
  type BatchStartInput,
  type BatchSummary,
  type ConsoleApi,
  type ConsoleError,
  type DamagedFileNote,
  type ErrorKind,
  type LedgerBadRow,
  type LedgerMapping,
  type ReconcileChanges,
  type ReconcileClass,
  type ReconcileProgress,
  type ReconcileRow,
  type ReconcileRowFilter,
  type ReconcileRowsPage,
  type ReconcileState,
  type ReconcileSummary,
  type Result,
} from '../../../shared/contract';
import type { ConsoleRecords } from '../console/records';
import type { DecimalSeparator } from './amount';
import { storageError } from '../storage/storage-error';
import { classifyEntry, DIFFERING, TotalsBuilder } from './classify';
import { reconcileCsv, reconcileCsvFileName } from './export-csv';
import { importLedger, type LedgerEntry, type LedgerTable } from './ledger';
import { applyOverride, guessMapping, kindFor, shapeKey, type MappingOverride } from './mapping';
import { rememberedMapping, rememberMapping } from './mapping-store';
import {
  listRunsChecked,
  loadRun,
  readRunRows,
  RunRowsWriter,
  setAsideRun,
  writeRunSummary,
  type StoredRun,
} from './runs';

/**
 * A reconciliation run: the ledger's rows resolved to ids, the ids looked up through the batch
 * engine (the same manager, rate cap, concurrency, progress, cancel and resume as batch lookups),
 * each row classified against its answer, the rows written to the run's file as they are
 * classified, and "what changed" computed against the last finished run on the same ledger.
 *
 * The manager speaks to the batches and the record index through two small ports, so the CLI
 * drives it over its console session and the app's main process can drive it for a screen: a run
 * id, typed progress events, results read page by page from the run's file.
 */

/** The batch engine as the console exposes it (ConsoleApi's batch channels and its progress event). */
export interface ReconcileLookups {
  start(input: BatchStartInput): Promise<Result<BatchSummary>>;
  cancel(batchId: string): Promise<unknown>;
  resume(batchId: string): Promise<Result<BatchSummary>>;
  rows(query: BatchRowsQuery): Promise<Result<BatchRowsPage>>;
  onProgress(listener: (summary: BatchSummary) => void): () => void;
}

/** The deposit id of an invoice id (record index); null when the index does not know it. */
export type InvoiceResolver = (invoiceId: string) => Promise<Result<string | null>>;

export function consoleLookups(
  api: Pick<ConsoleApi, 'batchStart' | 'batchCancel' | 'batchResume' | 'batchRows'>,
  onBatchProgress: (listener: (summary: BatchSummary) => void) => () => void,
): ReconcileLookups {
  return {
    start: (input) => api.batchStart(input),
    cancel: (batchId) => api.batchCancel({ batchId }),
    resume: (batchId) => api.batchResume({ batchId }),
    rows: (query) => api.batchRows(query),
    onProgress: onBatchProgress,
  };
}

/** Invoice ids through the record index: the deposit whose invoice id is exactly this one. */
export function recordIndexInvoices(records: Pick<ConsoleRecords, 'search'>): InvoiceResolver {
  return async (invoiceId) => {
    const found = await records.search({ text: invoiceId, kinds: ['deposit'], limit: 20 });
    if (!found.ok) return found;
    return { ok: true, data: found.data.find((record) => record.invoiceId === invoiceId)?.id ?? null };
  };
}

export interface ReconcileManagerOptions {
  dataDir: string;
  now: () => number;
  lookups: ReconcileLookups;
  invoices: InvoiceResolver;
  emit?: (progress: ReconcileProgress) => void;
}

export interface ReconcileRequest {
  /** The ledger's file name (shown, and part of "the same ledger"). */
  ledgerName: string;
  table: LedgerTable;
  kind?: BatchKind;
  map?: MappingOverride;
  /** Names the ledger across file names (otherwise: the file name and the header shape). */
  ledgerId?: string;
}

export interface PreparedLedger {
  request: ReconcileRequest;
  kind: BatchKind;
  mapping: LedgerMapping;
  shape: string;
  entries: LedgerEntry[];
  badRows: LedgerBadRow[];
  decimalSeparator: DecimalSeparator;
}

export interface StartOptions {
  concurrency?: number;
  ratePerSecond?: number;
}

interface Run {
  runId: string;
  prepared: PreparedLedger;
  ledgerKey: string;
  /** Entries with an id, in ledger order. */
  entries: Array<LedgerEntry & { id: string }>;
  badRows: LedgerBadRow[];
  ids: string[];
  indexOfId: Map<string, number>;
  batchId: string;
  environmentId: string;
  startedAt: string;
  state: ReconcileState;
  summary: ReconcileSummary | null;
  finished: Promise<ReconcileSummary>;
}

const failure = (kind: ConsoleError['kind'], message: string, field?: string): Result<never> => ({
  ok: false,
  error: { kind, message, ...(field !== undefined && { field }) },
});

const UNREACHABLE: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'tls', 'outcome_unknown']);
/** Batch rows fetched at once while classifying, and pages kept for rows that point back (duplicates). */
const PAGE = BATCH_LIMITS.maxPageRows;
const KEPT_PAGES = 4;

export class ReconcileManager {
  readonly #options: ReconcileManagerOptions;
  readonly #runs = new Map<string, Run>();

  constructor(options: ReconcileManagerOptions) {
    this.#options = options;
  }

  /**
   * Reads the ledger's rows with the mapping to use: `--map` over the one remembered for this
   * header shape, over the guess. Nothing is looked up yet; the bad rows are known here.
   */
  async prepare(request: ReconcileRequest): Promise<Result<PreparedLedger>> {
    const { header } = request.table;
    const shape = shapeKey(header);
    const remembered = await rememberedMapping(this.#options.dataDir, shape);
    const guess = guessMapping(header, request.kind);
    const useRemembered =
      remembered !== null && (request.kind === undefined || remembered.kind === request.kind);
    const mapping = applyOverride(
      header,
      useRemembered ? remembered.mapping : guess.mapping,
      request.map ?? {},
    );
    if (!mapping.ok) return mapping;
    const kind = kindFor(
      mapping.data,
      request.kind ?? (useRemembered ? remembered.kind : (guess.kind ?? undefined)),
    );
    if (!kind.ok) return kind;
    const imported = importLedger(request.table, mapping.data, kind.data);
    return {
      ok: true,
      data: {
        request,
        kind: kind.data,
        mapping: mapping.data,
        shape,
        entries: imported.entries,
        badRows: imported.badRows,
        decimalSeparator: imported.decimalSeparator,
      },
    };
  }

  /**
   * Resolves invoice ids, starts the lookups and answers once they are under way (a refusal to
   * start, such as missing credentials, is the answer). `finished(runId)` resolves at the end.
   */
  async start(prepared: PreparedLedger, options: StartOptions = {}): Promise<Result<{ runId: string }>> {
    const runId = randomUUID();
    const startedAt = new Date(this.#options.now()).toISOString();
    this.#emit({ runId, phase: 'resolving', total: 0, done: 0, failed: 0, ratePerSecond: 0, batchId: null });
    const badRows = [...prepared.badRows];
    const entries: Array<LedgerEntry & { id: string }> = [];
    for (const entry of prepared.entries) {
      if (entry.id !== undefined) {
        entries.push({ ...entry, id: entry.id });
        continue;
      }
      const invoiceId = entry.invoiceId ?? '';
      const resolved = await this.#options.invoices(invoiceId);
      if (!resolved.ok) {
        badRows.push({
          line: entry.line,
          reason: `invoice_id "${invoiceId}": ${resolved.error.message}`,
          // The index's own error says why in the user's language when it has a key.
          text: resolved.error.text ?? { key: 'ledgerRow.invoiceLookupFailed' },
          field: 'invoice_id',
          value: invoiceId,
        });
      } else if (resolved.data === null) {
        badRows.push({
          line: entry.line,
          reason: `invoice_id "${invoiceId}" is not in the record index: look the deposit up once, or give its deposit_id`,
          text: { key: 'ledgerRow.invoiceNotIndexed' },
          field: 'invoice_id',
          value: invoiceId,
        });
      } else {
        entries.push({ ...entry, id: resolved.data });
      }
    }
    badRows.sort((a, b) => a.line - b.line);
    const ids: string[] = [];
    const indexOfId = new Map<string, number>();
    for (const entry of entries) {
      if (indexOfId.has(entry.id)) continue;
      indexOfId.set(entry.id, ids.length);
      ids.push(entry.id);
    }
    if (ids.length === 0) return failure('validation', 'ledger: no row names a record to look up.', 'ledger');
    if (ids.length > BATCH_LIMITS.maxIds) {
      return failure(
        'validation',
        `ledger: at most ${BATCH_LIMITS.maxIds} distinct records per run.`,
        'ledger',
      );
    }

    const seen = new Map<string, BatchSummary>();
    let waiting: { batchId: string; resolve: (summary: BatchSummary) => void } | undefined;
    /** Set once the batch has started: its progress, as the run's. */
    const relay: { forward?: (summary: BatchSummary) => void } = {};
    const stop = this.#options.lookups.onProgress((summary) => {
      seen.set(summary.batchId, summary);
      if (waiting?.batchId !== summary.batchId) return;
      relay.forward?.(summary);
      if (summary.state !== 'running') waiting.resolve(summary);
    });
    const stopped = (batchId: string): Promise<BatchSummary> =>
      new Promise((resolve) => {
        const known = seen.get(batchId);
        seen.delete(batchId);
        if (known && known.state !== 'running') return resolve(known);
        waiting = { batchId, resolve };
      });

    const started = await this.#options.lookups.start({
      kind: prepared.kind,
      ids,
      keepAsLastRun: false,
      ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
      ...(options.ratePerSecond !== undefined && { ratePerSecond: options.ratePerSecond }),
    });
    if (!started.ok) {
      stop();
      return started;
    }
    const remembered = await rememberMapping(
      this.#options.dataDir,
      prepared.shape,
      { kind: prepared.kind, mapping: prepared.mapping },
      this.#options.now(),
    );
    void remembered; // a mapping that could not be remembered is asked for again next time; the run goes on

    const { batchId, environmentId } = started.data;
    const run: Run = {
      runId,
      prepared,
      ledgerKey: prepared.request.ledgerId
        ? `id:${prepared.request.ledgerId}`
        : `file:${prepared.request.ledgerName}|${prepared.shape}`,
      entries,
      badRows,
      ids,
      indexOfId,
      batchId,
      environmentId,
      startedAt,
      state: 'running',
      summary: null,
      finished: Promise.resolve(null as never),
    };
    relay.forward = (summary) => this.#emit(progressOf(runId, summary, 'looking_up'));
    relay.forward(started.data);
    run.finished = stopped(batchId).then(async (summary) => {
      stop();
      return this.#conclude(run, summary);
    });
    this.#runs.set(runId, run);
    return { ok: true, data: { runId } };
  }

  /** The run's summary once it has stopped (done, cancelled, failed). */
  async finished(runId: string): Promise<Result<ReconcileSummary>> {
    const run = this.#runs.get(runId);
    return run ? { ok: true, data: await run.finished } : notFound();
  }

  /** Stops the lookups; what was answered is classified, the rest is `lookup_failed`. */
  async cancel(runId: string): Promise<Result<{ cancelled: boolean }>> {
    const run = this.#runs.get(runId);
    if (!run) return notFound();
    if (run.state !== 'running') return { ok: true, data: { cancelled: false } };
    await this.#options.lookups.cancel(run.batchId);
    return { ok: true, data: { cancelled: true } };
  }

  /** Looks up again what a cancelled or failed run did not get, then classifies the whole run again. */
  async resume(runId: string): Promise<Result<{ runId: string }>> {
    const run = this.#runs.get(runId);
    if (!run) return notFound();
    if (run.state === 'running') return { ok: true, data: { runId } };
    let waiting: ((summary: BatchSummary) => void) | undefined;
    const stop = this.#options.lookups.onProgress((summary) => {
      if (summary.batchId !== run.batchId) return;
      this.#emit(progressOf(runId, summary, 'looking_up'));
      if (summary.state !== 'running') waiting?.(summary);
    });
    const resumed = await this.#options.lookups.resume(run.batchId);
    if (!resumed.ok) {
      stop();
      return resumed;
    }
    run.state = 'running';
    run.finished = new Promise<BatchSummary>((resolve) => {
      waiting = resolve;
    }).then(async (summary) => {
      stop();
      return this.#conclude(run, summary);
    });
    return { ok: true, data: { runId } };
  }

  /**
   * A kept run (this process's, or one read from the data folder). One whose file fails its checks
   * is moved aside and answered as a `storage` error that says so.
   */
  async run(runId: string, environmentId?: string): Promise<Result<StoredRun>> {
    const live = this.#runs.get(runId);
    if (live?.summary) return { ok: true, data: { summary: live.summary, badRows: live.badRows } };
    const env = environmentId ?? live?.environmentId;
    if (env === undefined) return notFound();
    const loaded = await loadRun(this.#options.dataDir, env, runId, new Date(this.#options.now()));
    if (loaded.setAside) return damaged(loaded.setAside);
    return loaded.run ? { ok: true, data: loaded.run } : notFound();
  }

  /** Rows of a finished run, filtered, a page at a time (read from its file). */
  async rows(query: {
    runId: string;
    environmentId?: string;
    offset: number;
    limit: number;
    filter?: ReconcileRowFilter;
  }): Promise<Result<ReconcileRowsPage>> {
    const found = await this.run(query.runId, query.environmentId);
    if (!found.ok) return found;
    const filter = query.filter ?? 'all';
    const limit = Math.min(Math.max(1, query.limit), BATCH_LIMITS.maxPageRows);
    const rows: ReconcileRow[] = [];
    let total = 0;
    const read = await this.#rowsOf(found.data, (row) => {
      if (!wanted(filter, row)) return;
      if (total >= query.offset && rows.length < limit) rows.push(row);
      total += 1;
    });
    if (!read.ok) return read;
    return { ok: true, data: { runId: query.runId, filter, offset: query.offset, total, rows } };
  }

  async exportCsv(
    runId: string,
    which: 'all' | 'differences',
    environmentId?: string,
  ): Promise<Result<{ fileName: string; csv: string }>> {
    const found = await this.run(runId, environmentId);
    if (!found.ok) return found;
    const { summary } = found.data;
    const rows: ReconcileRow[] = [];
    const read = await this.#rowsOf(found.data, (row) => {
      if (which === 'all' || DIFFERING.has(row.class)) rows.push(row);
    });
    if (!read.ok) return read;
    return {
      ok: true,
      data: {
        fileName: reconcileCsvFileName(summary.kind, summary.environmentId, this.#options.now(), which),
        csv: reconcileCsv(rows),
      },
    };
  }

  /**
   * Every row of a run to `visit`; a rows file that fails its checks is moved aside with its
   * summary and answered as a `storage` error, and what `visit` was given must be dropped. The
   * count is checked only for runs read back from the folder: this process's own run may be
   * writing new rows (a resume) while its summary is still the one before.
   */
  async #rowsOf(run: StoredRun, visit: (row: ReconcileRow) => void): Promise<Result<void>> {
    const { runId, environmentId } = run.summary;
    const live = this.#runs.has(runId);
    const checked = await readRunRows(
      this.#options.dataDir,
      environmentId,
      runId,
      visit,
      live ? undefined : run.summary,
    );
    if (checked.ok) return { ok: true, data: undefined };
    const now = new Date(this.#options.now());
    return damaged(
      await setAsideRun(this.#options.dataDir, environmentId, runId, 'rows', checked.reason, now, 'needed'),
    );
  }

  #emit(progress: ReconcileProgress): void {
    this.#options.emit?.(progress);
  }

  /**
   * The last finished run on the same ledger whose files all check out, and whether each of its
   * rows differed (by record and occurrence: a duplicate is its own row, never the first one's).
   * Damaged runs met on the way are moved aside and noted, and the next older run is tried, so
   * "what changed" is never worked out from a run read wrongly.
   */
  async #comparable(run: Run): Promise<{
    previous: StoredRun | null;
    previousDiffering: Map<string, boolean>;
    setAside: DamagedFileNote[];
  }> {
    const { dataDir } = this.#options;
    const now = new Date(this.#options.now());
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
  async #conclude(run: Run, batch: BatchSummary): Promise<ReconcileSummary> {
    const { dataDir } = this.#options;
    this.#emit(progressOf(run.runId, batch, 'classifying'));
    const state: ReconcileState = batch.state === 'running' ? 'done' : batch.state;
    const counts = Object.fromEntries(RECONCILE_CLASSES.map((name) => [name, 0])) as Record<
      ReconcileClass,
      number
    >;
    const totals = new TotalsBuilder();
    let unreachable = 0;
    let error: ConsoleError | null = batch.state === 'failed' ? batch.error : null;

    const { previous, previousDiffering, setAside } = await this.#comparable(run);
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
        const fetched = await this.#options.lookups.rows({
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
      finishedAt: new Date(this.#options.now()).toISOString(),
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
    this.#emit({ ...progressOf(run.runId, batch, summary.state) });
    return summary;
  }
}

function progressOf(
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

function wanted(filter: ReconcileRowFilter, row: ReconcileRow): boolean {
  if (filter === 'all') return true;
  if (filter === 'differences') return DIFFERING.has(row.class);
  return row.class === filter;
}

/** A run that was needed and found damaged: moved aside, and said so as a `storage` error. */
function damaged(note: DamagedFileNote): Result<never> {
  return { ok: false, error: { kind: 'storage', message: note.message, text: note.text } };
}

function notFound(): Result<never> {
  return failure('not_found', 'There is no such reconciliation run (it may have been removed).', 'runId');
}
