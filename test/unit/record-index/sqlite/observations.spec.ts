import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RecordIndexError } from '../../../../main/core/record-index/port';
import { RECORD_INDEX_FILE_NAME } from '../../../../main/core/record-index/sqlite';
import { expect, seen, test } from '../fixtures';

/**
 * What only the SQLite file does; the port's behaviour, which every store shares, is in
 * test/support/record-index-port-suite.ts (run here by port.spec.ts).
 */

/** A second, bare connection to the same file: what a hand edit or another program does. */
const bare = (dataDir: string) => new Database(join(dataDir, RECORD_INDEX_FILE_NAME));

test('all observations of one call in one transaction: a row the file refuses leaves none written', async ({
  index,
  dataDir,
}) => {
  const db = bare(dataDir);
  db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON records WHEN NEW.id = 'refused'
           BEGIN SELECT RAISE(ABORT, 'refused'); END`);
  db.close();
  const failed = await index
    .observe([seen(1, { id: 'first' }), seen(2, { id: 'refused' })])
    .catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(RecordIndexError);
  expect((failed as RecordIndexError).error).toMatchObject({ kind: 'storage' });
  expect(await index.get('env-a', 'deposit', 'first')).toBeNull();
});

test('forgetEnvironment forgets that environment only', async ({ index }) => {
  await index.observe([seen(1, { id: '1' }), { ...seen(1, { id: '2' }), environmentId: 'env-b' }]);
  await index.forgetEnvironment('env-a');
  expect(await index.get('env-a', 'deposit', '1')).toBeNull();
  expect(await index.get('env-b', 'deposit', '2')).not.toBeNull();
});

test('a row edited by hand into something the port cannot hold is a typed error naming the field, not a crash', async ({
  index,
  dataDir,
}) => {
  await index.observe([seen(1, { id: '1', invoiceId: 'INV-1' }), seen(2, { id: '2', invoiceId: 'INV-2' })]);
  const db = bare(dataDir);
  db.prepare("UPDATE records SET kind = 'payout' WHERE id = '1'").run();
  db.prepare("UPDATE records SET last_seen = 'last week' WHERE id = '2'").run();
  db.close();
  for (const read of [
    () => index.get('env-a', 'payout' as 'deposit', '1'),
    () => index.search({ environmentId: 'env-a', text: 'INV', limit: 10 }),
    () => index.recent({ environmentId: 'env-a', kind: 'deposit', offset: 0, limit: 10 }),
  ]) {
    const failed = await read().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RecordIndexError);
    expect((failed as RecordIndexError).error).toEqual({
      kind: 'storage',
      message: expect.stringMatching(
        /^The record index holds a record it cannot read \((kind|last_seen)\); run `paydesk index rebuild`\.$/,
      ),
    });
  }
});

test('after close, calls reject with a typed error', async ({ index }) => {
  await index.close();
  const failed = await index.get('env-a', 'deposit', '1').catch((error: unknown) => error);
  expect((failed as RecordIndexError).error.kind).toBe('internal');
  await index.close();
});
