import { randomUUID } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import type { Result } from '../../../preload/contract';
import { storageError } from './storage-error';

/**
 * An exclusive lock between processes (the desktop app and the CLI) sharing one journal, made of
 * a lock file created with O_EXCL: no dependency, works on every platform Node runs on. The file
 * names its holder (pid and a random token), so a lock left by a process that died (kill -9,
 * power cut) is recognised and broken: at once when its pid no longer runs on this machine,
 * otherwise once it is older than `staleMs` (a pid can be reused). Hold times are a few
 * milliseconds (one append and its fsync), so `staleMs` is generous.
 */
export interface FileLockOptions {
  staleMs?: number;
  timeoutMs?: number;
}

const DEFAULT_STALE_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 10_000;
/** A lock file still empty after this long belongs to a process that died between create and write. */
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

async function acquire(lockPath: string, staleMs: number, timeoutMs: number): Promise<Result<string>> {
  const token = randomUUID();
  const deadline = Date.now() + timeoutMs;
  let delayMs = 1;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, token }));
      } finally {
        await handle.close();
      }
      return { ok: true, data: token };
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') {
        return { ok: false, error: storageError('The journal lock file could not be created', cause) };
      }
    }
    const holder = await readHolder(lockPath);
    if (holder === null) continue;
    if (isStale(holder, staleMs)) {
      await breakLock(lockPath, holder);
      continue;
    }
    if (Date.now() >= deadline) {
      return {
        ok: false,
        error: {
          kind: 'storage',
          message: `The journal is locked by another process${holder.pid ? ` (pid ${holder.pid})` : ''}; try again.`,
        },
      };
    }
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
  let acquired: Result<string>;
  try {
    acquired = await acquire(
      lockPath,
      options.staleMs ?? DEFAULT_STALE_MS,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  } catch (cause) {
    return { ok: false, error: storageError('The journal lock could not be taken', cause) };
  }
  if (!acquired.ok) return acquired;
  try {
    return await critical();
  } finally {
    await release(lockPath, acquired.data);
  }
}
