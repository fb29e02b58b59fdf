import { isWithinXDateWindow } from '../../../main/sandbox/clock';
import { startSandbox } from '../../../main/sandbox/index';
import {
  d1Signature,
  d3Signature,
  expect,
  FULL_PAYER,
  SEEDED,
  test,
  xDateOf,
  type JsonRecord,
} from './fixtures';

/** Authentication rows of decisions.md (D1–D4) and the errors table, against a live sandbox. */

test.describe('read-only bearer (D4)', () => {
  for (const path of [
    '/v3/payment_methods?country=BR',
    '/v3/exchange_rates/crypto?currency=USD&crypto=USDT',
    '/v3/banks?country=BR',
  ]) {
    test(`${path.split('?')[0]}: the read-only key is accepted, a wrong or missing one gets 401/100`, async ({
      client,
    }) => {
      expect((await client.readOnly(path)).status).toBe(200);
      for (const authorization of [
        `Bearer wrong-key`,
        null,
        client.credentials.readOnlyKey,
        `Bearer ${client.credentials.apiKey}`,
      ]) {
        const reply = await client.readOnly(path, authorization);
        expect(reply.status).toBe(401);
        expect(reply.json).toEqual({
          code: 100,
          description: expect.any(String),
          type: 'INVALID_CREDENTIALS',
        });
      }
    });
  }
});

test.describe('signed headers (D1, D2)', () => {
  test('a signed read with the right key, secret and time is answered', async ({ client }) => {
    const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`);
    expect(reply.status).toBe(200);
    expect((reply.json as JsonRecord).deposit_id).toBe(SEEDED.completedCardDeposit);
  });

  for (const header of ['X-Date', 'X-Login', 'Authorization'] as const) {
    test(`a missing ${header} gets 400/101`, async ({ client }) => {
      const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
        omit: [header],
      });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({
        code: 101,
        description: expect.stringContaining(header),
        type: 'MISSING_REQUIRED_HEADER',
      });
    });
  }

  const malformedDates: Array<[string, (now: number) => string]> = [
    ['milliseconds', (now) => new Date(now).toISOString()],
    ['+0000 instead of Z', (now) => `${new Date(now).toISOString().slice(0, 19)}+0000`],
    ['no zone', (now) => new Date(now).toISOString().slice(0, 19)],
    [
      'a space instead of T',
      (now) => `${new Date(now).toISOString().slice(0, 10)} ${new Date(now).toISOString().slice(11, 19)}Z`,
    ],
    ['an HTTP date', (now) => new Date(now).toUTCString()],
    ['a day that does not exist', () => '2024-02-30T10:00:00Z'],
  ];
  for (const [name, format] of malformedDates) {
    test(`an X-Date with ${name} is malformed: 400/101`, async ({ client }) => {
      const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
        xDate: format(Date.now()),
      });
      expect(reply.status).toBe(400);
      expect((reply.json as JsonRecord).code).toBe(101);
    });
  }

  test('an Authorization without the SVC scheme is malformed: 400/101', async ({ client }) => {
    for (const authorization of ['Bearer abc', 'SVC', 'svc-abc', `HMAC ${'a'.repeat(64)}`]) {
      const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
        authorization,
      });
      expect(reply.status, authorization).toBe(400);
      expect((reply.json as JsonRecord).code).toBe(101);
    }
  });

  test('a POST without Content-Type application/json gets 400/101', async ({ client }) => {
    for (const contentType of [null, 'text/plain', 'garbage']) {
      const reply = await client.signed(
        'POST',
        '/v3/deposits',
        { amount: 10, country: 'BR' },
        { contentType },
      );
      expect(reply.status, String(contentType)).toBe(400);
      expect((reply.json as JsonRecord).code).toBe(101);
    }
    const withCharset = await client.signed(
      'POST',
      '/v3/deposits',
      { amount: 10, country: 'BR' },
      { contentType: 'application/json; charset=utf-8' },
    );
    expect(withCharset.status).toBe(200);
  });

  test('an unknown X-Login gets 401/100', async ({ client }) => {
    const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
      login: 'someone-else',
    });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual({ code: 100, description: expect.any(String), type: 'INVALID_CREDENTIALS' });
  });

  test('a signature made with another secret gets 400/102', async ({ client }) => {
    const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
      secret: 'not-the-secret',
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ code: 102, description: expect.any(String), type: 'INVALID_SIGNATURE' });
  });

  test('a body changed after signing gets 400/102 (the signature covers the exact bytes)', async ({
    client,
  }) => {
    const sent = JSON.stringify({ amount: 10, country: 'BR' });
    const signed = JSON.stringify({ amount: 10, country: 'BR' }, null, 1);
    const reply = await client.signed('POST', '/v3/deposits', sent, { signedBody: signed });
    expect(reply.status).toBe(400);
    expect((reply.json as JsonRecord).code).toBe(102);
  });

  test('an uppercase-hex signature does not match (D1: lowercase hex)', async ({ client }) => {
    const xDate = client.nowXDate();
    const upper = d1Signature(
      client.credentials.apiSecret,
      xDate,
      client.credentials.apiKey,
      '',
    ).toUpperCase();
    const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`, undefined, {
      xDate,
      authorization: `SVC ${upper}`,
    });
    expect((reply.json as JsonRecord).code).toBe(102);
  });

  test('X-Date 4 s off is accepted and 6 s off is refused with 400/103, both directions', async ({
    client,
  }) => {
    const path = `/v3/deposits/${SEEDED.completedCardDeposit}`;
    const clock = (await client.control('GET', '/clock')).json as { authentication: { now_ms: number } };
    const at = (deltaSeconds: number) => xDateOf(clock.authentication.now_ms + deltaSeconds * 1000);
    // Computed from the authentication clock read just before: a second boundary crossed in between can
    // only move 4 → 5 (still accepted) or 6 → 7 (still refused).
    expect((await client.signed('GET', path, undefined, { xDate: at(-4) })).status).toBe(200);
    const behind = await client.signed('GET', path, undefined, { xDate: at(-6) });
    expect(behind.status).toBe(400);
    expect(behind.json).toEqual({ code: 103, description: expect.any(String), type: 'INVALID_DATE_RANGE' });
    expect((await client.signed('GET', path, undefined, { xDate: at(+4) })).status).toBe(200);
    expect((await client.signed('GET', path, undefined, { xDate: at(+7) })).status).toBe(400);
  });

  test('the window edge in whole seconds: 5 s accepted, 6 s refused', () => {
    const now = Date.UTC(2024, 2, 5, 14, 7, 9, 999);
    const second = (delta: number) => Date.UTC(2024, 2, 5, 14, 7, 9 + delta);
    expect(isWithinXDateWindow(now, second(-5))).toBe(true);
    expect(isWithinXDateWindow(now, second(5))).toBe(true);
    expect(isWithinXDateWindow(now, second(-6))).toBe(false);
    expect(isWithinXDateWindow(now, second(6))).toBe(false);
  });

  test('time travel leaves the X-Date window on real time; a skew of 6 s makes a locally dated request stale (103)', async ({
    client,
  }) => {
    const path = `/v3/deposits/${SEEDED.completedCardDeposit}`;
    await client.advance(3600);
    expect((await client.signed('GET', path)).status).toBe(200);
    expect((await client.control('POST', '/clock/skew', { seconds: 6 })).status).toBe(200);
    expect(
      (await client.signed('GET', path, undefined, { xDate: xDateOf(Date.now() - 1000) })).json,
    ).toMatchObject({ code: 103 });
    client.clockSkewMs = 6000;
    expect((await client.signed('GET', path)).status).toBe(200);
  });

  test('the Date header of every answer follows the authentication clock, not time travel (D13)', async ({
    client,
  }) => {
    const dateOf = (reply: { headers: Headers }): number => Date.parse(reply.headers.get('date') ?? '');
    await client.advance(3600);
    const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`);
    expect(Math.abs(dateOf(reply) - Date.now())).toBeLessThan(2000);
    await client.control('POST', '/clock/skew', { seconds: 30 });
    const refused = await client.readOnly('/v3/banks?country=BR', null);
    expect(Math.abs(dateOf(refused) - (Date.now() + 30_000))).toBeLessThan(2000);
  });
});

test.describe('a sandbox whose authentication clock is 4 s ahead', () => {
  test.use({ sandboxOptions: { seed: 1, clockSkewMs: 4000 } });
  test('accepts a client signing with the local clock', async ({ client }) => {
    client.clockSkewMs = 0;
    expect((await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`)).status).toBe(200);
  });
});

test.describe('a sandbox whose authentication clock is 6 s ahead', () => {
  test.use({ sandboxOptions: { seed: 1, clockSkewMs: 6000 } });
  test('refuses a client signing with the local clock (103) and accepts one that corrects from the Date header', async ({
    client,
  }) => {
    client.clockSkewMs = 0;
    const stale = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`);
    expect(stale.json).toMatchObject({ code: 103, type: 'INVALID_DATE_RANGE' });
    client.clockSkewMs = Date.parse(stale.headers.get('date') ?? '') - Date.now() + 500;
    expect((await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`)).status).toBe(200);
  });
});

test.describe('the decisions.md vectors', () => {
  const vectorTime = Date.parse('2024-03-05T14:07:09Z');
  /** A sandbox holding the vectors' made-up keys, its authentication clock set to the vector's X-Date right now. */
  const vectorSandbox = () =>
    startSandbox({
      seed: 1,
      clockSkewMs: vectorTime - Date.now(),
      credentials: {
        apiKey: 'MerchKey01',
        apiSecret: 'T3st-ApiSignature-000111',
        cashoutLogin: 'coLogin01',
        cashoutPass: 'coPass01',
        cashoutSecret: 'CashoutSecret-XYZ-789',
      },
    });
  test('D1: the vector request is accepted byte for byte', async () => {
    const sandbox = await vectorSandbox();
    try {
      const body =
        '{"invoice_id":"INV-0001","amount":100.5,"country":"BR","currency":"BRL","payer":{"id":"u42","document":"84932568207","document_type":"CPF","email":"ana@example.com","first_name":"Ana","last_name":"Souza"},"payment_method":"IX","notification_url":"https://merchant.example/ipn"}';
      expect(d1Signature('T3st-ApiSignature-000111', '2024-03-05T14:07:09Z', 'MerchKey01', body)).toBe(
        '8798e6ce1b0b6c92ba9de18b76a7577c23f82b6688a24a11a5ac2a48e9356f16',
      );
      const response = await fetch(`${sandbox.baseUrl}/v3/deposits`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Date': '2024-03-05T14:07:09Z',
          'X-Login': 'MerchKey01',
          Authorization: 'SVC 8798e6ce1b0b6c92ba9de18b76a7577c23f82b6688a24a11a5ac2a48e9356f16',
        },
        body,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        checkout_type: 'ONE_SHOT',
        merchant_invoice_id: 'INV-0001',
        user_id: 'u42',
      });
    } finally {
      await sandbox.close();
    }
  });

  test('D3: the vector cashout status request is accepted byte for byte', async () => {
    const sandbox = await vectorSandbox();
    try {
      const body = '{"login":"coLogin01","pass":"coPass01","cashout_id":11954,"external_id":"payout-7781"}';
      expect(d3Signature('CashoutSecret-XYZ-789', body)).toBe(
        '392583e3ec6c8ad10822de5d3fe5c76889c0c462d285c2e521a14768d7b460f2',
      );
      const response = await fetch(`${sandbox.baseUrl}/v3/cashout/status`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Payload-Signature': '392583e3ec6c8ad10822de5d3fe5c76889c0c462d285c2e521a14768d7b460f2',
        },
        body,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ cashout_status: 0, cashout_status_description: 'Pending' });
    } finally {
      await sandbox.close();
    }
  });
});

test.describe('cashout authentication (D3 and the cashout error table)', () => {
  const statusBody = (client: { cashoutCredentials(): { login: string; pass: string } }) => ({
    ...client.cashoutCredentials(),
    cashout_id: SEEDED.cashout,
  });

  test('a missing or wrong Payload-Signature gets 400/302 {code, message}', async ({ client }) => {
    for (const signature of [
      null,
      'f'.repeat(64),
      d3Signature('other-secret', JSON.stringify(statusBody(client))),
    ]) {
      const reply = await client.cashout('POST', '/v3/cashout/status', statusBody(client), { signature });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({ code: 302, message: expect.any(String) });
    }
  });

  test('a correctly signed but malformed JSON body gets 400/502', async ({ client }) => {
    const reply = await client.cashout('POST', '/v3/cashout/status', '{"login": "x",');
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ code: 502, message: expect.any(String) });
  });

  test('a wrong login or pass gets 401/401', async ({ client }) => {
    for (const override of [{ login: 'not-the-login' }, { pass: 'not-the-pass' }]) {
      const reply = await client.cashout('POST', '/v3/cashout/status', {
        ...statusBody(client),
        ...override,
      });
      expect(reply.status).toBe(401);
      expect(reply.json).toEqual({ code: 401, message: expect.any(String) });
    }
  });

  test('field rules (neither id, wrong types, over 32 chars) get 400/300', async ({ client }) => {
    const credentials = client.cashoutCredentials();
    const bodies: unknown[] = [
      { ...credentials },
      // D14: a string of digits is a cashout_id (contract/request-types.spec.ts); other text is not.
      { ...credentials, cashout_id: '11954x' },
      { ...credentials, external_id: 7781 },
      { ...credentials, login: 'x'.repeat(33), cashout_id: SEEDED.cashout },
      { ...credentials, pass: 'y'.repeat(33), cashout_id: SEEDED.cashout },
      { pass: credentials.pass, cashout_id: SEEDED.cashout },
    ];
    for (const body of bodies) {
      const reply = await client.cashout('POST', '/v3/cashout/status', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply.json as JsonRecord).code).toBe(300);
    }
  });
});

test.describe('IP allow-list (401/201)', () => {
  test.use({ sandboxOptions: { seed: 1, allowIps: ['203.0.113.7'] } });

  test('every kind of service endpoint refuses a caller outside the list', async ({ client }) => {
    const readOnly = await client.readOnly('/v3/banks?country=BR');
    expect(readOnly.status).toBe(401);
    expect(readOnly.json).toEqual({ code: 201, description: expect.any(String), type: 'INVALID_IP' });
    const signed = await client.signed('POST', '/v3/deposits', {
      amount: 10,
      country: 'BR',
      payer: FULL_PAYER,
    });
    expect(signed.status).toBe(401);
    expect((signed.json as JsonRecord).code).toBe(201);
    const subMerchant = await client.signed('GET', `/sub_merchants/${SEEDED.subMerchant}`);
    expect((subMerchant.json as JsonRecord).code).toBe(201);
    const cashout = await client.cashout('POST', '/v3/cashout/status', {
      ...client.cashoutCredentials(),
      cashout_id: SEEDED.cashout,
    });
    expect(cashout.status).toBe(401);
    expect(cashout.json).toEqual({ code: 201, message: expect.any(String) });
  });

  test('the control API is not subject to the allow-list', async ({ client }) => {
    expect((await client.control('GET', '/clock')).status).toBe(200);
  });
});

test.describe('an allow-list that holds the loopback caller', () => {
  test.use({ sandboxOptions: { seed: 1, allowIps: ['203.0.113.7', '127.0.0.1'] } });
  test('lets it through', async ({ client }) => {
    expect((await client.readOnly('/v3/banks?country=BR')).status).toBe(200);
    expect((await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`)).status).toBe(200);
  });
});
