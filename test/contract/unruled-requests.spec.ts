import { randomUUID } from 'node:crypto';
import { httpExchange } from '../../main/core/payments';
import type { SandboxHandle } from '../../main/sandbox';
import { FULL_PAYER, SEEDED, clientFor, controlOk, expect, test, unwrap } from './fixtures';
import { SpecOnlyClient, type SpecReply } from './spec-only-client';

/**
 * D17, as the family's PHP client meets the sandbox (main/sandbox/README.md "What clients send
 * that the spec does not rule on"): its create paths end in one slash, it sends every unset field
 * as null, and a client may send fields the spec does not name. Then the console's client
 * reading answers with the same liberties: null optional fields and unknown fields.
 */

type Json = Record<string, unknown>;
const jsonOf = (reply: SpecReply): Json => reply.json as Json;
const specClient = (sandbox: SandboxHandle): SpecOnlyClient =>
  new SpecOnlyClient(sandbox.baseUrl, sandbox.credentials);

/** Every field of the spec's deposit request body, nested ones too, as the PHP client leaves it unset. */
const UNSET_DEPOSIT = {
  invoice_id: null,
  amount: null,
  country: null,
  currency: null,
  payer: null,
  payment_method: null,
  description: null,
  client_ip: null,
  device_id: null,
  back_url: null,
  success_url: null,
  error_url: null,
  notification_url: null,
  logo: null,
  test: null,
  mobile: null,
  language: null,
  bank_account: null,
  early_release: null,
  fee_on_payer: null,
  surcharge_on_payer: null,
  bonus_amount: null,
  bonus_relative: null,
  strikethrough_price: null,
  reported_info: null,
  crypto: null,
};
const UNSET_PAYER = {
  id: null,
  document: null,
  document_type: null,
  email: null,
  first_name: null,
  last_name: null,
  address: { street: null, city: null, state: null, zip_code: null },
  phone: null,
  birth_date: null,
  registration_date: null,
};
const UNSET_BANK_ACCOUNT = {
  bank_code: null,
  account_number: null,
  account_type: null,
  beneficiary: null,
  branch: null,
};
const UNSET_REFUND = {
  deposit_id: null,
  invoice_id: null,
  amount: null,
  bank_account: null,
  comments: null,
  notification_url: null,
};

const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: '001', account_number: '12345678-9' };

function expectRefused(reply: SpecReply, description: string): void {
  expect(reply.status).toBe(400);
  expect(reply.json).toEqual({ code: 202, description, type: 'INVALID_REQUEST_BODY' });
}

/** A completed BR boleto deposit (a refund of it needs a bank account). */
async function paidBankDeposit(
  client: SpecOnlyClient,
  sandbox: SandboxHandle,
): Promise<{ deposit_id: number; invoice_id: string; amount: number }> {
  const created = await client.signed(
    'POST',
    '/v3/deposits',
    { amount: 120, country: 'BR', payer: FULL_PAYER, payment_method: 'BL' },
    randomUUID(),
  );
  const id = jsonOf(created).deposit_id as number;
  await controlOk(sandbox, 'POST', `/deposits/${id}/transition`, { to: 'COMPLETED' });
  return { deposit_id: id, invoice_id: jsonOf(created).merchant_invoice_id as string, amount: 120 };
}

test.describe('one trailing slash names the same endpoint', () => {
  test('POST /v3/deposits/ creates a deposit, and is the same endpoint for idempotency', async ({
    sandbox,
  }) => {
    const client = specClient(sandbox);
    const key = randomUUID();
    const body = { amount: 10, country: 'MX' };
    const created = await client.signed('POST', '/v3/deposits/', body, key);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(jsonOf(created)).toMatchObject({ checkout_type: 'HOSTED' });
    const again = await client.signed('POST', '/v3/deposits', body, key);
    expect(again.headers.get('x-idempotent-replay')).toBe('true');
    expect(jsonOf(again).deposit_id).toBe(jsonOf(created).deposit_id);
  });

  test('POST /v3/refunds/ creates a refund', async ({ sandbox }) => {
    const client = specClient(sandbox);
    const deposit = await paidBankDeposit(client, sandbox);
    const refund = await client.signed(
      'POST',
      '/v3/refunds/',
      {
        deposit_id: deposit.deposit_id,
        invoice_id: deposit.invoice_id,
        amount: 5,
        bank_account: BANK_ACCOUNT,
      },
      randomUUID(),
    );
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);
    expect(jsonOf(refund).refund_id).toEqual(expect.any(Number));
  });

  test('GET routes read the same record with one trailing slash', async ({ sandbox }) => {
    const client = specClient(sandbox);
    for (const path of [
      `/v3/deposits/${SEEDED.completedCardDeposit}`,
      `/v3/refunds/${SEEDED.completedRefund}`,
      `/sub_merchants/${SEEDED.activeSubMerchant}`,
    ]) {
      const plain = await client.signed('GET', path);
      const slashed = await client.signed('GET', `${path}/`);
      expect(plain.status, path).toBe(200);
      expect(slashed.status, `${path}/`).toBe(200);
      expect(slashed.json).toEqual(plain.json);
    }
    const banks = await client.readOnly('/v3/banks/?country=BR');
    expect(banks.status).toBe(200);
    expect(banks.json).toEqual((await client.readOnly('/v3/banks?country=BR')).json);
  });

  test('a cashout status read with one trailing slash', async ({ sandbox }) => {
    const reply = await specClient(sandbox).cashout('POST', '/v3/cashout/status/', {
      login: sandbox.credentials.cashoutLogin,
      pass: sandbox.credentials.cashoutPass,
      cashout_id: SEEDED.pendingCashout.cashoutId,
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ cashout_status: 0 });
  });

  test('two trailing slashes are no route: 404 naming the path as sent', async ({ sandbox }) => {
    const client = specClient(sandbox);
    const replies: Array<[string, SpecReply]> = [
      ['POST /v3/deposits//', await client.signed('POST', '/v3/deposits//', { amount: 10, country: 'MX' })],
      [
        'POST /v3/refunds//',
        await client.signed('POST', '/v3/refunds//', { deposit_id: 1, invoice_id: 'x' }),
      ],
      ['GET /v3/deposits//', await client.signed('GET', '/v3/deposits//')],
      [
        `GET /v3/deposits/${SEEDED.completedCardDeposit}//`,
        await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}//`),
      ],
      ['GET /v3/banks//', await client.readOnly('/v3/banks//?country=BR')],
    ];
    for (const [route, reply] of replies) {
      expect(reply.status, route).toBe(404);
      expect(reply.json).toEqual({ code: 404, description: `No such route: ${route}` });
    }
  });
});

test.describe('a field sent as null is a field not sent', () => {
  test('a PHP-style body, every unset field null, creates a HOSTED deposit', async ({ sandbox }) => {
    const client = specClient(sandbox);
    const created = await client.signed(
      'POST',
      '/v3/deposits/',
      { ...UNSET_DEPOSIT, amount: '25.00', country: 'BR' },
      randomUUID(),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(jsonOf(created)).toMatchObject({ checkout_type: 'HOSTED' });
    const view = await controlOk(sandbox, 'GET', `/deposits/${String(jsonOf(created).deposit_id)}`);
    expect(view).toMatchObject({ status: 'CREATED', early_release: false });
    expect(view).not.toHaveProperty('bank_account');
    expect(view.record).toMatchObject({ amount: 25, bonus_amount: null, currency: 'BRL' });
  });

  test('nested nulls: a full payer with its unset fields null gives ONE_SHOT and keeps no null', async ({
    sandbox,
  }) => {
    const client = specClient(sandbox);
    const created = await client.signed(
      'POST',
      '/v3/deposits/',
      {
        ...UNSET_DEPOSIT,
        amount: 40,
        country: 'BR',
        payment_method: 'BL',
        payer: { ...UNSET_PAYER, ...FULL_PAYER },
        bank_account: UNSET_BANK_ACCOUNT,
        reported_info: {
          bank_account_number: null,
          bank_branch: null,
          bank_beneficiary: null,
          bank_account_type: null,
        },
      },
      randomUUID(),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(jsonOf(created)).toMatchObject({ checkout_type: 'ONE_SHOT', user_id: FULL_PAYER.id });
    const record = jsonOf(await client.signed('GET', `/v3/deposits/${String(jsonOf(created).deposit_id)}`));
    // Only values sent appear (spec): the address whose fields were all null is not there.
    const { id: _payerId, ...shownPayer } = FULL_PAYER;
    expect(record.payer).toEqual(shownPayer);
    const view = await controlOk(sandbox, 'GET', `/deposits/${String(jsonOf(created).deposit_id)}`);
    expect(view.bank_account).toEqual({});
  });

  test('a refund with its unset fields null refunds all that is left', async ({ sandbox }) => {
    const client = specClient(sandbox);
    const deposit = await paidBankDeposit(client, sandbox);
    const refund = await client.signed(
      'POST',
      '/v3/refunds/',
      {
        ...UNSET_REFUND,
        deposit_id: deposit.deposit_id,
        invoice_id: deposit.invoice_id,
        bank_account: { ...UNSET_BANK_ACCOUNT, ...BANK_ACCOUNT },
      },
      randomUUID(),
    );
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);
    const view = await controlOk(sandbox, 'GET', `/refunds/${String(jsonOf(refund).refund_id)}`);
    expect(view.record).toMatchObject({ amount: deposit.amount, status: 'PENDING' });
    expect(view.bank_account).toEqual(BANK_ACCOUNT);
  });

  test('cashout calls with an id sent as null use the other one', async ({ sandbox }) => {
    const login = { login: sandbox.credentials.cashoutLogin, pass: sandbox.credentials.cashoutPass };
    const reply = await specClient(sandbox).cashout('POST', '/v3/cashout/status', {
      ...login,
      cashout_id: null,
      external_id: SEEDED.pendingCashout.externalId,
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ cashout_status: 0 });
  });

  test('a null in a required field is still "is required"', async ({ sandbox }) => {
    const client = specClient(sandbox);
    expectRefused(
      await client.signed('POST', '/v3/deposits/', { ...UNSET_DEPOSIT, country: 'BR' }),
      'amount: is required',
    );
    expectRefused(
      await client.signed('POST', '/v3/deposits', { ...UNSET_DEPOSIT, amount: 10 }),
      'country: is required',
    );
    const deposit = await paidBankDeposit(client, sandbox);
    expectRefused(
      await client.signed('POST', '/v3/refunds/', {
        ...UNSET_REFUND,
        deposit_id: deposit.deposit_id,
        bank_account: BANK_ACCOUNT,
      }),
      'invoice_id: is required',
    );
    expectRefused(
      await client.signed('POST', '/v3/refunds/', {
        ...UNSET_REFUND,
        deposit_id: deposit.deposit_id,
        invoice_id: deposit.invoice_id,
        bank_account: { ...BANK_ACCOUNT, beneficiary: null },
      }),
      'bank_account.beneficiary: is required for a deposit not paid by card',
    );
    const cancel = await specClient(sandbox).cashout('DELETE', '/v3/cashout/cancel', {
      login: sandbox.credentials.cashoutLogin,
      pass: null,
      cashout_id: SEEDED.pendingCashout.cashoutId,
      external_id: SEEDED.pendingCashout.externalId,
    });
    expect(cancel.status).toBe(400);
    expect(cancel.json).toEqual({ code: 300, message: expect.stringMatching(/pass: is required$/) });
  });
});

test.describe('unknown request fields are ignored', () => {
  test('a deposit, a refund and a cashout read carry fields the spec does not name', async ({ sandbox }) => {
    const client = specClient(sandbox);
    const created = await client.signed(
      'POST',
      '/v3/deposits/',
      {
        amount: 30,
        country: 'BR',
        payment_method: 'BL',
        payer: { ...FULL_PAYER, nickname: 'ana', address: { city: 'Recife', neighbourhood: 'Boa Vista' } },
        sdk: { name: 'php', version: '3.1.0' },
      },
      randomUUID(),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const record = jsonOf(await client.signed('GET', `/v3/deposits/${String(jsonOf(created).deposit_id)}`));
    expect(record.payer).toMatchObject({ address: { city: 'Recife' } });
    expect(JSON.stringify(record)).not.toMatch(/nickname|neighbourhood|sdk/);

    const deposit = await paidBankDeposit(client, sandbox);
    const refund = await client.signed(
      'POST',
      '/v3/refunds',
      { ...deposit, bank_account: { ...BANK_ACCOUNT, swift: 'BRASBRRJ' }, reason_code: 7 },
      randomUUID(),
    );
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);

    const status = await client.cashout('POST', '/v3/cashout/status', {
      login: sandbox.credentials.cashoutLogin,
      pass: sandbox.credentials.cashoutPass,
      cashout_id: SEEDED.pendingCashout.cashoutId,
      trace_id: 'abc',
    });
    expect(status.status).toBe(200);
  });
});

test.describe("the console's client reads answers with null optional fields and unknown fields", () => {
  /**
   * The real sandbox's answer, then every field in `nulls` the answer left out set to null and
   * `extra` added, as another build of the service might answer.
   */
  function answerRewrite(nulls: readonly string[], extra: Json) {
    return (sandbox: SandboxHandle) =>
      clientFor(sandbox, {
        exchange: async (request, maxResponseBytes, attempt) => {
          const answer = await httpExchange(request, maxResponseBytes, attempt);
          if (answer.outcome !== 'answer' || answer.status !== 200) return answer;
          const body = JSON.parse(answer.body.toString('utf8')) as Json;
          for (const field of nulls) if (!(field in body)) body[field] = null;
          return { ...answer, body: Buffer.from(JSON.stringify({ ...body, ...extra }), 'utf8') };
        },
      });
  }

  const STATUS_OPTIONAL = [
    'country',
    'local_amount',
    'usd_amount',
    'bonus_relative',
    'payment_method',
    'payment_type',
    'payer',
    'fee_amount',
    'fee_currency',
    'card_detail',
    'refunded',
    'current_payer_verification',
  ];
  const EXTRA = { risk_score: 3, routing: { acquirer: 'x', region: null } };
  /** D12: unknown fields are kept (the raw view shows them), their nulls read as left out too. */
  const EXTRA_READ = { risk_score: 3, routing: { acquirer: 'x' } };

  test('a deposit status record: the same record, unknown fields kept and listed', async ({
    sandbox,
    client,
  }) => {
    const lenient = answerRewrite(STATUS_OPTIONAL, EXTRA)(sandbox);
    for (const id of [SEEDED.createdHostedDeposit, SEEDED.pendingVoucherDeposit]) {
      const plain = unwrap(await client.getDeposit(id));
      const read = unwrap(await lenient.getDeposit(id));
      expect(read.record).toEqual({ ...plain.record, ...EXTRA_READ });
      expect(read.unknownFields).toEqual(['risk_score', 'routing']);
      expect(read.raw).toMatchObject(EXTRA);
      expect(read.raw).toHaveProperty('card_detail', null);
    }
  });

  test('a refund status without its amount, and a deposit creation answer', async ({ sandbox, client }) => {
    const refundWithNulls = answerRewrite(['amount'], EXTRA)(sandbox);
    const plainRefund = unwrap(await client.getRefund(SEEDED.pendingRefundWithoutAmount));
    expect(plainRefund.record).not.toHaveProperty('amount');
    const refund = unwrap(await refundWithNulls.getRefund(SEEDED.pendingRefundWithoutAmount));
    expect(refund.record).toEqual({ ...plainRefund.record, ...EXTRA_READ });
    expect(refund.raw).toHaveProperty('amount', null);

    const creationWithNulls = answerRewrite(['iframe', 'payment_info', 'redirect_url'], EXTRA)(sandbox);
    const created = unwrap(
      await creationWithNulls.createDeposit({ amount: 10, country: 'MX' }, { idempotencyKey: randomUUID() }),
    );
    expect(created.record).toMatchObject({ checkout_type: 'HOSTED', deposit_id: expect.any(Number) });
    expect(created.record).not.toHaveProperty('payment_info');
    expect(created.unknownFields).toEqual(['risk_score', 'routing']);
  });
});
