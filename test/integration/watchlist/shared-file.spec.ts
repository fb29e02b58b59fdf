import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadWatchlist,
  saveWatchlist,
  WATCHLIST_FILE_NAME,
  type WatchDocument,
} from '../../../main/core/watchlist/store';
import { storedRefund } from './store-samples';

/**
 * The desktop app keeps the watchlist in memory and writes it whole; the CLI writes the
 * same file (removing an environment drops its pins). Real processes, one real file.
 */

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const PINNERS = 8;

interface Child {
  ready: Promise<void>;
  go(): void;
  exited: Promise<{ code: number | null; stderr: string }>;
}

function startChild(filePath: string, action: 'pin' | 'forget', argument: string): Child {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join('test', 'integration', 'watchlist', 'store-child.ts'),
      filePath,
      action,
      argument,
    ],
    { cwd: repositoryRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) =>
      reject(new Error(`a child exited before it was ready (${code}): ${stderr}`)),
    );
  });
  ready.catch(() => undefined);
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  return { ready, go: () => child.stdin.end('go\n'), exited };
}

test('pins made and environments dropped by other processes survive this one writing its own copy', async () => {
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-watchlist-'));
  try {
    const filePath = join(folder, WATCHLIST_FILE_NAME);
    // This process: the app, whose copy stays in memory from here on.
    const loaded = await loadWatchlist(filePath, Date.now);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const ours = loaded.data.document;
    ours.items.push(storedRefund('desk', '1'), storedRefund('gone', '2'), storedRefund('gone', '3'));
    expect(await saveWatchlist(filePath, ours)).toEqual({ ok: true, data: undefined });

    // Others, all at once: eight pins, and the removal of environment `gone`.
    const children = [
      ...Array.from({ length: PINNERS }, (_, index) => startChild(filePath, 'pin', String(101 + index))),
      startChild(filePath, 'forget', 'gone'),
    ];
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) child.go();
    for (const exited of await Promise.all(children.map((child) => child.exited))) {
      expect(exited.code, exited.stderr).toBe(0);
    }

    // The app polls its pin and writes its (stale) copy.
    const pin = ours.items[0] as WatchDocument['items'][number];
    pin.status = 'COMPLETED';
    pin.changes = 1;
    expect(await saveWatchlist(filePath, ours)).toEqual({ ok: true, data: undefined });

    const stored = JSON.parse(await readFile(filePath, 'utf8')) as WatchDocument;
    const pinned = stored.items.filter((item) => item.environmentId === 'desk');
    console.log(
      `watchlist after ${PINNERS} pinning processes: ${pinned.length - 1} of ${PINNERS} pins kept, ${
        stored.items.filter((item) => item.environmentId === 'gone').length
      } pins of the removed environment back`,
    );
    expect(pinned.map((item) => item.id).sort()).toEqual(
      ['1', ...Array.from({ length: PINNERS }, (_, index) => String(101 + index))].sort(),
    );
    expect(pinned.find((item) => item.id === '1')).toMatchObject({ status: 'COMPLETED', changes: 1 });
    expect(stored.items.filter((item) => item.environmentId === 'gone')).toEqual([]);
    // No temp file left behind; the lock's own files stay (removing one in use would let two holders in).
    expect((await readdir(folder)).sort()).toEqual(
      [WATCHLIST_FILE_NAME, `${WATCHLIST_FILE_NAME}.lock.db`, `${WATCHLIST_FILE_NAME}.lock.holder`].sort(),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
