import { randomUUID } from 'node:crypto';
import {
  BATCH_LIMITS,
  type BatchKind,
  type BatchParseResult,
  type BatchRow,
  type BatchRowsPage,
  type BatchRowsQuery,
  type BatchStartInput,
  type BatchSummary,
  type Result,
} from '../../../shared/contract';
import type { PaymentsClient } from '../payments';
import { restoredBatch, saveLastRun, snapshotOf } from './batch-persistence';
import { checkIds, failure, notBound, notFound, summaryOf, type Batch } from './batch-record';
import { csvExport, rowsPage } from './batch-views';
import { BatchEngine, type BatchEngineOptions } from './engine';
import { parseBatchIds } from './ids';
import { readLastRun } from './last-run';
import { lookupFor, type Lookup } from './lookups';
import type { BatchManagerOptions } from './manager-options';
import { CHECKPOINT_MS, readSavedRuns, restoredStop, SavedRunFile, type SavedRun } from './saved-runs';

/**
 * The batches of one console runtime: started against the environment active at the time (its
 * client, so its credentials and its clock), kept in memory (BATCH_LIMITS.maxKeptBatches, the
 * oldest stopped one dropped first), answered by pages for a virtualised table, exported as CSV.
 * Progress goes out as `batchProgress` events: at most every PROGRESS_EVERY_MS while running, and
 * at once on every change of state. This file runs their lifecycle; what is saved of a batch is in
 * batch-persistence.ts and what is read of it in batch-views.ts.
 */

const PROGRESS_EVERY_MS = 200;
/** Answered rows handed to the record index at once: one write per page, not one per row. */
export const OBSERVE_PAGE_ROWS = 500;

export type { BatchTarget } from './manager-options';

export class BatchManager {
  readonly #options: BatchManagerOptions;
  /** In start order. */
  #batches = new Map<string, Batch>();
  #closed = false;
  readonly #restoring: Promise<void>;
  /** Writes started without a caller waiting (checkpoints, evictions, last runs): close() waits for them. */
  readonly #unawaitedWrites = new Set<Promise<void>>();

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
    return { ok: true, data: summaryOf(batch) };
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
      if (this.#batches.has(batch.batchId) && !this.#closed) this.#options.emit(summaryOf(batch));
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
    return restoredBatch(run, engine, this.#options.dataDir, (client) => {
      lookup = this.#lookup(client, run.kind, run.environmentId);
    });
  }

  cancel(batchId: string): Result<BatchSummary> {
    const batch = this.#batches.get(batchId);
    if (!batch) return notFound();
    batch.engine.cancel('user');
    return { ok: true, data: summaryOf(batch) };
  }

  async resume(batchId: string): Promise<Result<BatchSummary>> {
    await this.#restoring;
    const batch = this.#batches.get(batchId);
    if (!batch) return notFound();
    if (batch.engine.state === 'running') return { ok: true, data: summaryOf(batch) };
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
    if (!batch.engine.resumable()) return { ok: true, data: summaryOf(batch) };
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
    return { ok: true, data: summaryOf(batch) };
  }

  list(): BatchSummary[] {
    return [...this.#batches.values()].reverse().map((batch) => summaryOf(batch));
  }

  summary(batchId: string): Result<BatchSummary> {
    const batch = this.#batches.get(batchId);
    return batch ? { ok: true, data: summaryOf(batch) } : notFound();
  }

  rows(query: BatchRowsQuery): Result<BatchRowsPage> {
    const batch = this.#batches.get(query.batchId);
    return batch ? rowsPage(batch, query) : notFound();
  }

  exportCsv(batchId: string): Result<{ fileName: string; csv: string }> {
    const batch = this.#batches.get(batchId);
    return batch ? csvExport(batch, this.#options.now()) : notFound();
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
    // The last-run saves and evictions begun before close() end before the data folder may go.
    while (this.#unawaitedWrites.size > 0) await Promise.allSettled([...this.#unawaitedWrites]);
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
      this.#inBackground(batch.saved.save(() => snapshotOf(batch)));
      clearInterval(batch.checkpointTimer);
      batch.checkpointTimer = setInterval(() => {
        if (batch.saved) this.#inBackground(batch.saved.save(() => snapshotOf(batch)));
      }, CHECKPOINT_MS);
      batch.checkpointTimer.unref();
    }
    const finished = running.then(async () => {
      clearInterval(batch.checkpointTimer);
      batch.checkpointTimer = undefined;
      this.#observe(batch);
      // close() writes the batches it stopped itself, once every call has ended.
      if (!this.#closed) this.#inBackground(this.#keepOrForget(batch));
      if (batch.engine.state !== 'done') return;
      if (!this.#closed && batch.keepAsLastRun)
        await saveLastRun(this.#options.dataDir, batch, () => this.#options.now());
      batch.lastRunSaved = true;
      this.#announce(batch);
    });
    this.#inBackground(finished);
  }

  /** Keeps a write nobody awaits until it ends, so close() can wait for it before the folder goes. */
  #inBackground(write: Promise<void>): void {
    this.#unawaitedWrites.add(write);
    const forget = (): void => void this.#unawaitedWrites.delete(write);
    void write.then(forget, forget);
  }

  /** Writes a kept batch that has ids left; removes the file of one that has none. */
  #keepOrForget(batch: Batch): Promise<void> {
    if (!batch.saved || !this.#batches.has(batch.batchId)) return Promise.resolve();
    return batch.engine.state === 'running' || batch.engine.resumable()
      ? batch.saved.save(() => snapshotOf(batch))
      : batch.saved.remove();
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
      if (!this.#closed) this.#options.emit(summaryOf(batch));
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

  /** Drops the oldest stopped batches beyond BATCH_LIMITS.maxKeptBatches. */
  #evict(): void {
    for (const batch of this.#batches.values()) {
      if (this.#batches.size <= BATCH_LIMITS.maxKeptBatches) return;
      if (batch.engine.state === 'running') continue;
      clearTimeout(batch.emitTimer);
      this.#batches.delete(batch.batchId);
      if (batch.saved) this.#inBackground(batch.saved.remove());
    }
  }
}
