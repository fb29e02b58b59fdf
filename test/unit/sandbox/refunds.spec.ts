import { expect, FULL_PAYER, SEEDED, test, type JsonRecord, type ServiceClient } from './fixtures';

/** Refund creation (D8) and refund status (spec endpoint 6). */

const BANK_ACCOUNT = {
  beneficiary: 'Ana Souza',
  bank_code: 1,
  branch: '3064',
  account_number: '48213-7',
  account_type: 'SAVING',
};

async function completed(client: ServiceClient, body: JsonRecord): Promise<{ id: number; invoice: string }> {
  const created = await client.createDeposit(body);
  const id = Number(created.deposit_id);
  expect((await client.transition('deposits', id, { to: 'COMPLETED' })).status).toBe(200);
  return { id, invoice: String(created.merchant_invoice_id) };
}
const cardDeposit = (client: ServiceClient, amount = 100) =>
  completed(client, { amount, country: 'BR', payment_method: 'VI', payer: FULL_PAYER });
const bankDeposit = (client: ServiceClient, amount = 100) =>
  completed(client, { amount, country: 'BR', payment_method: 'IX', payer: FULL_PAYER });

test('a refund of a COMPLETED card deposit: 200 {refund_id}; PENDING with the amount; all that is left when amount is omitted', async ({
  client,
}) => {
  const deposit = await cardDeposit(client, 80);
  const reply = await client.signed('POST', '/v3/refunds', {
    deposit_id: deposit.id,
    invoice_id: deposit.invoice,
    comments: 'sorry',
  });
  expect(reply.status).toBe(200);
  const body = reply.json as JsonRecord;
  expect(Object.keys(body)).toEqual(['refund_id']);
  expect(Number.isInteger(body.refund_id)).toBe(true);
  const status = await client.signed('GET', `/v3/refunds/${String(body.refund_id)}`);
  expect(status.json).toEqual({
    deposit_id: deposit.id,
    merchant_invoice_id: deposit.invoice,
    status: 'PENDING',
    amount: 80,
  });
});

test('partial refunds are allowed while their total stays within the deposit amount (D8)', async ({
  client,
}) => {
  const deposit = await cardDeposit(client, 100);
  const refund = (amount: number) =>
    client.signed('POST', '/v3/refunds', { deposit_id: deposit.id, invoice_id: deposit.invoice, amount });
  expect((await refund(60)).status).toBe(200);
  expect((await refund(30.5)).status).toBe(200);
  const over = await refund(9.51);
  expect(over.status).toBe(400);
  expect(over.json).toEqual({
    code: 802,
    description: expect.stringMatching(/^amount:/),
    type: 'INVALID_AMOUNT_TO_REFUND',
  });
  expect((await refund(9.5)).status).toBe(200);
  expect(
    (await client.signed('POST', '/v3/refunds', { deposit_id: deposit.id, invoice_id: deposit.invoice }))
      .json,
  ).toMatchObject({ code: 802 });
});

test('a cancelled or rejected refund gives its amount back', async ({ client }) => {
  const deposit = await cardDeposit(client, 50);
  const first = await client.signed('POST', '/v3/refunds', {
    deposit_id: deposit.id,
    invoice_id: deposit.invoice,
  });
  const id = Number((first.json as JsonRecord).refund_id);
  expect(
    (
      await client.signed('POST', '/v3/refunds', {
        deposit_id: deposit.id,
        invoice_id: deposit.invoice,
        amount: 1,
      })
    ).status,
  ).toBe(400);
  await client.transition('refunds', id, { to: 'CANCELLED' });
  expect(
    (
      await client.signed('POST', '/v3/refunds', {
        deposit_id: deposit.id,
        invoice_id: deposit.invoice,
        amount: 50,
      })
    ).status,
  ).toBe(200);
});

test('refund amount rules: ≤ 0 and more than 2 decimals get 400/802; a non-number 400/202', async ({
  client,
}) => {
  const deposit = await cardDeposit(client);
  for (const amount of [0, -5, 1.001]) {
    const reply = await client.signed('POST', '/v3/refunds', {
      deposit_id: deposit.id,
      invoice_id: deposit.invoice,
      amount,
    });
    expect(reply.status, String(amount)).toBe(400);
    expect((reply.json as JsonRecord).code).toBe(802);
  }
  const text = await client.signed('POST', '/v3/refunds', {
    deposit_id: deposit.id,
    invoice_id: deposit.invoice,
    // D14: a numeric string is an amount (contract/request-types.spec.ts); other text is not.
    amount: 'five',
  });
  expect(text.json).toMatchObject({ code: 202, description: expect.stringMatching(/^amount:/) });
});

test('a refund for an unknown deposit gets 404/208', async ({ client }) => {
  const reply = await client.signed('POST', '/v3/refunds', { deposit_id: 123, invoice_id: 'x' });
  expect(reply.status).toBe(404);
  expect(reply.json).toEqual({ code: 208, description: expect.any(String), type: 'RESOURCE_NOT_FOUND' });
});

test('a refund of a deposit that is not COMPLETED gets 400/803 INVALID_DEPOSIT_STATUS', async ({
  client,
}) => {
  for (const id of [
    SEEDED.pendingVoucherDeposit,
    SEEDED.expiredDeposit,
    SEEDED.cancelledDeposit,
    SEEDED.earlyReleasedDeposit,
  ]) {
    const invoice = String((await client.deposit(id)).invoice_id);
    const reply = await client.signed('POST', '/v3/refunds', {
      deposit_id: id,
      invoice_id: invoice,
      bank_account: BANK_ACCOUNT,
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      code: 803,
      description: expect.stringMatching(/^deposit_id:/),
      type: 'INVALID_DEPOSIT_STATUS',
    });
  }
});

test('body rules of refund creation: 400/202 naming the field path', async ({ client }) => {
  const card = await cardDeposit(client);
  const bank = await bankDeposit(client);
  const cases: Array<[unknown, string]> = [
    [{ invoice_id: card.invoice }, 'deposit_id'],
    // D14: a string of digits is accepted (contract/request-types.spec.ts); other text is not.
    [{ deposit_id: `${card.id}x`, invoice_id: card.invoice }, 'deposit_id'],
    [{ deposit_id: card.id }, 'invoice_id'],
    [{ deposit_id: card.id, invoice_id: 'another-invoice' }, 'invoice_id'],
    [{ deposit_id: card.id, invoice_id: card.invoice, notification_url: 'not a url' }, 'notification_url'],
    [{ deposit_id: bank.id, invoice_id: bank.invoice }, 'bank_account'],
    [
      {
        deposit_id: bank.id,
        invoice_id: bank.invoice,
        bank_account: { beneficiary: 'Ana Souza', bank_code: 1 },
      },
      'bank_account.account_number',
    ],
    [
      { deposit_id: bank.id, invoice_id: bank.invoice, bank_account: { ...BANK_ACCOUNT, bank_code: '0O1' } },
      'bank_account.bank_code',
    ],
    ['not json', 'body'],
  ];
  for (const [body, field] of cases) {
    const reply = await client.signed('POST', '/v3/refunds', body);
    expect(reply.status, JSON.stringify(body)).toBe(400);
    expect(reply.json, JSON.stringify(body)).toEqual({
      code: 202,
      description: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}:`)),
      type: 'INVALID_REQUEST_BODY',
    });
  }
  const withAccount = await client.signed('POST', '/v3/refunds', {
    deposit_id: bank.id,
    invoice_id: bank.invoice,
    bank_account: BANK_ACCOUNT,
  });
  expect(withAccount.status).toBe(200);
});

test('refund status: the seeded refund 17; amount absent on the legacy refund; unknown 404/208; bad id 400/202', async ({
  client,
}) => {
  const seeded = await client.signed('GET', `/v3/refunds/${SEEDED.refund}`);
  expect(seeded.json).toEqual({
    deposit_id: SEEDED.refundedBankDeposit,
    merchant_invoice_id: expect.any(String),
    status: 'COMPLETED',
    amount: 50,
  });
  const legacy = (await client.signed('GET', `/v3/refunds/${SEEDED.refundWithoutAmount}`)).json as JsonRecord;
  expect(legacy).not.toHaveProperty('amount');
  const unknown = await client.signed('GET', '/v3/refunds/999999');
  expect(unknown.status).toBe(404);
  expect(unknown.json).toEqual({ code: 208, description: expect.any(String), type: 'RESOURCE_NOT_FOUND' });
  expect((await client.signed('GET', '/v3/refunds/x1')).json).toMatchObject({ code: 202 });
});

test('a deposit becomes refunded once one of its refunds is COMPLETED (D8)', async ({ client }) => {
  expect((await client.deposit(SEEDED.refundedBankDeposit)).refunded).toBe(true);
  const deposit = await cardDeposit(client);
  const reply = await client.signed('POST', '/v3/refunds', {
    deposit_id: deposit.id,
    invoice_id: deposit.invoice,
    amount: 10,
  });
  const id = Number((reply.json as JsonRecord).refund_id);
  for (const to of ['DELIVERED']) await client.transition('refunds', id, { to });
  expect((await client.deposit(deposit.id)).refunded).toBe(false);
  await client.transition('refunds', id, { to: 'COMPLETED' });
  expect((await client.deposit(deposit.id)).refunded).toBe(true);
});
