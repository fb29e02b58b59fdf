import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  BATCH_KINDS,
  BATCH_LIMITS,
  BATCH_ROW_STATES,
  ERROR_KINDS,
  type BatchKind,
  type BatchRow,
  type ConsoleError,
} from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { setAsideDamaged } from '../storage/set-aside';
import { BATCH_FOLDER_NAME } from './last-run';

/**
 * Batches with ids left to look up, kept in `<dataDir>/batch/runs/<batchId>.json`, so that a
 * restart (a quit, a crash, Ctrl-C of `npm run web`) loses neither the ids given nor the answers
 * already in: the next runtime lists such a batch as stopped, to be resumed. Written atomically
 * when the batch starts, every CHECKPOINT_MS while it runs and when it stops; removed once nothing
 * is left to look up, or when it is discarded. A row keeps what the record index keeps of a record
 * (status, amount, invoice id), never a payer's details. A file that fails its checks is moved
 * aside (`.damaged-<time>`) and not restored.
 */

export const SAVED_RUNS_FOLDER = 'runs';
/** How often a running batch's answers are written, at most. */
export const CHECKPOINT_MS = 5_000;

const VERSION = 1;

/** How a batch stood when it was last written; `running` comes back as stopped by the console. */
export type SavedStop =
  | { state: 'running' }
  | { state: 'done' }
  | { state: 'cancelled'; reason: 'user' | 'environment_changed' | 'console_stopped' }
  | { state: 'failed'; error: ConsoleError };

export interface SavedRun {
  batchId: string;
  kind: BatchKind;
  environmentId: string;
  /** The environment's base URL as its profile said at the start (null: not known). */
  baseUrl: string | null;
  concurrency: number;
  ratePerSecond: number;
  startedAt: string;
  previousRunAt: string | null;
  ids: readonly string[];
  /** The last finished run's status of the ids it had (null: not found then). */
  previous: ReadonlyMap<string, string | null>;
  /** Parallel to `ids`; undefined while pending. */
  rows: Array<BatchRow | undefined>;
  stop: SavedStop;
}

const idSchema = z.string().min(1).max(64);
const text = z.string().max(2_000);
const count = z.number().int().nonnegative();

/** A settled row without its index and id (the position in `ids` gives both). */
const rowSchema = z.strictObject({
  state: z.enum(BATCH_ROW_STATES),
  status: text.optional(),
  changed: z.enum(['new', 'changed', 'same']).nullable(),
  previousStatus: text.nullable().optional(),
  amount: z.number().finite().optional(),
  currency: text.optional(),
  usdAmount: z.number().finite().optional(),
  invoiceId: text.optional(),
  country: text.optional(),
  paymentMethod: text.optional(),
  refunded: z.boolean().optional(),
  depositId: count.optional(),
  statusCode: z.number().int().optional(),
  rejectionCode: z.number().int().optional(),
  rejectionReason: text.optional(),
  errorKind: z.enum(ERROR_KINDS).optional(),
  errorCode: z.number().int().optional(),
  httpStatus: z.number().int().optional(),
  errorMessage: text.optional(),
});

const stopSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('running') }),
  z.strictObject({ state: z.literal('done') }),
  z.strictObject({
    state: z.literal('cancelled'),
    reason: z.enum(['user', 'environment_changed', 'console_stopped']),
  }),
  z.strictObject({
    state: z.literal('failed'),
    error: z.strictObject({ kind: z.enum(ERROR_KINDS), message: text }),
  }),
]);

const fileSchema = z
  .strictObject({
    version: z.literal(VERSION),
    batchId: z.uuid(),
    kind: z.enum(BATCH_KINDS),
    environmentId: z.string().min(1).max(64),
    baseUrl: z.string().max(2_048).nullable(),
    concurrency: z.number().int().min(BATCH_LIMITS.concurrency.min).max(BATCH_LIMITS.concurrency.max),
    ratePerSecond: z.number().int().min(BATCH_LIMITS.ratePerSecond.min).max(BATCH_LIMITS.ratePerSecond.max),
    startedAt: z.iso.datetime({ offset: true }),
    previousRunAt: z.iso.datetime({ offset: true }).nullable(),
    ids: z.array(idSchema).min(1).max(BATCH_LIMITS.maxIds),
    previousIds: z.array(idSchema),
    previousStatuses: z.array(text.nullable()),
    rows: z.array(rowSchema.nullable()),
    stop: stopSchema,
  })
  .refine((file) => file.rows.length === file.ids.length, { message: 'its rows and ids do not pair up' })
  .refine((file) => file.previousIds.length === file.previousStatuses.length, {
    message: 'its earlier statuses do not pair up',
  })
  .refine((file) => new Set(file.ids).size === file.ids.length, { message: 'it names an id twice' });

const folderOf = (dataDir: string): string => join(dataDir, BATCH_FOLDER_NAME, SAVED_RUNS_FOLDER);
const pathOf = (dataDir: string, batchId: string): string => join(folderOf(dataDir), `${batchId}.json`);

function documentOf(run: SavedRun): z.input<typeof fileSchema> {
  const previousIds: string[] = [];
  const previousStatuses: Array<string | null> = [];
  for (const id of run.ids) {
    if (!run.previous.has(id)) continue;
    previousIds.push(id);
    previousStatuses.push(run.previous.get(id) ?? null);
  }
  const stop: SavedStop =
    run.stop.state === 'failed'
      ? { state: 'failed', error: { kind: run.stop.error.kind, message: run.stop.error.message } }
      : run.stop;
  return {
    version: VERSION,
    batchId: run.batchId,
    kind: run.kind,
    environmentId: run.environmentId,
    baseUrl: run.baseUrl,
    concurrency: run.concurrency,
    ratePerSecond: run.ratePerSecond,
    startedAt: run.startedAt,
    previousRunAt: run.previousRunAt,
    ids: [...run.ids],
    previousIds,
    previousStatuses,
    rows: run.rows.map((row) => {
      if (row === undefined) return null;
      // The position gives index and id back: not written once per row.
      const { index: _index, id: _id, ...rest } = row;
      return rest;
    }),
    stop,
  };
}

function runOf(file: z.output<typeof fileSchema>): SavedRun {
  const previous = new Map<string, string | null>();
  file.previousIds.forEach((id, index) => previous.set(id, file.previousStatuses[index] ?? null));
  return {
    batchId: file.batchId,
    kind: file.kind,
    environmentId: file.environmentId,
    baseUrl: file.baseUrl,
    concurrency: file.concurrency,
    ratePerSecond: file.ratePerSecond,
    startedAt: file.startedAt,
    previousRunAt: file.previousRunAt,
    ids: file.ids,
    previous,
    rows: file.rows.map((row, index) =>
      row === null ? undefined : { index, id: file.ids[index] as string, ...row },
    ),
    stop: file.stop,
  };
}

/** Every batch kept by an earlier run, oldest start first; damaged files are moved aside. */
export async function readSavedRuns(dataDir: string, now: Date): Promise<SavedRun[]> {
  const folder = folderOf(dataDir);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const runs: SavedRun[] = [];
  for (const name of names) {
    if (!/^[0-9a-f-]{36}\.json$/.test(name)) continue;
    const path = join(folder, name);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(path, 'utf8'));
    } catch {
      json = undefined;
    }
    const parsed = fileSchema.safeParse(json);
    if (parsed.success && `${parsed.data.batchId}.json` === name) runs.push(runOf(parsed.data));
    else await setAsideDamaged(path, now).catch(() => undefined);
  }
  return runs.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/**
 * One batch's file: writes one at a time, the latest snapshot winning (a write asked for while
 * one is on its way is made once after it), and a removal after every write asked for before it.
 */
export class SavedRunFile {
  readonly #path: string;
  #queue: Promise<void> = Promise.resolve();
  #next: (() => SavedRun) | null = null;
  #removed = false;

  constructor(dataDir: string, batchId: string) {
    this.#path = pathOf(dataDir, batchId);
  }

  /** Writes what `snapshot` answers when its turn comes (read then, so it is the latest). */
  save(snapshot: () => SavedRun): Promise<void> {
    if (this.#removed) return this.#queue;
    const queued = this.#next !== null;
    this.#next = snapshot;
    if (!queued) {
      this.#queue = this.#queue.then(async () => {
        const take = this.#next;
        this.#next = null;
        if (!take || this.#removed) return;
        // A failed write only means a restart finds an older copy (or none): the batch runs on.
        await writeFileAtomically(this.#path, `${JSON.stringify(documentOf(take()))}\n`).catch(
          () => undefined,
        );
      });
    }
    return this.#queue;
  }

  remove(): Promise<void> {
    this.#removed = true;
    this.#next = null;
    this.#queue = this.#queue.then(() => unlink(this.#path).catch(() => undefined));
    return this.#queue;
  }

  /** Resolves once every write and removal asked for so far is done. */
  settled(): Promise<void> {
    return this.#queue;
  }
}

/** The state a restored batch shows: one that was running when the console stopped says so. */
export function restoredStop(stop: SavedStop): Exclude<SavedStop, { state: 'running' }> {
  return stop.state === 'running' ? { state: 'cancelled', reason: 'console_stopped' } : stop;
}
