import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { ReconcileRow, ReconcileSummary } from '../../../shared/contract';
import { rowsPath, runIdSchema, runsFolder } from './run-files';
import { rowSchema } from './run-schemas';

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

/** Whether every row of a run checked out; `reason` says why not (English, for the note). */
type RowsCheck = { ok: true } | { ok: false; reason: string };

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
