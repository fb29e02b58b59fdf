import { sqliteRecordIndexStarter } from '../../../main/core/console';
import { addEnvironmentFor, dataOf, errorOf, expect, test } from './console-fixture';

/**
 * The record channels the screens use (recent lists, search, a deposit's refunds),
 * through the dispatcher, against the embedded sandbox and the real SQLite index: they answer for
 * the active environment only and never show which environment a record belongs to.
 */

test('search, recent lists, get and a deposit refunds answer for the active environment', async ({
  openConsole,
  dataDir,
  sandbox,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const created = dataOf(
    await console.call('createDeposit', {
      body: { amount: 250, country: 'BR', currency: 'BRL', invoice_id: 'INV-M1-1' },
    }),
  );
  const createdId = String(created.created.record.deposit_id);
  dataOf(await console.call('getDeposit', { depositId: 300000002 }));
  const refund = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  dataOf(await console.call('getCashoutStatus', { cashoutId: 11954, externalId: 'payout-7781' }));

  // Search by invoice id, by external id, by id, and within kinds.
  const byInvoice = dataOf(await console.call('searchRecords', { text: 'INV-M1-1' }));
  expect(byInvoice).toEqual([
    expect.objectContaining({ kind: 'deposit', id: createdId, invoiceId: 'INV-M1-1', source: 'created' }),
  ]);
  // The screens see the active environment's records only, so the view does not carry its id.
  expect(Object.keys(byInvoice[0] ?? {})).not.toContain('environmentId');
  expect(dataOf(await console.call('searchRecords', { text: ' payout-7781 ' }))).toEqual([
    expect.objectContaining({ kind: 'cashout', id: '11954', externalId: 'payout-7781' }),
  ]);
  expect(dataOf(await console.call('searchRecords', { text: 'INV-300000001', kinds: ['refund'] }))).toEqual([
    expect.objectContaining({ kind: 'refund', id: String(refund.created.record.refund_id) }),
  ]);

  // Recent lists: every deposit seen, then filtered by status and currency, then sorted by amount.
  const deposits = dataOf(await console.call('listRecentRecords', { kind: 'deposit', offset: 0, limit: 50 }));
  expect(deposits.total).toBe(3);
  expect(deposits.records.map((record) => record.id).sort()).toEqual(
    [createdId, '300000001', '300000002'].sort(),
  );
  const pending = dataOf(
    await console.call('listRecentRecords', { kind: 'deposit', status: 'PENDING', offset: 0, limit: 50 }),
  );
  expect(pending.records.map((record) => record.id)).toContain('300000002');
  expect(pending.records.map((record) => record.status)).toEqual(pending.records.map(() => 'PENDING'));
  const inUsd = dataOf(
    await console.call('listRecentRecords', { kind: 'deposit', currency: 'USD', offset: 0, limit: 50 }),
  );
  expect(inUsd.records.map((record) => record.id)).not.toContain(createdId);
  const byAmount = dataOf(
    await console.call('listRecentRecords', { kind: 'deposit', sort: 'amount_desc', offset: 0, limit: 50 }),
  );
  const amounts = byAmount.records.map((record) => record.amount ?? 0);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  const page = dataOf(await console.call('listRecentRecords', { kind: 'deposit', offset: 1, limit: 1 }));
  expect(page).toMatchObject({ total: 3, records: [expect.anything()] });

  expect(dataOf(await console.call('getRecord', { kind: 'cashout', id: '11954' }))).toMatchObject({
    externalId: 'payout-7781',
  });
  expect(dataOf(await console.call('getRecord', { kind: 'cashout', id: '99999' }))).toBeNull();
  expect(dataOf(await console.call('listDepositRefunds', { depositId: 300000001 }))).toEqual([
    expect.objectContaining({ kind: 'refund', depositId: '300000001', amount: 5 }),
  ]);
  expect(dataOf(await console.call('listDepositRefunds', { depositId: 300000002 }))).toEqual([]);

  // Another environment made active: none of the local sandbox's records show.
  const other = await sandbox({ seed: 23 });
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: other.baseUrl },
    other.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  expect(dataOf(await console.call('searchRecords', { text: 'INV-M1-1' }))).toEqual([]);
  expect(dataOf(await console.call('listRecentRecords', { kind: 'deposit', offset: 0, limit: 50 }))).toEqual({
    total: 0,
    records: [],
  });
  expect(dataOf(await console.call('listDepositRefunds', { depositId: 300000001 }))).toEqual([]);
});

test('blank search text is refused as input, not reported as a broken index', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  expect(errorOf(await console.call('searchRecords', { text: '   ' }))).toMatchObject({
    kind: 'validation',
    field: 'text',
    message: 'text: give an id, an invoice id or an external id',
  });
});

test('the page size and the kinds are bounded where they enter', async ({ openConsole, dataDir }) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  expect(
    errorOf(await console.call('listRecentRecords', { kind: 'deposit', offset: 0, limit: 201 })),
  ).toMatchObject({ kind: 'validation', field: 'limit' });
  expect(errorOf(await console.call('getRecord', { kind: 'payout', id: '1' }))).toMatchObject({
    kind: 'validation',
    field: 'kind',
  });
  expect(
    errorOf(
      await console.call('listRecentRecords', { kind: 'deposit', currency: 'brl', offset: 0, limit: 5 }),
    ),
  ).toMatchObject({ kind: 'validation', field: 'currency' });
});

test('without an index the lists fail with a message that says what to do instead', async ({
  openConsole,
}) => {
  const console = openConsole({ recordIndex: false });
  expect(
    errorOf(await console.call('listRecentRecords', { kind: 'refund', offset: 0, limit: 5 })),
  ).toMatchObject({
    kind: 'storage',
  });
});
