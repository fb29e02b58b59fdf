import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type SqliteDatabase from 'better-sqlite3';
import type { ConsoleError, Result } from '../../../shared/contract';
import { storageError } from './storage-error';

/**
 * An exclusive lock between processes (the desktop app and the CLI) sharing one data folder (the
 * journal, the settings, the watchlist…), and between callers within one process.
 *
 * It is SQLite's own file lock, taken by `BEGIN EXCLUSIVE` on a database beside the caller's lock
 * path: the OS holds it for the process and drops it when that process dies (kill -9, crash), so
 * there is never a lock to judge abandoned and break, which is where a file-based lock lets a
 * second holder in. SQLite also tracks its locks per file within a process, so two connections
 * of one process exclude each other too, which bare fcntl locks do not.
 */
export interface FileLockOptions {
  /** How long to wait for another holder before answering a `storage` error. */
  timeoutMs?: number;
  /** What the lock guards, for messages ("the settings"); by default the lock file's name. */
  subject?: string;
  /** The message when another process still holds the lock after `timeoutMs`. */
  busyMessage?: string;
}

type Connection = SqliteDatabase.Database;

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_DELAY_MS = 25;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Loaded on the first lock, so that a command that never takes one never loads the native addon. */
let sqlite: Promise<typeof SqliteDatabase> | undefined;
const loadSqlite = (): Promise<typeof SqliteDatabase> => {
  sqlite ??= import('better-sqlite3').then((module) => module.default);
  return sqlite;
};

interface LockFiles {
  /**
   * A name of its own, never the caller's path: a lock file an older version left there (JSON)
   * must not be opened as a database. Absolute, so no path is ever read as an SQLite URI.
   */
  database: string;
  /** The holder's pid, written once the lock is held; only ever read to word the busy message. */
  holder: string;
}

const lockFiles = (lockPath: string): LockFiles => {
  const absolute = resolve(lockPath);
  return { database: `${absolute}.db`, holder: `${absolute}.holder` };
};

const codeOf = (cause: unknown): string =>
  String((cause as { code?: unknown } | null | undefined)?.code ?? '');

/** SQLite's answers while another connection holds the lock: wait and try again. */
const isBusy = (cause: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(cause));

/** SQLite's answers when the OS refused the lock call itself (a file system without locks). */
const isLockUnsupported = (cause: unknown): boolean =>
  /^SQLITE_IOERR_(LOCK|RDLOCK|UNLOCK|CHECKRESERVEDLOCK)$/.test(codeOf(cause));

interface Settled {
  timeoutMs: number;
  failed: (cause: unknown) => ConsoleError;
  busy: (pid: number | null) => ConsoleError;
}

function settle(lockPath: string, options: FileLockOptions): Settled {
  const subject = options.subject ?? `the ${basename(lockPath).replace(/\.lock$/, '')}`;
  const what = subject.charAt(0).toUpperCase() + subject.slice(1);
  return {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    failed: (cause) =>
      storageError(
        isLockUnsupported(cause)
          ? `The lock of ${subject} could not be taken: the file system of its folder does not support file locks`
          : `The lock of ${subject} could not be taken`,
        cause,
      ),
    busy: (pid) => ({
      kind: 'storage',
      message:
        options.busyMessage ??
        (pid === null
          ? // Some network shares answer every lock call as if it were held: say so, never go on unlocked.
            `${what} is locked by another process, or the file system of its folder does not support file locks; try again.`
          : `${what} is locked by another process (pid ${pid}); try again.`),
    }),
  };
}

const HOLDER_LINE = `${process.pid}\n`;

/**
 * Only for a waiter's message: a holder file that cannot be written costs nothing else. Read
 * first, since writing is the dearer call and the file mostly names this process already.
 */
async function nameHolder(path: string): Promise<void> {
  if ((await readFile(path, 'utf8').catch(() => '')) === HOLDER_LINE) return;
  await writeFile(path, HOLDER_LINE, { mode: 0o600 }).catch(() => undefined);
}

async function holderPid(path: string): Promise<number | null> {
  const content = await readFile(path, 'utf8').catch(() => '');
  // Only a whole line counts: a holder file caught while being rewritten names nobody.
  const match = /^(\d+)\n$/.exec(content);
  return match ? Number(match[1]) : null;
}

/**
 * One connection per acquisition, with SQLite's busy timeout at zero: SQLite would wait by
 * sleeping on this thread, the event loop with it, so the waiting is done here, asynchronously.
 */
async function acquire(files: LockFiles, settled: Settled): Promise<Result<Connection>> {
  const Database = await loadSqlite();
  let connection: Connection;
  try {
    connection = new Database(files.database, { timeout: 0 });
  } catch {
    // A first run locks before anything else has made the data folder. Made only on a failure,
    // as the folder is there on every other call; any other failure comes back on the retry.
    await mkdir(dirname(files.database), { recursive: true, mode: 0o700 });
    connection = new Database(files.database, { timeout: 0 });
  }
  let held = false;
  try {
    const deadline = performance.now() + settled.timeoutMs;
    let delayMs = 1;
    for (;;) {
      try {
        connection.exec('BEGIN EXCLUSIVE');
        held = true;
        return { ok: true, data: connection };
      } catch (cause) {
        // Anything but "held by another" fails closed: never run the critical section unlocked.
        if (!isBusy(cause)) return { ok: false, error: settled.failed(cause) };
      }
      if (performance.now() >= deadline)
        return { ok: false, error: settled.busy(await holderPid(files.holder)) };
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
    }
  } finally {
    if (!held) connection.close();
  }
}

/**
 * COMMIT rather than ROLLBACK: nothing is ever written, except SQLite's first page of a new lock
 * file, which is then kept, so later acquisitions write nothing and make no rollback journal.
 * Should COMMIT fail, close() rolls back, and unlocks all the same.
 */
function release(connection: Connection): void {
  try {
    connection.exec('COMMIT');
  } catch {
    // close() below rolls back and unlocks.
  } finally {
    connection.close();
  }
}

/** Runs `critical` while holding the lock; the lock is released whatever `critical` does. */
export async function withFileLock<T>(
  lockPath: string,
  options: FileLockOptions,
  critical: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const settled = settle(lockPath, options);
  const files = lockFiles(lockPath);
  let acquired: Result<Connection>;
  try {
    acquired = await acquire(files, settled);
  } catch (cause) {
    return { ok: false, error: settled.failed(cause) };
  }
  if (!acquired.ok) return acquired;
  const connection = acquired.data;
  try {
    await nameHolder(files.holder);
    return await critical();
  } finally {
    release(connection);
  }
}
