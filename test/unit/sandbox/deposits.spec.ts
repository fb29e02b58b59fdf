import { decodePngDataUri } from './png';
import { expect, FULL_PAYER, SEEDED, test, type JsonRecord } from './fixtures';

/** Deposit creation (spec endpoint 4, D9) and the status record (endpoint 5). */

const SERVICE_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
type PaymentInfo = { metadata: JsonRecord; secondary_metadata?: JsonRecord } & JsonRecord;

test('a bank deposit with every detail is ONE_SHOT: PENDING, beneficiary metadata, and a secondary QR', async ({
  client,
  sandbox,
}) => {
  const created = await client.createDeposit({
    amount: 250,
    country: 'BR',
    currency: 'BRL',
    payment_method: 'BB',
    payer: FULL_PAYER,
    reported_info: { bank_account_number: '12345678-9', bank_branch: '3064-X' },
  });
  expect(created).toMatchObject({
    checkout_type: 'ONE_SHOT',
    deposit_id: expect.any(Number),
    user_id: FULL_PAYER.id,
    merchant_invoice_id: expect.any(String),
  });
  expect(String(created.redirect_url)).toMatch(new RegExp(`^${sandbox.baseUrl}/checkout/`));
  const info = created.payment_info as PaymentInfo;
  expect(info).toMatchObject({
    type: 'BANK_DEPOSIT',
    payment_method: 'BB',
    payment_method_name: expect.any(String),
    amount: 250,
    currency: 'BRL',
  });
  expect(info.expiration_date).toMatch(SERVICE_TIMESTAMP);
  expect(info.created_at).toMatch(SERVICE_TIMESTAMP);
  expect(Date.parse(`${String(info.expiration_date).replace(' ', 'T')}Z`)).toBeGreaterThan(
    Date.parse(`${String(info.created_at).replace(' ', 'T')}Z`),
  );
  for (const key of ['beneficiary_name', 'agency', 'account', 'account_type', 'CNPJ'])
    expect(typeof info.metadata[key], key).toBe('string');
  expect(typeof info.metadata.reference).toBe('number');
  expect(info.metadata).toMatchObject({ payer_document: FULL_PAYER.document, payer_document_type: 'CPF' });
  const secondary = info.secondary_metadata as JsonRecord;
  expect(typeof secondary.reference).toBe('string');
  expect(typeof secondary.digitable_line).toBe('string');
  expect(decodePngDataUri(String(secondary.qr_code)).width).toBeGreaterThan(20);
  expect((await client.deposit(Number(created.deposit_id))).status).toBe('PENDING');
});

test('instant payment IX: a decodable PNG QR code as a data URI plus the digitable line inside metadata', async ({
  client,
}) => {
  const created = await client.createDeposit({
    amount: '100.50',
    country: 'BR',
    payment_method: 'IX',
    payer: FULL_PAYER,
  });
  expect(created.checkout_type).toBe('ONE_SHOT');
  const info = created.payment_info as PaymentInfo;
  expect(info.amount).toBe(100.5);
  const png = decodePngDataUri(String(info.metadata.qr_code));
  expect(png.width).toBe(png.height);
  expect(png.pixelBytes).toBeGreaterThan(png.height);
  const line = String(info.metadata.digitable_line);
  // EMV "copy and paste" layout: payload format 01, amount field, CRC at the end.
  expect(line.startsWith('000201')).toBe(true);
  expect(line).toContain('5406100.50');
  expect(line).toMatch(/6304[0-9A-F]{4}$/);
  expect(info).not.toHaveProperty('secondary_metadata');
});

test('a voucher (boleto) carries bar_code, digitable_line and a receipt_url served by the sandbox', async ({
  client,
}) => {
  const created = await client.createDeposit({
    amount: 75.9,
    country: 'BR',
    payment_method: 'BL',
    payer: FULL_PAYER,
  });
  const info = created.payment_info as PaymentInfo;
  expect(info.type).toBe('VOUCHER');
  expect(String(info.metadata.bar_code)).toMatch(/^\d{44}$/);
  expect(String(info.metadata.digitable_line).replace(/\D/g, '')).toHaveLength(47);
  const receipt = await fetch(String(info.metadata.receipt_url));
  expect(receipt.status).toBe(200);
  expect(await receipt.text()).toContain(String(info.metadata.digitable_line));
});

test('a card method with every detail is ONE_SHOT with a reference', async ({ client }) => {
  const created = await client.createDeposit({
    amount: 30,
    country: 'MX',
    payment_method: 'VI',
    payer: { ...FULL_PAYER, document_type: 'CURP' },
  });
  expect(created.checkout_type).toBe('ONE_SHOT');
  expect((created.payment_info as PaymentInfo).type).toBe('CREDIT_CARD');
});

test('QuickPay Mexico: SE with payer {id} only is ONE_SHOT; the id becomes user_id', async ({ client }) => {
  const created = await client.createDeposit({
    amount: 500,
    country: 'MX',
    payment_method: 'SE',
    payer: { id: 'merchantRef77' },
  });
  expect(created.checkout_type).toBe('ONE_SHOT');
  expect(created.user_id).toBe('merchantRef77');
  const info = created.payment_info as PaymentInfo;
  expect(info.type).toBe('BANK_TRANSFER');
  expect(String(info.metadata.account)).toMatch(/^\d{18}$/);
});

test('QuickPay Brazil: IX with no payer is ONE_SHOT with a generated user_id', async ({ client }) => {
  const created = await client.createDeposit({ amount: 20, country: 'BR', payment_method: 'IX' });
  expect(created.checkout_type).toBe('ONE_SHOT');
  expect(String(created.user_id)).toMatch(/^[A-Za-z0-9]+$/);
});

test('missing details give HOSTED (never a refusal): CREATED, only the hosted fields', async ({ client }) => {
  const cases: JsonRecord[] = [
    { amount: 10, country: 'BR' },
    { amount: 10, country: 'BR', payment_method: 'BB', payer: FULL_PAYER },
    { amount: 10, country: 'BR', payment_method: 'IX', payer: { email: 'a@b.co' } },
    { amount: 10, country: 'MX', payment_method: 'SE', payer: { id: 'x1', email: 'a@b.co' } },
    { amount: 10, country: 'CL', payment_method: 'IA', payer: { ...FULL_PAYER, document_type: 'RUT' } },
  ];
  for (const body of cases) {
    const created = await client.createDeposit(body);
    expect(created.checkout_type, JSON.stringify(body)).toBe('HOSTED');
    expect(Object.keys(created).sort()).toEqual([
      'checkout_type',
      'deposit_id',
      'iframe',
      'merchant_invoice_id',
      'redirect_url',
      'user_id',
    ]);
    const record = await client.deposit(Number(created.deposit_id));
    expect(record.status).toBe('CREATED');
  }
});

test('invoice_id is echoed as merchant_invoice_id, or generated when omitted', async ({ client }) => {
  const given = await client.createDeposit({ amount: 10, country: 'BR', invoice_id: 'order-991' });
  expect(given.merchant_invoice_id).toBe('order-991');
  const generated = await client.createDeposit({ amount: 10, country: 'BR' });
  expect(typeof generated.merchant_invoice_id).toBe('string');
  expect(generated.merchant_invoice_id).not.toBe('');
  expect((await client.deposit(Number(generated.deposit_id))).invoice_id).toBe(generated.merchant_invoice_id);
});

test('a CREATED record holds exactly user_id, deposit_id, invoice_id, currency, amount, bonus_amount, status', async ({
  client,
}) => {
  const record = await client.deposit(SEEDED.createdHostedDeposit);
  expect(Object.keys(record).sort()).toEqual([
    'amount',
    'bonus_amount',
    'currency',
    'deposit_id',
    'invoice_id',
    'status',
    'user_id',
  ]);
  expect(record.status).toBe('CREATED');
});

test('a PENDING record shows amount (not local_amount), the method, fees, and only the payer values sent', async ({
  client,
}) => {
  const created = await client.createDeposit({
    amount: 99.99,
    country: 'BR',
    payment_method: 'IX',
    payer: { ...FULL_PAYER, phone: '+55 11 99999-0000' },
    bonus_amount: 5,
    bonus_relative: true,
  });
  const record = await client.deposit(Number(created.deposit_id));
  expect(record).toMatchObject({
    status: 'PENDING',
    amount: 99.99,
    country: 'BR',
    currency: 'BRL',
    usd_amount: expect.any(Number),
    payment_method: 'IX',
    payment_type: 'VOUCHER',
    fee_amount: expect.any(Number),
    fee_currency: expect.any(String),
    bonus_amount: 5,
    bonus_relative: 'true',
    refunded: false,
  });
  expect(record).not.toHaveProperty('local_amount');
  expect(record).not.toHaveProperty('card_detail');
  expect(record).not.toHaveProperty('current_payer_verification');
  expect(record.payer).toEqual({
    document: FULL_PAYER.document,
    document_type: 'CPF',
    email: FULL_PAYER.email,
    first_name: 'Ana',
    last_name: 'Souza',
  });
});

test('bonus_relative is shown only when bonus_amount is not null', async ({ client }) => {
  const record = await client.deposit(SEEDED.quickPayBonusDeposit);
  expect(record).toMatchObject({ bonus_amount: 10, bonus_relative: 'false' });
  expect(record).not.toHaveProperty('payer');
  const without = await client.deposit(SEEDED.pendingVoucherDeposit);
  expect(without.bonus_amount).toBeNull();
  expect(without).not.toHaveProperty('bonus_relative');
});

test('the seeded completed card deposit shows local_amount, card_detail and current_payer_verification', async ({
  client,
}) => {
  const record = await client.deposit(SEEDED.completedCardDeposit);
  expect(record).toMatchObject({
    status: 'COMPLETED',
    local_amount: 150,
    payment_type: 'CREDIT_CARD',
    current_payer_verification: expect.any(String),
  });
  expect(record).not.toHaveProperty('amount');
  expect(record.card_detail).toEqual({
    card_holder: expect.any(String),
    brand: 'VISA',
    masked_card: expect.stringMatching(/^\d{6}\*{6}\d{4}$/),
    expiration: expect.stringMatching(/^\d{4}-\d{2}$/),
    card_type: expect.stringMatching(/^(CREDIT|DEBIT)$/),
    transaction_result: expect.any(String),
  });
});

test('the seed holds a deposit in every status', async ({ client }) => {
  const statuses = new Set<unknown>();
  for (let id = 300000001; id <= 300000011; id += 1) statuses.add((await client.deposit(id)).status);
  expect([...statuses].sort()).toEqual([
    'CANCELLED',
    'COMPLETED',
    'CREATED',
    'EARLY RELEASED',
    'EXPIRED',
    'FOR REVIEW',
    'PENDING',
  ]);
});

test('deposit status: an id that is not a positive integer gets 400 with an empty body; an unknown one 404 empty', async ({
  client,
}) => {
  for (const id of ['abc', '0', '-5', '1.5', '99999999999999999999']) {
    const reply = await client.signed('GET', `/v3/deposits/${id}`);
    expect(reply.status, id).toBe(400);
    expect(reply.text).toBe('');
  }
  const unknown = await client.signed('GET', '/v3/deposits/123');
  expect(unknown.status).toBe(404);
  expect(unknown.text).toBe('');
});

test('body rules of deposit creation: 400/202 naming the field path', async ({ client }) => {
  const cases: Array<[unknown, string]> = [
    [{ country: 'BR' }, 'amount'],
    [{ amount: 0, country: 'BR' }, 'amount'],
    [{ amount: -1, country: 'BR' }, 'amount'],
    [{ amount: 10.123, country: 'BR' }, 'amount'],
    [{ amount: '10.123', country: 'BR' }, 'amount'],
    [{ amount: 'ten', country: 'BR' }, 'amount'],
    [{ amount: true, country: 'BR' }, 'amount'],
    [{ amount: 10 }, 'country'],
    [{ amount: 10, country: 'Brazil' }, 'country'],
    [{ amount: 10, country: 'ZZ' }, 'country'],
    [{ amount: 10, country: 'BR', currency: 'MXN' }, 'currency'],
    [{ amount: 10, country: 'BR', payment_method: 'SE' }, 'payment_method'],
    [{ amount: 10, country: 'MX', payment_method: 'OX' }, 'payment_method'],
    [{ amount: 10, country: 'BR', payer: { email: 'not-an-email' } }, 'payer.email'],
    [{ amount: 10, country: 'BR', payer: { id: 'has space' } }, 'payer.id'],
    [{ amount: 10, country: 'BR', payer: { id: 'x'.repeat(129) } }, 'payer.id'],
    [{ amount: 10, country: 'BR', payer: { document: '1'.repeat(31) } }, 'payer.document'],
    [{ amount: 10, country: 'BR', payer: { document_type: 'PASSPORT' } }, 'payer.document_type'],
    [{ amount: 10, country: 'BR', payer: { birth_date: '19901332' } }, 'payer.birth_date'],
    [{ amount: 10, country: 'BR', payer: { address: { state: 'SPSP' } } }, 'payer.address.state'],
    [{ amount: 10, country: 'BR', payer: 'Ana' }, 'payer'],
    [
      { amount: 10, country: 'BR', payment_method: 'BB', reported_info: { bank_account_number: '123' } },
      'reported_info.bank_account_number',
    ],
    [
      { amount: 10, country: 'BR', payment_method: 'SJ', reported_info: { bank_beneficiary: 'Ana' } },
      'reported_info.bank_beneficiary',
    ],
    [
      { amount: 10, country: 'BR', payment_method: 'CA', reported_info: { bank_account_type: '999' } },
      'reported_info.bank_account_type',
    ],
    [
      { amount: 10, country: 'BR', reported_info: { bank_branch: '1'.repeat(46) } },
      'reported_info.bank_branch',
    ],
    [
      { amount: 10, country: 'BR', crypto: { currency: 'BTC', wallet: 'w', network: 'ERC20' } },
      'crypto.currency',
    ],
    [
      { amount: 10, country: 'BR', crypto: { currency: 'USDT', wallet: 'w', network: 'Bitcoin' } },
      'crypto.network',
    ],
    [{ amount: 10, country: 'BR', notification_url: 'ftp://x.example' }, 'notification_url'],
    [{ amount: 10, country: 'BR', early_release: 'yes' }, 'early_release'],
    [{ amount: 10, country: 'BR', bank_account: { bank_code: 'one' } }, 'bank_account.bank_code'],
    [[1, 2], 'body'],
    ['{"amount": 10,', 'body'],
  ];
  for (const [body, field] of cases) {
    const reply = await client.signed('POST', '/v3/deposits', body);
    expect(reply.status, JSON.stringify(body)).toBe(400);
    expect(reply.json, JSON.stringify(body)).toEqual({
      code: 202,
      description: expect.stringMatching(new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}:`)),
      type: 'INVALID_REQUEST_BODY',
    });
  }
});

test('a body with every optional field of the spec is accepted', async ({ client }) => {
  const created = await client.createDeposit({
    invoice_id: 'full-1',
    amount: '1200.00',
    country: 'BR',
    currency: 'BRL',
    payer: {
      ...FULL_PAYER,
      address: { street: 'Rua A 1', city: 'Sao Paulo', state: 'SP', zip_code: '01000000' },
      phone: '+5511999990000',
      birth_date: '19900131',
      registration_date: '20200101',
    },
    payment_method: 'CA',
    description: 'Order 1',
    client_ip: '203.0.113.10',
    device_id: 'dev-1',
    back_url: 'https://merchant.example/back',
    success_url: 'https://merchant.example/ok',
    error_url: 'https://merchant.example/error',
    notification_url: 'https://merchant.example/ipn',
    logo: 'https://merchant.example/logo.png',
    test: true,
    mobile: false,
    language: 'pt',
    bank_account: {
      bank_code: 104,
      account_number: '1234-5',
      account_type: 'SAVING',
      beneficiary: 'Ana Souza',
      branch: '0652',
    },
    early_release: true,
    fee_on_payer: false,
    surcharge_on_payer: false,
    bonus_amount: 12.5,
    bonus_relative: false,
    strikethrough_price: 1500,
    reported_info: {
      bank_account_number: '12345678-9',
      bank_branch: '0652',
      bank_beneficiary: 'Ana Souza',
      bank_account_type: '013',
    },
    crypto: { currency: 'USDT', wallet: '0xabc', network: 'ERC20' },
  });
  expect(created.checkout_type).toBe('ONE_SHOT');
  expect(created.merchant_invoice_id).toBe('full-1');
});

test('the hosted checkout linked by redirect_url is served by the sandbox', async ({ client }) => {
  const created = await client.createDeposit({ amount: 10, country: 'BR' });
  const page = await fetch(String(created.redirect_url));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
});
