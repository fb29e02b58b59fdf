import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RecordIndexError, type IndexedRecord } from '../../../../main/core/record-index/port';
import { RECORD_INDEX_FILE_NAME } from '../../../../main/core/record-index/sqlite';
import { expect, seen, test } from '../fixtures';

/** The record index's behaviour on the real SQLite file. */

const ids = (records: readonly IndexedRecord[]): string[] => records.map((record) => record.id);

/** A second, bare connection to the same file: what a hand edit or another program does. */
const bare = (dataDir: string) => new Database(join(dataDir, RECORD_INDEX_FILE_NAME));

test.describe('observe: one row per record, merged', () => {
  test('absent fields keep the known value; firstSeen the earliest, lastSeen the latest; created stays created', async ({
    index,
  }) => {
    await index.observe([
      seen(10, {
        id: '501',
        source: 'created',
        invoiceId: 'INV-501',
        status: 'PENDING',
        amount: 150,
        currency: 'BRL',
        country: 'BR',
        paymentMethod: 'IX',
        intentKey: 'key-501',
        instructions: { json: '{"pix":"000201"}', expiresAt: '2024-05-01T13:00:00Z' },
      }),
    ]);
    await index.observe([seen(20, { id: '501', status: 'COMPLETED', source: 'watch' })]);
    expect(await index.get('env-a', 'deposit', '501')).toEqual({
      environmentId: 'env-a',
      kind: 'deposit',
      id: '501',
      invoiceId: 'INV-501',
      status: 'COMPLETED',
      amount: 150,
      currency: 'BRL',
      country: 'BR',
      paymentMethod: 'IX',
      firstSeen: '2024-05-01T12:10:00.000Z',
      lastSeen: '2024-05-01T12:20:00.000Z',
      source: 'created',
      intentKey: 'key-501',
      instructions: { json: '{"pix":"000201"}', expiresAt: '2024-05-01T13:00:00.000Z' },
    });
  });

  test('a late, older observation fills unknown fields only and does not undo a newer status', async ({
    index,
  }) => {
    await index.observe([seen(30, { id: '77', status: 'COMPLETED' })]);
    // A batch page that was read before the lookup but arrives after it.
    await index.observe([seen(5, { id: '77', status: 'PENDING', currency: 'MXN', source: 'batch' })]);
    expect(await index.get('env-a', 'deposit', '77')).toMatchObject({
      status: 'COMPLETED',
      currency: 'MXN',
      firstSeen: '2024-05-01T12:05:00.000Z',
      lastSeen: '2024-05-01T12:30:00.000Z',
      // The first source that brought it in.
      source: 'batch',
    });
    // The console's own create answer, indexed after a watch had already seen the record.
    await index.observe([seen(40, { id: '77', source: 'created', intentKey: 'k-77' })]);
    expect(await index.get('env-a', 'deposit', '77')).toMatchObject({ source: 'created', intentKey: 'k-77' });
    await index.observe([seen(50, { id: '77', source: 'rebuild' })]);
    expect(await index.get('env-a', 'deposit', '77')).toMatchObject({ source: 'created' });
  });

  test('the same id in another kind or environment is another record; offsets are stored as UTC', async ({
    index,
  }) => {
    await index.observe([
      seen(1, { id: '9' }),
      seen(1, { id: '9', kind: 'cashout' }),
      { ...seen(1, { id: '9' }), environmentId: 'env-b', seenAt: '2024-05-01T14:01:00+02:00' },
    ]);
    expect(await index.get('env-a', 'deposit', '9')).not.toBeNull();
    expect(await index.get('env-a', 'cashout', '9')).not.toBeNull();
    expect((await index.get('env-b', 'deposit', '9'))?.lastSeen).toBe('2024-05-01T12:01:00.000Z');
    expect(await index.get('env-b', 'cashout', '9')).toBeNull();
  });

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

  test('an observation that breaks the port (no id, a bad time, an amount that is not a number) is refused, with none of its call', async ({
    index,
  }) => {
    for (const broken of [
      seen(1, { id: '' }),
      { ...seen(1, { id: 'x' }), seenAt: 'yesterday' },
      seen(1, { id: 'x', amount: Number.NaN }),
      seen(1, { id: 'x', instructions: { json: '{not json' } }),
    ]) {
      const failed = await index.observe([seen(1, { id: 'ok' }), broken]).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(RecordIndexError);
      expect((failed as RecordIndexError).error.kind).toBe('internal');
      expect((failed as RecordIndexError).error.field).toMatch(/^1\./);
    }
    expect(await index.get('env-a', 'deposit', 'ok')).toBeNull();
  });
});

test.describe('search: any id, invoice id or external id', () => {
  test.beforeEach(async ({ index }) => {
    await index.observe([
      seen(1, { id: '4200', invoiceId: 'ORDER-1' }),
      seen(2, { id: '42', invoiceId: 'ORDER-2' }),
      seen(3, { id: '421', kind: 'refund', invoiceId: 'R-42', depositId: '42' }),
      seen(4, { id: '9001', kind: 'cashout', externalId: '42' }),
      seen(5, { id: '9002', kind: 'cashout', externalId: 'PAYOUT-7' }),
      seen(6, { id: '600', invoiceId: 'INV_1' }),
      seen(7, { id: '601', invoiceId: 'INVX1' }),
      seen(8, { id: '602', invoiceId: 'INV%1' }),
      seen(9, { id: '603', invoiceId: 'inv_1' }),
      { ...seen(10, { id: '4201', invoiceId: 'ORDER-1' }), environmentId: 'env-b' },
    ]);
  });

  test('by id, by invoice id and by external id', async ({ index }) => {
    const find = async (text: string) => ids(await index.search({ environmentId: 'env-a', text, limit: 10 }));
    expect(await find('421')).toEqual(['421']);
    expect(await find('ORDER-2')).toEqual(['42']);
    expect(await find('PAYOUT-7')).toEqual(['9002']);
    expect(await find('PAYOUT')).toEqual(['9002']);
    expect(await find('nothing')).toEqual([]);
  });

  test('exact matches of any id kind first (newest first), then prefixes in text order', async ({
    index,
  }) => {
    const found = await index.search({ environmentId: 'env-a', text: '42', limit: 10 });
    expect(found.map((record) => `${record.kind}:${record.id}`)).toEqual([
      // Exact: the cashout's external id (seen at minute 4) and the deposit's id (minute 2).
      'cashout:9001',
      'deposit:42',
      // Prefixes: of ids "4200" and "421".
      'deposit:4200',
      'refund:421',
    ]);
    expect(ids(await index.search({ environmentId: 'env-a', text: '42', limit: 3 }))).toEqual([
      '9001',
      '42',
      '4200',
    ]);
    expect(
      ids(
        await index.search({ environmentId: 'env-a', text: '42', kinds: ['refund', 'cashout'], limit: 10 }),
      ),
    ).toEqual(['9001', '421']);
  });

  test('a % or _ typed by the user matches only itself, and case counts', async ({ index }) => {
    const find = async (text: string) => ids(await index.search({ environmentId: 'env-a', text, limit: 10 }));
    expect(await find('INV_')).toEqual(['600']);
    expect(await find('INV%')).toEqual(['602']);
    expect(await find('INV_1')).toEqual(['600']);
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([]);
    // Text order is byte order: % (0x25) < X (0x58) < _ (0x5F).
    expect(await find('INV')).toEqual(['602', '601', '600']);
  });

  test('one environment never sees another one’s records', async ({ index }) => {
    expect(ids(await index.search({ environmentId: 'env-a', text: 'ORDER-1', limit: 10 }))).toEqual(['4200']);
    expect(ids(await index.search({ environmentId: 'env-b', text: 'ORDER-1', limit: 10 }))).toEqual(['4201']);
    expect(ids(await index.search({ environmentId: 'env-b', text: '42', limit: 10 }))).toEqual(['4201']);
    expect(await index.search({ environmentId: 'env-c', text: '4', limit: 10 })).toEqual([]);
  });

  test('an empty text or a limit out of range is a validation error, not a full scan', async ({ index }) => {
    for (const query of [
      { environmentId: 'env-a', text: '  ', limit: 10 },
      { environmentId: 'env-a', text: '42', limit: 0 },
    ]) {
      const failed = await index.search(query).catch((error: unknown) => error);
      expect((failed as RecordIndexError).error.kind).toBe('validation');
    }
  });
});

test.describe('recent lists', () => {
  test.beforeEach(async ({ index }) => {
    await index.observe([
      seen(1, { id: 'd1', status: 'COMPLETED', amount: 100, currency: 'BRL' }),
      seen(2, { id: 'd2', status: 'PENDING', amount: 50, currency: 'BRL' }),
      seen(3, { id: 'd3', status: 'COMPLETED', amount: 300, currency: 'MXN' }),
      seen(4, { id: 'd4', status: 'COMPLETED' }),
      seen(5, { id: 'd5', status: 'EXPIRED', amount: 75, currency: 'BRL' }),
      seen(6, { id: 'r1', kind: 'refund', amount: 10, currency: 'BRL' }),
      { ...seen(7, { id: 'd6' }), environmentId: 'env-b' },
    ]);
  });
  const page = { environmentId: 'env-a', kind: 'deposit' as const, offset: 0, limit: 50 };

  test('newest first by default; each sort; unknown amounts last', async ({ index }) => {
    expect(ids((await index.recent(page)).records)).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
    expect(ids((await index.recent({ ...page, sort: 'oldest' })).records)).toEqual([
      'd1',
      'd2',
      'd3',
      'd4',
      'd5',
    ]);
    expect(ids((await index.recent({ ...page, sort: 'amount_desc' })).records)).toEqual([
      'd3',
      'd1',
      'd5',
      'd2',
      'd4',
    ]);
    expect(ids((await index.recent({ ...page, sort: 'amount_asc' })).records)).toEqual([
      'd2',
      'd5',
      'd1',
      'd3',
      'd4',
    ]);
  });

  test('each filter, alone and together', async ({ index }) => {
    const list = async (filters: object) => ids((await index.recent({ ...page, ...filters })).records);
    expect(await list({ status: 'COMPLETED' })).toEqual(['d4', 'd3', 'd1']);
    expect(await list({ currency: 'BRL' })).toEqual(['d5', 'd2', 'd1']);
    expect(await list({ minAmount: 75 })).toEqual(['d5', 'd3', 'd1']);
    expect(await list({ maxAmount: 75 })).toEqual(['d5', 'd2']);
    // From inclusive, to exclusive.
    expect(await list({ from: '2024-05-01T12:02:00Z', to: '2024-05-01T12:04:00Z' })).toEqual(['d3', 'd2']);
    expect(await list({ status: 'COMPLETED', currency: 'BRL', minAmount: 1, maxAmount: 1000 })).toEqual([
      'd1',
    ]);
    expect(await list({ kind: 'refund' })).toEqual(['r1']);
    expect(await list({ environmentId: 'env-b' })).toEqual(['d6']);
  });

  test('offset and limit page through; total counts every match', async ({ index }) => {
    expect(await index.recent({ ...page, offset: 1, limit: 2 })).toMatchObject({
      total: 5,
      records: [{ id: 'd4' }, { id: 'd3' }],
    });
    expect(await index.recent({ ...page, status: 'COMPLETED', offset: 2, limit: 2 })).toMatchObject({
      total: 3,
      records: [{ id: 'd1' }],
    });
    expect(await index.recent({ ...page, offset: 10, limit: 2 })).toEqual({ total: 5, records: [] });
  });
});

test("refundsOf: the deposit's refunds in its environment, newest first", async ({ index }) => {
  await index.observe([
    seen(1, { id: 'r1', kind: 'refund', depositId: '500', status: 'COMPLETED', amount: 5 }),
    seen(3, { id: 'r2', kind: 'refund', depositId: '500', status: 'PENDING', amount: 7 }),
    seen(2, { id: 'r3', kind: 'refund', depositId: '501' }),
    { ...seen(4, { id: 'r4', kind: 'refund', depositId: '500' }), environmentId: 'env-b' },
  ]);
  expect(ids(await index.refundsOf('env-a', '500'))).toEqual(['r2', 'r1']);
  expect(await index.refundsOf('env-a', '999')).toEqual([]);
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
