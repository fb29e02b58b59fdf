import { sqliteRecordIndexStarter } from '../../../../main/core/console';
import { SEEDED_RECORDS } from '../../../../main/sandbox';
import { dataOf, expect, test, type Console } from '../console-fixture';

/**
 * What is left to refund (D8), the one computation the refund pre-flight makes and the deposit's
 * page shows: the deposit amount minus the refunds this console knows of, from its
 * journal and its record index, apart from those last seen CANCELLED or REJECTED (they give their
 * amount back, as the service does). Real console, real SQLite index, embedded sandbox.
 */

/** A Brazilian bank deposit of BRL 150 created here and paid (no refund of it exists elsewhere). */
async function paidDeposit(console: Console): Promise<number> {
  const created = dataOf(
    await console.call('createDeposit', {
      body: {
        amount: 150,
        country: 'BR',
        invoice_id: 'INV-LEFT-1',
        payment_method: 'B',
        payer: {
          document: '84932568207',
          document_type: 'CPF',
          email: 'ana@example.com',
          first_name: 'Ana',
          last_name: 'Souza',
        },
        reported_info: { bank_beneficiary: 'Ana Souza' },
      },
    }),
  );
  const depositId = created.created.record.deposit_id;
  dataOf(
    await console.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to: 'COMPLETED' }),
  );
  return depositId;
}

const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' };

async function refund(console: Console, depositId: number, amount: number): Promise<number> {
  const body = { deposit_id: depositId, invoice_id: 'INV-LEFT-1', amount, bank_account: BANK_ACCOUNT };
  return dataOf(await console.call('createRefund', { body })).created.record.refund_id;
}

async function remaining(console: Console, depositId: number): Promise<number | null> {
  return dataOf(await console.call('getRefundPreflight', { depositId })).remaining;
}

async function move(console: Console, refundId: number, to: string): Promise<void> {
  dataOf(await console.call('transitionSandboxRecord', { entity: 'refund', id: refundId, to }));
}

test('a refund seen CANCELLED or REJECTED gives its amount back; a standing one does not', async ({
  openConsole,
  dataDir,
}) => {
  // No receiver: a notification of the cancel would have the console read the new status by itself
  // (docs/architecture.md, Notifications), and this test is about what it counts before it reads it.
  const console = openConsole({
    recordIndex: sqliteRecordIndexStarter(dataDir),
    sandboxNotifications: false,
  });
  const deposit = await paidDeposit(console);
  const cancelled = await refund(console, deposit, 100);
  const rejected = await refund(console, deposit, 20);
  const standing = await refund(console, deposit, 10);
  expect(await remaining(console, deposit)).toBe(20);

  await move(console, cancelled, 'CANCELLED');
  // Until the console reads the new status, it counts the refund: less left, never more.
  expect(await remaining(console, deposit)).toBe(20);
  dataOf(await console.call('getRefund', { refundId: cancelled }));
  expect(await remaining(console, deposit)).toBe(120);

  for (const to of ['DELIVERED', 'REJECTED']) await move(console, rejected, to);
  dataOf(await console.call('getRefund', { refundId: rejected }));
  expect(await remaining(console, deposit)).toBe(140);

  // A standing refund read again stays counted, and the service agrees on what is left: the
  // pre-flight refuses a cent more, the service takes exactly that much.
  dataOf(await console.call('getRefund', { refundId: standing }));
  expect(await remaining(console, deposit)).toBe(140);
  const tooMuch = await console.call('getRefundPreflight', { depositId: deposit, amount: 140.01 });
  expect(dataOf(tooMuch).blockers).toEqual([expect.stringContaining('more than the 140 BRL left')]);
  await refund(console, deposit, 140);
  expect(await remaining(console, deposit)).toBe(0);
});

test('a refund made elsewhere counts once the console has looked it up; without an amount it is a warning', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const bank = SEEDED_RECORDS.refundedBankDeposit; // BRL 200, refund 17 of 50 made elsewhere
  expect(await remaining(console, bank)).toBe(200);
  dataOf(await console.call('getRefund', { refundId: SEEDED_RECORDS.completedRefund }));
  expect(await remaining(console, bank)).toBe(150);

  // Refund 18 (of the card deposit) comes without its amount: nothing to subtract, but said.
  dataOf(await console.call('getRefund', { refundId: SEEDED_RECORDS.pendingRefundWithoutAmount }));
  const card = SEEDED_RECORDS.completedCardDeposit; // BRL 150
  const preflight = dataOf(await console.call('getRefundPreflight', { depositId: card }));
  expect(preflight.remaining).toBe(150);
  expect(preflight.warnings).toContainEqual(
    expect.stringContaining('The service did not send the amount of 1 refund of this deposit'),
  );
});

test('without a record index the journal alone counts, cancelled refunds included', async ({
  openConsole,
}) => {
  const console = openConsole();
  const deposit = await paidDeposit(console);
  const cancelled = await refund(console, deposit, 100);
  await move(console, cancelled, 'CANCELLED');
  dataOf(await console.call('getRefund', { refundId: cancelled }));
  expect(await remaining(console, deposit)).toBe(50);
});
