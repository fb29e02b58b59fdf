import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database, { type Database as Connection } from 'better-sqlite3';
import type { Result } from '../../../shared/contract';
import { RECORD_INDEX_SCHEMA_VERSION, migrate, userVersion, type RecordIndexMigration } from './migrations';
import type { RecordIndex } from './port';
import { REBUILD_HINT, indexError, isDamage } from './sqlite-errors';
import { createIndex } from './sqlite-index';

/**
 * The record index on SQLite (better-sqlite3), in the data folder the app and the CLI share.
 *
 * WAL lets the app and the CLI read while the other writes; writers wait for each other up to
 * `busyTimeoutMs`. synchronous=NORMAL: in WAL mode it never corrupts the file and keeps every
 * commit through a process crash; a power loss may drop the last commits, which `paydesk index
 * rebuild` restores, since the index is derived data.
 *
 * This file opens the database; the index over it is in sqlite-index.ts, its SQL in sqlite-sql.ts,
 * and the checks of what goes in and comes out in sqlite-observations.ts and sqlite-rows.ts.
 */

export const RECORD_INDEX_FILE_NAME = 'record-index.sqlite';
/** Long enough for the other process's longest write (a page of batch rows), short enough to notice. */
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

type SetAsideReason = 'corrupt' | 'newer';

/** A database that could not be used and was renamed, so a fresh one could take its place. */
export interface RecordIndexSetAside {
  reason: SetAsideReason;
  /** Where the old file is now (its -wal and -shm beside it, with the same name). */
  movedTo: string;
  /** One sentence for the user. */
  message: string;
}

export interface OpenedRecordIndex {
  index: RecordIndex;
  /** The database file. */
  location: string;
  /** Present when the file found was set aside and the index starts empty. */
  setAside?: RecordIndexSetAside;
}

interface OpenSqliteRecordIndexOptions {
  /** The data folder (main/core/data-dir.ts); created (0700) when missing. */
  dataDir: string;
  busyTimeoutMs?: number;
  now?: () => Date;
  /** Tests only: another list of schema steps, to check the migration runner on old versions. */
  migrations?: readonly RecordIndexMigration[];
}

const recordIndexPath = (dataDir: string): string => join(dataDir, RECORD_INDEX_FILE_NAME);

const setAsideMessage = (reason: SetAsideReason): string =>
  reason === 'corrupt'
    ? `The record index was damaged and has been set aside; it will be rebuilt from the journal: ${REBUILD_HINT}.`
    : `The record index was written by a newer version of Paydesk and has been set aside; it will be rebuilt from the journal: ${REBUILD_HINT}.`;

// ---------------------------------------------------------------------------------------------
// Opening
// ---------------------------------------------------------------------------------------------

/** `record-index.sqlite` → `record-index.sqlite.corrupt-2024-03-05T14-07-09-123Z` (no colons: Windows). */
async function setAside(path: string, reason: SetAsideReason, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const target = `${path}.${reason}-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    const taken = await stat(target).then(
      () => true,
      () => false,
    );
    if (taken) continue;
    await rename(path, target);
    // The WAL may hold commits of the old file: it goes with it, under the matching name.
    for (const suffix of ['-wal', '-shm']) {
      await rename(`${path}${suffix}`, `${target}${suffix}`).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
    }
    return target;
  }
  throw new Error('too many earlier copies');
}

type Verdict = { usable: true; db: Connection } | { usable: false; reason: SetAsideReason };

/** Opens and checks the file; a file that is not a usable database of ours closes again. */
function openChecked(path: string, busyTimeoutMs: number, schemaVersion: number): Verdict {
  const db = new Database(path, { timeout: busyTimeoutMs });
  try {
    // Checked before anything is changed, so a file set aside is left as it was found.
    if (userVersion(db) > schemaVersion) {
      db.close();
      return { usable: false, reason: 'newer' };
    }
    if (db.pragma('quick_check', { simple: true }) !== 'ok') {
      db.close();
      return { usable: false, reason: 'corrupt' };
    }
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    return { usable: true, db };
  } catch (error) {
    db.close();
    if (isDamage(error)) return { usable: false, reason: 'corrupt' };
    throw error;
  }
}

/**
 * Opens (creating, migrating or replacing) the record index of a data folder. A damaged file, or
 * one a newer Paydesk wrote, is set aside and a fresh index returned with `setAside` saying so;
 * only a folder that cannot be written at all, or a file another process keeps locked, answers
 * an error (the caller then runs without the index).
 */
export async function openSqliteRecordIndex(
  options: OpenSqliteRecordIndexOptions,
): Promise<Result<OpenedRecordIndex>> {
  const now = options.now ?? (() => new Date());
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const steps = options.migrations ?? undefined;
  const schemaVersion = steps?.length ?? RECORD_INDEX_SCHEMA_VERSION;
  const location = recordIndexPath(options.dataDir);
  const failed = (error: unknown): Result<OpenedRecordIndex> => ({
    ok: false,
    error: indexError(`The record index ${location} could not be opened`, error),
  });

  try {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return failed(error);
  }

  let setAsideReport: RecordIndexSetAside | undefined;
  let db: Connection | undefined;
  // A second round only after setting a file aside: the fresh file must then pass.
  for (let round = 0; round < 2 && db === undefined; round += 1) {
    let verdict: Verdict;
    try {
      verdict = openChecked(location, busyTimeoutMs, schemaVersion);
    } catch (error) {
      return failed(error);
    }
    if (verdict.usable) {
      db = verdict.db;
      break;
    }
    if (round > 0) return failed(new Error('a fresh file failed its check'));
    try {
      const movedTo = await setAside(location, verdict.reason, now());
      setAsideReport = { reason: verdict.reason, movedTo, message: setAsideMessage(verdict.reason) };
    } catch (error) {
      return { ok: false, error: indexError(`The record index ${location} could not be set aside`, error) };
    }
  }
  if (db === undefined) return failed(new Error('no database'));

  try {
    migrate(db, steps);
  } catch (error) {
    db.close();
    return failed(error);
  }
  const index = createIndex(db);
  return {
    ok: true,
    data: { index, location, ...(setAsideReport ? { setAside: setAsideReport } : {}) },
  };
}
