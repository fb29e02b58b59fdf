import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { RECORD_INDEX_FILE_NAME, openSqliteRecordIndex } from '../../../main/core/record-index/sqlite';

/**
 * The desktop app and the CLI write the same record index at once, and a process may
 * be killed in the middle of a write. Real processes, the real SQLite file.
 */

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

interface Writer {
  ready: Promise<void>;
  go(): void;
  /** The batches the child reported committed so far. */
  committed(): number;
  kill(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startWriter(dataDir: string, name: string, batches: number, batchSize: number): Writer {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join('test', 'integration', 'record-index', 'writer-child.ts'),
      dataDir,
      name,
      String(batches),
      String(batchSize),
    ],
    { cwd: repositoryRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let committed = 0;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.startsWith('ready\n')) resolve();
      committed = (stdout.match(/^committed \d+$/gm) ?? []).length;
    });
    child.once('exit', (code) =>
      reject(new Error(`a writer exited before it was ready (${code}): ${stderr}`)),
    );
  });
  ready.catch(() => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return {
    ready,
    go: () => child.stdin.end('go\n'),
    committed: () => committed,
    kill: () => child.kill('SIGKILL'),
    exited,
  };
}

const test2 = test.extend<{ dataDir: string }>({
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-record-index-processes-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
});

const inspect = <T>(dataDir: string, read: (db: Database.Database) => T): T => {
  const db = new Database(join(dataDir, RECORD_INDEX_FILE_NAME));
  try {
    return read(db);
  } finally {
    db.close();
  }
};

test2('four processes writing at once, on a fresh data folder, lose no row', async ({ dataDir }) => {
  test.setTimeout(120_000);
  const WRITERS = 4;
  const BATCHES = 150;
  const BATCH_SIZE = 20;
  // Each opens (and creates, and migrates) the file itself, at the same time.
  const writers = Array.from({ length: WRITERS }, (_, n) =>
    startWriter(dataDir, `w${n}`, BATCHES, BATCH_SIZE),
  );
  await Promise.all(writers.map((writer) => writer.ready));
  for (const writer of writers) writer.go();
  const results = await Promise.all(writers.map((writer) => writer.exited));
  for (const result of results) expect(result.code, result.stderr).toBe(0);

  const opened = await openSqliteRecordIndex({ dataDir });
  if (!opened.ok) throw new Error(opened.error.message);
  const { index } = opened.data;
  const page = await index.recent({ environmentId: 'env-a', kind: 'deposit', offset: 0, limit: 1 });
  expect(page.total).toBe(WRITERS * BATCHES * BATCH_SIZE);
  for (let n = 0; n < WRITERS; n += 1) {
    const last = `INV-w${n}-${BATCHES - 1}-${BATCH_SIZE - 1}`;
    expect(await index.search({ environmentId: 'env-a', text: last, limit: 2 })).toMatchObject([
      { invoiceId: last },
    ]);
  }
  // The record every writer moved: seen at the last batch's time, by one of them.
  expect(await index.get('env-a', 'cashout', 'shared')).toMatchObject({
    lastSeen: new Date(Date.parse('2024-05-01T00:00:00Z') + (BATCHES - 1) * 1000).toISOString(),
    status: expect.stringMatching(new RegExp(`^w\\d-${BATCHES - 1}$`)),
  });
  await index.close();
  expect(inspect(dataDir, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
});

test2(
  'kill -9 in the middle of a long series of writes: every committed batch is there, whole, and the file is sound',
  async ({ dataDir }) => {
    test.setTimeout(120_000);
    const BATCH_SIZE = 200;
    for (let round = 0; round < 3; round += 1) {
      const writer = startWriter(dataDir, `k${round}`, 0, BATCH_SIZE);
      await writer.ready;
      writer.go();
      // Let it commit a while, then kill it wherever it is (most likely inside a transaction).
      await expect.poll(() => writer.committed(), { timeout: 60_000 }).toBeGreaterThan(20 + round * 10);
      writer.kill();
      const exit = await writer.exited;
      expect(exit.signal).toBe('SIGKILL');
      const reported = writer.committed();

      const [integrity, perBatch] = inspect(dataDir, (db) => [
        db.pragma('integrity_check', { simple: true }),
        db
          .prepare(
            `SELECT CAST(substr(id, length(:prefix) + 1, instr(substr(id, length(:prefix) + 1), '-') - 1) AS INTEGER) AS batch,
                  COUNT(*) AS rows
           FROM records WHERE kind = 'deposit' AND id LIKE :prefix || '%' GROUP BY batch ORDER BY batch`,
          )
          .all({ prefix: `k${round}-` }) as Array<{ batch: number; rows: number }>,
      ]);
      expect(integrity).toBe('ok');
      // Every batch it said was committed is there; at most the one in flight beyond them; none half.
      expect(perBatch.length).toBeGreaterThanOrEqual(reported);
      expect(perBatch.length).toBeLessThanOrEqual(reported + 1);
      expect(perBatch.map((row) => row.batch)).toEqual(perBatch.map((_, n) => n));
      expect(perBatch.filter((row) => row.rows !== BATCH_SIZE)).toEqual([]);
    }
    // And the index opens on it as usual, nothing set aside.
    const opened = await openSqliteRecordIndex({ dataDir });
    expect(opened.ok && opened.data.setAside).toBe(undefined);
    if (opened.ok) await opened.data.index.close();
  },
);
