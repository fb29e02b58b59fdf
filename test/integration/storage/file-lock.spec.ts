import { test, expect } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE, openJournal } from '../../../main/core/audit';
import { withFileLock } from '../../../main/core/storage/file-lock';
import { removeTempDirs, tempDir } from '../../support/audit/samples';

test.afterAll(removeTempDirs);

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

function leaveLock(dir: string, content: string, ageSeconds = 0): string {
  const path = join(dir, LOCK_FILE);
  writeFileSync(path, content);
  if (ageSeconds > 0) {
    const past = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(path, past, past);
  }
  return path;
}

test('a lock left by a process that died is broken at once', async () => {
  const dir = tempDir('lock');
  const path = leaveLock(dir, JSON.stringify({ pid: deadPid(), token: 'dead' }));
  const opened = await openJournal({ dir, lock: { timeoutMs: 2_000 } });
  expect(opened.ok).toBe(true);
  expect(existsSync(path)).toBe(false);
  if (opened.ok) await opened.data.close();
});

test('a fresh lock of a live process is waited for, then reported with its pid', async () => {
  const dir = tempDir('lock');
  const path = leaveLock(dir, JSON.stringify({ pid: process.pid, token: 'alive' }));
  const opened = await openJournal({ dir, lock: { timeoutMs: 300 } });
  expect(opened.ok).toBe(false);
  if (!opened.ok) {
    expect(opened.error.kind).toBe('storage');
    expect(opened.error.message).toContain(`pid ${process.pid}`);
  }
  expect(existsSync(path)).toBe(true);
});

test('a lock older than staleMs is broken even when its pid runs (pid reuse)', async () => {
  const dir = tempDir('lock');
  leaveLock(dir, JSON.stringify({ pid: process.pid, token: 'old' }), 3_600);
  const opened = await openJournal({ dir, lock: { timeoutMs: 2_000 } });
  expect(opened.ok).toBe(true);
  if (opened.ok) await opened.data.close();
});

test('an empty lock file is given a short grace, then broken', async () => {
  const fresh = tempDir('lock');
  leaveLock(fresh, '');
  expect((await openJournal({ dir: fresh, lock: { timeoutMs: 200 } })).ok).toBe(false);
  const old = tempDir('lock');
  leaveLock(old, '', 5);
  const opened = await openJournal({ dir: old, lock: { timeoutMs: 2_000 } });
  expect(opened.ok).toBe(true);
  if (opened.ok) await opened.data.close();
});

test('critical sections under one lock file never overlap, and the lock is released after a throw', async () => {
  const path = join(tempDir('lock'), 'x.lock');
  let inside = 0;
  let overlaps = 0;
  const section = async (): Promise<{ ok: true; data: undefined }> => {
    inside += 1;
    if (inside > 1) overlaps += 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    inside -= 1;
    return { ok: true, data: undefined };
  };
  await Promise.all(Array.from({ length: 20 }, () => withFileLock(path, {}, section)));
  expect(overlaps).toBe(0);
  await expect(
    withFileLock(path, {}, async () => {
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(existsSync(path)).toBe(false);
});

test('a lock file is never seen empty: it appears with its holder already written in it', async () => {
  const path = join(tempDir('lock'), 'x.lock');
  // Another process reads the lock file as fast as it can while this one takes it again and again.
  const watcher = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs');
       const seen = { empty: 0, held: 0 };
       const until = Date.now() + Number(process.argv[2]);
       while (Date.now() < until) {
         try { fs.readFileSync(process.argv[1], 'utf8') === '' ? seen.empty++ : seen.held++; } catch {}
       }
       process.stdout.write(JSON.stringify(seen));`,
      path,
      '3000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  watcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise((resolve) => watcher.once('exit', resolve));
  while (watcher.exitCode === null) {
    await withFileLock(path, {}, async () => ({ ok: true, data: undefined }));
  }
  await exited;
  const seen = JSON.parse(output) as { empty: number; held: number };
  expect(seen.held).toBeGreaterThan(0);
  // Another process would take an empty lock file for one whose holder died before writing it.
  expect(seen.empty).toBe(0);
});

test('the caller names what is locked, and may word the message of a lock held too long', async () => {
  const dir = tempDir('lock');
  const path = leaveLock(dir, JSON.stringify({ pid: process.pid, token: 'alive' }));
  const critical = async (): Promise<{ ok: true; data: undefined }> => ({ ok: true, data: undefined });
  expect(await withFileLock(path, { timeoutMs: 50 }, critical)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: `The journal is locked by another process (pid ${process.pid}); try again.`,
    },
  });
  expect(await withFileLock(path, { timeoutMs: 50, subject: 'the watchlist' }, critical)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: `The watchlist is locked by another process (pid ${process.pid}); try again.`,
    },
  });
  const busyMessage = 'The settings are being changed by another Paydesk window or command; try again.';
  expect(await withFileLock(path, { timeoutMs: 50, subject: 'the settings', busyMessage }, critical)).toEqual(
    {
      ok: false,
      error: { kind: 'storage', message: busyMessage },
    },
  );
  // A missing folder is made (a first run locks before anything else exists)…
  const fresh = join(dir, 'no-such-folder', 'x.lock');
  expect(await withFileLock(fresh, { subject: 'the settings' }, critical)).toMatchObject({ ok: true });
  // …and a lock that cannot be made names what it was for.
  const blocker = join(dir, 'a-file');
  writeFileSync(blocker, 'not a folder');
  const failed = await withFileLock(join(blocker, 'x.lock'), { subject: 'the settings' }, critical);
  expect(failed).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: 'The lock of the settings could not be taken (EEXIST).',
      text: { key: 'storage.failedCode', params: { reason: 'EEXIST' } },
    },
  });
});
