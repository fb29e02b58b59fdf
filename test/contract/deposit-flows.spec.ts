import type { PaymentsClient } from '../../main/core/payments';
import type { DepositCreateBody, DepositCreated, JsonObject } from '../../shared/contract';
import { FULL_PAYER, expect, expectError, test, unwrap } from './fixtures';
import { listPaymentMethods } from '../../main/core/payments/payment-methods';

/**
 * D9 through the client: ONE_SHOT when the method is given and every detail it needs is present,
 * HOSTED otherwise, QuickPay (MX SE with payer {id}; BR IX with no payer) as ONE_SHOT; a new
 * HOSTED deposit reads CREATED, a new ONE_SHOT one PENDING; payment_info.metadata fits the
 * method's type (spec "Metadata keys seen").
 */

const MEXICAN_PAYER = { ...FULL_PAYER, document: 'GOMA800101HDFRRR09', document_type: 'CURP' };

async function create(client: PaymentsClient, body: DepositCreateBody): Promise<DepositCreated> {
  return unwrap(await client.createDeposit(body)).record;
}

async function statusOf(client: PaymentsClient, id: number): Promise<string> {
  return unwrap(await client.getDeposit(id)).record.status;
}

/** The listing's type of a method: payment_info.type must agree with it. */
async function listedType(
  client: PaymentsClient,
  country: string,
  code: string,
): Promise<string | undefined> {
  const methods = unwrap(await client.read(listPaymentMethods, country)).record;
  return methods.find((method) => method.code === code)?.type;
}

function expectPngDataUri(value: unknown): void {
  expect(typeof value).toBe('string');
  const text = value as string;
  expect(text).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  const bytes = Buffer.from(text.slice(text.indexOf(',') + 1), 'base64');
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

const keysOf = (metadata: JsonObject | undefined): string[] => Object.keys(metadata ?? {});

interface OneShotCase {
  name: string;
  body: DepositCreateBody;
  type: string;
  /** Metadata keys the spec lists for this kind of method. */
  metadata: string[];
  secondary?: string[];
}

const ONE_SHOT_CASES: OneShotCase[] = [
  {
    name: 'bank deposit (BR SJ, with the reported_info it requires)',
    body: {
      amount: 120,
      country: 'BR',
      payer: FULL_PAYER,
      payment_method: 'SJ',
      reported_info: { bank_beneficiary: 'Ana Maria Souza' },
    },
    type: 'BANK_DEPOSIT',
    metadata: ['beneficiary_name', 'account', 'account_type', 'reference', 'payer_document'],
  },
  {
    name: 'bank deposit with a second way to pay (BR BB)',
    body: {
      amount: 75.5,
      country: 'BR',
      payer: FULL_PAYER,
      payment_method: 'BB',
      reported_info: { bank_account_number: '12345678-9', bank_branch: '3064-X' },
    },
    type: 'BANK_DEPOSIT',
    metadata: ['beneficiary_name', 'account', 'reference'],
    secondary: ['reference', 'qr_code', 'digitable_line'],
  },
  {
    name: 'bank transfer (MX SE, full payer)',
    body: { amount: 300, country: 'MX', payer: MEXICAN_PAYER, payment_method: 'SE' },
    type: 'BANK_TRANSFER',
    metadata: ['beneficiary_name', 'account', 'reference'],
  },
  {
    name: 'voucher (BR BL, boleto)',
    body: { amount: 99.9, country: 'BR', payer: FULL_PAYER, payment_method: 'BL' },
    type: 'VOUCHER',
    metadata: ['bar_code', 'digitable_line', 'receipt_url', 'reference'],
  },
  {
    name: 'instant-payment voucher (BR IX, full payer)',
    body: { amount: 10, country: 'BR', payer: FULL_PAYER, payment_method: 'IX' },
    type: 'VOUCHER',
    metadata: ['qr_code', 'digitable_line'],
  },
  {
    name: 'card (BR VI)',
    body: { amount: 60, country: 'BR', payer: FULL_PAYER, payment_method: 'VI' },
    type: 'CREDIT_CARD',
    metadata: [],
  },
];

test.describe('ONE_SHOT: method given, every detail present → PENDING with payment_info', () => {
  for (const testCase of ONE_SHOT_CASES) {
    test(testCase.name, async ({ client, sandbox }) => {
      const created = await create(client, testCase.body);
      expect(created.checkout_type).toBe('ONE_SHOT');
      // Spec: redirect_url is always present for ONE_SHOT.
      expect(created.redirect_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(await statusOf(client, created.deposit_id)).toBe('PENDING');
      const info = created.payment_info;
      expect(info?.payment_method).toBe(testCase.body.payment_method);
      expect(info?.type).toBe(testCase.type);
      expect(info?.type).toBe(
        await listedType(client, testCase.body.country, testCase.body.payment_method ?? ''),
      );
      expect(info?.amount).toBe(Number(testCase.body.amount));
      expect(typeof info?.metadata).toBe('object');
      for (const key of testCase.metadata) expect(keysOf(info?.metadata), key).toContain(key);
      for (const key of testCase.secondary ?? [])
        expect(keysOf(info?.secondary_metadata), key).toContain(key);
      if (!testCase.secondary) expect(info?.secondary_metadata).toBeUndefined();
      if (testCase.body.payment_method === 'IX') expectPngDataUri(info?.metadata?.qr_code);
      if (testCase.secondary) expectPngDataUri(info?.secondary_metadata?.qr_code);
      if (testCase.body.payment_method === 'BL') expect(info?.metadata?.bar_code).toMatch(/^\d{44}$/);
      // The hosted page behind redirect_url exists.
      const page = await fetch(created.redirect_url ?? sandbox.baseUrl);
      expect(page.status).toBe(200);
      await page.body?.cancel();
    });
  }
});

test.describe('HOSTED: details missing → CREATED, a link and no payment_info', () => {
  const cases: Array<{ name: string; body: DepositCreateBody }> = [
    { name: 'only amount and country', body: { amount: 10, country: 'BR' } },
    { name: 'a full payer but no method', body: { amount: 10, country: 'BR', payer: FULL_PAYER } },
    {
      name: 'a method but an incomplete payer',
      body: { amount: 10, country: 'BR', payer: { email: 'ana@example.com' }, payment_method: 'BL' },
    },
    {
      name: 'a method whose required reported_info is missing (BR SJ)',
      body: { amount: 10, country: 'BR', payer: FULL_PAYER, payment_method: 'SJ' },
    },
    {
      name: 'BR BB with only one of its two reported_info fields',
      body: {
        amount: 10,
        country: 'BR',
        payer: FULL_PAYER,
        payment_method: 'BB',
        reported_info: { bank_branch: '3064-X' },
      },
    },
    {
      name: 'MX SE with a payer that is more than {id} and still incomplete (not QuickPay)',
      body: {
        amount: 10,
        country: 'MX',
        payer: { id: 'cust1', email: 'a@example.com' },
        payment_method: 'SE',
      },
    },
    {
      name: 'BR IX with a partial payer (QuickPay needs no payer at all)',
      body: { amount: 10, country: 'BR', payer: { email: 'ana@example.com' }, payment_method: 'IX' },
    },
  ];
  for (const { name, body } of cases) {
    test(name, async ({ client }) => {
      const created = await create(client, body);
      expect(created.checkout_type).toBe('HOSTED');
      expect(created.redirect_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
      expect(created.payment_info).toBeUndefined();
      expect(typeof created.user_id).toBe('string');
      expect(typeof created.merchant_invoice_id).toBe('string');
      expect(await statusOf(client, created.deposit_id)).toBe('CREATED');
    });
  }
});

test.describe('QuickPay (spec payer rule, D9) → ONE_SHOT, PENDING', () => {
  test('Mexico SE with payer {id} only: the id is the payer reference', async ({ client }) => {
    const created = await create(client, {
      amount: 250,
      country: 'MX',
      payer: { id: 'merchantRef778' },
      payment_method: 'SE',
    });
    expect(created.checkout_type).toBe('ONE_SHOT');
    expect(created.user_id).toBe('merchantRef778');
    expect(created.payment_info?.type).toBe('BANK_TRANSFER');
    expect(keysOf(created.payment_info?.metadata)).toEqual(
      expect.arrayContaining(['beneficiary_name', 'account', 'reference']),
    );
    // No payer document was sent, so none is echoed.
    expect(created.payment_info?.metadata?.payer_document).toBeUndefined();
    expect(await statusOf(client, created.deposit_id)).toBe('PENDING');
  });

  test('Brazil IX with no payer: a QR code and its line', async ({ client }) => {
    const created = await create(client, { amount: 15.25, country: 'BR', payment_method: 'IX' });
    expect(created.checkout_type).toBe('ONE_SHOT');
    expectPngDataUri(created.payment_info?.metadata?.qr_code);
    expect(typeof created.payment_info?.metadata?.digitable_line).toBe('string');
    // Generated by the service when not sent.
    expect(typeof created.user_id).toBe('string');
    expect(typeof created.merchant_invoice_id).toBe('string');
    expect(await statusOf(client, created.deposit_id)).toBe('PENDING');
  });
});

test('a reported_info value breaking the method’s mask is refused by the client before any call', async ({
  client,
}) => {
  const refused = expectError(
    await client.createDeposit({
      amount: 10,
      country: 'BR',
      payer: FULL_PAYER,
      payment_method: 'BB',
      reported_info: { bank_account_number: '12345678', bank_branch: '3064-X' },
    }),
    { kind: 'validation' },
  );
  expect(refused.field).toBe('reported_info.bank_account_number');
});

test('a momentarily unavailable method is refused by the service (202)', async ({ client }) => {
  // Spec: a method's status changes when it becomes momentarily unavailable (its values are not
  // enumerated): the one method whose status differs from all the others is that one.
  const methods = unwrap(await client.read(listPaymentMethods, 'MX')).record;
  const count = (status: string): number => methods.filter((method) => method.status === status).length;
  const usual = methods.map((method) => method.status).sort((a, b) => count(b) - count(a))[0];
  const unavailable = methods.filter((method) => method.status !== usual);
  expect(unavailable).toHaveLength(1);
  const error = expectError(
    await client.createDeposit({
      amount: 10,
      country: 'MX',
      payer: MEXICAN_PAYER,
      payment_method: unavailable[0]?.code ?? '',
    }),
    { kind: 'validation', code: 202, httpStatus: 400 },
  );
  expect(error.serviceMessage).toMatch(/^payment_method/);
});
