import { expect, test } from '@playwright/test';
import { CRYPTO_NETWORKS, type DepositCreateBody } from '../../../shared/contract';
import {
  CAIXA_ACCOUNT_TYPES,
  checkId,
  checkInput,
  cryptoQuoteQuerySchema,
  depositCreateBodySchema,
  idSchema,
  refundCreateBodySchema,
} from '../../../main/core/payments';
import type { ServiceDouble } from './http-double';
import { CREDENTIALS, sendJson, startDouble } from './http-double';
import { clientFor } from './client-for';
import { listBanks } from '../../../main/core/payments/banks';
import { listPaymentMethods } from '../../../main/core/payments/payment-methods';

/** Input is checked before any call, with the offending field named (spec tables, Limits, D8, D9). */

const base: DepositCreateBody = { amount: '100.00', country: 'BR' };

function refusal(body: unknown): { field?: string; message: string } | 'accepted' {
  const checked = checkInput(depositCreateBodySchema, body);
  return checked.ok ? 'accepted' : { field: checked.error.field, message: checked.error.message };
}

const expectRefused = (body: unknown, field: string, message?: RegExp): void => {
  const result = refusal(body);
  expect(result, JSON.stringify(body)).not.toBe('accepted');
  if (result === 'accepted') return;
  expect(result.field).toBe(field);
  expect(result.message.startsWith(`${field}: `)).toBe(true);
  if (message) expect(result.message).toMatch(message);
};
const expectAccepted = (body: unknown): void => expect(refusal(body), JSON.stringify(body)).toBe('accepted');

test.describe('deposit body: top level', () => {
  test('amount and country are the only required fields (HOSTED collects the rest)', () => {
    expectAccepted(base);
    expectRefused({ country: 'BR' }, 'amount');
    expectRefused({ amount: 1 }, 'country');
  });

  test('amount: > 0, at most 2 decimals, number or numeric string (D9)', () => {
    for (const amount of [1, 0.01, 100.5, 100.25, '100', '100.5', '0.01', 99999999.99])
      expectAccepted({ ...base, amount });
    expectRefused({ ...base, amount: 0 }, 'amount', /greater than 0/);
    expectRefused({ ...base, amount: -5 }, 'amount', /greater than 0/);
    expectRefused({ ...base, amount: '0.00' }, 'amount', /greater than 0/);
    expectRefused({ ...base, amount: 1.005 }, 'amount', /at most 2 decimals/);
    expectRefused({ ...base, amount: '10.123' }, 'amount', /at most 2 decimals/);
    expectRefused({ ...base, amount: '10,50' }, 'amount', /numeric string/);
    expectRefused({ ...base, amount: '1e3' }, 'amount', /numeric string/);
    expectRefused({ ...base, amount: Number.NaN }, 'amount', /number or a numeric string/);
    expectRefused({ ...base, amount: Number.POSITIVE_INFINITY }, 'amount', /number or a numeric string/);
    expectRefused({ ...base, amount: true }, 'amount', /number or a numeric string/);
  });

  test('country: two upper-case letters', () => {
    expectRefused({ ...base, country: 'br' }, 'country', /two upper-case letters/);
    expectRefused({ ...base, country: 'BRA' }, 'country');
  });

  test('currency, URLs, IP, language and booleans have their shapes', () => {
    expectAccepted({
      ...base,
      currency: 'BRL',
      notification_url: 'https://m.example/ipn',
      client_ip: '2001:db8::1',
      language: 'pt',
      test: true,
    });
    expectRefused({ ...base, currency: 'brl' }, 'currency');
    expectRefused({ ...base, notification_url: 'ftp://m.example' }, 'notification_url', /URL/);
    expectRefused({ ...base, back_url: 'not a url' }, 'back_url');
    expectRefused({ ...base, client_ip: '999.1.1.1' }, 'client_ip', /IP/);
    expectRefused({ ...base, test: 'yes' }, 'test');
    expectRefused({ ...base, bonus_amount: -1 }, 'bonus_amount');
  });

  test('a field the spec does not list is refused by name (a likely typo)', () => {
    expectRefused({ ...base, ammount: 1 }, 'ammount', /not a field the service knows/);
    expectRefused({ ...base, payer: { email: 'a@b.co', fullname: 'x' } }, 'payer.fullname');
  });
});

test.describe('payer (field table and Limits)', () => {
  const payer = (fields: Record<string, unknown>): unknown => ({ ...base, payer: fields });

  test('id: letters and digits only, at most 128', () => {
    expectAccepted(payer({ id: 'u42' }));
    expectAccepted(payer({ id: 'a'.repeat(128) }));
    expectRefused(payer({ id: 'a'.repeat(129) }), 'payer.id', /128 letters or digits/);
    expectRefused(payer({ id: 'user-42' }), 'payer.id');
    expectRefused(payer({ id: 'josé' }), 'payer.id');
  });

  for (const [field, max] of [
    ['document', 30],
    ['document_type', 10],
    ['first_name', 128],
    ['last_name', 128],
    ['phone', 32],
  ] as const) {
    test(`${field}: at most ${max}`, () => {
      const fill = field === 'phone' ? '1' : 'A';
      expectAccepted(payer({ [field]: fill.repeat(max) }));
      expectRefused(payer({ [field]: fill.repeat(max + 1) }), `payer.${field}`, new RegExp(`at most ${max}`));
      expectRefused(payer({ [field]: '' }), `payer.${field}`, /empty/);
    });
  }

  test('email: valid, at most 255', () => {
    expectAccepted(payer({ email: 'ana@example.com' }));
    expectRefused(payer({ email: 'ana@' }), 'payer.email', /e-mail/);
    expectRefused(payer({ email: `${'a'.repeat(250)}@example.com` }), 'payer.email', /255/);
  });

  test('phone: digits and the usual separators', () => {
    expectAccepted(payer({ phone: '+55 (11) 91234-5678' }));
    expectRefused(payer({ phone: 'call me' }), 'payer.phone', /phone/);
  });

  for (const field of ['birth_date', 'registration_date']) {
    test(`${field}: yyyyMMdd and a real date`, () => {
      expectAccepted(payer({ [field]: '19900228' }));
      expectAccepted(payer({ [field]: '20240229' }));
      expectRefused(payer({ [field]: '20230229' }), `payer.${field}`, /real date written yyyyMMdd/);
      expectRefused(payer({ [field]: '19901301' }), `payer.${field}`);
      expectRefused(payer({ [field]: '1990-02-28' }), `payer.${field}`);
      expectRefused(payer({ [field]: '199002' }), `payer.${field}`);
    });
  }

  test('address: street 255, city 128, state ISO code of 3, zip 16', () => {
    const address = (fields: Record<string, unknown>): unknown => payer({ address: fields });
    expectAccepted(
      address({ street: 'S'.repeat(255), city: 'C'.repeat(128), state: 'SP', zip_code: '01310-100' }),
    );
    expectRefused(address({ street: 'S'.repeat(256) }), 'payer.address.street', /255/);
    expectRefused(address({ city: 'C'.repeat(129) }), 'payer.address.city', /128/);
    expectRefused(address({ state: 'SPA1' }), 'payer.address.state', /ISO 3166-2/);
    expectRefused(address({ state: 'sp' }), 'payer.address.state');
    expectRefused(address({ zip_code: '1'.repeat(17) }), 'payer.address.zip_code', /16/);
  });
});

test.describe('reported_info (field table, per-method masks)', () => {
  const deposit = (country: string, method: string, info: Record<string, string>): unknown => ({
    ...base,
    country,
    payment_method: method,
    reported_info: info,
  });

  test('limits apply whatever the method: 45, 45, 255, 16', () => {
    expectRefused(
      { ...base, reported_info: { bank_account_number: '1'.repeat(46) } },
      'reported_info.bank_account_number',
      /45/,
    );
    expectRefused(
      { ...base, reported_info: { bank_branch: '1'.repeat(46) } },
      'reported_info.bank_branch',
      /45/,
    );
    expectRefused(
      { ...base, reported_info: { bank_beneficiary: 'a'.repeat(256) } },
      'reported_info.bank_beneficiary',
      /255/,
    );
    expectRefused(
      { ...base, reported_info: { bank_account_type: '1'.repeat(17) } },
      'reported_info.bank_account_type',
      /16/,
    );
  });

  test('absent fields are legal: the deposit becomes HOSTED (D9)', () => {
    expectAccepted(deposit('BR', 'BB', {}));
    expectAccepted({ ...base, payment_method: 'CA' });
  });

  test('BB (BR) account number 00000000000-A and branch 0000-A', () => {
    expectAccepted(deposit('BR', 'BB', { bank_account_number: '12345678901-X', bank_branch: '1234-5' }));
    expectAccepted(deposit('BR', 'BB', { bank_account_number: '1-0', bank_branch: '1' }));
    expectRefused(
      deposit('BR', 'BB', { bank_account_number: '123456789012-X' }),
      'reported_info.bank_account_number',
      /for method BB \(BR\)/,
    );
    expectRefused(
      deposit('BR', 'BB', { bank_account_number: '12345-XY' }),
      'reported_info.bank_account_number',
    );
    expectRefused(deposit('BR', 'BB', { bank_account_number: '12345' }), 'reported_info.bank_account_number');
    expectRefused(deposit('BR', 'BB', { bank_branch: '12345' }), 'reported_info.bank_branch');
    expectRefused(deposit('BR', 'BB', { bank_branch: '1234-' }), 'reported_info.bank_branch');
  });

  test('BZ (BR) branch 1-4 digits, account 000000000-0', () => {
    expectAccepted(deposit('BR', 'BZ', { bank_branch: '0001', bank_account_number: '123456789-0' }));
    expectRefused(
      deposit('BR', 'BZ', { bank_branch: '0001-1' }),
      'reported_info.bank_branch',
      /1 to 4 digits/,
    );
    expectRefused(
      deposit('BR', 'BZ', { bank_account_number: '1234567890-0' }),
      'reported_info.bank_account_number',
    );
    expectRefused(deposit('BR', 'BZ', { bank_account_number: '123-A' }), 'reported_info.bank_account_number');
  });

  test('CA (BR) branch, account of up to 14 digits, and the account types', () => {
    expectAccepted(
      deposit('BR', 'CA', {
        bank_branch: '12',
        bank_account_number: '12345678901234-5',
        bank_account_type: '013',
      }),
    );
    for (const type of CAIXA_ACCOUNT_TYPES) expectAccepted(deposit('BR', 'CA', { bank_account_type: type }));
    expectRefused(
      deposit('BR', 'CA', { bank_account_type: '004' }),
      'reported_info.bank_account_type',
      /001, 002, 003, 006, 013, 022, 023, 028/,
    );
    expectRefused(
      deposit('BR', 'CA', { bank_account_number: '123456789012345-5' }),
      'reported_info.bank_account_number',
    );
    expectRefused(deposit('BR', 'CA', { bank_branch: '12345' }), 'reported_info.bank_branch');
  });

  const beneficiaryMethods: Array<[string, string]> = [
    ['BR', 'SJ'],
    ['BR', 'B'],
    ['BR', 'SF'],
    ['CL', 'IA'],
    ['CL', 'SC'],
    ['CL', 'TY'],
    ['PA', 'DI'],
    ['PE', 'BC'],
    ['PE', 'IB'],
  ];
  for (const [country, method] of beneficiaryMethods) {
    test(`${method} (${country}) beneficiary: two or more words of 2 to 30 non-digits`, () => {
      expectAccepted(deposit(country, method, { bank_beneficiary: 'Ana Souza' }));
      expectAccepted(deposit(country, method, { bank_beneficiary: 'José María Pérez-Núñez' }));
      const field = 'reported_info.bank_beneficiary';
      expectRefused(deposit(country, method, { bank_beneficiary: 'Ana' }), field, /two or more words/);
      expectRefused(deposit(country, method, { bank_beneficiary: 'Ana  Souza' }), field);
      expectRefused(deposit(country, method, { bank_beneficiary: 'A Souza' }), field);
      expectRefused(deposit(country, method, { bank_beneficiary: 'Ana Souza2' }), field);
      expectRefused(deposit(country, method, { bank_beneficiary: `Ana ${'s'.repeat(31)}` }), field);
      expectRefused(deposit(country, method, { bank_beneficiary: ' Ana Souza' }), field);
    });
  }

  test('a mask belongs to its country: BB outside Brazil is not checked against it', () => {
    expectAccepted(deposit('AR', 'BB', { bank_account_number: 'free-form 42' }));
    expectAccepted(deposit('BR', 'IX', { bank_beneficiary: 'Ana' }));
  });
});

/** Real addresses of each form (token contracts and well-known accounts), valid check characters. */
const WALLETS = {
  evm: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  bep2: 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2',
  solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  tezos: 'KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn',
} as const;
const NETWORK_FORMS = {
  AVAXC: 'evm',
  BEP2: 'bep2',
  BEP20: 'evm',
  ERC20: 'evm',
  Polygon: 'evm',
  Solana: 'solana',
  TRC20: 'tron',
  Tezos: 'tezos',
  RSK: 'evm',
} as const satisfies Record<(typeof CRYPTO_NETWORKS)[number], keyof typeof WALLETS>;
const crypto = (network: string, wallet: string) => ({
  ...base,
  crypto: { currency: 'USDT', network, wallet },
});

test.describe('crypto object', () => {
  test('currency and network from the spec lists, wallet at most 128', () => {
    expectAccepted({ ...base, crypto: { currency: 'USDT', wallet: WALLETS.evm, network: 'Polygon' } });
    expectRefused(
      { ...base, crypto: { currency: 'BTC', wallet: '0xabc', network: 'ERC20' } },
      'crypto.currency',
      /BUSD, DAI, RDOC, USDT, USDC/,
    );
    expectRefused(
      { ...base, crypto: { currency: 'DAI', wallet: '0xabc', network: 'polygon' } },
      'crypto.network',
      /AVAXC/,
    );
    expectRefused(
      { ...base, crypto: { currency: 'DAI', wallet: 'w'.repeat(129), network: 'RSK' } },
      'crypto.wallet',
      /128/,
    );
    expectRefused({ ...base, crypto: { currency: 'DAI', network: 'RSK' } }, 'crypto.wallet');
  });

  test('the wallet is an address of its network, and the message names that form', () => {
    expect(Object.keys(NETWORK_FORMS).sort()).toEqual([...CRYPTO_NETWORKS].sort());
    for (const [network, form] of Object.entries(NETWORK_FORMS)) {
      expectAccepted(crypto(network, WALLETS[form]));
      expectRefused(
        crypto(network, 'not-a-wallet'),
        'crypto.wallet',
        new RegExp(`wallet address on ${network}:`),
      );
      // Another network's address is not one of this network's.
      const other = form === 'evm' ? WALLETS.tron : WALLETS.evm;
      expectRefused(crypto(network, other), 'crypto.wallet');
    }
    expectRefused(
      crypto('TRC20', 'TXz9wallet000111'),
      'crypto.wallet',
      /T followed by 33 base58 characters, 34 in all/,
    );
    expectRefused(crypto('ERC20', '0xabc'), 'crypto.wallet', /0x followed by 40 hexadecimal characters/);
    expectRefused(crypto('ERC20', `${WALLETS.evm} `), 'crypto.wallet');
    expectRefused(crypto('Solana', '0OIl'.repeat(9)), 'crypto.wallet', /no 0, O, I or l/);
    expectAccepted(crypto('Tezos', 'tz1burnburnburnburnburnburnburjAYjjX'));
    expectAccepted(crypto('ERC20', WALLETS.evm.toLowerCase()));
  });

  test('one mistyped character of a Tron, BEP2 or Tezos address fails its check characters', () => {
    const mistyped = (wallet: string): string => `${wallet.slice(0, -1)}${wallet.endsWith('2') ? '3' : '2'}`;
    for (const [network, wallet] of [
      ['TRC20', WALLETS.tron],
      ['BEP2', WALLETS.bep2],
      ['Tezos', WALLETS.tezos],
    ] as const) {
      expectRefused(
        crypto(network, mistyped(wallet)),
        'crypto.wallet',
        /check characters match \(one is mistyped\)/,
      );
    }
  });
});

test.describe('refund body (D8)', () => {
  const refund = { deposit_id: 5, invoice_id: 'INV-5' };
  const check = (body: unknown) => checkInput(refundCreateBodySchema, body);

  test('amount is optional, > 0 with at most 2 decimals, and sent as a number', () => {
    expect(check(refund)).toEqual({ ok: true, data: refund });
    expect(check({ ...refund, amount: '2.50' })).toEqual({ ok: true, data: { ...refund, amount: 2.5 } });
    expect(check({ ...refund, amount: 0 })).toMatchObject({ ok: false, error: { field: 'amount' } });
    expect(check({ ...refund, amount: 1.234 })).toMatchObject({ ok: false, error: { field: 'amount' } });
  });

  test('deposit_id is a positive safe integer, invoice_id required, bank_account by its fields', () => {
    expect(check({ ...refund, deposit_id: 0 })).toMatchObject({ ok: false, error: { field: 'deposit_id' } });
    expect(check({ ...refund, deposit_id: 2 ** 53 })).toMatchObject({
      ok: false,
      error: { field: 'deposit_id' },
    });
    expect(check({ deposit_id: 5 })).toMatchObject({ ok: false, error: { field: 'invoice_id' } });
    expect(check({ ...refund, bank_account: { bank_code: 'x' } })).toMatchObject({
      ok: false,
      error: { field: 'bank_account.bank_code' },
    });
    expect(check({ ...refund, bank_account: { iban: 'x' } })).toMatchObject({
      ok: false,
      error: { field: 'bank_account.iban' },
    });
  });
});

test('crypto quote query: currency, amount and a crypto symbol', () => {
  expect(checkInput(cryptoQuoteQuerySchema, { currency: 'USD', crypto: 'USDT' }).ok).toBe(true);
  expect(checkInput(cryptoQuoteQuerySchema, { currency: 'usd', crypto: 'USDT' })).toMatchObject({
    error: { field: 'currency' },
  });
  expect(checkInput(cryptoQuoteQuerySchema, { currency: 'USD', amount: -1, crypto: 'USDT' })).toMatchObject({
    error: { field: 'amount' },
  });
  expect(checkInput(cryptoQuoteQuerySchema, { currency: 'USD', crypto: 'usdt' })).toMatchObject({
    error: { field: 'crypto' },
  });
});

test('checkId’s fast path and idSchema agree on every kind of id', () => {
  for (const id of [
    1,
    42,
    Number.MAX_SAFE_INTEGER,
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 53,
    -0,
  ]) {
    expect(checkId(id, 'id').ok, String(id)).toBe(checkInput(idSchema, id, 'id').ok);
  }
});

test.describe('through the client: nothing is sent when input is wrong', () => {
  let service: ServiceDouble;
  test.beforeEach(async () => {
    service = await startDouble((_request, response) => sendJson(response, 200, {}));
  });
  test.afterEach(() => service.close());

  test('ids must be positive safe integers', async () => {
    const client = clientFor(service.baseUrl);
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      expect(await client.getDeposit(id)).toMatchObject({
        ok: false,
        error: { kind: 'validation', field: 'depositId' },
      });
    }
    expect(await client.getRefund(0)).toMatchObject({ error: { field: 'refundId' } });
    expect(await client.getSubMerchant(-3)).toMatchObject({ error: { field: 'subMerchantId' } });
    expect(await client.cancelCashout({ cashoutId: 0, externalId: 'x' })).toMatchObject({
      error: { field: 'cashoutId' },
    });
    expect(service.requests).toHaveLength(0);
  });

  test('country of the reference calls', async () => {
    const client = clientFor(service.baseUrl);
    expect(await client.read(listBanks, 'Brazil')).toMatchObject({
      error: { kind: 'validation', field: 'country' },
    });
    expect(await client.read(listPaymentMethods, 'mx')).toMatchObject({
      error: { kind: 'validation', field: 'country' },
    });
    expect(service.requests).toHaveLength(0);
  });

  test('cashout ids: external_id at most 32 (the service would answer 300), status needs one of the two', async () => {
    const client = clientFor(service.baseUrl);
    expect(await client.getCashoutStatus({ externalId: 'x'.repeat(33) })).toMatchObject({
      error: {
        kind: 'validation',
        field: 'externalId',
        message: 'externalId: must be at most 32 characters',
      },
    });
    expect(await client.getCashoutStatus({})).toMatchObject({ error: { kind: 'validation' } });
    expect(await client.cancelCashout({ cashoutId: 5 } as never)).toMatchObject({
      error: { field: 'externalId' },
    });
    expect(service.requests).toHaveLength(0);
  });

  test('cashout login and pass at most 32 characters, named without their value', async () => {
    const longLogin = 'L'.repeat(33);
    const client = clientFor(service.baseUrl, { credentials: { ...CREDENTIALS, cashoutLogin: longLogin } });
    const result = await client.getCashoutStatus({ cashoutId: 1 });
    expect(result).toMatchObject({ error: { kind: 'validation', field: 'cashoutLogin' } });
    expect(JSON.stringify(result)).not.toContain(longLogin);
    const passClient = clientFor(service.baseUrl, {
      credentials: { ...CREDENTIALS, cashoutPass: 'p'.repeat(40) },
    });
    expect(await passClient.cancelCashout({ cashoutId: 1, externalId: 'a' })).toMatchObject({
      error: { field: 'cashoutPass' },
    });
    expect(service.requests).toHaveLength(0);
  });

  test('a deposit body with a bad mask never leaves', async () => {
    const result = await clientFor(service.baseUrl).createDeposit({
      ...base,
      payment_method: 'BB',
      reported_info: { bank_account_number: 'nope' },
    });
    expect(result).toMatchObject({
      error: { kind: 'validation', field: 'reported_info.bank_account_number' },
    });
    expect(service.requests).toHaveLength(0);
  });
});
