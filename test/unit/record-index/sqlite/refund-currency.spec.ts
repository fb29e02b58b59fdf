import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RECORD_INDEX_MIGRATIONS } from '../../../../main/core/record-index/migrations';
import type { IndexedRecord, RecordIndex } from '../../../../main/core/record-index/port';
import { RECORD_INDEX_FILE_NAME, openSqliteRecordIndex } from '../../../../main/core/record-index/sqlite';
import { expect, seen, test } from '../fixtures';

/**
 * A refund's currency is its deposit's (D8; the service's refund record has none): every read of
 * the index answers it from the indexed deposit of the same environment, whichever was seen first,
 * and in a file written before the rule. Unknown stays unknown: no currency is made up.
 */

const DEPOSIT = seen(1, { id: '300000001', status: 'COMPLETED', amount: 150, currency: 'BRL' });
const REFUND = seen(2, {
  id: '41',
  kind: 'refund',
  depositId: '300000001',
  invoiceId: 'INV-300000001',
  status: 'PENDING',
  amount: 40,
});

/** The refund as each read answers it: get, search, the recent list, the deposit's refunds. */
async function everyRead(index: RecordIndex): Promise<Array<IndexedRecord | null | undefined>> {
  const recent = await index.recent({ environmentId: 'env-a', kind: 'refund', offset: 0, limit: 10 });
  const found = await index.search({ environmentId: 'env-a', text: '41', kinds: ['refund'], limit: 5 });
  return [
    await index.get('env-a', 'refund', '41'),
    found[0],
    recent.records[0],
    (await index.refundsOf('env-a', '300000001'))[0],
  ];
}

test('a refund observed after its deposit answers the deposit’s currency in every read', async ({
  index,
}) => {
  await index.observe([DEPOSIT]);
  await index.observe([REFUND]);
  const reads = await everyRead(index);
  expect(reads).toHaveLength(4);
  for (const read of reads) expect(read).toMatchObject({ id: '41', amount: 40, currency: 'BRL' });
});

test('a refund observed before its deposit: unknown until the deposit is seen, then the deposit’s', async ({
  index,
}) => {
  await index.observe([REFUND]);
  for (const read of await everyRead(index)) {
    expect(read).toMatchObject({ id: '41', amount: 40 });
    expect(read).not.toHaveProperty('currency');
  }
  await index.observe([DEPOSIT]);
  for (const read of await everyRead(index)) expect(read).toMatchObject({ id: '41', currency: 'BRL' });
});

test('only the deposit of the same environment counts, and the deposit’s currency wins over a stored one', async ({
  index,
}) => {
  // The same deposit id in another environment is another deposit.
  await index.observe([{ ...DEPOSIT, environmentId: 'env-b', currency: 'MXN' }, REFUND]);
  expect(await index.get('env-a', 'refund', '41')).not.toHaveProperty('currency');
  // A currency stored with the refund (a batch row) gives way to the deposit's.
  await index.observe([seen(3, { id: '41', kind: 'refund', currency: 'USD' }), DEPOSIT]);
  expect(await index.get('env-a', 'refund', '41')).toMatchObject({ currency: 'BRL' });
});

test('the recent refunds filter by currency finds a refund by its deposit’s currency', async ({ index }) => {
  await index.observe([
    DEPOSIT,
    REFUND,
    seen(3, { id: '42', kind: 'refund', depositId: '300000009', amount: 7 }),
  ]);
  const list = (currency: string) =>
    index.recent({ environmentId: 'env-a', kind: 'refund', currency, offset: 0, limit: 10 });
  expect(await list('BRL')).toMatchObject({ total: 1, records: [{ id: '41', currency: 'BRL' }] });
  expect(await list('MXN')).toEqual({ total: 0, records: [] });
});

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
