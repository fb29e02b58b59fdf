import { expect, type TestType } from '@playwright/test';
import { cashoutObservation, seenNow, summaryObservation } from '../../main/core/console/observations';
import {
  RecordIndexError,
  type IndexedRecord,
  type RecordIndex,
  type RecordObservation,
} from '../../main/core/record-index/port';

/**
 * The RecordIndex port's behaviour, run against every store (docs/architecture.md, "Team mode:
 * shared records"): the embedded SQLite file (test/unit/record-index/sqlite/port.spec.ts) and the
 * team's PostgreSQL (test/integration/team/record-index.spec.ts). What only one store does (a
 * file set aside, the team's roles) stays in that store's specs. Environments `env-a`, `env-b` and
 * `env-c` must be apart: the team store gives each its own account.
 */

/** An observation of environment `env-a` at a given minute of 2024-05-01, with defaults. */
export function seen(
  minute: number,
  fields: Partial<RecordObservation> & Pick<RecordObservation, 'id'>,
): RecordObservation {
  return {
    environmentId: 'env-a',
    kind: 'deposit',
    source: 'lookup',
    seenAt: new Date(Date.UTC(2024, 4, 1, 12, minute)).toISOString(),
    ...fields,
  };
}

const ids = (records: readonly IndexedRecord[]): string[] => records.map((record) => record.id);

const withoutAccount = (record: IndexedRecord | null): Omit<IndexedRecord, 'account'> | null => {
  if (record === null) return null;
  const { account: _account, ...rest } = record;
  return rest;
};

/**
 * A refund's currency is its deposit's (D8; the service's refund record has none): every read of
 * the index answers it from the indexed deposit of the same environment, whichever was seen first.
 * Unknown stays unknown: no currency is made up.
 */
export const DEPOSIT = seen(1, { id: '300000001', status: 'COMPLETED', amount: 150, currency: 'BRL' });
const REFUND = seen(2, {
  id: '41',
  kind: 'refund',
  depositId: '300000001',
  invoiceId: 'INV-300000001',
  status: 'PENDING',
  amount: 40,
});

/** The refund as each read answers it: get, search, the recent list, the deposit's refunds. */
export async function everyRead(index: RecordIndex): Promise<Array<IndexedRecord | null | undefined>> {
  const recent = await index.recent({ environmentId: 'env-a', kind: 'refund', offset: 0, limit: 10 });
  const found = await index.search({ environmentId: 'env-a', text: '41', kinds: ['refund'], limit: 5 });
  return [
    await index.get('env-a', 'refund', '41'),
    found[0],
    recent.records[0],
    (await index.refundsOf('env-a', '300000001'))[0],
  ];
}

/** Declares the port's tests on a `test` whose `index` fixture is a fresh, empty store. */
export function recordIndexPortSuite(test: TestType<{ index: RecordIndex }, object>): void {
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
      // The account a row is kept under is the store's (the embedded one keeps what was observed).
      expect(withoutAccount(await index.get('env-a', 'deposit', '501'))).toEqual({
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
      expect(await index.get('env-a', 'deposit', '77')).toMatchObject({
        source: 'created',
        intentKey: 'k-77',
      });
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
      const find = async (text: string) =>
        ids(await index.search({ environmentId: 'env-a', text, limit: 10 }));
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
      const find = async (text: string) =>
        ids(await index.search({ environmentId: 'env-a', text, limit: 10 }));
      expect(await find('INV_')).toEqual(['600']);
      expect(await find('INV%')).toEqual(['602']);
      expect(await find('INV_1')).toEqual(['600']);
      expect(await find('%')).toEqual([]);
      expect(await find('_')).toEqual([]);
      // Text order is byte order: % (0x25) < X (0x58) < _ (0x5F).
      expect(await find('INV')).toEqual(['602', '601', '600']);
    });

    test('one environment never sees another one’s records', async ({ index }) => {
      expect(ids(await index.search({ environmentId: 'env-a', text: 'ORDER-1', limit: 10 }))).toEqual([
        '4200',
      ]);
      expect(ids(await index.search({ environmentId: 'env-b', text: 'ORDER-1', limit: 10 }))).toEqual([
        '4201',
      ]);
      expect(ids(await index.search({ environmentId: 'env-b', text: '42', limit: 10 }))).toEqual(['4201']);
      expect(await index.search({ environmentId: 'env-c', text: '4', limit: 10 })).toEqual([]);
    });

    test('an empty text or a limit out of range is a validation error, not a full scan', async ({
      index,
    }) => {
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

  test.describe('cashouts known by their external id', () => {
    /**
     * A cashout looked up by its external id alone (the status answer carries no cashout id) is kept
     * under its external id, so that it is found again; once a sighting names both ids it becomes the
     * cashout's one row, keeping when it was first seen.
     */

    const cashout = (
      minute: number,
      id: string,
      fields: { externalId?: string; status?: string; source?: 'lookup' | 'batch' | 'watch' },
    ) => seen(minute, { kind: 'cashout', id, ...fields });

    test('found by its external id after a lookup by the external id alone', async ({ index }) => {
      const observed = cashoutObservation(
        seenNow('env-a', 'lookup', Date.UTC(2024, 4, 1, 12)),
        { externalId: 'payout-7781' },
        {
          cashout_status: 0,
          cashout_status_description: 'Pending',
        },
      );
      expect(observed).toMatchObject({
        kind: 'cashout',
        id: 'ext:payout-7781',
        externalId: 'payout-7781',
        status: 'PENDING',
      });
      await index.observe(observed === null ? [] : [observed]);
      expect(await index.search({ environmentId: 'env-a', text: 'payout-7781', limit: 10 })).toEqual([
        expect.objectContaining({
          kind: 'cashout',
          id: 'ext:payout-7781',
          externalId: 'payout-7781',
          status: 'PENDING',
        }),
      ]);
      // The start of it finds it too, as any id does.
      expect(await index.search({ environmentId: 'env-a', text: 'payout-77', limit: 10 })).toHaveLength(1);
    });

    test('a batch or watch row by `ext:` keeps the cashout too', async ({ index }) => {
      const row = summaryObservation(
        seenNow('env-a', 'batch', Date.UTC(2024, 4, 1, 12)),
        'cashouts',
        'ext:payout-9',
        {
          status: 'DELIVERED',
        },
      );
      expect(row).toMatchObject({
        kind: 'cashout',
        id: 'ext:payout-9',
        externalId: 'payout-9',
        status: 'DELIVERED',
      });
      await index.observe(row === null ? [] : [row]);
      expect(await index.search({ environmentId: 'env-a', text: 'payout-9', limit: 10 })).toHaveLength(1);
    });

    test('once both ids are seen, one row under the cashout id, first seen when the external id alone was', async ({
      index,
    }) => {
      await index.observe([
        cashout(10, 'ext:payout-7781', { externalId: 'payout-7781', status: 'PENDING', source: 'watch' }),
      ]);
      await index.observe([cashout(20, '11954', { externalId: 'payout-7781', status: 'CANCELLED' })]);
      expect(await index.search({ environmentId: 'env-a', text: 'payout-7781', limit: 10 })).toEqual([
        expect.objectContaining({
          kind: 'cashout',
          id: '11954',
          externalId: 'payout-7781',
          status: 'CANCELLED',
          firstSeen: '2024-05-01T12:10:00.000Z',
          lastSeen: '2024-05-01T12:20:00.000Z',
          source: 'watch',
        }),
      ]);
      expect(await index.get('env-a', 'cashout', 'ext:payout-7781')).toBeNull();
      expect(
        (await index.recent({ environmentId: 'env-a', kind: 'cashout', offset: 0, limit: 10 })).total,
      ).toBe(1);
    });

    test('an external-id-only sighting of a cashout whose id is known updates that row', async ({
      index,
    }) => {
      await index.observe([cashout(10, '11954', { externalId: 'payout-7781', status: 'PENDING' })]);
      await index.observe([
        cashout(30, 'ext:payout-7781', { externalId: 'payout-7781', status: 'DELIVERED' }),
      ]);
      expect(await index.search({ environmentId: 'env-a', text: 'payout-7781', limit: 10 })).toEqual([
        expect.objectContaining({ id: '11954', status: 'DELIVERED', lastSeen: '2024-05-01T12:30:00.000Z' }),
      ]);
      expect(await index.get('env-a', 'cashout', 'ext:payout-7781')).toBeNull();
    });

    test('another environment’s cashout of the same external id is its own', async ({ index }) => {
      await index.observe([cashout(10, 'ext:payout-7781', { externalId: 'payout-7781', status: 'PENDING' })]);
      await index.observe([
        {
          ...cashout(20, '11954', { externalId: 'payout-7781', status: 'CANCELLED' }),
          environmentId: 'env-b',
        },
      ]);
      expect(await index.get('env-a', 'cashout', 'ext:payout-7781')).toMatchObject({ status: 'PENDING' });
      expect(await index.get('env-b', 'cashout', '11954')).toMatchObject({ status: 'CANCELLED' });
    });
  });

  test.describe('a refund answers its deposit’s currency', () => {
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

    test('the recent refunds filter by currency finds a refund by its deposit’s currency', async ({
      index,
    }) => {
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
  });
}
