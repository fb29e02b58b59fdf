import {
  BATCH_LIMITS,
  type BatchKind,
  type BatchRow,
  type BatchSummary,
  type ConsoleError,
  type DamagedFileNote,
  type MessageText,
  type Result,
} from '../../../shared/contract';
import type { PaymentsClient } from '../payments';
import type { BatchEngine } from './engine';
import { checkIdToken } from './ids';
import type { SavedRunFile } from './saved-runs';

/** One batch as the manager keeps it, how it is summarised, and the manager's refusals. */

export interface Batch {
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

export const failure = (
  kind: ConsoleError['kind'],
  message: string,
  field?: string,
  text?: MessageText,
): Result<never> => ({
  ok: false,
  error: { kind, message, ...(field !== undefined && { field }), ...(text !== undefined && { text }) },
});

export function summaryOf(batch: Batch): BatchSummary {
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

export function notBound(): Result<never> {
  return failure('internal', 'This batch was not resumed on a connection.', undefined, {
    key: 'batch.lookupFailed',
  });
}

export function notFound(): Result<never> {
  return failure('not_found', 'There is no such batch (it may have been discarded).', 'batchId', {
    key: 'batch.notFound',
  });
}

/** Ids given directly (startBatch): canonical, distinct, within the limit. */
export function checkIds(kind: BatchKind, ids: readonly string[]): Result<string[]> {
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
        `ids.${index}: write it as ${checked.id} (parseBatch gives canonical ids).`,
        `ids.${index}`,
      );
    }
    if (seen.has(id)) return failure('validation', `ids.${index}: ${id} is given twice.`, `ids.${index}`);
    seen.add(id);
  }
  return { ok: true, data: [...ids] };
}
