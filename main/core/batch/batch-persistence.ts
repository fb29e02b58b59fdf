import type { BatchRow } from '../../../shared/contract';
import type { Batch } from './batch-record';
import { snapshotStatus, type BatchEngine } from './engine';
import { writeLastRun } from './last-run';
import type { PaymentsClient } from '../payments';
import { SavedRunFile, type SavedRun, type SavedStop } from './saved-runs';

/** What outlives the runtime of a batch: its saved run while it has ids left, and its last run once done. */

export function snapshotOf(batch: Batch): SavedRun {
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

export async function saveLastRun(dataDir: string, batch: Batch, now: () => number): Promise<void> {
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
  await writeLastRun(dataDir, {
    environmentId: batch.environmentId,
    kind: batch.kind,
    finishedAt: batch.finishedAt ?? new Date(now()).toISOString(),
    statuses,
  });
}

/** A batch an earlier runtime kept, listed stopped; `bindLookup` gives its engine the client it resumes on. */
export function restoredBatch(
  run: SavedRun,
  engine: BatchEngine,
  dataDir: string,
  bindLookup: (client: PaymentsClient) => void,
): Batch {
  const batch: Batch = {
    batchId: run.batchId,
    kind: run.kind,
    environmentId: run.environmentId,
    client: null,
    baseUrl: run.baseUrl,
    bind: (client) => {
      bindLookup(client);
      batch.client = client;
    },
    engine,
    previous: run.previous,
    saved: new SavedRunFile(dataDir, run.batchId),
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
