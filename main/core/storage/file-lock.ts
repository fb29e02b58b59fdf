import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { ConsoleError, Result } from '../../../shared/contract';
import { storageError } from './storage-error';

/**
 * An exclusive lock between processes (the desktop app and the CLI) sharing one data folder
 * (the journal, the settings, the watchlist), made of a lock file that only one process can
 * create (a hard link, or O_EXCL where there are none): no dependency, works on every platform
 * Node runs on. The file names its holder (pid and a random token), so a lock left by a process that died (kill -9, power cut) is recognised and broken:
 * at once when its pid no longer runs on this machine, otherwise once it is older than `staleMs`
 * (a pid can be reused). Hold times are milliseconds (a read, a write and its fsync), so
 * `staleMs` is generous.
 */
export interface FileLockOptions {
  staleMs?: number;
  timeoutMs?: number;
  /** What the lock guards, for messages ("the settings"); by default the lock file's name. */
  subject?: string;
  /** The message when another process still holds the lock after `timeoutMs`. */
  busyMessage?: string;
}

const DEFAULT_STALE_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * Where there are no hard links a lock file is created, then written: still empty after this long,
 * it belongs to a process that died in between.
 */
const EMPTY_LOCK_GRACE_MS = 1_000;

interface Holder {
  pid?: number;
  token?: string;
  ageMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(lockPath: string): Promise<Holder | null> {
  try {
    const [content, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    const ageMs = Date.now() - info.mtimeMs;
    try {
      const parsed = JSON.parse(content) as { pid?: unknown; token?: unknown };
      return {
        pid: typeof parsed.pid === 'number' ? parsed.pid : undefined,
        token: typeof parsed.token === 'string' ? parsed.token : undefined,
        ageMs,
      };
    } catch {
      return { ageMs };
    }
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw cause;
  }
}

function isStale(holder: Holder, staleMs: number): boolean {
  if (holder.pid === undefined) return holder.ageMs > EMPTY_LOCK_GRACE_MS;
  return !isProcessAlive(holder.pid) || holder.ageMs > staleMs;
}

/**
 * Breaks an abandoned lock by renaming it first, so that of two processes breaking it at once
 * only one succeeds. If what was moved turns out to be a fresh lock (taken between our read and
 * our rename), it is linked back in place unless a third process already holds the name.
 */
async function breakLock(lockPath: string, stale: Holder): Promise<void> {
  const moved = `${lockPath}.stale-${randomUUID()}`;
  try {
    await rename(lockPath, moved);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cause;
  }
  const movedHolder = await readHolder(moved);
  if (movedHolder && movedHolder.token !== stale.token) {
    await link(moved, lockPath).catch(() => undefined);
  }
  await unlink(moved).catch(() => undefined);
}

interface Settled {
  staleMs: number;
  timeoutMs: number;
  subject: string;
  busy: (holder: Holder) => ConsoleError;
}

function settle(lockPath: string, options: FileLockOptions): Settled {
  const subject = options.subject ?? `the ${basename(lockPath).replace(/\.lock$/, '')}`;
  const what = subject.charAt(0).toUpperCase() + subject.slice(1);
  return {
    staleMs: options.staleMs ?? DEFAULT_STALE_MS,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    subject,
    busy: (holder) => ({
      kind: 'storage',
      message:
        options.busyMessage ??
        `${what} is locked by another process${holder.pid ? ` (pid ${holder.pid})` : ''}; try again.`,
    }),
  };
}

/** Codes of a file system that has no hard links (FAT, some network shares). */
const NO_HARD_LINKS: ReadonlySet<string | undefined> = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates the lock file, holder included, in one step: written in full under a name of its own,
 * then linked into place (fails with EEXIST when the lock is held). Were it created empty and
 * written next, another process could read it empty in between and, should the holder stall
 * past the grace (a loaded machine), break a live lock. Answers false when the lock is held.
 */
async function create(lockPath: string, content: string): Promise<boolean> {
  const draft = `${lockPath}.${randomUUID()}.tmp`;
  await writeFile(draft, content, { flag: 'wx', mode: 0o600 });
  let linkRefused: unknown;
  try {
    await link(draft, lockPath);
    return true;
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') return false;
    linkRefused = cause;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  if (!NO_HARD_LINKS.has((linkRefused as NodeJS.ErrnoException).code)) throw linkRefused;
  // No hard links here: create, then write; the empty-lock grace covers the moment in between.
  try {
    const handle = await open(lockPath, 'wx', 0o600);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    return true;
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cause;
  }
}

async function acquire(
  lockPath: string,
  { staleMs, timeoutMs, subject, busy }: Settled,
): Promise<Result<string>> {
  const token = randomUUID();
  const content = JSON.stringify({ pid: process.pid, token });
  const deadline = Date.now() + timeoutMs;
  let delayMs = 1;
  for (;;) {
    try {
      if (await create(lockPath, content)) return { ok: true, data: token };
    } catch (cause) {
      return { ok: false, error: storageError(`The lock file of ${subject} could not be created`, cause) };
    }
    const holder = await readHolder(lockPath);
    if (holder === null) continue;
    if (isStale(holder, staleMs)) {
      await breakLock(lockPath, holder);
      continue;
    }
    if (Date.now() >= deadline) return { ok: false, error: busy(holder) };
    await sleep(delayMs);
    delayMs = Math.min(delayMs * 2, 25);
  }
}

async function release(lockPath: string, token: string): Promise<void> {
  const holder = await readHolder(lockPath).catch(() => null);
  if (holder?.token === token) await unlink(lockPath).catch(() => undefined);
}

/** Runs `critical` while holding the lock; the lock is released whatever `critical` does. */
export async function withFileLock<T>(
  lockPath: string,
  options: FileLockOptions,
  critical: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const settled = settle(lockPath, options);
  let acquired: Result<string>;
  try {
    // A first run locks before anything else has made the data folder.
    await mkdir(dirname(lockPath), { recursive: true, mode: 0o700 });
    acquired = await acquire(lockPath, settled);
  } catch (cause) {
    return { ok: false, error: storageError(`The lock of ${settled.subject} could not be taken`, cause) };
  }
  if (!acquired.ok) return acquired;
  try {
    return await critical();
  } finally {
    await release(lockPath, acquired.data);
  }
}
