import type { SandboxHandle } from '../../main/sandbox';
import type { PaymentsClient } from '../../main/core/payments';
import type { BankAccountInput } from '../../shared/contract';
import { FULL_PAYER, SEEDED, controlOk, expect, expectError, test, unwrap } from './fixtures';

/**
 * D8 refund rules through the client: only a COMPLETED deposit can be refunded; partial refunds
 * are allowed while their total stays within the deposit amount; a missing amount means all that
 * is left; bank_account is required unless the deposit was paid by card; `refunded` turns true
 * once one of the deposit's refunds is COMPLETED.
 */

const BANK_ACCOUNT: BankAccountInput = {
  beneficiary: 'Ana Souza',
  bank_code: 1,
  branch: '3064',
  account_number: '12345678-9',
  account_type: 'SAVING',
};

/** A fresh deposit of `amount`, paid (COMPLETED) with `method`. */
async function paidDeposit(
  client: PaymentsClient,
  sandbox: SandboxHandle,
  amount: number,
  method: 'VI' | 'BL' = 'VI',
): Promise<{ deposit_id: number; invoice_id: string }> {
  const created = unwrap(
    await client.createDeposit({ amount, country: 'BR', payer: FULL_PAYER, payment_method: method }),
  ).record;
  await controlOk(sandbox, 'POST', `/deposits/${created.deposit_id}/transition`, { to: 'COMPLETED' });
  return { deposit_id: created.deposit_id, invoice_id: created.merchant_invoice_id ?? '' };
}

const OVER = { kind: 'validation', code: 802, httpStatus: 400, type: 'INVALID_AMOUNT_TO_REFUND' } as const;

test('partial refunds up to the deposit amount; one cent more is 802', async ({ client, sandbox }) => {
  const deposit = await paidDeposit(client, sandbox, 100);
  const first = unwrap(await client.createRefund({ ...deposit, amount: 30 })).record.refund_id;
  const second = unwrap(await client.createRefund({ ...deposit, amount: 70 })).record.refund_id;
  expect(second).not.toBe(first);
  expect(unwrap(await client.getRefund(first)).record.amount).toBe(30);
  expect(unwrap(await client.getRefund(second)).record.amount).toBe(70);
  expectError(await client.createRefund({ ...deposit, amount: 0.01 }), OVER);
});

test('one refund above the deposit amount is 802, and nothing is taken', async ({ client, sandbox }) => {
  const deposit = await paidDeposit(client, sandbox, 100);
  expectError(await client.createRefund({ ...deposit, amount: 100.01 }), OVER);
  unwrap(await client.createRefund({ ...deposit, amount: 100 }));
});

test('no amount means all that is left (D8)', async ({ client, sandbox }) => {
  const deposit = await paidDeposit(client, sandbox, 80);
  unwrap(await client.createRefund({ ...deposit, amount: 25.5 }));
  const rest = unwrap(await client.createRefund(deposit)).record.refund_id;
  expect(unwrap(await client.getRefund(rest)).record.amount).toBe(54.5);
  expectError(await client.createRefund(deposit), OVER);
});

test('amounts the client refuses before any call: 0, negative, more than 2 decimals', async ({
  client,
  sandbox,
}) => {
  const deposit = await paidDeposit(client, sandbox, 50);
  for (const amount of [0, -5, 1.005]) {
    const refused = expectError(await client.createRefund({ ...deposit, amount }), { kind: 'validation' });
    expect(refused.field).toBe('amount');
  }
  // Nothing reached the service: the whole amount is still there.
  unwrap(await client.createRefund({ ...deposit, amount: 50 }));
});

test.describe('a deposit that is not COMPLETED cannot be refunded (400, code 803 INVALID_DEPOSIT_STATUS)', () => {
  const subjects: Array<[string, number]> = [
    ['CREATED', SEEDED.createdHostedDeposit],
    ['PENDING', SEEDED.pendingVoucherDeposit],
    ['EXPIRED', SEEDED.expiredDeposit],
    ['CANCELLED', SEEDED.cancelledDeposit],
    ['EARLY RELEASED', SEEDED.earlyReleasedDeposit],
    ['FOR REVIEW', SEEDED.forReviewDeposit],
  ];
  for (const [status, id] of subjects) {
    test(status, async ({ client }) => {
      expect(unwrap(await client.getDeposit(id)).record.status).toBe(status);
      expectError(
        await client.createRefund({
          deposit_id: id,
          invoice_id: `INV-${id}`,
          amount: 1,
          bank_account: BANK_ACCOUNT,
        }),
        { kind: 'invalid_state', code: 803, httpStatus: 400, type: 'INVALID_DEPOSIT_STATUS' },
      );
    });
  }
});

test('bank_account is required for a deposit not paid by card (202), optional for a card', async ({
  client,
  sandbox,
}) => {
  const voucher = await paidDeposit(client, sandbox, 40, 'BL');
  const refused = expectError(await client.createRefund({ ...voucher, amount: 10 }), {
    kind: 'validation',
    code: 202,
    httpStatus: 400,
  });
  expect(refused.serviceMessage).toMatch(/^bank_account/);
  unwrap(await client.createRefund({ ...voucher, amount: 10, bank_account: BANK_ACCOUNT }));
  const card = await paidDeposit(client, sandbox, 40, 'VI');
  unwrap(await client.createRefund({ ...card, amount: 10 }));
});

test('the invoice_id must be the deposit’s (202)', async ({ client, sandbox }) => {
  const deposit = await paidDeposit(client, sandbox, 40);
  const refused = expectError(
    await client.createRefund({ deposit_id: deposit.deposit_id, invoice_id: 'INV-someone-else', amount: 5 }),
    { kind: 'validation', code: 202, httpStatus: 400 },
  );
  expect(refused.serviceMessage).toMatch(/^invoice_id/);
});

test('the deposit reads refunded only once one of its refunds is COMPLETED (D8)', async ({
  client,
  sandbox,
}) => {
  const deposit = await paidDeposit(client, sandbox, 60);
  const refundId = unwrap(await client.createRefund({ ...deposit, amount: 20 })).record.refund_id;
  const refunded = async () => unwrap(await client.getDeposit(deposit.deposit_id)).record.refunded;
  expect(await refunded()).toBe(false);
  await controlOk(sandbox, 'POST', `/refunds/${refundId}/transition`, { to: 'DELIVERED' });
  expect(await refunded()).toBe(false);
  await controlOk(sandbox, 'POST', `/refunds/${refundId}/transition`, { to: 'COMPLETED' });
  expect(await refunded()).toBe(true);
  expect(unwrap(await client.getRefund(refundId)).record).toMatchObject({
    deposit_id: deposit.deposit_id,
    merchant_invoice_id: deposit.invoice_id,
    status: 'COMPLETED',
    amount: 20,
  });
});
