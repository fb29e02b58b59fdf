import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchSummary } from '../../../shared/contract';
import {
  sqliteRecordIndexStarter,
  type RecordIndexStarter,
  type RecordsLog,
} from '../../../main/core/console';
import { openSqliteRecordIndex } from '../../../main/core/record-index/sqlite';
import type { RecordIndex } from '../../../main/core/record-index/port';
import { FIRST_BULK_DEPOSIT_ID } from '../../../main/sandbox';
import { embeddedSandboxStarter } from '../../../main/sandbox/starter';
import {
  EMBEDDED_SEED,
  addEnvironmentFor,
  dataOf,
  dropFaults,
  dropSeed,
  errorOf,
  expect,
  test,
  type Console,
} from './console-fixture';

/**
 * The record index wired into the console core against the embedded sandbox and the
 * real SQLite index in the test's data folder: what a create, a lookup, a batch and a watch
 * record; that a broken index never changes a money operation's answer; the rebuild from the
 * journal.
 */

const ONE_SHOT_BODY = {
  amount: 100,
  country: 'BR',
  invoice_id: 'INV-IDX-1',
  payment_method: 'B',
  payer: {
    id: 'cust42',
    document: '84932568207',
    document_type: 'CPF',
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Souza',
  },
  reported_info: { bank_beneficiary: 'Ana Souza' },
};

/** A log that keeps what it was given, to check what a failure writes. */
function keptLog(): RecordsLog & { lines: Array<{ event: string; fields: unknown }> } {
  const lines: Array<{ event: string; fields: unknown }> = [];
  return { lines, warn: (event, fields) => lines.push({ event, fields }) };
}

async function search(console: Console, text: string) {
  return dataOf(await console.runtime.records.search({ text, limit: 10 }));
}

test('a created deposit is found by its invoice id, with its key and its instructions without payer data', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const created = dataOf(await console.call('createDeposit', { body: ONE_SHOT_BODY }));
  // The answer itself still carries what the service sent (the screen shows it once).
  expect(JSON.stringify(created.created.raw)).toContain('84932568207');

  const [found, ...others] = await search(console, 'INV-IDX-1');
  expect(others).toEqual([]);
  expect(found).toMatchObject({
    environmentId: 'local-sandbox',
    kind: 'deposit',
    id: String(created.created.record.deposit_id),
    invoiceId: 'INV-IDX-1',
    amount: 100,
    currency: 'BRL',
    country: 'BR',
    paymentMethod: 'B',
    source: 'created',
    intentKey: created.idempotencyKey,
  });
  const instructions = found?.instructions;
  expect(instructions?.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  const kept = JSON.parse(instructions?.json ?? '{}') as { payment_info?: { metadata?: object } };
  expect(kept.payment_info?.metadata).toMatchObject({ reference: expect.any(Number), account: '1000200-3' });
  // No payer data: not the document (in the metadata), the payer's id (user_id), name or e-mail.
  for (const personal of ['84932568207', 'payer_document', 'cust42', 'user_id', 'ana@example.com', 'Souza']) {
    expect(instructions?.json).not.toContain(personal);
  }
  // The deposit's own id finds it too, and a prefix of the invoice id.
  expect(
    (await search(console, String(created.created.record.deposit_id))).map((record) => record.id),
  ).toEqual([found?.id]);
  expect((await search(console, 'INV-IDX')).map((record) => record.id)).toEqual([found?.id]);
});

test('lookups, a refund and a cashout cancel record what they read', async ({ openConsole, dataDir }) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  dataOf(await console.call('getDeposit', { depositId: 300000002 }));
  dataOf(await console.call('getRefund', { refundId: 17 }));
  dataOf(await console.call('getSubMerchant', { subMerchantId: 18703 }));
  // By external id alone the answer has no cashout_id: the cashout is kept under its external id,
  // so that it is found by it again.
  dataOf(await console.call('getCashoutStatus', { externalId: 'payout-7781' }));
  const byExternalId = await search(console, 'payout-7781');
  expect(byExternalId).toEqual([
    expect.objectContaining({
      kind: 'cashout',
      id: 'ext:payout-7781',
      externalId: 'payout-7781',
      status: 'PENDING',
      source: 'lookup',
    }),
  ]);
  const refund = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  dataOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));

  expect(await search(console, '300000002')).toEqual([
    expect.objectContaining({
      kind: 'deposit',
      status: 'PENDING',
      source: 'lookup',
      invoiceId: 'INV-300000002',
    }),
  ]);
  expect(await search(console, '17')).toContainEqual(
    expect.objectContaining({ kind: 'refund', id: '17', depositId: expect.any(String), source: 'lookup' }),
  );
  expect(await search(console, 'shop-18703')).toEqual([
    expect.objectContaining({ kind: 'sub_merchant', id: '18703', status: 'ACTIVE', currency: 'USD' }),
  ]);
  // The refund's pre-flight read the deposit; the refund is recorded as created, under its key.
  expect(await search(console, 'INV-300000001')).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'deposit', id: '300000001', status: 'COMPLETED' }),
      expect.objectContaining({
        kind: 'refund',
        id: String(refund.created.record.refund_id),
        depositId: '300000001',
        amount: 5,
        source: 'created',
        intentKey: refund.idempotencyKey,
      }),
    ]),
  );
  // The cancel named both ids: one cashout, under its cashout id, first seen by its external id.
  expect(await search(console, 'payout-7781')).toEqual([
    expect.objectContaining({
      kind: 'cashout',
      id: '11954',
      externalId: 'payout-7781',
      status: 'CANCELLED',
      firstSeen: byExternalId[0]?.firstSeen,
    }),
  ]);
});

const progressOf = (console: Console, batchId: string): BatchSummary[] =>
  console.events
    .filter((item) => item.event === 'batchProgress')
    .map((item) => item.payload as BatchSummary)
    .filter((summary) => summary.batchId === batchId && summary.state !== 'running');

/** The real index, its observe calls counted (how many writes a batch costs). */
function counted(dataDir: string): { starter: RecordIndexStarter; observeCalls: () => number } {
  let calls = 0;
  return {
    observeCalls: () => calls,
    starter: async () => {
      const opened = await openSqliteRecordIndex({ dataDir });
      if (!opened.ok) return opened;
      const index = opened.data.index;
      const wrapped: RecordIndex = {
        ...index,
        observe: (observations) => {
          calls += 1;
          return index.observe(observations);
        },
        search: (query) => index.search(query),
        recent: (query) => index.recent(query),
        get: (...args) => index.get(...args),
        refundsOf: (...args) => index.refundsOf(...args),
        forgetEnvironment: (environmentId) => index.forgetEnvironment(environmentId),
        close: () => index.close(),
      };
      return { ok: true, data: { index: wrapped } };
    },
  };
}

test('a batch records its answered rows, a page per write, not one write per row', async ({
  openConsole,
  dataDir,
}) => {
  const index = counted(dataDir);
  const console = openConsole({
    embeddedSandbox: embeddedSandboxStarter({ seed: EMBEDDED_SEED, bulkDeposits: 1200 }),
    recordIndex: index.starter,
  });
  const ids = [
    ...Array.from({ length: 1200 }, (_, offset) => String(FIRST_BULK_DEPOSIT_ID + offset)),
    '300000099',
  ];
  const started = dataOf(await console.call('startBatch', { kind: 'deposits', ids, ratePerSecond: 1000 }));
  await expect
    .poll(() => progressOf(console, started.batchId).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(progressOf(console, started.batchId)[0]?.state).toBe('done');

  const page = dataOf(await console.runtime.records.recent({ kind: 'deposit', offset: 0, limit: 5 }));
  // Every found id, not the one the service does not know.
  expect(page.total).toBe(1200);
  expect(page.records[0]).toMatchObject({
    source: 'batch',
    status: expect.any(String),
    currency: expect.any(String),
  });
  // 1,200 rows in pages of 500: 3 writes.
  expect(index.observeCalls()).toBe(3);
});

test('a watch pin and its polls record what they read', async ({ openConsole, dataDir }) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir), watch: { polling: false } });
  dataOf(await console.call('pinWatch', { kind: 'refund', id: '18' }));
  expect(await search(console, '18')).toContainEqual(
    expect.objectContaining({ kind: 'refund', id: '18', source: 'watch', status: 'PENDING' }),
  );
  dataOf(await console.call('pinWatch', { kind: 'cashout', id: '11954' }));
  dataOf(await console.call('pollWatchlistNow', {}));
  expect(await search(console, '11954')).toEqual([
    expect.objectContaining({ kind: 'cashout', id: '11954', status: 'PENDING', source: 'watch' }),
  ]);
});

test('an index that cannot be opened changes no answer: the refund is made and journaled, one redacted warning', async ({
  openConsole,
  dataDir,
}) => {
  // The index's folder is a file: it can never be opened.
  const blocked = join(dataDir, 'not-a-folder');
  await writeFile(blocked, 'x');
  const log = keptLog();
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(blocked), log });
  const refund = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  expect(refund.created.record.refund_id).toBeGreaterThan(0);
  const entries = dataOf(await console.call('listAuditEntries', { action: 'refund.create' }));
  expect(entries.find((entry) => entry.type === 'outcome')).toMatchObject({ result: 'ok', state: 'ok' });
  dataOf(await console.call('getDeposit', { depositId: 300000002 }));

  // A search says what is wrong, in words, and how to get the index back.
  const refused = errorOf(await console.runtime.records.search({ text: '300000001', limit: 5 }));
  expect(refused.kind).toBe('storage');
  expect(refused.message).toContain('paydesk index rebuild');
  // Tried at the first record, then again only for the search (not once per record seen).
  expect(log.lines.map((line) => line.event)).toEqual(['record index not opened', 'record index not opened']);
  expect(JSON.stringify(log.lines)).not.toMatch(/300000001|INV-|84932568207/);
});

test('an index whose writes fail changes no answer either, and is logged once', async ({
  openConsole,
  dataDir,
}) => {
  const opened = await openSqliteRecordIndex({ dataDir });
  if (!opened.ok) throw new Error(opened.error.message);
  // A real index that can no longer be written: closed under the console's feet.
  await opened.data.index.close();
  const log = keptLog();
  const console = openConsole({
    recordIndex: async () => ({ ok: true, data: { index: opened.data.index } }),
    log,
  });
  const deposit = dataOf(await console.call('createDeposit', { body: { amount: 10, country: 'BR' } }));
  const refund = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  expect(deposit.created.record.deposit_id).toBeGreaterThan(0);
  expect(refund.created.record.refund_id).toBeGreaterThan(0);
  // Every write was tried and dropped; none is left hanging or rejected.
  await console.runtime.close();
  expect(log.lines.map((line) => line.event)).toEqual(['record index not updated']);
  expect(JSON.stringify(log.lines)).not.toMatch(/300000001|INV-/);
});

test('rebuild: forgets the environment, makes its records again from the journal, reads them again', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const deposit = dataOf(
    await console.call('createDeposit', {
      body: { amount: 12.5, country: 'BR', currency: 'BRL', invoice_id: 'INV-RB-1' },
    }),
  );
  const refund = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  dataOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));
  // A refused create leaves nothing to rebuild.
  errorOf(await console.call('createDeposit', { body: { amount: 10, country: 'ZZ' } }));
  dataOf(await console.call('getDeposit', { depositId: 300000002 }));

  const journalOnly = dataOf(await console.runtime.records.rebuild({ fetch: false }));
  expect(journalOnly).toEqual({
    environmentId: 'local-sandbox',
    fromJournal: { deposits: 1, refunds: 1, cashouts: 1 },
  });
  // Only looked up, so not in the journal: forgotten until it is looked up again.
  expect(await search(console, '300000002')).toEqual([]);
  const depositId = String(deposit.created.record.deposit_id);
  expect(await search(console, 'INV-RB-1')).toEqual([
    expect.objectContaining({
      id: depositId,
      amount: 12.5,
      currency: 'BRL',
      source: 'created',
      intentKey: deposit.idempotencyKey,
    }),
  ]);
  expect((await search(console, 'INV-RB-1'))[0]?.status).toBeUndefined();

  const progress: Array<[number, number]> = [];
  const full = dataOf(
    await console.runtime.records.rebuild({ onProgress: (done, total) => progress.push([done, total]) }),
  );
  expect(full.reread).toEqual({ ok: 3, failed: 0, notRead: 0 });
  expect(progress.at(-1)).toEqual([3, 3]);
  expect((await search(console, 'INV-RB-1'))[0]).toMatchObject({
    status: expect.any(String),
    source: 'created',
  });
  expect((await search(console, String(refund.created.record.refund_id)))[0]).toMatchObject({
    kind: 'refund',
    status: 'PENDING',
    intentKey: refund.idempotencyKey,
  });
  expect((await search(console, 'payout-7781'))[0]).toMatchObject({ status: 'CANCELLED' });

  // The file itself gone: the rebuild makes it again.
  await console.runtime.close();
  for (const suffix of ['', '-wal', '-shm'])
    await rm(join(dataDir, `record-index.sqlite${suffix}`), { force: true });
  const again = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  dataOf(await again.runtime.records.rebuild({ fetch: false }));
  expect((await search(again, 'INV-RB-1')).map((record) => record.id)).toEqual([depositId]);
});

test('rebuild leaves out what the journal does not say happened: a cancel whose answer was lost', async ({
  openConsole,
  sandbox,
  dataDir,
}) => {
  const service = await sandbox({ seed: 51 });
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: service.baseUrl },
    service.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  // The three reads of the cancel guard go through, the DELETE is dropped before it arrives, the
  // read after it says PENDING: nobody knows whether the cancel happened.
  await dropFaults(service, dropSeed(['none', 'none', 'none', 'before', 'none'], 0.5), 0.5);
  const lost = errorOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));
  expect(lost.kind).toBe('outcome_unknown');
  await dropFaults(service, 0, 0);

  const rebuilt = dataOf(await console.runtime.records.rebuild({ fetch: false }));
  expect(rebuilt.fromJournal).toEqual({ deposits: 0, refunds: 0, cashouts: 0 });
  expect(await search(console, 'payout-7781')).toEqual([]);
});
