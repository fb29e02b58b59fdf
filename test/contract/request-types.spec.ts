import { randomUUID } from 'node:crypto';
import type { SandboxHandle } from '../../main/sandbox';
import { FULL_PAYER, SEEDED, controlOk, expect, test } from './fixtures';
import { SpecOnlyClient, type SpecReply } from './spec-only-client';

/**
 * D14, field by field (main/sandbox/README.md "Request field types"): what the family's real
 * clients send as text is accepted as text or as the JSON type, other text is refused with the
 * documented error, and the sandbox keeps what was sent. Sent by the spec-only client, since the
 * console's own client never sends these shapes.
 */

const specClient = (sandbox: SandboxHandle): SpecOnlyClient =>
  new SpecOnlyClient(sandbox.baseUrl, sandbox.credentials);

type Json = Record<string, unknown>;
const jsonOf = (reply: SpecReply): Json => reply.json as Json;

function expectRefused(reply: SpecReply, description: RegExp): void {
  expect(reply.status).toBe(400);
  expect(reply.json).toEqual({
    code: 202,
    description: expect.stringMatching(description),
    type: 'INVALID_REQUEST_BODY',
  });
}

async function createDeposit(client: SpecOnlyClient, body: Json): Promise<SpecReply> {
  return client.signed('POST', '/v3/deposits', { amount: 10, country: 'BR', ...body }, randomUUID());
}

/** A BR boleto deposit (not card: a refund needs bank_account), paid. */
async function paidBankDeposit(
  client: SpecOnlyClient,
  sandbox: SandboxHandle,
): Promise<{ deposit_id: number; invoice_id: string }> {
  const created = jsonOf(await createDeposit(client, { payer: FULL_PAYER, payment_method: 'BL' }));
  const id = created.deposit_id as number;
  await controlOk(sandbox, 'POST', `/deposits/${id}/transition`, { to: 'COMPLETED' });
  return { deposit_id: id, invoice_id: created.merchant_invoice_id as string };
}

const BANK_ACCOUNT = { beneficiary: 'Ana Souza', account_number: '12345678-9', branch: '3064' };

test.describe('bank_account.bank_code: a number or a string of digits, kept as sent', () => {
  for (const bankCode of ['001', '01', 1, 341] as const) {
    test(`deposit with bank_code ${JSON.stringify(bankCode)}`, async ({ sandbox }) => {
      const client = specClient(sandbox);
      const created = await createDeposit(client, { bank_account: { ...BANK_ACCOUNT, bank_code: bankCode } });
      expect(created.status).toBe(200);
      const view = await controlOk(sandbox, 'GET', `/deposits/${String(jsonOf(created).deposit_id)}`);
      expect((view.bank_account as Json).bank_code).toStrictEqual(bankCode);
    });

    test(`non-card refund with bank_code ${JSON.stringify(bankCode)}`, async ({ sandbox }) => {
      const client = specClient(sandbox);
      const deposit = await paidBankDeposit(client, sandbox);
      const refund = await client.signed(
        'POST',
        '/v3/refunds',
        { ...deposit, amount: 1, bank_account: { ...BANK_ACCOUNT, bank_code: bankCode } },
        randomUUID(),
      );
      expect(refund.status).toBe(200);
      const view = await controlOk(sandbox, 'GET', `/refunds/${String(jsonOf(refund).refund_id)}`);
      expect((view.bank_account as Json).bank_code).toStrictEqual(bankCode);
    });
  }

  for (const bankCode of ['0O1', '1.0', '-1', '', ' 001', -1, 1.5, true]) {
    test(`${JSON.stringify(bankCode)} is refused with 400/202 naming the field`, async ({ sandbox }) => {
      const client = specClient(sandbox);
      const message = /^bank_account\.bank_code: must be a number or a string of digits$/;
      expectRefused(
        await createDeposit(client, { bank_account: { ...BANK_ACCOUNT, bank_code: bankCode } }),
        message,
      );
      const deposit = await paidBankDeposit(client, sandbox);
      expectRefused(
        await client.signed(
          'POST',
          '/v3/refunds',
          { ...deposit, bank_account: { ...BANK_ACCOUNT, bank_code: bankCode } },
          randomUUID(),
        ),
        message,
      );
    });
  }
});

test.describe('numbers sent as text are read as their number', () => {
  test('bonus_amount and strikethrough_price: "2.50" and 2.5 alike; other text is refused', async ({
    sandbox,
  }) => {
    const client = specClient(sandbox);
    for (const bonus of ['2.50', 2.5]) {
      const created = await createDeposit(client, {
        bonus_amount: bonus,
        strikethrough_price: String(bonus),
      });
      expect(created.status).toBe(200);
      const record = jsonOf(await client.signed('GET', `/v3/deposits/${String(jsonOf(created).deposit_id)}`));
      expect(record.bonus_amount).toBe(2.5);
    }
    expectRefused(
      await createDeposit(client, { bonus_amount: 'two' }),
      /^bonus_amount: must be a number or a numeric string$/,
    );
    expectRefused(
      await createDeposit(client, { strikethrough_price: '9,90' }),
      /^strikethrough_price: must be a number or a numeric string$/,
    );
  });

  test('refund deposit_id and amount: "300000006" and "1.50" alike; other text is refused', async ({
    sandbox,
  }) => {
    const client = specClient(sandbox);
    const deposit = await paidBankDeposit(client, sandbox);
    const refund = await client.signed(
      'POST',
      '/v3/refunds',
      {
        deposit_id: String(deposit.deposit_id),
        invoice_id: deposit.invoice_id,
        amount: '1.50',
        bank_account: { ...BANK_ACCOUNT, bank_code: '001' },
      },
      randomUUID(),
    );
    expect(refund.status).toBe(200);
    const record = jsonOf(await client.signed('GET', `/v3/refunds/${String(jsonOf(refund).refund_id)}`));
    expect(record).toMatchObject({ deposit_id: deposit.deposit_id, amount: 1.5, status: 'PENDING' });
    const bank = { bank_account: { ...BANK_ACCOUNT, bank_code: 1 } };
    expectRefused(
      await client.signed('POST', '/v3/refunds', {
        ...deposit,
        ...bank,
        deposit_id: `${deposit.deposit_id}x`,
      }),
      /^deposit_id: must be a number or a numeric string$/,
    );
    expectRefused(
      await client.signed('POST', '/v3/refunds', { ...deposit, ...bank, amount: '1,50' }),
      /^amount: must be a number or a numeric string$/,
    );
  });

  test('cashout_id: "11954" and 11954 alike; other text is 400/300', async ({ sandbox }) => {
    const client = specClient(sandbox);
    const login = { login: sandbox.credentials.cashoutLogin, pass: sandbox.credentials.cashoutPass };
    for (const cashoutId of [String(SEEDED.pendingCashout.cashoutId), SEEDED.pendingCashout.cashoutId]) {
      const status = await client.cashout('POST', '/v3/cashout/status', { ...login, cashout_id: cashoutId });
      expect(status.status).toBe(200);
      expect(status.json).toMatchObject({ cashout_status: 0 });
    }
    const refused = await client.cashout('POST', '/v3/cashout/status', { ...login, cashout_id: '11954x' });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      code: 300,
      message: expect.stringMatching(/cashout_id: must be a number or a numeric string$/),
    });
  });
});

test.describe('booleans: true/false or "true"/"false"', () => {
  const FLAGS = ['test', 'mobile', 'early_release', 'fee_on_payer', 'surcharge_on_payer', 'bonus_relative'];

  test('each flag is accepted as a boolean and as its text; early_release "true" is kept as true', async ({
    sandbox,
  }) => {
    const client = specClient(sandbox);
    for (const value of [true, 'true', false, 'false']) {
      const body = Object.fromEntries(FLAGS.map((flag) => [flag, value]));
      const created = await createDeposit(client, {
        ...body,
        bonus_amount: 1,
        payer: FULL_PAYER,
        payment_method: 'BL',
      });
      expect(created.status, JSON.stringify(value)).toBe(200);
      const id = String(jsonOf(created).deposit_id);
      const view = await controlOk(sandbox, 'GET', `/deposits/${id}`);
      expect(view.early_release).toBe(value === true || value === 'true');
      // The spec's samples write bonus_relative as a string in the status record.
      expect((view.record as Json).bonus_relative).toBe(String(value));
    }
  });

  for (const flag of FLAGS) {
    test(`${flag}: "yes", 1 and "TRUE" are refused with 400/202`, async ({ sandbox }) => {
      const client = specClient(sandbox);
      for (const value of ['yes', 1, 'TRUE']) {
        expectRefused(
          await createDeposit(client, { [flag]: value, bonus_amount: 1 }),
          new RegExp(`^${flag}: must be true or false$`),
        );
      }
    });
  }
});
