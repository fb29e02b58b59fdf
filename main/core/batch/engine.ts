import { setMaxListeners } from 'node:events';
import type {
  BatchChange,
  BatchRow,
  BatchState,
  ConsoleError,
  ErrorKind,
  Result,
} from '../../../shared/contract';
import type { Lookup, RecordSummary } from './lookups';
import { TokenBucket } from './rate-limiter';

/**
 * The batch engine: looks up a list of ids with at most `concurrency` calls in flight and at most
 * `ratePerSecond` calls started per second, keeps one compact row per id, and can be cancelled
 * (in-flight calls are aborted and their ids stay pending) and resumed (only ids without a
 * definite answer are looked up again; answers already in are kept).
 *
 * Memory stays flat with the number of ids: a fixed set of workers pull the next pending index
 * from a cursor, so no promise or closure exists per id, and a row keeps a handful of scalar
 * fields (never the record or its raw body).
 */

/** A failed lookup whose answer is about the id itself: kept on resume, never looked up again. */
const DEFINITE_FAILURES: ReadonlySet<ErrorKind> = new Set(['not_found', 'validation', 'bad_response']);

/**
 * Failures that are not the id's: every other id would fail the same way, so the batch stops at
 * the first one (state `failed`) instead of filling thousands of rows with the same error.
 */
const STOPPING_FAILURES: ReadonlySet<ErrorKind> = new Set([
  'auth',
  'signature',
  'clock_skew',
  'ip_not_allowed',
  'tls',
  'credentials_missing',
  'keychain_unavailable',
  'internal',
]);

/** Failures that say the service cannot be reached; enough of them in a row stop the batch. */
const UNREACHABLE_FAILURES: ReadonlySet<ErrorKind> = new Set(['network', 'timeout']);

export interface BatchEngineOptions {
  /** Canonical, distinct ids (ids.ts). */
  ids: readonly string[];
  lookup: Lookup;
  concurrency: number;
  ratePerSecond: number;
  /** Status per id in the last finished run (null: not found then); null when there was none. */
  previous: ReadonlyMap<string, string | null> | null;
  /** Called after every answer and every change of state (callers throttle what they send on). */
  onUpdate?: () => void;
  /** Called with each row as its answer comes in (the record index gathers them into pages). */
  onSettle?: (row: BatchRow) => void;
  /** Monotonic ms for the measured rate; performance.now by default. */
  clock?: () => number;
  /**
   * A batch an earlier runtime kept (saved-runs.ts): its answers so far, parallel to `ids`, and
   * how it stood. It starts stopped, and `run()` resumes it like any other.
   */
  restored?: {
    rows: ReadonlyArray<BatchRow | undefined>;
    stop:
      | { state: 'done' }
      | { state: 'cancelled'; reason: CancelReason }
      | { state: 'failed'; error: ConsoleError };
  };
}

export type CancelReason = 'user' | 'environment_changed' | 'console_stopped';

interface BatchCounts {
  total: number;
  done: number;
  failed: number;
  changed: number;
  new: number;
}

export class BatchEngine {
  readonly ids: readonly string[];
  readonly concurrency: number;
  readonly ratePerSecond: number;
  readonly #lookup: Lookup;
  readonly #previous: ReadonlyMap<string, string | null> | null;
  readonly #onUpdate: () => void;
  readonly #onSettle: ((row: BatchRow) => void) | undefined;
  readonly #clock: () => number;
  /** One slot per id; undefined while pending. */
  readonly #rows: Array<BatchRow | undefined>;
  #state: BatchState | 'idle' = 'idle';
  #cancelReason: CancelReason | null = null;
  #error: ConsoleError | null = null;
  #controller: AbortController | null = null;
  #running: Promise<void> | null = null;
  #cursor = 0;
  #done = 0;
  #failed = 0;
  #changed = 0;
  #new = 0;
  #unreachableInARow = 0;
  #runStartedAt = 0;
  #runAnswers = 0;
  #lastRate = 0;

  constructor(options: BatchEngineOptions) {
    this.ids = options.ids;
    this.concurrency = options.concurrency;
    this.ratePerSecond = options.ratePerSecond;
    this.#lookup = options.lookup;
    this.#previous = options.previous;
    this.#onUpdate = options.onUpdate ?? (() => undefined);
    this.#onSettle = options.onSettle;
    this.#clock = options.clock ?? (() => performance.now());
    this.#rows = new Array<BatchRow | undefined>(options.ids.length);
    if (options.restored) this.#restore(options.restored);
  }

  #restore({ rows, stop }: NonNullable<BatchEngineOptions['restored']>): void {
    rows.forEach((row, index) => {
      if (row === undefined) return;
      this.#rows[index] = row;
      this.#done += 1;
      if (row.state === 'failed') this.#failed += 1;
      if (row.changed === 'changed') this.#changed += 1;
      if (row.changed === 'new') this.#new += 1;
    });
    this.#state = stop.state;
    if (stop.state === 'cancelled') this.#cancelReason = stop.reason;
    if (stop.state === 'failed') this.#error = stop.error;
  }

  get state(): BatchState | 'idle' {
    return this.#state;
  }

  get cancelReason(): CancelReason | null {
    return this.#cancelReason;
  }

  get error(): ConsoleError | null {
    return this.#error;
  }

  counts(): BatchCounts {
    return {
      total: this.ids.length,
      done: this.#done,
      failed: this.#failed,
      changed: this.#changed,
      new: this.#new,
    };
  }

  /** Lookups per second over the current run (the last run's figure once stopped). */
  measuredRate(): number {
    if (this.#state !== 'running') return this.#lastRate;
    const seconds = (this.#clock() - this.#runStartedAt) / 1000;
    return seconds > 0 ? this.#runAnswers / seconds : 0;
  }

  /** Something is left to look up: a pending id, or a lookup that failed for a passing reason. */
  resumable(): boolean {
    if (this.#state === 'running') return false;
    for (let index = 0; index < this.#rows.length; index += 1) {
      const row = this.#rows[index];
      if (row === undefined || isRetryable(row)) return true;
    }
    return false;
  }

  /** The row at `index`; a pending one when it has no answer yet. */
  row(index: number): BatchRow {
    return this.#rows[index] ?? pendingRow(index, this.ids[index] ?? '', this.#previous);
  }

  /** The last finished run's status of `id` (null: not found then); undefined when it lacked the id. */
  previousStatus(id: string): string | null | undefined {
    return this.#previous?.get(id);
  }

  /** The last finished run had this id. */
  hadPrevious(id: string): boolean {
    return this.#previous?.has(id) ?? false;
  }

  /** The settled row at `index`, or undefined while pending (no object is made). */
  settled(index: number): BatchRow | undefined {
    return this.#rows[index];
  }

  /**
   * Runs (or resumes) until every id has an answer, or until cancelled or stopped by a failure
   * that is not the ids'. Resolves when the last in-flight call has ended; never rejects.
   */
  run(): Promise<void> {
    if (this.#running) return this.#running;
    this.#requeueRetryable();
    this.#state = 'running';
    this.#cancelReason = null;
    this.#error = null;
    this.#cursor = 0;
    this.#unreachableInARow = 0;
    this.#runStartedAt = this.#clock();
    this.#runAnswers = 0;
    const controller = new AbortController();
    // Each call in flight (and each wait for a token) listens on this one signal.
    setMaxListeners(2 * this.concurrency + 8, controller.signal);
    this.#controller = controller;
    const bucket = new TokenBucket({
      ratePerSecond: this.ratePerSecond,
      // A twentieth of a second's worth saved up: high rates are not held back by timer
      // granularity, low ones stay evenly spaced.
      burst: Math.max(1, Math.floor(this.ratePerSecond / 20)),
    });
    const workers = Array.from({ length: Math.max(1, Math.min(this.concurrency, this.ids.length)) }, () =>
      this.#work(bucket, controller.signal),
    );
    this.#onUpdate();
    this.#running = Promise.all(workers).then(() => {
      this.#lastRate = this.#rateNow();
      if (this.#state === 'running') this.#state = 'done';
      this.#controller = null;
      this.#running = null;
      this.#onUpdate();
    });
    return this.#running;
  }

  /** Stops a running batch; in-flight calls are aborted and their ids stay pending. */
  cancel(reason: CancelReason): void {
    if (this.#state !== 'running') return;
    this.#lastRate = this.#rateNow();
    this.#state = 'cancelled';
    this.#cancelReason = reason;
    this.#controller?.abort();
    this.#onUpdate();
  }

  /** Resolves once no call of this batch is in flight. */
  async stopped(): Promise<void> {
    await this.#running;
  }

  #rateNow(): number {
    const seconds = (this.#clock() - this.#runStartedAt) / 1000;
    return seconds > 0 ? this.#runAnswers / seconds : 0;
  }

  #stop(error: ConsoleError): void {
    if (this.#state !== 'running') return;
    this.#lastRate = this.#rateNow();
    this.#state = 'failed';
    this.#error = error;
    this.#controller?.abort();
    this.#onUpdate();
  }

  #nextPending(): number {
    while (this.#cursor < this.#rows.length) {
      const index = this.#cursor;
      this.#cursor += 1;
      if (this.#rows[index] === undefined) return index;
    }
    return -1;
  }

  async #work(bucket: TokenBucket, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const index = this.#nextPending();
      if (index === -1) return;
      const slot = bucket.takeNow(signal);
      if (slot !== true && !(await slot)) return;
      const id = this.ids[index] as string;
      let result: Result<RecordSummary>;
      try {
        result = await this.#lookup(id, signal);
      } catch {
        result = {
          ok: false,
          error: {
            kind: 'internal',
            message: 'The lookup failed unexpectedly.',
            text: { key: 'batch.lookupFailed' },
          },
        };
      }
      // A call cut short by a cancel or a stop says nothing about the id: it stays pending.
      if (signal.aborted && !result.ok) return;
      if (!result.ok && STOPPING_FAILURES.has(result.error.kind)) {
        this.#stop(result.error);
        return;
      }
      if (!result.ok && UNREACHABLE_FAILURES.has(result.error.kind)) {
        this.#unreachableInARow += 1;
        if (this.#unreachableInARow >= Math.max(10, 2 * this.concurrency)) {
          this.#stop({
            ...result.error,
            message: `${result.error.message} The batch stopped after ${this.#unreachableInARow} lookups in a row could not reach the service.`,
          });
          return;
        }
      } else {
        this.#unreachableInARow = 0;
      }
      this.#settle(index, id, result);
    }
  }

  #settle(index: number, id: string, result: Result<RecordSummary>): void {
    const previousKnown = this.#previous?.has(id) ?? false;
    const previous = this.#previous?.get(id);
    // What this answer says the id is, in the terms of the last run: a status, null for "not
    // found", undefined when a passing failure says nothing.
    const now = result.ok ? result.data.status : result.error.kind === 'not_found' ? null : undefined;
    const changed: BatchChange | null =
      now === undefined ? null : !previousKnown ? 'new' : previous === now ? 'same' : 'changed';
    const row: BatchRow = result.ok
      ? { index, id, state: 'ok', ...result.data, changed }
      : {
          index,
          id,
          state: 'failed',
          changed,
          errorKind: result.error.kind,
          errorMessage: result.error.message,
          ...(result.error.code !== undefined && { errorCode: result.error.code }),
          ...(result.error.httpStatus !== undefined && { httpStatus: result.error.httpStatus }),
        };
    if (previousKnown) row.previousStatus = previous ?? null;
    this.#rows[index] = row;
    this.#done += 1;
    this.#runAnswers += 1;
    if (row.state === 'failed') this.#failed += 1;
    if (changed === 'changed') this.#changed += 1;
    if (changed === 'new') this.#new += 1;
    this.#onSettle?.(row);
    this.#onUpdate();
  }

  /** Failed lookups whose reason may have passed become pending again. */
  #requeueRetryable(): void {
    for (let index = 0; index < this.#rows.length; index += 1) {
      const row = this.#rows[index];
      if (row === undefined || !isRetryable(row)) continue;
      this.#rows[index] = undefined;
      this.#done -= 1;
      this.#failed -= 1;
    }
  }
}

function isRetryable(row: BatchRow): boolean {
  return row.state === 'failed' && row.errorKind !== undefined && !DEFINITE_FAILURES.has(row.errorKind);
}

function pendingRow(
  index: number,
  id: string,
  previous: ReadonlyMap<string, string | null> | null,
): BatchRow {
  const row: BatchRow = { index, id, state: 'pending', changed: null };
  if (previous?.has(id)) row.previousStatus = previous.get(id) ?? null;
  return row;
}

/** What the last-run file keeps for a settled row; undefined when the row says nothing new. */
export function snapshotStatus(row: BatchRow | undefined): string | null | undefined {
  if (row === undefined) return undefined;
  if (row.state === 'ok') return row.status ?? null;
  return row.errorKind === 'not_found' ? null : undefined;
}
