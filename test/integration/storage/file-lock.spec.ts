import { test, expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Result } from '../../../shared/contract';
import { LOCK_FILE, openJournal } from '../../../main/core/audit';
import { withFileLock } from '../../../main/core/storage/file-lock';
import { removeTempDirs, tempDir } from '../../support/audit/samples';
import { killLockChildren, spawnLockChild } from './spawn-lock-child';

test.afterEach(killLockChildren);
test.afterAll(removeTempDirs);

const critical = async (): Promise<Result<undefined>> => ({ ok: true, data: undefined });

/** A gate: `open()` lets whoever awaits `passed` through. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

test('a holder killed while it holds the lock frees it at once: no wait for it to look abandoned', async () => {
  const dir = tempDir('lock');
  const path = join(dir, LOCK_FILE);
  const holder = spawnLockChild('hold', path);
  await holder.line(/^HELD$/);
  // A waiter already queued when the holder dies gets in as soon as the OS drops its lock.
  let entered = 0;
  const waiting = withFileLock(path, { timeoutMs: 20_000 }, async () => {
    entered = performance.now();
    return { ok: true, data: undefined };
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(entered).toBe(0);
  const killedAt = performance.now();
  holder.child.kill('SIGKILL');
  expect(await waiting).toEqual({ ok: true, data: undefined });
  // The waiter polls every 25 ms at most; allow for a loaded machine, far below any staleness.
  expect(entered - killedAt).toBeLessThan(1_000);
  expect((await holder.exited).signal).toBe('SIGKILL');
  // And a newcomer does not wait at all: one try is enough.
  expect(await withFileLock(path, { timeoutMs: 0 }, critical)).toEqual({ ok: true, data: undefined });
  const opened = await openJournal({ dir, lock: { timeoutMs: 0 } });
  expect(opened.ok).toBe(true);
  if (opened.ok) await opened.data.close();
});

test('a lock another live process holds is waited for until timeoutMs, then refused as a typed storage error', async () => {
  const dir = tempDir('lock');
  const path = join(dir, LOCK_FILE);
  const holder = spawnLockChild('hold', path);
  await holder.line(/^HELD$/);
  let ran = false;
  const started = performance.now();
  const refused = await withFileLock(path, { timeoutMs: 300 }, async () => {
    ran = true;
    return { ok: true, data: undefined };
  });
  expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  expect(ran).toBe(false);
  // The caller names what is locked, and may word the message itself.
  const pid = holder.child.pid;
  expect(refused).toEqual({
    ok: false,
    error: { kind: 'storage', message: `The journal is locked by another process (pid ${pid}); try again.` },
  });
  expect(await withFileLock(path, { timeoutMs: 50, subject: 'the watchlist' }, critical)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: `The watchlist is locked by another process (pid ${pid}); try again.`,
    },
  });
  const busyMessage = 'The settings are being changed by another Paydesk window or command; try again.';
  expect(await withFileLock(path, { timeoutMs: 50, subject: 'the settings', busyMessage }, critical)).toEqual(
    { ok: false, error: { kind: 'storage', message: busyMessage } },
  );
  const opened = await openJournal({ dir, lock: { timeoutMs: 100 } });
  expect(opened.ok).toBe(false);
  holder.child.kill('SIGKILL');
  await holder.exited;
});

test('two acquisitions in one process exclude each other too: each has a connection of its own', async () => {
  const path = join(tempDir('lock'), 'x.lock');
  const release = gate();
  const order: string[] = [];
  const first = withFileLock(path, {}, async () => {
    order.push('first in');
    await release.passed;
    order.push('first out');
    return { ok: true, data: undefined };
  });
  while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await withFileLock(path, { timeoutMs: 100 }, critical)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: `The x is locked by another process (pid ${process.pid}); try again.`,
    },
  });
  const second = withFileLock(path, { timeoutMs: 20_000 }, async () => {
    order.push('second in');
    return { ok: true, data: undefined };
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(order).toEqual(['first in']);
  release.open();
  expect(await Promise.all([first, second])).toEqual([
    { ok: true, data: undefined },
    { ok: true, data: undefined },
  ]);
  expect(order).toEqual(['first in', 'first out', 'second in']);
});

test('a bare SQLite connection holding the lock excludes it too; with no holder known, the message says locks may not work', async () => {
  const path = join(tempDir('lock'), 'x.lock');
  const connection = new Database(`${path}.db`, { timeout: 0 });
  connection.exec('BEGIN EXCLUSIVE');
  try {
    expect(await withFileLock(path, { timeoutMs: 100 }, critical)).toEqual({
      ok: false,
      error: {
        kind: 'storage',
        message:
          'The x is locked by another process, or the file system of its folder does not support file locks; try again.',
      },
    });
  } finally {
    connection.exec('ROLLBACK');
    connection.close();
  }
  expect(await withFileLock(path, { timeoutMs: 0 }, critical)).toEqual({ ok: true, data: undefined });
});

test('critical sections under one lock never overlap, and the lock is released after a throw', async () => {
  const path = join(tempDir('lock'), 'x.lock');
  let inside = 0;
  let overlaps = 0;
  const section = async (): Promise<Result<undefined>> => {
    inside += 1;
    if (inside > 1) overlaps += 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    inside -= 1;
    return { ok: true, data: undefined };
  };
  const answers = await Promise.all(Array.from({ length: 20 }, () => withFileLock(path, {}, section)));
  expect(answers.every((answer) => answer.ok)).toBe(true);
  expect(overlaps).toBe(0);
  await expect(
    withFileLock(path, {}, async () => {
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  // Released: the next one gets it at the first try.
  expect(await withFileLock(path, { timeoutMs: 0 }, critical)).toEqual({ ok: true, data: undefined });
});

test('the lock is a database of its own: a lock file an older version left at the lock path is left alone', async () => {
  const dir = tempDir('lock');
  const old = join(dir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, token: 'from-an-older-version' });
  writeFileSync(old, content);
  const opened = await openJournal({ dir, lock: { timeoutMs: 0 } });
  expect(opened.ok).toBe(true);
  if (opened.ok) await opened.data.close();
  expect(readFileSync(old, 'utf8')).toBe(content);
  expect(existsSync(`${old}.db`)).toBe(true);
});

test('a lock that cannot be made or used is a typed storage error, and the critical section never runs', async () => {
  const dir = tempDir('lock');
  let ran = 0;
  const counted = async (): Promise<Result<undefined>> => {
    ran += 1;
    return { ok: true, data: undefined };
  };
  // A missing folder is made (a first run locks before anything else exists)…
  const fresh = join(dir, 'no-such-folder', 'x.lock');
  expect(await withFileLock(fresh, { subject: 'the settings' }, counted)).toEqual({
    ok: true,
    data: undefined,
  });
  expect(ran).toBe(1);
  // …a folder that cannot be made names what the lock was for…
  const blocker = join(dir, 'a-file');
  writeFileSync(blocker, 'not a folder');
  expect(await withFileLock(join(blocker, 'x.lock'), { subject: 'the settings' }, counted)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: 'The lock of the settings could not be taken (EEXIST).',
      text: { key: 'storage.failedCode', params: { reason: 'EEXIST' } },
    },
  });
  // …and a lock file that SQLite cannot open, or that is not a database, is never worked around.
  mkdirSync(join(dir, 'folder.lock.db'));
  expect(await withFileLock(join(dir, 'folder.lock'), {}, counted)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: 'The lock of the folder could not be taken (SQLITE_CANTOPEN).',
      text: { key: 'storage.failedCode', params: { reason: 'SQLITE_CANTOPEN' } },
    },
  });
  writeFileSync(join(dir, 'garbage.lock.db'), 'not a database: some bytes left by something else entirely');
  expect(await withFileLock(join(dir, 'garbage.lock'), {}, counted)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: 'The lock of the garbage could not be taken (SQLITE_NOTADB).',
      text: { key: 'storage.failedCode', params: { reason: 'SQLITE_NOTADB' } },
    },
  });
  expect(ran).toBe(1);
});
