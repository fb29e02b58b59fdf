import { expect, test, type JsonRecord } from './fixtures';

/** Reference endpoints 1–3 of the spec: payment methods, crypto quote, banks. */

const COUNTRIES = ['BR', 'MX', 'CL', 'PE', 'PA', 'CO', 'AR'];
/** Every method code the spec names, by country. */
const SPEC_CODES: Record<string, string[]> = {
  BR: ['IX', 'CA', 'SJ', 'B', 'SF', 'BB', 'BZ'],
  MX: ['SE'],
  CL: ['IA', 'SC', 'TY'],
  PA: ['DI'],
  PE: ['BC', 'IB'],
};
const TYPES = ['BANK_DEPOSIT', 'BANK_TRANSFER', 'CREDIT_CARD', 'VOUCHER'];

test('payment methods: every served country lists spec-shaped methods, with every code the spec names', async ({
  client,
  sandbox,
}) => {
  const all: JsonRecord[] = [];
  for (const country of COUNTRIES) {
    const reply = await client.readOnly(`/v3/payment_methods?country=${country}`);
    expect(reply.status, country).toBe(200);
    const methods = reply.json as JsonRecord[];
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) {
      expect(method.country).toBe(country);
      expect(typeof method.code).toBe('string');
      expect(typeof method.name).toBe('string');
      expect(TYPES).toContain(method.type);
      expect(typeof method.status).toBe('string');
      expect(method.logo).toBe(`${sandbox.baseUrl}/logos/${String(method.code)}.svg`);
      for (const field of ['daily_average', 'monthly_average']) {
        if (field in method) expect(typeof method[field]).toBe('number');
      }
    }
    for (const code of SPEC_CODES[country] ?? [])
      expect(
        methods.map((m) => m.code),
        `${country} ${code}`,
      ).toContain(code);
    all.push(...methods);
  }
  expect(all.some((m) => m.type === 'CREDIT_CARD' && ['VI', 'MC'].includes(String(m.code)))).toBe(true);
  expect(all.some((m) => m.code === 'BL' && m.type === 'VOUCHER')).toBe(true);
  expect(all.some((m) => m.code === 'OX' && m.type === 'VOUCHER')).toBe(true);
  const withoutAverages = all.filter((m) => !('daily_average' in m) && !('monthly_average' in m));
  expect(withoutAverages.length).toBeGreaterThanOrEqual(1);
  expect(all.filter((m) => 'daily_average' in m).length).toBeGreaterThan(all.length / 2);
  const statuses = new Set(all.map((m) => m.status));
  expect(statuses.size).toBeGreaterThanOrEqual(2);
});

test('payment methods: an unknown, missing or lowercase country gets 400 with an empty body', async ({
  client,
}) => {
  for (const query of ['?country=ZZ', '', '?country=br', '?country=BR&country=MX']) {
    const reply = await client.readOnly(`/v3/payment_methods${query}`);
    expect(reply.status, query).toBe(400);
    expect(reply.text).toBe('');
  }
});

test('logos are served by the sandbox itself as SVG', async ({ client }) => {
  const methods = (await client.readOnly('/v3/payment_methods?country=BR')).json as JsonRecord[];
  const logo = await fetch(String(methods[0]?.logo));
  expect(logo.status).toBe(200);
  expect(logo.headers.get('content-type')).toContain('image/svg+xml');
  expect(await logo.text()).toContain('<svg');
  expect((await fetch(`${client.sandbox.baseUrl}/logos/NOPE.svg`)).status).toBe(404);
});

test('crypto quote: every crypto currency against USD and every local currency', async ({ client }) => {
  const currencies = ['USD', 'BRL', 'MXN', 'CLP', 'PEN', 'COP', 'ARS'];
  for (const crypto of ['BUSD', 'DAI', 'RDOC', 'USDT', 'USDC']) {
    for (const currency of currencies) {
      const reply = await client.readOnly(
        `/v3/exchange_rates/crypto?currency=${currency}&amount=100&crypto=${crypto}`,
      );
      expect(reply.status, `${crypto}/${currency}`).toBe(200);
      const quote = reply.json as { fx_rate: number; converted_amount: number; fee: number };
      expect(Object.keys(quote).sort()).toEqual(['converted_amount', 'fee', 'fx_rate']);
      expect(quote.fx_rate).toBeGreaterThan(0);
      expect(quote.converted_amount).toBeCloseTo(100 / quote.fx_rate, 4);
      expect(quote.fee).toBeGreaterThanOrEqual(0);
    }
  }
  const usd = (await client.readOnly('/v3/exchange_rates/crypto?currency=USD&crypto=USDT')).json as {
    fx_rate: number;
  };
  const brl = (await client.readOnly('/v3/exchange_rates/crypto?currency=BRL&crypto=USDT')).json as {
    fx_rate: number;
  };
  expect(brl.fx_rate).toBeGreaterThan(usd.fx_rate);
});

test('crypto quote: amount defaults to 1', async ({ client }) => {
  const quote = (await client.readOnly('/v3/exchange_rates/crypto?currency=USD&crypto=USDC')).json as {
    fx_rate: number;
    converted_amount: number;
  };
  expect(quote.converted_amount).toBeCloseTo(1 / quote.fx_rate, 5);
});

test('crypto quote: an unknown currency, crypto or a bad amount gets 400/202 naming the parameter', async ({
  client,
}) => {
  const cases: Array<[string, string]> = [
    ['currency=EUR&crypto=USDT', 'currency'],
    ['crypto=USDT', 'currency'],
    ['currency=USD&crypto=BTC', 'crypto'],
    ['currency=USD', 'crypto'],
    ['currency=USD&crypto=USDT&amount=-3', 'amount'],
    ['currency=USD&crypto=USDT&amount=abc', 'amount'],
    ['currency=USD&crypto=USDT&amount=0', 'amount'],
  ];
  for (const [query, field] of cases) {
    const reply = await client.readOnly(`/v3/exchange_rates/crypto?${query}`);
    expect(reply.status, query).toBe(400);
    expect(reply.json).toEqual({
      code: 202,
      description: expect.stringMatching(new RegExp(`^${field}:`)),
      type: 'INVALID_REQUEST_BODY',
    });
  }
});

test('banks: a list of {code, name} for every served country', async ({ client }) => {
  for (const country of COUNTRIES) {
    const reply = await client.readOnly(`/v3/banks?country=${country}`);
    expect(reply.status).toBe(200);
    const banks = reply.json as JsonRecord[];
    expect(banks.length).toBeGreaterThan(0);
    for (const bank of banks) {
      expect(Object.keys(bank).sort()).toEqual(['code', 'name']);
      expect(Number.isInteger(bank.code)).toBe(true);
      expect(typeof bank.name).toBe('string');
    }
  }
});

test('banks: a country that is missing, not 2 letters or not served gets 400/202', async ({ client }) => {
  for (const query of ['', '?country=BRA', '?country=b', '?country=ZZ']) {
    const reply = await client.readOnly(`/v3/banks${query}`);
    expect(reply.status, query).toBe(400);
    expect((reply.json as JsonRecord).code).toBe(202);
  }
});

test('sub-merchant (D10): the seeded active sub-merchant with its balance; unknown 404/208; bad id 400/202', async ({
  client,
}) => {
  const reply = await client.signed('GET', '/sub_merchants/18703');
  expect(reply.status).toBe(200);
  const record = reply.json as JsonRecord;
  expect(record).toMatchObject({ sub_merchant_id: 18703, status: 'ACTIVE', markup_fee: expect.any(Number) });
  expect(record.balance).toEqual({
    currency: expect.any(String),
    total: expect.any(Number),
    usable: expect.any(Number),
    available: expect.any(Number),
  });
  const inactive = (await client.signed('GET', '/sub_merchants/18704')).json as JsonRecord;
  expect(inactive.status).toBe('INACTIVE');
  expect(inactive).not.toHaveProperty('balance');
  const unknown = await client.signed('GET', '/sub_merchants/99');
  expect(unknown.status).toBe(404);
  expect(unknown.json).toEqual({ code: 208, description: expect.any(String), type: 'RESOURCE_NOT_FOUND' });
  expect((await client.signed('GET', '/sub_merchants/abc')).json).toMatchObject({ code: 202 });
  // D10: no /v3 prefix.
  expect((await client.signed('GET', '/v3/sub_merchants/18703')).status).toBe(404);
});

test('unknown routes and wrong methods get 404', async ({ client, sandbox }) => {
  expect((await fetch(`${sandbox.baseUrl}/v3/nothing`)).status).toBe(404);
  expect((await fetch(`${sandbox.baseUrl}/v3/cashout/cancel`, { method: 'POST' })).status).toBe(404);
  expect((await fetch(`${sandbox.baseUrl}/v3/deposits`)).status).toBe(404);
  expect((await fetch(`${sandbox.baseUrl}/v2/deposits/1`)).status).toBe(404);
  expect((await client.signed('POST', '/v3/cashout/status', {})).status).toBe(400);
});
