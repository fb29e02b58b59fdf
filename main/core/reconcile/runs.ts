import { readdir, readFile, unlink } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DamagedFileNote, ReconcileSummary, Result } from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { setAsideDamaged } from '../storage/set-aside';
import { storageError } from '../storage/storage-error';
import { MAX_KEPT_RUNS, rowsPath, runIdSchema, runsFolder, summaryPath } from './run-files';
import { storedRunSchema, type StoredRun } from './run-schemas';

/**
 * A run's summary file: written atomically last, read back checked, and with its rows moved aside
 * when either fails its checks; the environment's runs listed newest first and pruned to the cap.
 */

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
interface RunLoad {
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

async function pruneRuns(dataDir: string, environmentId: string): Promise<void> {
  const runs = await listRuns(dataDir, environmentId);
  const folder = runsFolder(dataDir, environmentId);
  for (const run of runs.slice(MAX_KEPT_RUNS)) {
    await unlink(summaryPath(folder, run.summary.runId)).catch(() => undefined);
    await unlink(rowsPath(folder, run.summary.runId)).catch(() => undefined);
  }
}
