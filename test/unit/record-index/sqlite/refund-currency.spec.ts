import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RECORD_INDEX_MIGRATIONS } from '../../../../main/core/record-index/migrations';
import { RECORD_INDEX_FILE_NAME, openSqliteRecordIndex } from '../../../../main/core/record-index/sqlite';
import { DEPOSIT, everyRead } from '../../../support/record-index-port-suite';
import { expect, test } from '../fixtures';

/**
 * A refund's currency is its deposit's (D8), answered when a row is read, so a file written before
 * the rule answers it too. The rule itself, on every store, is in record-index-port-suite.ts.
 */

test('an index file written before the rule (refund rows without currency) answers the currency', async ({
  dataDir,
}) => {
  // The file as the earlier Paydesk left it: its schema steps, its rows, written without this code.
  const db = new Database(join(dataDir, RECORD_INDEX_FILE_NAME));
  db.pragma('journal_mode = WAL');
  for (const [version, step] of RECORD_INDEX_MIGRATIONS.entries()) {
    step(db);
    db.pragma(`user_version = ${version + 1}`);
  }
  const insert = db.prepare(
    `INSERT INTO records (environment_id, kind, id, deposit_id, amount, currency, first_seen, last_seen, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lookup')`,
  );
  insert.run('env-a', 'deposit', '300000001', null, 150, 'BRL', DEPOSIT.seenAt, DEPOSIT.seenAt);
  insert.run(
    'env-a',
    'refund',
    '41',
    '300000001',
    40,
    null,
    '2024-05-01T12:02:00.000Z',
    '2024-05-01T12:02:00.000Z',
  );
  db.close();

  const opened = await openSqliteRecordIndex({ dataDir });
  if (!opened.ok) throw new Error(opened.error.message);
  expect(opened.data.setAside).toBeUndefined();
  for (const read of await everyRead(opened.data.index)) {
    expect(read).toMatchObject({ id: '41', amount: 40, currency: 'BRL' });
  }
  await opened.data.index.close();
});
