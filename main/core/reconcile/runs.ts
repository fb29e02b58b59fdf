import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  RECONCILE_CLASSES,
  RECONCILE_MONEY_CASES,
  type LedgerBadRow,
  type ReconcileRow,
  type ReconcileSummary,
  type Result,
} from '../../../shared/contract';
import { messageTextSchema } from '../message-text';
import { writeFileAtomically } from '../storage/atomic-file';
import { storageError } from '../storage/storage-error';
import { RECONCILE_FOLDER_NAME } from './mapping-store';

/**
 * Runs are kept per environment in `<dataDir>/reconcile/runs/<environment>/`: `<runId>.json`
 * (the summary and the bad rows, written atomically last, so a run without it never finished
 * writing) and `<runId>.rows.jsonl` (one classified row a line, written as rows are classified and
 * read back a page at a time, so a run's rows are never held in memory). Both are checked with zod
 * on read; a file that is not what this version writes is skipped as if absent.
 */

/** Runs kept per environment; the oldest go first. */
export const MAX_KEPT_RUNS = 50;

const safePart = (text: string): string => text.replace(/[^a-z0-9-]/gi, '_');
const runIdSchema = z.string().regex(/^[0-9a-f-]{8,64}$/);

export const runsFolder = (dataDir: string, environmentId: string): string =>
  join(dataDir, RECONCILE_FOLDER_NAME, 'runs', safePart(environmentId));
const summaryPath = (folder: string, runId: string): string => join(folder, `${runId}.json`);
const rowsPath = (folder: string, runId: string): string => join(folder, `${runId}.rows.jsonl`);

const errorKindSchema = z.string().min(1).max(64);
const consoleErrorSchema = z.looseObject({ kind: errorKindSchema, message: z.string() });

const rowSchema = z.object({
  line: z.number().int().positive(),
  id: z.string().min(1).max(256),
  invoiceId: z.string().max(256).optional(),
  class: z.enum(RECONCILE_CLASSES),
  moneyCase: z.enum(RECONCILE_MONEY_CASES).optional(),
  ledgerStatus: z.string().max(64).optional(),
  serviceStatus: z.string().max(256).optional(),
  ledgerAmount: z.number().optional(),
  serviceAmount: z.number().optional(),
  ledgerCurrency: z.string().max(8).optional(),
  serviceCurrency: z.string().max(8).optional(),
  atStake: z.number(),
  stakeCurrency: z.string().max(8).optional(),
  duplicateOfLine: z.number().int().positive().optional(),
  errorKind: errorKindSchema.optional(),
  errorMessage: z.string().max(2_000).optional(),
  change: z.enum(['newly_differing', 'still_open', 'resolved']).optional(),
});

const summarySchema = z.object({
  runId: runIdSchema,
  environmentId: z.string().min(1).max(64),
  kind: z.enum(BATCH_KINDS),
  ledgerName: z.string().max(1_024),
  ledgerKey: z.string().min(1).max(2_048),
  state: z.enum(['running', 'done', 'cancelled', 'failed']),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  ledgerRows: z.number().int().nonnegative(),
  badRows: z.number().int().nonnegative(),
  mapping: z.record(z.string(), z.enum(LEDGER_FIELDS)),
  decimalSeparator: z.enum([',', '.']),
  counts: z.record(z.enum(RECONCILE_CLASSES), z.number().int().nonnegative()),
  unreachable: z.number().int().nonnegative(),
  totals: z.array(
    z.object({
      class: z.enum(RECONCILE_CLASSES),
      moneyCase: z.enum(RECONCILE_MONEY_CASES).optional(),
      currency: z.string().max(8).nullable(),
      count: z.number().int().nonnegative(),
      atStake: z.number(),
    }),
  ),
  changes: z.object({
    previousRunId: runIdSchema.nullable(),
    previousRunAt: z.iso.datetime({ offset: true }).nullable(),
    newlyDiffering: z.number().int().nonnegative(),
    stillOpen: z.number().int().nonnegative(),
    resolved: z.number().int().nonnegative(),
    gone: z.number().int().nonnegative(),
  }),
  batchId: z.string().max(64).nullable(),
  error: consoleErrorSchema.nullable(),
});

/**
 * Runs kept before bad rows had keys have only `reason`; a key this version does not know (a run
 * kept by a newer one) is dropped, not the run: the screen then shows the English reason.
 */
const badRowSchema = z.object({
  line: z.number().int().positive(),
  reason: z.string().max(2_000),
  text: messageTextSchema.optional().catch(undefined),
  field: z.enum(LEDGER_FIELDS).optional().catch(undefined),
  value: z.string().max(2_000).optional(),
});

const storedRunSchema = z.object({
  version: z.literal(1),
  summary: summarySchema,
  badRows: z.array(badRowSchema),
});

export interface StoredRun {
  summary: ReconcileSummary;
  badRows: LedgerBadRow[];
}

/** Writes a run's rows as they are classified: buffered, fsynced, renamed into place on close. */
export class RunRowsWriter {
  readonly #handle: FileHandle;
  readonly #temp: string;
  readonly #path: string;
  #buffer: string[] = [];

  private constructor(handle: FileHandle, temp: string, path: string) {
    this.#handle = handle;
    this.#temp = temp;
    this.#path = path;
  }

  static async open(dataDir: string, environmentId: string, runId: string): Promise<RunRowsWriter> {
    const folder = runsFolder(dataDir, environmentId);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const path = rowsPath(folder, runId);
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    return new RunRowsWriter(await open(temp, 'wx', 0o600), temp, path);
  }

  async write(row: ReconcileRow): Promise<void> {
    this.#buffer.push(JSON.stringify(row));
    if (this.#buffer.length >= 1_000) await this.#flush();
  }

  async close(): Promise<void> {
    try {
      await this.#flush();
      await this.#handle.sync();
    } finally {
      await this.#handle.close();
    }
    await rename(this.#temp, this.#path);
  }

  async discard(): Promise<void> {
    await this.#handle.close().catch(() => undefined);
    await unlink(this.#temp).catch(() => undefined);
  }

  async #flush(): Promise<void> {
    if (this.#buffer.length === 0) return;
    const text = `${this.#buffer.join('\n')}\n`;
    this.#buffer = [];
    await this.#handle.write(text);
  }
}

export async function writeRunSummary(dataDir: string, run: StoredRun): Promise<Result<void>> {
  const folder = runsFolder(dataDir, run.summary.environmentId);
  try {
    await writeFileAtomically(
      summaryPath(folder, run.summary.runId),
      `${JSON.stringify({ version: 1, summary: run.summary, badRows: run.badRows })}\n`,
    );
  } catch (error) {
    return { ok: false, error: storageError('The reconciliation run could not be saved', error) };
  }
  await pruneRuns(dataDir, run.summary.environmentId);
  return { ok: true, data: undefined };
}

export async function readRun(
  dataDir: string,
  environmentId: string,
  runId: string,
): Promise<StoredRun | null> {
  if (!runIdSchema.safeParse(runId).success) return null;
  try {
    const text = await readFile(summaryPath(runsFolder(dataDir, environmentId), runId), 'utf8');
    const parsed = storedRunSchema.safeParse(JSON.parse(text));
    if (!parsed.success || parsed.data.summary.environmentId !== environmentId) return null;
    return { summary: parsed.data.summary as ReconcileSummary, badRows: parsed.data.badRows };
  } catch {
    return null;
  }
}

/** The environment's kept runs, newest first. */
export async function listRuns(dataDir: string, environmentId: string): Promise<StoredRun[]> {
  const folder = runsFolder(dataDir, environmentId);
  const names = await readdir(folder).catch(() => [] as string[]);
  const runs: StoredRun[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const run = await readRun(dataDir, environmentId, name.slice(0, -'.json'.length));
    if (run) runs.push(run);
  }
  return runs.sort((a, b) => b.summary.startedAt.localeCompare(a.summary.startedAt));
}

/** The last finished run on the same ledger (same key and kind), other than `exceptRunId`. */
export async function previousRun(
  dataDir: string,
  environmentId: string,
  ledgerKey: string,
  kind: ReconcileSummary['kind'],
  exceptRunId: string,
): Promise<StoredRun | null> {
  const runs = await listRuns(dataDir, environmentId);
  return (
    runs.find(
      (run) =>
        run.summary.runId !== exceptRunId &&
        run.summary.ledgerKey === ledgerKey &&
        run.summary.kind === kind &&
        run.summary.state === 'done',
    ) ?? null
  );
}

/** A run's rows in ledger order, read from its file one line at a time; bad lines are skipped. */
export async function* runRows(
  dataDir: string,
  environmentId: string,
  runId: string,
): AsyncGenerator<ReconcileRow> {
  if (!runIdSchema.safeParse(runId).success) return;
  const stream = createReadStream(rowsPath(runsFolder(dataDir, environmentId), runId), { encoding: 'utf8' });
  const opened = await new Promise<boolean>((resolve) => {
    stream.once('open', () => resolve(true));
    stream.once('error', () => resolve(false));
  });
  if (!opened) return;
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const parsed = rowSchema.safeParse(json);
      if (parsed.success) yield parsed.data as ReconcileRow;
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

async function pruneRuns(dataDir: string, environmentId: string): Promise<void> {
  const runs = await listRuns(dataDir, environmentId);
  const folder = runsFolder(dataDir, environmentId);
  for (const run of runs.slice(MAX_KEPT_RUNS)) {
    await unlink(summaryPath(folder, run.summary.runId)).catch(() => undefined);
    await unlink(rowsPath(folder, run.summary.runId)).catch(() => undefined);
  }
}
