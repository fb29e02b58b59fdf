import { expect, FULL_PAYER, test, type JsonRecord, type ServiceClient } from '../fixtures';

/**
 * Every move of the three state machines, allowed and refused, through the control API and
 * read back through the service. The allowed sets are written here from the spec's tables and
 * D7–D9, independently of the sandbox's own table.
 */

const DEPOSIT_STATUSES = [
  'CREATED',
  'PENDING',
  'COMPLETED',
  'EXPIRED',
  'CANCELLED',
  'EARLY RELEASED',
  'FOR REVIEW',
];
const DEPOSIT_ALLOWED: Record<string, string[]> = {
  CREATED: ['PENDING', 'EXPIRED'],
  PENDING: ['COMPLETED', 'EXPIRED', 'EARLY RELEASED', 'FOR REVIEW'],
  'EARLY RELEASED': ['COMPLETED'],
  'FOR REVIEW': ['PENDING', 'COMPLETED', 'CANCELLED'],
  EXPIRED: ['CANCELLED', 'COMPLETED'],
  CANCELLED: ['COMPLETED'],
  COMPLETED: [],
};
/** How to reach each status from a new HOSTED deposit (which starts CREATED, D9). */
const DEPOSIT_PATHS: Record<string, string[]> = {
  CREATED: [],
  PENDING: ['PENDING'],
  COMPLETED: ['PENDING', 'COMPLETED'],
  EXPIRED: ['PENDING', 'EXPIRED'],
  CANCELLED: ['PENDING', 'EXPIRED', 'CANCELLED'],
  'EARLY RELEASED': ['PENDING', 'EARLY RELEASED'],
  'FOR REVIEW': ['PENDING', 'FOR REVIEW'],
};

async function depositIn(client: ServiceClient, status: string): Promise<number> {
  const created = await client.createDeposit({ amount: 40, country: 'BR', early_release: true });
  const id = Number(created.deposit_id);
  for (const step of DEPOSIT_PATHS[status] ?? []) {
    const reply = await client.transition('deposits', id, { to: step });
    if (reply.status !== 200) throw new Error(`setup ${status}: ${reply.text}`);
  }
  return id;
}

const REFUND_STATUSES = ['PENDING', 'INCORRECT_DETAILS', 'CANCELLED', 'DELIVERED', 'COMPLETED', 'REJECTED'];
const REFUND_ALLOWED: Record<string, string[]> = {
  PENDING: ['INCORRECT_DETAILS', 'CANCELLED', 'DELIVERED'],
  INCORRECT_DETAILS: ['PENDING', 'CANCELLED'],
  DELIVERED: ['COMPLETED', 'REJECTED'],
  COMPLETED: ['REJECTED'],
  CANCELLED: [],
  REJECTED: [],
};
const REFUND_PATHS: Record<string, string[]> = {
  PENDING: [],
  INCORRECT_DETAILS: ['INCORRECT_DETAILS'],
  CANCELLED: ['CANCELLED'],
  DELIVERED: ['DELIVERED'],
  COMPLETED: ['DELIVERED', 'COMPLETED'],
  REJECTED: ['DELIVERED', 'REJECTED'],
};

async function completedCardDeposit(
  client: ServiceClient,
  amount = 500,
): Promise<{ id: number; invoice: string }> {
  const created = await client.createDeposit({
    amount,
    country: 'BR',
    payment_method: 'VI',
    payer: FULL_PAYER,
  });
  const id = Number(created.deposit_id);
  const done = await client.transition('deposits', id, { to: 'COMPLETED' });
  if (done.status !== 200) throw new Error(done.text);
  return { id, invoice: String(created.merchant_invoice_id) };
}

async function refundIn(
  client: ServiceClient,
  deposit: { id: number; invoice: string },
  status: string,
): Promise<number> {
  const reply = await client.signed('POST', '/v3/refunds', {
    deposit_id: deposit.id,
    invoice_id: deposit.invoice,
    amount: 1,
  });
  if (reply.status !== 200) throw new Error(reply.text);
  const id = Number((reply.json as JsonRecord).refund_id);
  for (const step of REFUND_PATHS[status] ?? []) {
    const moved = await client.transition('refunds', id, { to: step });
    if (moved.status !== 200) throw new Error(moved.text);
  }
  return id;
}

const CASHOUT_STATUSES = ['PENDING', 'ON_HOLD', 'CANCELLED', 'DELIVERED', 'COMPLETED', 'REJECTED'];
const CASHOUT_ALLOWED: Record<string, string[]> = {
  PENDING: ['DELIVERED', 'ON_HOLD', 'CANCELLED'],
  ON_HOLD: ['PENDING', 'CANCELLED'],
  DELIVERED: ['COMPLETED', 'REJECTED'],
  COMPLETED: ['REJECTED'],
  CANCELLED: [],
  REJECTED: [],
};
/** D7 numeric codes. */
const CASHOUT_CODES: Record<string, [number, string]> = {
  PENDING: [0, 'Pending'],
  COMPLETED: [1, 'Completed'],
  CANCELLED: [2, 'Canceled'],
  REJECTED: [3, 'Rejected'],
  DELIVERED: [4, 'Delivered'],
  ON_HOLD: [5, 'On hold'],
};

test('deposits: every allowed move is applied and read back through the service', async ({ client }) => {
  for (const [from, targets] of Object.entries(DEPOSIT_ALLOWED)) {
    for (const to of targets) {
      const id = await depositIn(client, from);
      const reply = await client.transition('deposits', id, { to });
      expect(reply.status, `${from} → ${to}: ${reply.text}`).toBe(200);
      expect(reply.json).toMatchObject({ id, from, to });
      expect((await client.deposit(id)).status).toBe(to);
    }
  }
});

test('deposits: every other move is refused with 409 and changes nothing', async ({ client }) => {
  for (const from of DEPOSIT_STATUSES) {
    const id = await depositIn(client, from);
    for (const to of DEPOSIT_STATUSES) {
      if (to === from || DEPOSIT_ALLOWED[from]?.includes(to)) continue;
      const reply = await client.transition('deposits', id, { to });
      expect(reply.status, `${from} → ${to}`).toBe(409);
      expect(typeof (reply.json as JsonRecord).error).toBe('string');
      expect((await client.deposit(id)).status).toBe(from);
    }
  }
});

test('deposits: EARLY RELEASED only when early_release was sent', async ({ client }) => {
  const created = await client.createDeposit({
    amount: 40,
    country: 'BR',
    payment_method: 'IX',
    payer: FULL_PAYER,
  });
  const id = Number(created.deposit_id);
  const refused = await client.transition('deposits', id, { to: 'EARLY RELEASED' });
  expect(refused.status).toBe(409);
  expect((refused.json as JsonRecord).error).toContain('early_release');
  expect((await client.deposit(id)).status).toBe('PENDING');
});

test('deposits: status names are read tolerantly (D9: EARLY_RELEASED, FOR_REVIEW)', async ({ client }) => {
  const id = await depositIn(client, 'PENDING');
  expect((await client.transition('deposits', id, { to: 'FOR_REVIEW' })).status).toBe(200);
  expect((await client.deposit(id)).status).toBe('FOR REVIEW');
});

test('deposits: completing a card deposit fills card_detail and current_payer_verification', async ({
  client,
}) => {
  const { id } = await completedCardDeposit(client);
  const record = await client.deposit(id);
  expect(record).toMatchObject({
    status: 'COMPLETED',
    local_amount: 500,
    current_payer_verification: expect.any(String),
  });
  expect(record.card_detail).toMatchObject({ brand: 'VISA', card_holder: 'ANA SOUZA' });
});

test('refunds: every allowed move is applied and read back through the service', async ({ client }) => {
  const deposit = await completedCardDeposit(client);
  for (const [from, targets] of Object.entries(REFUND_ALLOWED)) {
    for (const to of targets) {
      const id = await refundIn(client, deposit, from);
      const reply = await client.transition('refunds', id, { to });
      expect(reply.status, `${from} → ${to}: ${reply.text}`).toBe(200);
      const status = await client.signed('GET', `/v3/refunds/${id}`);
      expect((status.json as JsonRecord).status).toBe(to);
    }
  }
});

test('refunds: every other move is refused with 409 and changes nothing', async ({ client }) => {
  const deposit = await completedCardDeposit(client);
  for (const from of REFUND_STATUSES) {
    const id = await refundIn(client, deposit, from);
    for (const to of REFUND_STATUSES) {
      if (to === from || REFUND_ALLOWED[from]?.includes(to)) continue;
      const reply = await client.transition('refunds', id, { to });
      expect(reply.status, `${from} → ${to}`).toBe(409);
      expect(((await client.signed('GET', `/v3/refunds/${id}`)).json as JsonRecord).status).toBe(from);
    }
  }
});

test('cashouts: every allowed move is applied and read back with D7 codes', async ({ client }) => {
  for (const [from, targets] of Object.entries(CASHOUT_ALLOWED)) {
    for (const to of targets) {
      const created = await client.control('POST', '/cashouts', { status: from });
      expect(created.status).toBe(200);
      const { cashout_id: id } = created.json as { cashout_id: number };
      const reply = await client.transition('cashouts', id, { to });
      expect(reply.status, `${from} → ${to}: ${reply.text}`).toBe(200);
      const status = await client.cashout('POST', '/v3/cashout/status', {
        ...client.cashoutCredentials(),
        cashout_id: id,
      });
      const [code, description] = CASHOUT_CODES[to] ?? [-1, ''];
      expect(status.json).toMatchObject({ cashout_status: code, cashout_status_description: description });
    }
  }
});

test('cashouts: every other move is refused with 409 and changes nothing', async ({ client }) => {
  for (const from of CASHOUT_STATUSES) {
    const { cashout_id: id } = (await client.control('POST', '/cashouts', { status: from })).json as {
      cashout_id: number;
    };
    for (const to of CASHOUT_STATUSES) {
      if (to === from || CASHOUT_ALLOWED[from]?.includes(to)) continue;
      const reply = await client.transition('cashouts', id, { to });
      expect(reply.status, `${from} → ${to}`).toBe(409);
    }
    const status = await client.cashout('POST', '/v3/cashout/status', {
      ...client.cashoutCredentials(),
      cashout_id: id,
    });
    expect((status.json as JsonRecord).cashout_status).toBe(CASHOUT_CODES[from]?.[0]);
  }
});

test('cashouts: a bank rejection carries rejection_code (800–826) and rejection_reason', async ({
  client,
}) => {
  const { cashout_id: id } = (await client.control('POST', '/cashouts', { status: 'DELIVERED' })).json as {
    cashout_id: number;
  };
  expect((await client.transition('cashouts', id, { to: 'REJECTED', rejection_code: 827 })).status).toBe(400);
  expect(
    (
      await client.transition('cashouts', id, {
        to: 'REJECTED',
        rejection_code: 805,
        rejection_reason: 'Invalid branch',
      })
    ).status,
  ).toBe(200);
  const status = await client.cashout('POST', '/v3/cashout/status', {
    ...client.cashoutCredentials(),
    cashout_id: id,
  });
  expect(status.json).toEqual({
    cashout_status: 3,
    cashout_status_description: 'Rejected',
    rejection_code: 805,
    rejection_reason: 'Invalid branch',
  });

  const { cashout_id: other } = (await client.control('POST', '/cashouts', { status: 'PENDING' })).json as {
    cashout_id: number;
  };
  const wrong = await client.transition('cashouts', other, { to: 'ON_HOLD', rejection_code: 801 });
  expect(wrong.status).toBe(409);
});

test('control transitions: unknown ids get 404, unknown statuses 400', async ({ client }) => {
  expect((await client.transition('deposits', 1, { to: 'PENDING' })).status).toBe(404);
  expect((await client.transition('refunds', 1, { to: 'PENDING' })).status).toBe(404);
  expect((await client.transition('cashouts', 1, { to: 'PENDING' })).status).toBe(404);
  expect((await client.transition('deposits', 300000002, { to: 'PAID' })).status).toBe(400);
  expect((await client.transition('cashouts', 11954, {})).status).toBe(400);
});
