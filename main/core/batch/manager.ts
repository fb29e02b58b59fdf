import { randomUUID } from 'node:crypto';
import {
  BATCH_LIMITS,
  type BatchKind,
  type BatchParseResult,
  type BatchRow,
  type BatchRowFilter,
  type BatchRowsPage,
  type BatchRowsQuery,
  type BatchStartInput,
  type BatchSummary,
  type ConsoleError,
  type DamagedFileNote,
  type MessageText,
  type Result,
} from '../../../shared/contract';
import type { PaymentsClient } from '../payments';
import { BatchEngine, snapshotStatus, type BatchEngineOptions } from './engine';
import { batchCsv, batchCsvFileName } from './export-csv';
import { checkIdToken, parseBatchIds } from './ids';
import { readLastRun, writeLastRun } from './last-run';
import {
  CHECKPOINT_MS,
  readSavedRuns,
  restoredStop,
  SavedRunFile,
  type SavedRun,
  type SavedStop,
} from './saved-runs';
import { lookupFor, type Lookup } from './lookups';

/**
 * The batches of one console runtime: started against the environment active at the time (its
 * client, so its credentials and its clock), kept in memory (BATCH_LIMITS.maxKeptBatches, the
 * oldest stopped one dropped first), answered by pages for a virtualised table, exported as CSV.
 * Progress goes out as `batchProgress` events: at most every PROGRESS_EVERY_MS while running, and
 * at once on every change of state.
 */

const PROGRESS_EVERY_MS = 200;
/** Answered rows handed to the record index at once: one write per page, not one per row. */
export const OBSERVE_PAGE_ROWS = 500;

/** The environment a batch runs against, as the console resolves it. */
export interface BatchTarget {
  environmentId: string;
  client: PaymentsClient;
  /**
   * The base URL its profile names (not the client's: the embedded sandbox's port changes each
   * run), so a batch kept across a restart resumes only where it was started.
   */
  baseUrl?: string;
}

export interface BatchManagerOptions {
  dataDir: string;
  /** Epoch ms (start and finish times). */
  now: () => number;
  /** The active environment's connection, at start and on resume. */
  activeTarget: () => Promise<Result<BatchTarget>>;
  emit: (summary: BatchSummary) => void;
  /** Answered rows, a page at a time and once more when the batch stops (the record index). */
  observe?: (environmentId: string, kind: BatchKind, rows: readonly BatchRow[]) => void;
  /** A deposit's currency as the record index knows it, for refund rows (undefined: unknown). */
  depositCurrency?: (environmentId: string, depositId: number) => Promise<string | undefined>;
  /**
   * Keep the user's batches with ids left in the data folder and bring them back stopped after a
   * restart (saved-runs.ts). The app and the browser build do; a CLI command lives for one batch.
   */
  keepUnfinished?: boolean;
}

interface Batch {
  batchId: string;
  kind: BatchKind;
  environmentId: string;
  /** null for a batch an earlier runtime kept, until it is resumed on this runtime's client. */
  client: PaymentsClient | null;
  baseUrl: string | null;
  /** Gives a kept batch's engine the client it resumes on. */
  bind: (client: PaymentsClient) => void;
  engine: BatchEngine;
  /** The last finished run's statuses the rows compare with (kept with the batch). */
  previous: ReadonlyMap<string, string | null> | null;
  /** Its file in the data folder while it has ids left; null when not kept (a reconciliation's). */
  saved: SavedRunFile | null;
  checkpointTimer: NodeJS.Timeout | undefined;
  startedAt: string;
  finishedAt: string | null;
  previousRunAt: string | null;
  /** The last run's file failed its checks and was moved aside (told in every summary). */
  previousRunSetAside: DamagedFileNote | undefined;
  lastEmitAt: number;
  emitTimer: NodeJS.Timeout | undefined;
  /** The state last announced, so a change of state is sent at once. */
  announcedState: string;
  /** `done` is announced only once the last-run file is written, so a next batch compares with it. */
  lastRunSaved: boolean;
  /** False: a reconciliation's lookups, which never become the last run (BatchStartInput). */
  keepAsLastRun: boolean;
  /** Answered rows not yet handed to `observe`. */
  unobserved: BatchRow[];
}

const failure = (
  kind: ConsoleError['kind'],
  message: string,
  field?: string,
  text?: MessageText,
): Result<never> => ({
  ok: false,
  error: { kind, message, ...(field !== undefined && { field }), ...(text !== undefined && { text }) },
});

const matches: Record<BatchRowFilter, (row: BatchRow | undefined) => boolean> = {
  all: () => true,
  ok: (row) => row?.state === 'ok',
  failed: (row) => row?.state === 'failed',
  pending: (row) => row === undefined,
  changed: (row) => row?.changed === 'changed',
  new: (row) => row?.changed === 'new',
};

export class BatchManager {
  readonly #options: BatchManagerOptions;
  /** In start order. */
  #batches = new Map<string, Batch>();
  #closed = false;
  readonly #restoring: Promise<void>;

  constructor(options: BatchManagerOptions) {
    this.#options = options;
    this.#restoring = options.keepUnfinished ? this.#restore() : Promise.resolve();
  }

  /** Resolves once the batches an earlier runtime kept are listed (at once when none are kept). */
  restored(): Promise<void> {
    return this.#restoring;
  }

  parse(kind: BatchKind, text: string): Result<BatchParseResult> {
    return parseBatchIds(kind, text);
  }

  async start(input: BatchStartInput): Promise<Result<BatchSummary>> {
    if (this.#closed)
      return failure('internal', 'The console is closed.', undefined, { key: 'batch.closed' });
    const ids = checkIds(input.kind, input.ids);
    if (!ids.ok) return ids;
    if (this.#tooManyRunning()) return this.#tooManyRunningFailure();
    const target = await this.#options.activeTarget();
    if (!target.ok) return target;
    const { environmentId, client, baseUrl } = target.data;
    const { lastRun, setAside } = await readLastRun(
      this.#options.dataDir,
      environmentId,
      input.kind,
      new Date(this.#options.now()),
    );
    // Checked again: another start may have gone ahead while this one waited.
    if (this.#tooManyRunning()) return this.#tooManyRunningFailure();
    if (this.#closed)
      return failure('internal', 'The console is closed.', undefined, { key: 'batch.closed' });

    const batchId = randomUUID();
    const previous = lastRun?.statuses ?? null;
    const engine = this.#engineFor(batchId, {
      ids: ids.data,
      lookup: this.#lookup(client, input.kind, environmentId),
      concurrency: input.concurrency ?? BATCH_LIMITS.concurrency.default,
      ratePerSecond: input.ratePerSecond ?? BATCH_LIMITS.ratePerSecond.default,
      previous,
    });
    const keepAsLastRun = input.keepAsLastRun ?? true;
    const batch: Batch = {
      batchId,
      kind: input.kind,
      environmentId,
      client,
      baseUrl: baseUrl ?? null,
      bind: () => undefined,
      engine,
      previous,
      // A reconciliation keeps its own run (main/core/reconcile): its lookups are not kept here.
      saved:
        this.#options.keepUnfinished && keepAsLastRun
          ? new SavedRunFile(this.#options.dataDir, batchId)
          : null,
      checkpointTimer: undefined,
      startedAt: new Date(this.#options.now()).toISOString(),
      finishedAt: null,
      previousRunAt: lastRun?.finishedAt ?? null,
      previousRunSetAside: setAside,
      lastEmitAt: 0,
      emitTimer: undefined,
      announcedState: 'idle',
      lastRunSaved: false,
      keepAsLastRun,
      unobserved: [],
    };
    this.#batches.set(batchId, batch);
    this.#evict();
    this.#run(batch);
    return { ok: true, data: this.#summary(batch) };
  }

  /** An engine whose progress goes to the batch `batchId` (announced, observed). */
  #engineFor(
    batchId: string,
    options: Pick<
      BatchEngineOptions,
      'ids' | 'lookup' | 'concurrency' | 'ratePerSecond' | 'previous' | 'restored'
    >,
  ): BatchEngine {
    return new BatchEngine({
      ...options,
      onUpdate: () => {
        const batch = this.#batches.get(batchId);
        if (batch) this.#announce(batch);
      },
      ...(this.#options.observe && {
        onSettle: (row: BatchRow) => {
          const batch = this.#batches.get(batchId);
          if (!batch || row.state !== 'ok') return;
          batch.unobserved.push(row);
          if (batch.unobserved.length >= OBSERVE_PAGE_ROWS) this.#observe(batch);
        },
      }),
    });
  }

  /** The batches an earlier runtime kept, listed stopped (older than any started meanwhile). */
  async #restore(): Promise<void> {
    const runs = await readSavedRuns(this.#options.dataDir, new Date(this.#options.now()));
    const restored = new Map<string, Batch>();
    for (const run of runs) {
      if (this.#closed || this.#batches.has(run.batchId)) continue;
      restored.set(run.batchId, this.#restoredBatch(run));
    }
    if (restored.size === 0) return;
    this.#batches = new Map([...restored, ...this.#batches]);
    this.#evict();
    for (const batch of restored.values()) {
      if (this.#batches.has(batch.batchId) && !this.#closed) this.#options.emit(this.#summary(batch));
    }
  }

  #restoredBatch(run: SavedRun): Batch {
    let lookup: Lookup | null = null;
    const engine = this.#engineFor(run.batchId, {
      ids: run.ids,
      // Bound to this runtime's client when resumed (resume checks the environment first).
      lookup: (id, signal) => (lookup ? lookup(id, signal) : Promise.resolve(notBound())),
      concurrency: run.concurrency,
      ratePerSecond: run.ratePerSecond,
      previous: run.previous,
      restored: { rows: run.rows, stop: restoredStop(run.stop) },
    });
    const batch: Batch = {
      batchId: run.batchId,
      kind: run.kind,
      environmentId: run.environmentId,
      client: null,
      baseUrl: run.baseUrl,
      bind: (client) => {
        lookup = this.#lookup(client, run.kind, run.environmentId);
        batch.client = client;
      },
      engine,
      previous: run.previous,
      saved: new SavedRunFile(this.#options.dataDir, run.batchId),
      checkpointTimer: undefined,
      startedAt: run.startedAt,
      finishedAt: null,
      previousRunAt: run.previousRunAt,
      previousRunSetAside: undefined,
      lastEmitAt: 0,
      emitTimer: undefined,
      announcedState: engine.state,
      lastRunSaved: true,
      keepAsLastRun: true,
      unobserved: [],
    };
    return batch;
  }

  cancel(batchId: string): Result<BatchSummary> {
    const batch = this.#batches.get(batchId);
    if (!batch) return notFound();
    batch.engine.cancel('user');
    return { ok: true, data: this.#summary(batch) };
  }

  async resume(batchId: string): Promise<Result<BatchSummary>> {
    await this.#restoring;
    const batch = this.#batches.get(batchId);
    if (!batch) return notFound();
    if (batch.engine.state === 'running') return { ok: true, data: this.#summary(batch) };
    if (!batch.engine.resumable()) {
      return failure(
        'invalid_state',
        'Every id of this batch has a definite answer: nothing to resume.',
        'batchId',
        { key: 'batch.nothingToResume' },
      );
    }
    if (this.#tooManyRunning()) return this.#tooManyRunningFailure();
    const target = await this.#options.activeTarget();
    if (!target.ok) return target;
    // Resumed by another call while this one waited: nothing left to do here.
    if (!batch.engine.resumable()) return { ok: true, data: this.#summary(batch) };
    if (this.#tooManyRunning()) return this.#tooManyRunningFailure();
    if (target.data.environmentId !== batch.environmentId) {
      return failure(
        'not_permitted',
        `This batch ran against the environment "${batch.environmentId}": make it active again to resume.`,
        'batchId',
        { key: 'batch.otherEnvironment' },
      );
    }
    const moved =
      batch.client === null
        ? batch.baseUrl !== null && target.data.baseUrl !== undefined && target.data.baseUrl !== batch.baseUrl
        : target.data.client !== batch.client;
    if (moved) {
      return failure(
        'not_permitted',
        "The environment's base URL changed since this batch started: start a new batch.",
        'batchId',
        { key: 'batch.baseUrlChanged' },
      );
    }
    if (batch.client === null) batch.bind(target.data.client);
    batch.finishedAt = null;
    batch.lastRunSaved = false;
    this.#run(batch);
    return { ok: true, data: this.#summary(batch) };
  }

  list(): BatchSummary[] {
    return [...this.#batches.values()].reverse().map((batch) => this.#summary(batch));
  }

  summary(batchId: string): Result<BatchSummary> {
    const batch = this.#batches.get(batchId);
    return batch ? { ok: true, data: this.#summary(batch) } : notFound();
  }

  rows(query: BatchRowsQuery): Result<BatchRowsPage> {
    const batch = this.#batches.get(query.batchId);
    if (!batch) return notFound();
    const filter = query.filter ?? 'all';
    const { engine } = batch;
    const limit = Math.min(query.limit, BATCH_LIMITS.maxPageRows);
    const rows: BatchRow[] = [];
    let total: number;
    if (filter === 'all') {
      total = engine.ids.length;
      for (let index = query.offset; index < Math.min(total, query.offset + limit); index += 1) {
        rows.push(engine.row(index));
      }
    } else {
      const wanted = matches[filter];
      total = 0;
      for (let index = 0; index < engine.ids.length; index += 1) {
        if (!wanted(engine.settled(index))) continue;
        if (total >= query.offset && rows.length < limit) rows.push(engine.row(index));
        total += 1;
      }
    }
    return {
      ok: true,
      data: {
        batchId: batch.batchId,
        filter,
        offset: query.offset,
        total,
        rows,
        summary: this.#summary(batch),
      },
    };
  }

  exportCsv(batchId: string): Result<{ fileName: string; csv: string }> {
    const batch = this.#batches.get(batchId);
    if (!batch) return notFound();
    const { engine } = batch;
    function* all(): Iterable<BatchRow> {
      for (let index = 0; index < engine.ids.length; index += 1) yield engine.row(index);
    }
    return {
      ok: true,
      data: {
        fileName: batchCsvFileName(batch.kind, batch.environmentId, this.#options.now()),
        csv: batchCsv(batch.kind, all()),
      },
    };
  }

  async discard(batchId: string): Promise<Result<{ discarded: boolean }>> {
    await this.#restoring;
    const batch = this.#batches.get(batchId);
    if (!batch) return { ok: true, data: { discarded: false } };
    this.#batches.delete(batchId);
    clearTimeout(batch.emitTimer);
    clearInterval(batch.checkpointTimer);
    batch.engine.cancel('user');
    await batch.engine.stopped();
    await batch.saved?.remove();
    return { ok: true, data: { discarded: true } };
  }

  /**
   * The active environment is now `environmentId`, whose current client is `client` (undefined
   * when it has none yet): a running batch of another environment, or of an earlier client of this
   * one (its base URL moved, its profile was removed), is cancelled.
   */
  environmentChanged(environmentId: string, client: PaymentsClient | undefined): void {
    for (const batch of this.#batches.values()) {
      if (batch.engine.state !== 'running') continue;
      if (batch.environmentId !== environmentId || client !== batch.client) {
        batch.engine.cancel('environment_changed');
      }
    }
  }

  /**
   * Cancels every batch and waits until no call is in flight; a kept batch with ids left is
   * written once more, so the next runtime resumes it from its last answer.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#restoring;
    const batches = [...this.#batches.values()];
    for (const batch of batches) {
      clearTimeout(batch.emitTimer);
      batch.emitTimer = undefined;
      clearInterval(batch.checkpointTimer);
      batch.checkpointTimer = undefined;
      batch.engine.cancel('console_stopped');
    }
    await Promise.all(batches.map((batch) => batch.engine.stopped()));
    await Promise.all(batches.map((batch) => this.#keepOrForget(batch)));
  }

  #lookup(client: PaymentsClient, kind: BatchKind, environmentId: string): Lookup {
    const depositCurrency = this.#options.depositCurrency;
    return lookupFor(
      client,
      kind,
      depositCurrency && ((depositId) => depositCurrency(environmentId, depositId)),
    );
  }

  #tooManyRunning(): boolean {
    let running = 0;
    for (const batch of this.#batches.values()) if (batch.engine.state === 'running') running += 1;
    return running >= BATCH_LIMITS.maxRunningBatches;
  }

  #tooManyRunningFailure(): Result<never> {
    return failure(
      'not_permitted',
      `${BATCH_LIMITS.maxRunningBatches} batches are already running: wait for one, or cancel one.`,
      undefined,
      { key: 'batch.tooManyRunning', params: { max: BATCH_LIMITS.maxRunningBatches } },
    );
  }

  #run(batch: Batch): void {
    const running = batch.engine.run();
    if (batch.saved) {
      void batch.saved.save(() => this.#snapshot(batch));
      clearInterval(batch.checkpointTimer);
      batch.checkpointTimer = setInterval(() => {
        void batch.saved?.save(() => this.#snapshot(batch));
      }, CHECKPOINT_MS);
      batch.checkpointTimer.unref();
    }
    void running.then(async () => {
      clearInterval(batch.checkpointTimer);
      batch.checkpointTimer = undefined;
      this.#observe(batch);
      // close() writes the batches it stopped itself, once every call has ended.
      if (!this.#closed) void this.#keepOrForget(batch);
      if (batch.engine.state !== 'done') return;
      if (!this.#closed && batch.keepAsLastRun) await this.#saveLastRun(batch);
      batch.lastRunSaved = true;
      this.#announce(batch);
    });
  }

  /** Writes a kept batch that has ids left; removes the file of one that has none. */
  #keepOrForget(batch: Batch): Promise<void> {
    if (!batch.saved || !this.#batches.has(batch.batchId)) return Promise.resolve();
    return batch.engine.state === 'running' || batch.engine.resumable()
      ? batch.saved.save(() => this.#snapshot(batch))
      : batch.saved.remove();
  }

  #snapshot(batch: Batch): SavedRun {
    const { engine } = batch;
    const rows: Array<BatchRow | undefined> = [];
    for (let index = 0; index < engine.ids.length; index += 1) rows.push(engine.settled(index));
    const state = engine.state;
    const stop: SavedStop =
      state === 'running' || state === 'idle'
        ? { state: 'running' }
        : state === 'cancelled'
          ? { state: 'cancelled', reason: engine.cancelReason ?? 'user' }
          : state === 'failed' && engine.error
            ? { state: 'failed', error: engine.error }
            : { state: 'done' };
    return {
      batchId: batch.batchId,
      kind: batch.kind,
      environmentId: batch.environmentId,
      baseUrl: batch.baseUrl,
      concurrency: engine.concurrency,
      ratePerSecond: engine.ratePerSecond,
      startedAt: batch.startedAt,
      previousRunAt: batch.previousRunAt,
      ids: engine.ids,
      previous: batch.previous ?? new Map(),
      rows,
      stop,
    };
  }

  async #saveLastRun(batch: Batch): Promise<void> {
    const statuses = new Map<string, string | null>();
    const { engine } = batch;
    for (let index = 0; index < engine.ids.length; index += 1) {
      const id = engine.ids[index] as string;
      const status = snapshotStatus(engine.settled(index));
      // A lookup that failed for a passing reason keeps what the run before knew.
      if (status !== undefined) statuses.set(id, status);
      else if (engine.hadPrevious(id)) statuses.set(id, engine.previousStatus(id) ?? null);
    }
    // A failed save only means the next run marks its rows `new`; the batch itself is done.
    await writeLastRun(this.#options.dataDir, {
      environmentId: batch.environmentId,
      kind: batch.kind,
      finishedAt: batch.finishedAt ?? new Date(this.#options.now()).toISOString(),
      statuses,
    });
  }

  #observe(batch: Batch): void {
    if (batch.unobserved.length === 0) return;
    const rows = batch.unobserved;
    batch.unobserved = [];
    this.#options.observe?.(batch.environmentId, batch.kind, rows);
  }

  #announce(batch: Batch): void {
    if (!this.#batches.has(batch.batchId)) return;
    const state = batch.engine.state;
    if (state !== 'running' && state !== 'idle' && batch.finishedAt === null) {
      batch.finishedAt = new Date(this.#options.now()).toISOString();
    }
    if (state === 'done' && !batch.lastRunSaved) return;
    const now = Date.now();
    const stateChanged = state !== batch.announcedState;
    if (stateChanged || now - batch.lastEmitAt >= PROGRESS_EVERY_MS) {
      clearTimeout(batch.emitTimer);
      batch.emitTimer = undefined;
      batch.lastEmitAt = now;
      batch.announcedState = state;
      if (!this.#closed) this.#options.emit(this.#summary(batch));
      return;
    }
    if (batch.emitTimer === undefined) {
      batch.emitTimer = setTimeout(
        () => {
          batch.emitTimer = undefined;
          this.#announce(batch);
        },
        PROGRESS_EVERY_MS - (now - batch.lastEmitAt),
      );
      batch.emitTimer.unref();
    }
  }

  #summary(batch: Batch): BatchSummary {
    const { engine } = batch;
    const counts = engine.counts();
    const state = engine.state === 'idle' ? 'running' : engine.state;
    return {
      batchId: batch.batchId,
      kind: batch.kind,
      environmentId: batch.environmentId,
      state,
      total: counts.total,
      done: counts.done,
      failed: counts.failed,
      ratePerSecond: Math.round(engine.measuredRate() * 10) / 10,
      concurrency: engine.concurrency,
      rateLimit: engine.ratePerSecond,
      changed: counts.changed,
      new: counts.new,
      startedAt: batch.startedAt,
      finishedAt: state === 'running' ? null : batch.finishedAt,
      cancelReason: engine.cancelReason,
      error: engine.error,
      resumable: engine.resumable(),
      previousRunAt: batch.previousRunAt,
      ...(batch.previousRunSetAside && { previousRunSetAside: batch.previousRunSetAside }),
    };
  }

  /** Drops the oldest stopped batches beyond BATCH_LIMITS.maxKeptBatches. */
  #evict(): void {
    for (const batch of this.#batches.values()) {
      if (this.#batches.size <= BATCH_LIMITS.maxKeptBatches) return;
      if (batch.engine.state === 'running') continue;
      clearTimeout(batch.emitTimer);
      this.#batches.delete(batch.batchId);
      void batch.saved?.remove();
    }
  }
}

function notBound(): Result<never> {
  return failure('internal', 'This batch was not resumed on a connection.', undefined, {
    key: 'batch.lookupFailed',
  });
}

function notFound(): Result<never> {
  return failure('not_found', 'There is no such batch (it may have been discarded).', 'batchId', {
    key: 'batch.notFound',
  });
}

/** Ids given directly (batchStart): canonical, distinct, within the limit. */
function checkIds(kind: BatchKind, ids: readonly string[]): Result<string[]> {
  if (ids.length === 0) return failure('validation', 'ids: give at least one id.', 'ids');
  if (ids.length > BATCH_LIMITS.maxIds) {
    return failure('validation', `ids: at most ${BATCH_LIMITS.maxIds} ids per batch.`, 'ids');
  }
  const seen = new Set<string>();
  for (let index = 0; index < ids.length; index += 1) {
    const id = ids[index] as string;
    const checked = checkIdToken(kind, id);
    if (!checked.ok) return failure('validation', `ids.${index}: ${checked.reason}.`, `ids.${index}`);
    if (checked.id !== id) {
      return failure(
        'validation',
        `ids.${index}: write it as ${checked.id} (batchParse gives canonical ids).`,
        `ids.${index}`,
      );
    }
    if (seen.has(id)) return failure('validation', `ids.${index}: ${id} is given twice.`, `ids.${index}`);
    seen.add(id);
  }
  return { ok: true, data: [...ids] };
}
