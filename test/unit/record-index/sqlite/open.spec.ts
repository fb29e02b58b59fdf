import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  RECORD_INDEX_MIGRATIONS,
  RECORD_INDEX_SCHEMA_VERSION,
  migrate,
} from '../../../../main/core/record-index/migrations';
import {
  RECORD_INDEX_FILE_NAME,
  openSqliteRecordIndex,
  type OpenedRecordIndex,
} from '../../../../main/core/record-index/sqlite';
import { expect, seen, test } from '../fixtures';

/**
 * Opening the record index: creation, versioned migrations, and files it cannot use (damaged,
 * or written by a newer Paydesk), which are set aside so that start-up never fails on them.
 */

const NOW = new Date('2024-05-01T12:00:00.123Z');
const STAMP = '2024-05-01T12-00-00-123Z';

async function open(dataDir: string, options: Partial<Parameters<typeof openSqliteRecordIndex>[0]> = {}) {
  return openSqliteRecordIndex({ dataDir, now: () => NOW, ...options });
}

async function opened(dataDir: string, options: Partial<Parameters<typeof openSqliteRecordIndex>[0]> = {}) {
  const result = await open(dataDir, options);
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

const inspect = <T>(path: string, read: (db: Database.Database) => T): T => {
  const db = new Database(path);
  try {
    return read(db);
  } finally {
    db.close();
  }
};

const DAMAGED =
  'The record index was damaged and has been set aside; it will be rebuilt from the journal: run `paydesk index rebuild`.';

async function expectFreshAndUsable(data: OpenedRecordIndex): Promise<void> {
  await data.index.observe([seen(1, { id: 'new' })]);
  expect(await data.index.get('env-a', 'deposit', 'new')).not.toBeNull();
  expect(inspect(data.location, (db) => db.pragma('user_version', { simple: true }))).toBe(
    RECORD_INDEX_SCHEMA_VERSION,
  );
}

test('a missing folder and file are created: WAL, the current schema version, the folder private', async ({
  dataDir,
}) => {
  const folder = join(dataDir, 'Paydesk');
  const data = await opened(folder);
  expect(data.location).toBe(join(folder, RECORD_INDEX_FILE_NAME));
  expect(data.setAside).toBeUndefined();
  expect(inspect(data.location, (db) => db.pragma('journal_mode', { simple: true }))).toBe('wal');
  if (process.platform !== 'win32') expect(statSync(folder).mode & 0o777).toBe(0o700);
  await expectFreshAndUsable(data);
  await data.index.close();
  // Opened again: nothing to migrate, the record still there.
  const again = await opened(folder);
  expect(await again.index.get('env-a', 'deposit', 'new')).not.toBeNull();
  await again.index.close();
});

test.describe('migrations', () => {
  const addNote = (db: Database.Database): void => {
    db.exec("ALTER TABLE records ADD COLUMN note TEXT NOT NULL DEFAULT 'migrated'");
  };

  test('a database of an older version is brought up to date, its records kept', async ({ dataDir }) => {
    const v1 = await opened(dataDir, { migrations: RECORD_INDEX_MIGRATIONS });
    await v1.index.observe([seen(1, { id: 'old', invoiceId: 'INV-OLD' })]);
    await v1.index.close();

    const v2 = await opened(dataDir, { migrations: [...RECORD_INDEX_MIGRATIONS, addNote] });
    expect(v2.setAside).toBeUndefined();
    expect(await v2.index.search({ environmentId: 'env-a', text: 'INV-OLD', limit: 5 })).toMatchObject([
      { id: 'old' },
    ]);
    await v2.index.close();
    expect(
      inspect(v2.location, (db) => [
        db.pragma('user_version', { simple: true }),
        db.prepare('SELECT note FROM records').pluck().get(),
      ]),
    ).toEqual([RECORD_INDEX_MIGRATIONS.length + 1, 'migrated']);
  });

  test('a step that fails leaves the previous version whole (its own transaction) and is reported', async ({
    dataDir,
  }) => {
    const v1 = await opened(dataDir, { migrations: RECORD_INDEX_MIGRATIONS });
    await v1.index.observe([seen(1, { id: 'old' })]);
    await v1.index.close();
    const halfway = (db: Database.Database): void => {
      addNote(db);
      throw new Error('step failed after changing the schema');
    };
    const result = await open(dataDir, { migrations: [...RECORD_INDEX_MIGRATIONS, halfway] });
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
    const location = join(dataDir, RECORD_INDEX_FILE_NAME);
    expect(
      inspect(location, (db) => [
        db.pragma('user_version', { simple: true }),
        db.prepare("SELECT COUNT(*) FROM pragma_table_info('records') WHERE name = 'note'").pluck().get(),
        db.prepare('SELECT id FROM records').pluck().all(),
      ]),
    ).toEqual([RECORD_INDEX_MIGRATIONS.length, 0, ['old']]);
  });
});

test("version 1 → 2: records gain their account; the embedded sandbox's rows of worlds now gone are dropped", async ({
  dataDir,
}) => {
  const location = join(dataDir, RECORD_INDEX_FILE_NAME);
  const v1 = new Database(location);
  migrate(v1, RECORD_INDEX_MIGRATIONS.slice(0, 1));
  const insert = v1.prepare(
    `INSERT INTO records (environment_id, kind, id, first_seen, last_seen, source)
     VALUES (?, 'refund', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'lookup')`,
  );
  insert.run('local-sandbox', '1001');
  insert.run('testing-1', '1002');
  v1.close();
  const data = await opened(dataDir);
  expect(await data.index.refundsOf('local-sandbox', '')).toEqual([]);
  await data.index.close();
  expect(
    inspect(location, (db) => db.prepare('SELECT environment_id, id, account FROM records').all()),
  ).toEqual([{ environment_id: 'testing-1', id: '1002', account: null }]);
});

test.describe('files it cannot use are set aside, and a fresh index opens', () => {
  test('written by a newer version: renamed with its WAL, reported', async ({ dataDir }) => {
    const location = join(dataDir, RECORD_INDEX_FILE_NAME);
    // Written elsewhere and copied in while still open: its last commit only in its WAL, as after a crash.
    const elsewhere = join(dataDir, 'elsewhere.sqlite');
    const newer = new Database(elsewhere);
    newer.pragma('journal_mode = WAL');
    newer.pragma('wal_autocheckpoint = 0');
    newer.pragma(`user_version = ${RECORD_INDEX_SCHEMA_VERSION + 1}`);
    newer.exec('CREATE TABLE future (x); INSERT INTO future VALUES (1);');
    copyFileSync(elsewhere, location);
    copyFileSync(`${elsewhere}-wal`, `${location}-wal`);
    newer.close();
    const data = await opened(dataDir);
    expect(data.setAside).toEqual({
      reason: 'newer',
      movedTo: `${location}.newer-${STAMP}`,
      message:
        'The record index was written by a newer version of Paydesk and has been set aside; it will be rebuilt from the journal: run `paydesk index rebuild`.',
    });
    expect(existsSync(`${location}.newer-${STAMP}`)).toBe(true);
    await expectFreshAndUsable(data);
    await data.index.close();
    expect(
      inspect(`${location}.newer-${STAMP}`, (db) => db.prepare('SELECT x FROM future').pluck().get()),
    ).toBe(1);
  });

  test('garbage bytes ("file is not a database"): renamed, reported in the user’s words', async ({
    dataDir,
  }) => {
    const location = join(dataDir, RECORD_INDEX_FILE_NAME);
    const garbage = randomBytes(8192);
    writeFileSync(location, garbage);
    const data = await opened(dataDir);
    expect(data.setAside).toEqual({
      reason: 'corrupt',
      movedTo: `${location}.corrupt-${STAMP}`,
      message: DAMAGED,
    });
    // Set aside as found, byte for byte.
    expect(readFileSync(`${location}.corrupt-${STAMP}`).equals(garbage)).toBe(true);
    await expectFreshAndUsable(data);
    await data.index.close();
    // A second damaged file the same millisecond does not overwrite the first copy.
    writeFileSync(location, garbage);
    const again = await opened(dataDir);
    expect(again.setAside?.movedTo).toBe(`${location}.corrupt-${STAMP}-1`);
    await again.index.close();
  });

  test('a real database with damaged pages (quick_check fails): renamed, reported', async ({ dataDir }) => {
    const first = await opened(dataDir);
    await first.index.observe(
      Array.from({ length: 2_000 }, (_, n) => seen(n % 60, { id: `d-${n}`, invoiceId: `INV-${n}` })),
    );
    await first.index.close();
    const location = first.location;
    // Pages 3 onwards overwritten; the header and schema page stay, so the file still opens.
    const size = statSync(location).size;
    expect(size).toBeGreaterThan(16 * 4096);
    const fd = openSync(location, 'r+');
    writeSync(fd, randomBytes(size - 2 * 4096), 0, size - 2 * 4096, 2 * 4096);
    closeSync(fd);
    const data = await opened(dataDir);
    expect(data.setAside).toMatchObject({ reason: 'corrupt', message: DAMAGED });
    await expectFreshAndUsable(data);
    await data.index.close();
  });

  test('an empty file is an empty database, not damage', async ({ dataDir }) => {
    writeFileSync(join(dataDir, RECORD_INDEX_FILE_NAME), '');
    const data = await opened(dataDir);
    expect(data.setAside).toBeUndefined();
    await expectFreshAndUsable(data);
    await data.index.close();
  });
});

test('a file another process keeps locked is NOT set aside: a typed storage error, the file left as it is', async ({
  dataDir,
}) => {
  const v1 = await opened(dataDir, { migrations: RECORD_INDEX_MIGRATIONS });
  await v1.index.observe([seen(1, { id: 'kept' })]);
  await v1.index.close();
  const holder = new Database(join(dataDir, RECORD_INDEX_FILE_NAME));
  holder.exec('BEGIN IMMEDIATE');
  try {
    // It needs the write lock to migrate, which the holder keeps past the wait.
    const result = await open(dataDir, {
      busyTimeoutMs: 100,
      migrations: [...RECORD_INDEX_MIGRATIONS, () => undefined],
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'storage',
        message: expect.stringMatching(
          /another Paydesk window or command kept the record index busy; try again\.$/,
        ),
      },
    });
  } finally {
    holder.exec('ROLLBACK');
    holder.close();
  }
  expect(
    readdirSync(dataDir).filter((name) => name.includes('.corrupt-') || name.includes('.newer-')),
  ).toEqual([]);
  expect(
    inspect(join(dataDir, RECORD_INDEX_FILE_NAME), (db) =>
      db.prepare('SELECT id FROM records').pluck().all(),
    ),
  ).toEqual(['kept']);
});

test('a data folder that cannot be made answers a typed storage error (start-up goes on without the index)', async ({
  dataDir,
}) => {
  writeFileSync(join(dataDir, 'a-file'), 'x');
  const result = await open(join(dataDir, 'a-file', 'Paydesk'));
  expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
});
