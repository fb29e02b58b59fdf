import { createHmac, randomUUID } from 'node:crypto';
import { ServerClock } from '../../main/core/payments';
import type { SandboxHandle } from '../../main/sandbox';
import {
  FULL_PAYER,
  SEEDED,
  clientFor,
  controlOk,
  expect,
  expectError,
  rewritingExchange,
  test,
  unwrap,
  withSandbox,
} from './fixtures';
import { listBanks } from '../../main/core/payments/banks';
import { getCryptoQuote } from '../../main/core/payments/crypto';
import { listPaymentMethods } from '../../main/core/payments/payment-methods';

/**
 * One case per row of the spec's Errors table and of decisions.md's two error tables, reached
 * through the real client against the real sandbox: each asserts kind, code and httpStatus,
 * and that no credential leaks into the error. Rows the client cannot produce by itself (it
 * checks ids and bodies and always sends well-formed headers) are reached with a wire rewrite
 * and say so; the client's own refusal of the same input is asserted next to it.
 */

const creds = (sandbox: SandboxHandle): Record<string, string> => ({ ...sandbox.credentials });

/** D3, recomputed after a wire rewrite changed the cashout body. */
const d3 = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('hex');

test.describe('spec Errors table', () => {
  test('payment methods: 400, empty body, for a country that is not served', async ({ client, sandbox }) => {
    const error = expectError(
      await client.read(listPaymentMethods, 'ZZ'),
      { kind: 'validation', httpStatus: 400 },
      creds(sandbox),
    );
    expect(error.serviceMessage).toBeUndefined();
  });

  test('deposit status: 400, empty body, for an id that is not valid (wire rewrite)', async ({ sandbox }) => {
    // The client checks ids before any call: it never sends one the service would call invalid.
    const local = await clientFor(sandbox).getDeposit(0);
    expectError(local, { kind: 'validation' });
    if (!local.ok) expect(local.error.field).toBe('depositId');
    const client = clientFor(sandbox, {
      exchange: rewritingExchange((request) => ({ ...request, url: request.url.replace(/\/\d+$/, '/0') })),
    });
    expectError(await client.getDeposit(5), { kind: 'validation', httpStatus: 400 }, creds(sandbox));
  });

  for (const [name, call] of [
    ['payment methods', 'listPaymentMethods'],
    ['crypto quote', 'getCryptoQuote'],
    ['banks', 'listBanks'],
  ] as const) {
    test(`${name}: 401 code 100 for an unknown read-only key`, async ({ sandbox }) => {
      const client = clientFor(sandbox, {
        credentials: { ...sandbox.credentials, readOnlyKey: 'not-the-read-only-key' },
      });
      const result =
        call === 'getCryptoQuote'
          ? await client.read(getCryptoQuote, { currency: 'USD', crypto: 'USDT' })
          : call === 'listBanks'
            ? await client.read(listBanks, 'BR')
            : await client.read(listPaymentMethods, 'BR');
      const error = expectError(result, { kind: 'auth', code: 100, httpStatus: 401 }, creds(sandbox));
      expect(typeof error.serviceMessage).toBe('string');
      // Spec: banks adds type INVALID_CREDENTIALS (decisions give it to every 401/100).
      if (call === 'listBanks') expect(error.type).toBe('INVALID_CREDENTIALS');
    });
  }

  test('deposit status: 404, empty body, for an unknown id', async ({ client, sandbox }) => {
    const error = expectError(
      await client.getDeposit(999_999_999),
      { kind: 'not_found', httpStatus: 404 },
      creds(sandbox),
    );
    expect(error.serviceMessage).toBeUndefined();
  });

  test('refund status: 404 code 208 RESOURCE_NOT_FOUND', async ({ client, sandbox }) => {
    expectError(
      await client.getRefund(999_999),
      { kind: 'not_found', code: 208, httpStatus: 404, type: 'RESOURCE_NOT_FOUND' },
      creds(sandbox),
    );
  });

  test('cashout cancel: 412 code 510 when the cashout is not pending', async ({ client, sandbox }) => {
    expectError(
      await client.cancelCashout(SEEDED.deliveredCashout),
      { kind: 'invalid_state', code: 510, httpStatus: 412 },
      creds(sandbox),
    );
  });

  test('cashout cancel: code 509 (HTTP 412 per decisions) for an unknown cashout', async ({
    client,
    sandbox,
  }) => {
    expectError(
      await client.cancelCashout({ cashoutId: 99_999_999, externalId: 'no-such-payout' }),
      { kind: 'not_found', code: 509, httpStatus: 412 },
      creds(sandbox),
    );
  });
});

test.describe('decisions.md: signed and read-only endpoints', () => {
  test('100 INVALID_CREDENTIALS: an unknown X-Login on a signed GET and a signed POST', async ({
    sandbox,
  }) => {
    const client = clientFor(sandbox, { credentials: { ...sandbox.credentials, apiKey: 'UnknownKey01' } });
    const expected = { kind: 'auth', code: 100, httpStatus: 401, type: 'INVALID_CREDENTIALS' } as const;
    expectError(await client.getDeposit(SEEDED.completedCardDeposit), expected, creds(sandbox));
    expectError(await client.getSubMerchant(SEEDED.activeSubMerchant), expected, creds(sandbox));
    const post = expectError(
      await client.createDeposit({ amount: 10, country: 'BR' }),
      expected,
      creds(sandbox),
    );
    expect(post.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('101 MISSING_REQUIRED_HEADER: not produced by the client; a proxy dropping X-Date shows the mapping', async ({
    sandbox,
  }) => {
    // Every signed call the client builds carries X-Login, a D2 X-Date, `SVC <hex>` and
    // Content-Type (transport.ts #headers), so 101 cannot come from the client alone.
    const client = clientFor(sandbox, {
      exchange: rewritingExchange((request) => {
        const headers = { ...request.headers };
        delete headers['X-Date'];
        return { ...request, headers };
      }),
    });
    expectError(
      await client.getDeposit(SEEDED.completedCardDeposit),
      { kind: 'auth', code: 101, httpStatus: 400, type: 'MISSING_REQUIRED_HEADER' },
      creds(sandbox),
    );
  });

  test('102 INVALID_SIGNATURE: a wrong API secret, on a GET and on a POST', async ({ sandbox }) => {
    const client = clientFor(sandbox, {
      credentials: { ...sandbox.credentials, apiSecret: 'not-the-api-signature' },
    });
    const expected = { kind: 'signature', code: 102, httpStatus: 400, type: 'INVALID_SIGNATURE' } as const;
    expectError(await client.getRefund(SEEDED.completedRefund), expected, creds(sandbox));
    expectError(
      await client.createRefund({
        deposit_id: SEEDED.completedCardDeposit,
        invoice_id: `INV-${SEEDED.completedCardDeposit}`,
        amount: 1,
      }),
      expected,
      creds(sandbox),
    );
  });

  test('103 INVALID_DATE_RANGE: a sandbox clock 30 s off and X-Date correction turned off', async () => {
    await withSandbox({ clockSkewMs: 30_000 }, async (sandbox) => {
      const client = clientFor(sandbox, { clock: new ServerClock({ correct: false }) });
      expectError(
        await client.getDeposit(SEEDED.completedCardDeposit),
        { kind: 'clock_skew', code: 103, httpStatus: 400, type: 'INVALID_DATE_RANGE' },
        creds(sandbox),
      );
      const clock = client.clock.status();
      expect(clock.state).toBe('uncorrectable');
      expect(clock.blocksMutations).toBe(true);
    });
  });

  test('104 IDEMPOTENCY_KEY_ALREADY_USED: one key, a different body', async ({ client, sandbox }) => {
    const idempotencyKey = randomUUID();
    unwrap(await client.createDeposit({ amount: 10, country: 'BR' }, { idempotencyKey }));
    const error = expectError(
      await client.createDeposit({ amount: 11, country: 'BR' }, { idempotencyKey }),
      { kind: 'idempotency_conflict', code: 104, httpStatus: 400, type: 'IDEMPOTENCY_KEY_ALREADY_USED' },
      creds(sandbox),
    );
    expect(error.idempotencyKey).toBe(idempotencyKey);
  });

  test('201 INVALID_IP: an allow-list without 127.0.0.1, on R, S and C endpoints', async () => {
    await withSandbox({ allowIps: ['203.0.113.7'] }, async (sandbox) => {
      const client = clientFor(sandbox);
      const expected = { kind: 'ip_not_allowed', code: 201, httpStatus: 401 } as const;
      expectError(await client.read(listBanks, 'BR'), { ...expected, type: 'INVALID_IP' }, creds(sandbox));
      expectError(
        await client.getDeposit(SEEDED.completedCardDeposit),
        { ...expected, type: 'INVALID_IP' },
        creds(sandbox),
      );
      expectError(await client.createDeposit({ amount: 10, country: 'BR' }), expected, creds(sandbox));
      // The sandbox answers the cashout endpoints in their own {code, message} shape (README).
      expectError(
        await client.getCashoutStatus({ cashoutId: SEEDED.pendingCashout.cashoutId }),
        expected,
        creds(sandbox),
      );
      expectError(await client.cancelCashout(SEEDED.pendingCashout), expected, creds(sandbox));
    });
  });

  test('202 INVALID_REQUEST_BODY: a body the client lets through and the service refuses', async ({
    client,
    sandbox,
  }) => {
    // The currency is well formed (the client checks that) but not the country's (the service's rule).
    const error = expectError(
      await client.createDeposit({ amount: 10, country: 'BR', currency: 'USD', payer: FULL_PAYER }),
      { kind: 'validation', code: 202, httpStatus: 400, type: 'INVALID_REQUEST_BODY' },
      creds(sandbox),
    );
    expect(error.serviceMessage).toMatch(/^currency/);
    // The service's text travels in serviceMessage; the message is ours and quotes no payer data.
    expect(error.message).not.toContain(FULL_PAYER.document);
  });

  test('208 RESOURCE_NOT_FOUND: refund status of an unknown refund, refund of an unknown deposit', async ({
    client,
    sandbox,
  }) => {
    const expected = { kind: 'not_found', code: 208, httpStatus: 404, type: 'RESOURCE_NOT_FOUND' } as const;
    expectError(await client.getRefund(424_242), expected, creds(sandbox));
    expectError(
      await client.createRefund({ deposit_id: 999_999_999, invoice_id: 'INV-none', amount: 1 }),
      expected,
      creds(sandbox),
    );
  });

  test('802 INVALID_AMOUNT_TO_REFUND: more than the deposit holds', async ({ client, sandbox }) => {
    expectError(
      await client.createRefund({
        deposit_id: SEEDED.completedCardDeposit,
        invoice_id: `INV-${SEEDED.completedCardDeposit}`,
        amount: 1_000_000,
      }),
      { kind: 'validation', code: 802, httpStatus: 400, type: 'INVALID_AMOUNT_TO_REFUND' },
      creds(sandbox),
    );
  });

  test('803 INVALID_DEPOSIT_STATUS (the sandbox’s documented code): refund of a deposit not COMPLETED', async ({
    client,
    sandbox,
  }) => {
    expectError(
      await client.createRefund({
        deposit_id: SEEDED.pendingVoucherDeposit,
        invoice_id: `INV-${SEEDED.pendingVoucherDeposit}`,
        amount: 1,
        bank_account: { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' },
      }),
      { kind: 'invalid_state', code: 803, httpStatus: 400, type: 'INVALID_DEPOSIT_STATUS' },
      creds(sandbox),
    );
  });
});

test.describe('decisions.md: cashout endpoints ({code, message})', () => {
  test('401: a wrong cashout login, and a wrong pass', async ({ sandbox }) => {
    for (const override of [{ cashoutLogin: 'wrongLogin' }, { cashoutPass: 'wrongPass' }]) {
      const client = clientFor(sandbox, { credentials: { ...sandbox.credentials, ...override } });
      const error = expectError(
        await client.getCashoutStatus({ cashoutId: SEEDED.pendingCashout.cashoutId }),
        { kind: 'auth', code: 401, httpStatus: 401 },
        creds(sandbox),
      );
      expect(error.type).toBeUndefined();
      expectError(
        await client.cancelCashout(SEEDED.pendingCashout),
        { kind: 'auth', code: 401, httpStatus: 401 },
        creds(sandbox),
      );
    }
  });

  test('302: a Payload-Signature made with the wrong secret', async ({ sandbox }) => {
    const client = clientFor(sandbox, {
      credentials: { ...sandbox.credentials, cashoutSecret: 'not-the-cashout-secret' },
    });
    expectError(
      await client.getCashoutStatus({ externalId: SEEDED.pendingCashout.externalId }),
      { kind: 'signature', code: 302, httpStatus: 400 },
      creds(sandbox),
    );
  });

  test('502: malformed JSON — the client always sends JSON; a proxy truncating the body shows the mapping', async ({
    sandbox,
  }) => {
    const client = clientFor(sandbox, {
      exchange: rewritingExchange((request) => {
        const body = '{"login":';
        return {
          ...request,
          body,
          headers: { ...request.headers, 'Payload-Signature': d3(sandbox.credentials.cashoutSecret, body) },
        };
      }),
    });
    expectError(
      await client.getCashoutStatus({ cashoutId: SEEDED.pendingCashout.cashoutId }),
      { kind: 'validation', code: 502, httpStatus: 400 },
      creds(sandbox),
    );
  });

  test('300: a field rule — the client refuses it first; a proxy dropping both ids shows the mapping', async ({
    client,
    sandbox,
  }) => {
    // The client checks the same rules before any call (neither id; over 32 characters).
    expectError(await client.getCashoutStatus({}), { kind: 'validation' });
    expectError(await client.getCashoutStatus({ externalId: 'x'.repeat(33) }), { kind: 'validation' });
    const rewriting = clientFor(sandbox, {
      exchange: rewritingExchange((request) => {
        const { login, pass } = JSON.parse(request.body ?? '{}') as { login: string; pass: string };
        const body = JSON.stringify({ login, pass });
        return {
          ...request,
          body,
          headers: { ...request.headers, 'Payload-Signature': d3(sandbox.credentials.cashoutSecret, body) },
        };
      }),
    });
    expectError(
      await rewriting.getCashoutStatus({ cashoutId: SEEDED.pendingCashout.cashoutId }),
      { kind: 'validation', code: 300, httpStatus: 400 },
      creds(sandbox),
    );
  });

  test('509 (412): status of an unknown cashout, cancel of an unknown one, cancel with mismatched ids', async ({
    client,
    sandbox,
  }) => {
    const expected = { kind: 'not_found', code: 509, httpStatus: 412 } as const;
    expectError(await client.getCashoutStatus({ cashoutId: 99_999_999 }), expected, creds(sandbox));
    expectError(await client.getCashoutStatus({ externalId: 'payout-none' }), expected, creds(sandbox));
    expectError(
      await client.cancelCashout({ cashoutId: 99_999_999, externalId: 'payout-none' }),
      expected,
      creds(sandbox),
    );
    expectError(
      await client.cancelCashout({
        cashoutId: SEEDED.pendingCashout.cashoutId,
        externalId: SEEDED.onHoldCashout.externalId,
      }),
      expected,
      creds(sandbox),
    );
    // Nothing was cancelled by the mismatched call.
    const still = unwrap(await client.getCashoutStatus({ cashoutId: SEEDED.pendingCashout.cashoutId }));
    expect(still.record.cashout_status).toBe(0);
  });

  test('510 (412): cancel of a cashout that is not PENDING', async ({ client, sandbox }) => {
    expectError(
      await client.cancelCashout(SEEDED.onHoldCashout),
      { kind: 'invalid_state', code: 510, httpStatus: 412 },
      creds(sandbox),
    );
  });
});

test('a 500 from the service is kind server with its code; reads are retried, then reported', async ({
  client,
  sandbox,
}) => {
  await controlOk(sandbox, 'POST', '/faults', { rate: 1, kinds: ['http500'] });
  expectError(
    await client.getDeposit(SEEDED.completedCardDeposit),
    { kind: 'server', code: 500, httpStatus: 500, type: 'INTERNAL_SERVER_ERROR' },
    creds(sandbox),
  );
  const faults = await controlOk(sandbox, 'GET', '/faults');
  // The read was tried as many times as the client's retry policy allows (3 in the fixture).
  expect((faults.counters as Record<string, number>).http500).toBe(3);
});
