import type { BatchSummary } from '../../../../shared/contract';
import { sqliteRecordIndexStarter } from '../../../../main/core/console';
import { SEEDED } from '../../../../main/sandbox/seed-data';
import { dataOf, expect, test, type Console } from '../console-fixture';

/**
 * Refunds in their deposit's currency: the service's refund record has none,
 * so the console answers the currency of the deposit it has indexed, through the records API the
 * screens read and in batch rows, against the embedded sandbox and the real SQLite index.
 */

const finished = (console: Console, batchId: string): BatchSummary | undefined =>
  console.events
    .filter((item) => item.event === 'batchProgress')
    .map((item) => item.payload as BatchSummary)
    .find((summary) => summary.batchId === batchId && summary.state !== 'running');

test('a refund created on a BRL deposit is listed and found in BRL', async ({ openConsole, dataDir }) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const deposit = SEEDED.completedCardDeposit;
  const created = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: deposit, invoice_id: `INV-${deposit}`, amount: 40 },
    }),
  );
  const refundId = String(created.created.record.refund_id);
  const recent = dataOf(await console.call('listRecentRecords', { kind: 'refund', offset: 0, limit: 10 }));
  expect(recent.records).toContainEqual(
    expect.objectContaining({ id: refundId, amount: 40, currency: 'BRL' }),
  );
  expect(dataOf(await console.call('getRecord', { kind: 'refund', id: refundId }))).toMatchObject({
    currency: 'BRL',
  });
  expect(dataOf(await console.call('listDepositRefunds', { depositId: deposit }))).toContainEqual(
    expect.objectContaining({ id: refundId, currency: 'BRL' }),
  );
});

test('batch refund rows carry the currency of a deposit the index knows, and none otherwise', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  // Refund 17 refunds deposit 300000006 (BRL), looked up here; refund 19's deposit never was.
  dataOf(await console.call('getDeposit', { depositId: SEEDED.refundedBankDeposit }));
  const started = dataOf(
    await console.call('startBatch', {
      kind: 'refunds',
      ids: [String(SEEDED.completedRefund), String(SEEDED.deliveredRefund)],
    }),
  );
  await expect.poll(() => finished(console, started.batchId)?.state, { timeout: 15_000 }).toBe('done');

  const rows = dataOf(
    await console.call('getBatchRows', { batchId: started.batchId, offset: 0, limit: 10 }),
  ).rows;
  expect(rows.find((row) => row.id === String(SEEDED.completedRefund))).toMatchObject({
    state: 'ok',
    amount: 50,
    currency: 'BRL',
  });
  const unknown = rows.find((row) => row.id === String(SEEDED.deliveredRefund));
  expect(unknown).toMatchObject({ state: 'ok', depositId: SEEDED.unmatchedCardDeposit });
  expect(unknown).not.toHaveProperty('currency');

  const csv = dataOf(await console.call('exportBatchCsv', { batchId: started.batchId })).csv.split(/\r?\n/);
  const header = csv[0]?.split(',') ?? [];
  const currencyAt = header.indexOf('currency');
  expect(currencyAt).toBeGreaterThan(-1);
  expect(csv[1]?.split(',')[currencyAt]).toBe('BRL');
  expect(csv[2]?.split(',')[currencyAt]).toBe('');
});
