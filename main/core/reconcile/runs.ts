import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  RECONCILE_CLASSES,
  RECONCILE_MONEY_CASES,
  type DamagedFileNote,
  type LedgerBadRow,
  type ReconcileRow,
  type ReconcileSummary,
  type Result,
} from '../../../shared/contract';
import { messageTextSchema } from '../message-text';
import { writeFileAtomically } from '../storage/atomic-file';
import { setAsideDamaged } from '../storage/set-aside';
import { storageError } from '../storage/storage-error';
import { RECONCILE_FOLDER_NAME } from './mapping-store';

/**
 * Runs are kept per environment in `<dataDir>/reconcile/runs/<environment>/`: `<runId>.json`
 * (the summary and the bad rows, written atomically last, so a run without it never finished
 * writing) and `<runId>.rows.jsonl` (one classified row a line, written as rows are classified and
 * read back a page at a time, so a run's rows are never held in memory). Both are checked with zod
 * on read. A run whose summary or any row fails its checks is never partly used (a row read wrongly
 * would relabel what changed since that run): both its files are moved aside as
 * `<name>.damaged-<time>` and the caller gets a note or a `storage` error saying so. A summary
 * written by a newer Paydesk is not damaged: it is skipped and left where it is.
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

const damagedNoteSchema = z.object({
  file: z.string().max(1_024),
  movedTo: z.string().max(4_096).nullable(),
  reason: z.string().max(2_000),
  message: z.string().max(4_000),
  text: messageTextSchema,
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
  // Notes a newer Paydesk wrote in another shape are dropped, not the run they belong to.
  setAside: z.array(damagedNoteSchema).max(100).optional().catch(undefined),
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

type SummaryRead =
  { state: 'found'; run: StoredRun } | { state: 'absent' } | { state: 'damaged'; reason: string };

async function readSummary(folder: string, environmentId: string, runId: string): Promise<SummaryRead> {
  let text: string;
  try {
    text = await readFile(summaryPath(folder, runId), 'utf8');
  } catch {
    // Missing (removed, or never finished writing) or unreadable: nothing known about its content.
    return { state: 'absent' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: 'damaged', reason: 'it is not readable data' };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > 1) return { state: 'absent' };
  const parsed = storedRunSchema.safeParse(json);
  if (!parsed.success) return { state: 'damaged', reason: 'it is not what Paydesk writes' };
  if (parsed.data.summary.environmentId !== environmentId) {
    return { state: 'damaged', reason: 'it belongs to another environment' };
  }
  if (parsed.data.summary.runId !== runId) return { state: 'damaged', reason: 'it names another run' };
  const { setAside, ...summary } = parsed.data.summary;
  return {
    state: 'found',
    run: {
      summary: { ...summary, ...(setAside && { setAside }) } as ReconcileSummary,
      badRows: parsed.data.badRows,
    },
  };
}

/**
 * Moves both files of a run aside (the summary means nothing without its rows, and rows without
 * their summary would show as a run with none): `file` is the one that failed its checks.
 */
async function setAsideRunFiles(
  folder: string,
  runId: string,
  file: 'summary' | 'rows',
  now: Date,
): Promise<{ file: string; movedTo: string | null; code?: string }> {
  const damaged = file === 'summary' ? summaryPath(folder, runId) : rowsPath(folder, runId);
  const other = file === 'summary' ? rowsPath(folder, runId) : summaryPath(folder, runId);
  let movedTo: string | null = null;
  let code: string | undefined;
  try {
    movedTo = await setAsideDamaged(damaged, now);
  } catch (error) {
    code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  }
  await setAsideDamaged(other, now).catch(() => undefined);
  return { file: basename(damaged), movedTo, ...(code !== undefined && { code }) };
}

/**
 * Moves a run aside and says so: `listed` for a run found while listing or comparing (it is no
 * longer listed or compared with), `needed` for a run that was asked for (run it again).
 */
export async function setAsideRun(
  dataDir: string,
  environmentId: string,
  runId: string,
  file: 'summary' | 'rows',
  reason: string,
  now: Date,
  use: 'listed' | 'needed',
): Promise<DamagedFileNote> {
  const moved = await setAsideRunFiles(runsFolder(dataDir, environmentId), runId, file, now);
  const where =
    moved.movedTo === null
      ? `It could not be moved aside (${moved.code ?? 'unknown'})`
      : `It was moved aside to ${basename(moved.movedTo)}`;
  const unusable = `${use === 'listed' ? 'A saved reconciliation run' : 'The saved reconciliation run'} ${runId} could not be used: ${reason}. ${where}`;
  const shown = moved.movedTo === null ? moved.file : basename(moved.movedTo);
  return {
    file: moved.file,
    movedTo: moved.movedTo,
    reason,
    message:
      use === 'listed'
        ? `${unusable}; it is no longer listed or compared with.`
        : `${unusable}; run the reconciliation again.`,
    text: { key: use === 'listed' ? 'storage.runSetAside' : 'storage.runDamaged', params: { file: shown } },
  };
}

/** What loading one run found: the run, or nothing, with a note when its files were damaged. */
export interface RunLoad {
  run: StoredRun | null;
  setAside?: DamagedFileNote;
}

/** A kept run; a damaged one is moved aside (with its rows) and the note says so. */
export async function loadRun(
  dataDir: string,
  environmentId: string,
  runId: string,
  now: Date,
): Promise<RunLoad> {
  if (!runIdSchema.safeParse(runId).success) return { run: null };
  const read = await readSummary(runsFolder(dataDir, environmentId), environmentId, runId);
  if (read.state === 'found') return { run: read.run };
  if (read.state === 'absent') return { run: null };
  return {
    run: null,
    setAside: await setAsideRun(dataDir, environmentId, runId, 'summary', read.reason, now, 'needed'),
  };
}

/** A kept run, read only: a damaged one is null and left where it is (no one here could be told). */
export async function readRun(
  dataDir: string,
  environmentId: string,
  runId: string,
): Promise<StoredRun | null> {
  if (!runIdSchema.safeParse(runId).success) return null;
  const read = await readSummary(runsFolder(dataDir, environmentId), environmentId, runId);
  return read.state === 'found' ? read.run : null;
}

async function runIds(dataDir: string, environmentId: string): Promise<string[]> {
  const names = await readdir(runsFolder(dataDir, environmentId)).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((runId) => runIdSchema.safeParse(runId).success);
}

const newestFirst = (runs: StoredRun[]): StoredRun[] =>
  runs.sort((a, b) => b.summary.startedAt.localeCompare(a.summary.startedAt));

/**
 * The environment's kept runs, newest first, read only: a damaged run is left out and left where
 * it is, so the next reconciliation (which can tell the user) moves it aside and says so.
 */
export async function listRuns(dataDir: string, environmentId: string): Promise<StoredRun[]> {
  const folder = runsFolder(dataDir, environmentId);
  const runs: StoredRun[] = [];
  for (const runId of await runIds(dataDir, environmentId)) {
    const read = await readSummary(folder, environmentId, runId);
    if (read.state === 'found') runs.push(read.run);
  }
  return newestFirst(runs);
}

/**
 * The environment's kept runs, newest first; each damaged one is moved aside and noted, and the
 * others are still listed (one bad file hides nothing else).
 */
export async function listRunsChecked(
  dataDir: string,
  environmentId: string,
  now: Date,
): Promise<{ runs: StoredRun[]; setAside: DamagedFileNote[] }> {
  const folder = runsFolder(dataDir, environmentId);
  const runs: StoredRun[] = [];
  const setAside: DamagedFileNote[] = [];
  for (const runId of await runIds(dataDir, environmentId)) {
    const read = await readSummary(folder, environmentId, runId);
    if (read.state === 'found') runs.push(read.run);
    if (read.state === 'damaged') {
      setAside.push(await setAsideRun(dataDir, environmentId, runId, 'summary', read.reason, now, 'listed'));
    }
  }
  return { runs: newestFirst(runs), setAside };
}

/** Whether every row of a run checked out; `reason` says why not (English, for the note). */
export type RowsCheck = { ok: true } | { ok: false; reason: string };

/**
 * Hands a run's rows to `visit` in ledger order, read from its file one line at a time. It stops
 * at the first line that fails its checks, and when `summary` is given (a run read back from the
 * folder) a file holding more or fewer rows than the summary counted fails too (a file cut short
 * at a line end). Either way the caller must drop what it was given: the answer says why. A run
 * without a rows file (one whose rows could not be saved) has no rows.
 */
export async function readRunRows(
  dataDir: string,
  environmentId: string,
  runId: string,
  visit: (row: ReconcileRow) => void,
  summary?: ReconcileSummary,
): Promise<RowsCheck> {
  if (!runIdSchema.safeParse(runId).success) return { ok: true };
  const stream = createReadStream(rowsPath(runsFolder(dataDir, environmentId), runId), { encoding: 'utf8' });
  const opened = await new Promise<boolean>((resolve) => {
    stream.once('open', () => resolve(true));
    stream.once('error', () => resolve(false));
  });
  if (!opened) return { ok: true };
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let count = 0;
  try {
    for await (const line of lines) {
      if (line === '') continue;
      count += 1;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        return { ok: false, reason: `row ${count} is not readable data` };
      }
      const parsed = rowSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: `row ${count} is not what Paydesk writes` };
      visit(parsed.data as ReconcileRow);
    }
  } catch {
    return { ok: false, reason: 'its rows cannot be read to the end' };
  } finally {
    lines.close();
    stream.destroy();
  }
  // A failed run may have stopped while its rows were written: its counts say nothing about them.
  if (summary && summary.state !== 'failed') {
    const expected = Object.values(summary.counts).reduce((sum, value) => sum + value, 0);
    if (count !== expected) {
      return { ok: false, reason: `it holds ${count} rows where its summary counts ${expected}` };
    }
  }
  return { ok: true };
}

async function pruneRuns(dataDir: string, environmentId: string): Promise<void> {
  const runs = await listRuns(dataDir, environmentId);
  const folder = runsFolder(dataDir, environmentId);
  for (const run of runs.slice(MAX_KEPT_RUNS)) {
    await unlink(summaryPath(folder, run.summary.runId)).catch(() => undefined);
    await unlink(rowsPath(folder, run.summary.runId)).catch(() => undefined);
  }
}
