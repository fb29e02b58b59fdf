import { expect, FULL_PAYER, newKey, SEEDED, test, type JsonRecord } from './fixtures';

/** D6: first answer per (endpoint, key) stored 24 h and replayed; different body → 104. */

const body = { amount: 42, country: 'BR', payment_method: 'IX', payer: FULL_PAYER };

test('a retried POST with the same key replays the first answer and creates nothing new', async ({
  client,
}) => {
  const key = newKey();
  const first = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key });
  expect(first.status).toBe(200);
  // A retry is signed afresh (new X-Date) but sends the same bytes.
  const second = await client.signed('POST', '/v3/deposits', body, {
    idempotencyKey: key,
    xDate: client.nowXDate(-2000),
  });
  expect(second.status).toBe(200);
  expect(second.text).toBe(first.text);
  const other = await client.createDeposit(body);
  expect(Number(other.deposit_id)).toBe(Number((first.json as JsonRecord).deposit_id) + 1);
});

test('the same key with a different body gets 400/104', async ({ client }) => {
  const key = newKey();
  expect((await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key })).status).toBe(200);
  const reply = await client.signed('POST', '/v3/deposits', { ...body, amount: 43 }, { idempotencyKey: key });
  expect(reply.status).toBe(400);
  expect(reply.json).toEqual({
    code: 104,
    description: expect.any(String),
    type: 'IDEMPOTENCY_KEY_ALREADY_USED',
  });
});

test('keys are scoped per endpoint', async ({ client }) => {
  const key = newKey();
  const deposit = await client.createDeposit(
    { amount: 10, country: 'BR', payment_method: 'VI', payer: FULL_PAYER },
    { idempotencyKey: key },
  );
  await client.transition('deposits', Number(deposit.deposit_id), { to: 'COMPLETED' });
  const refund = await client.signed(
    'POST',
    '/v3/refunds',
    { deposit_id: deposit.deposit_id, invoice_id: deposit.merchant_invoice_id, amount: 1 },
    { idempotencyKey: key },
  );
  expect(refund.status).toBe(200);
  expect(refund.json).toHaveProperty('refund_id');
});

test('error answers are stored too: a 202 is replayed even though the body is the same', async ({
  client,
}) => {
  const key = newKey();
  const bad = { amount: -1, country: 'BR' };
  const first = await client.signed('POST', '/v3/deposits', bad, { idempotencyKey: key });
  expect(first.status).toBe(400);
  const second = await client.signed('POST', '/v3/deposits', bad, { idempotencyKey: key });
  expect(second.status).toBe(400);
  expect(second.text).toBe(first.text);
});

test('an injected 500 is stored under its key and replayed after the fault is gone; a new key succeeds', async ({
  client,
}) => {
  await client.control('POST', '/faults', { rate: 1, kinds: ['http500'], seed: 3 });
  const key = newKey();
  const first = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key });
  expect(first.status).toBe(500);
  expect(first.json).toMatchObject({ code: 500 });
  await client.control('POST', '/faults', { rate: 0 });
  const replay = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key });
  expect(replay.status).toBe(500);
  expect(replay.text).toBe(first.text);
  expect((await client.signed('POST', '/v3/deposits', body, { idempotencyKey: newKey() })).status).toBe(200);
});

test('a request refused by authentication is not stored: the retry with a fresh X-Date succeeds', async ({
  client,
}) => {
  const key = newKey();
  const stale = await client.signed('POST', '/v3/deposits', body, {
    idempotencyKey: key,
    xDate: client.nowXDate(-60_000),
  });
  expect((stale.json as JsonRecord).code).toBe(103);
  const fresh = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key });
  expect(fresh.status).toBe(200);
});

test('stored answers live 24 h on the sandbox clock', async ({ client }) => {
  const key = newKey();
  const first = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key });
  await client.advance(23 * 3600);
  expect((await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key })).text).toBe(first.text);
  await client.advance(3600 + 1);
  const later = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: key });
  expect(later.status).toBe(200);
  expect((later.json as JsonRecord).deposit_id).not.toBe((first.json as JsonRecord).deposit_id);
});

test('concurrent requests with one key create one deposit', async ({ client }) => {
  const key = newKey();
  const replies = await Promise.all(
    [1, 2, 3, 4].map(() => client.signed('POST', '/v3/deposits', body, { idempotencyKey: key })),
  );
  const ids = new Set(replies.map((reply) => (reply.json as JsonRecord).deposit_id));
  expect(ids.size).toBe(1);
});

test('the POST cashout status honours the key too', async ({ client }) => {
  const key = newKey();
  const credentials = client.cashoutCredentials();
  expect(
    (
      await client.cashout(
        'POST',
        '/v3/cashout/status',
        { ...credentials, cashout_id: SEEDED.cashout },
        { idempotencyKey: key },
      )
    ).status,
  ).toBe(200);
  const conflict = await client.cashout(
    'POST',
    '/v3/cashout/status',
    { ...credentials, cashout_id: 11955 },
    { idempotencyKey: key },
  );
  expect(conflict.status).toBe(400);
  expect((conflict.json as JsonRecord).code).toBe(104);
});

test('on GET the header has no effect', async ({ client }) => {
  const key = newKey();
  const first = await client.signed('GET', `/v3/deposits/${SEEDED.pendingVoucherDeposit}`, undefined, {
    idempotencyKey: key,
  });
  const second = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
    idempotencyKey: key,
  });
  expect((first.json as JsonRecord).deposit_id).toBe(SEEDED.pendingVoucherDeposit);
  expect((second.json as JsonRecord).deposit_id).toBe(SEEDED.completedCardDeposit);
});
