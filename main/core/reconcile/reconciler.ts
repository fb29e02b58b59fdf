import { randomUUID } from 'node:crypto';
import {
  BATCH_LIMITS,
  type BatchSummary,
  type ConsoleError,
  type DamagedFileNote,
  type ReconcileProgress,
  type ReconcileRow,
  type ReconcileRowFilter,
  type ReconcileRowsPage,
  type ReconcileSummary,
  type Result,
} from '../../../shared/contract';
import { DIFFERING } from './classify';
import { concludeRun, progressOf } from './conclude';
import { reconcileCsv, reconcileCsvFileName } from './export-csv';
import type { LedgerEntry } from './ledger';
import { rememberMapping } from './mapping-store';
import { prepareLedger } from './prepare';
import type {
  PreparedLedger,
  ReconcileManagerOptions,
  ReconcileRequest,
  Run,
  StartOptions,
} from './run-model';
import { readRunRows } from './run-rows';
import type { StoredRun } from './run-schemas';
import { loadRun, setAsideRun } from './runs';

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

const failure = (kind: ConsoleError['kind'], message: string, field?: string): Result<never> => ({
  ok: false,
  error: { kind, message, ...(field !== undefined && { field }) },
});

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
    return prepareLedger(this.#options.dataDir, request);
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
      return concludeRun(this.#options, run, summary);
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
      return concludeRun(this.#options, run, summary);
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
