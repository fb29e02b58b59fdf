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
import { BatchEngine, snapshotStatus } from './engine';
import { batchCsv, batchCsvFileName } from './export-csv';
import { checkIdToken, parseBatchIds } from './ids';
import { readLastRun, writeLastRun } from './last-run';
import { lookupFor, withDepositCurrency, type Lookup } from './lookups';

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
}

interface Batch {
  batchId: string;
  kind: BatchKind;
  environmentId: string;
  client: PaymentsClient;
  engine: BatchEngine;
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
  readonly #batches = new Map<string, Batch>();
  #closed = false;

  constructor(options: BatchManagerOptions) {
    this.#options = options;
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
    const { environmentId, client } = target.data;
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
    const engine = new BatchEngine({
      ids: ids.data,
      lookup: this.#lookup(client, input.kind, environmentId),
      concurrency: input.concurrency ?? BATCH_LIMITS.concurrency.default,
      ratePerSecond: input.ratePerSecond ?? BATCH_LIMITS.ratePerSecond.default,
      previous: lastRun?.statuses ?? null,
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
    const batch: Batch = {
      batchId,
      kind: input.kind,
      environmentId,
      client,
      engine,
      startedAt: new Date(this.#options.now()).toISOString(),
      finishedAt: null,
      previousRunAt: lastRun?.finishedAt ?? null,
      previousRunSetAside: setAside,
      lastEmitAt: 0,
      emitTimer: undefined,
      announcedState: 'idle',
      lastRunSaved: false,
      keepAsLastRun: input.keepAsLastRun ?? true,
      unobserved: [],
    };
    this.#batches.set(batchId, batch);
    this.#evict();
    this.#run(batch);
    return { ok: true, data: this.#summary(batch) };
  }

  cancel(batchId: string): Result<BatchSummary> {
    const batch = this.#batches.get(batchId);
    if (!batch) return notFound();
    batch.engine.cancel('user');
    return { ok: true, data: this.#summary(batch) };
  }

  async resume(batchId: string): Promise<Result<BatchSummary>> {
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
    if (target.data.client !== batch.client) {
      return failure(
        'not_permitted',
        "The environment's base URL changed since this batch started: start a new batch.",
        'batchId',
        { key: 'batch.baseUrlChanged' },
      );
    }
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
    const batch = this.#batches.get(batchId);
    if (!batch) return { ok: true, data: { discarded: false } };
    this.#batches.delete(batchId);
    clearTimeout(batch.emitTimer);
    batch.engine.cancel('user');
    await batch.engine.stopped();
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

  /** Cancels every batch and waits until no call is in flight. */
  async close(): Promise<void> {
    this.#closed = true;
    const batches = [...this.#batches.values()];
    for (const batch of batches) {
      clearTimeout(batch.emitTimer);
      batch.emitTimer = undefined;
      batch.engine.cancel('user');
    }
    await Promise.all(batches.map((batch) => batch.engine.stopped()));
  }

  #lookup(client: PaymentsClient, kind: BatchKind, environmentId: string): Lookup {
    const lookup = lookupFor(client, kind);
    const depositCurrency = this.#options.depositCurrency;
    if (kind !== 'refunds' || !depositCurrency) return lookup;
    return withDepositCurrency(lookup, (depositId) => depositCurrency(environmentId, depositId));
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
    void batch.engine.run().then(async () => {
      this.#observe(batch);
      if (batch.engine.state !== 'done') return;
      if (!this.#closed && batch.keepAsLastRun) await this.#saveLastRun(batch);
      batch.lastRunSaved = true;
      this.#announce(batch);
    });
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
    }
  }
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
