import { expect, test } from '@playwright/test';
import type { ServiceDouble } from './http-double';
import {
  CREDENTIALS,
  UUID_V4,
  expectBearer,
  expectPayloadSigned,
  expectSigned,
  sendJson,
  startDouble,
  requestAt,
} from './http-double';
import { clientFor } from './client-for';
import { listBanks } from '../../../main/core/payments/banks';
import { getCryptoQuote } from '../../../main/core/payments/crypto';
import { listPaymentMethods } from '../../../main/core/payments/payment-methods';

/**
 * Every endpoint of the spec plus refund creation (D8), each against a double that checks the
 * method, path, query, every header and the signature.
 */

let double: ServiceDouble;
let answer: { status: number; body: unknown } = { status: 200, body: {} };

test.beforeEach(async () => {
  answer = { status: 200, body: {} };
  double = await startDouble((_request, response) => sendJson(response, answer.status, answer.body));
});
test.afterEach(() => double.close());

const only = (): (typeof double.requests)[number] => {
  expect(double.requests).toHaveLength(1);
  return requestAt(double, 0);
};

test('payment methods: GET /v3/payment_methods?country=, read-only bearer (D4)', async () => {
  answer.body = [
    {
      country: 'BR',
      code: 'IX',
      name: 'Pix',
      type: 'BANK_TRANSFER',
      status: 'OK',
      logo: 'https://l/ix.png',
      daily_average: '35',
    },
    {
      country: 'BR',
      code: 'BL',
      name: 'Boleto',
      type: 'VOUCHER',
      status: 'OK',
      logo: 'https://l/bl.png',
      fresh: 1,
    },
  ];
  const result = await clientFor(double.baseUrl).read(listPaymentMethods, 'BR');
  const request = only();
  expect(request.method).toBe('GET');
  expect(request.path).toBe('/v3/payment_methods');
  expect(request.query).toEqual({ country: 'BR' });
  expect(request.body.length).toBe(0);
  expectBearer(request);
  expect(result.ok && result.data.record[0]?.daily_average).toBe(35);
  expect(result.ok && result.data.record[1]).not.toHaveProperty('daily_average');
  expect(result.ok && result.data.unknownFields).toEqual(['fresh']);
});

test('crypto quote: GET /v3/exchange_rates/crypto with currency, amount, crypto (D4)', async () => {
  answer.body = { fx_rate: 0.99, converted_amount: '99.5', fee: 0.5 };
  const result = await clientFor(double.baseUrl).read(getCryptoQuote, {
    currency: 'USD',
    amount: 100.5,
    crypto: 'USDT',
  });
  const request = only();
  expect(request.method).toBe('GET');
  expect(request.path).toBe('/v3/exchange_rates/crypto');
  expect(request.query).toEqual({ currency: 'USD', amount: '100.5', crypto: 'USDT' });
  expectBearer(request);
  expect(result).toEqual({
    ok: true,
    data: {
      record: { fx_rate: 0.99, converted_amount: 99.5, fee: 0.5 },
      raw: answer.body,
      unknownFields: [],
    },
  });
});

test('crypto quote leaves amount out when not given (the service takes 1)', async () => {
  answer.body = { fx_rate: 1, converted_amount: 1, fee: 0 };
  await clientFor(double.baseUrl).read(getCryptoQuote, { currency: 'BRL', crypto: 'USDC' });
  expect(only().query).toEqual({ currency: 'BRL', crypto: 'USDC' });
});

test('banks: GET /v3/banks?country=, read-only bearer (D4)', async () => {
  answer.body = [
    { code: 1, name: 'Banco A' },
    { code: '237', name: 'Banco B' },
  ];
  const result = await clientFor(double.baseUrl).read(listBanks, 'MX');
  const request = only();
  expect(request.method).toBe('GET');
  expect(request.path).toBe('/v3/banks');
  expect(request.query).toEqual({ country: 'MX' });
  expectBearer(request);
  expect(result.ok && result.data.record).toEqual([
    { code: 1, name: 'Banco A' },
    { code: 237, name: 'Banco B' },
  ]);
});

test('deposit create: signed POST /v3/deposits; the exact bytes sent are the ones signed (D1, D6)', async () => {
  answer.body = {
    checkout_type: 'HOSTED',
    redirect_url: 'https://pay.example/r/1',
    deposit_id: 4411,
    user_id: 'u42',
    merchant_invoice_id: 'INV-1',
  };
  const body = {
    amount: '100.50',
    country: 'BR',
    invoice_id: 'INV-1',
    payer: { id: 'u42', first_name: 'João', last_name: 'Conceição', email: 'joao@example.com' },
    description: 'Caf\u00e9 "especial" \\ 😀 \u2028',
  };
  const result = await clientFor(double.baseUrl).createDeposit(body);
  const request = only();
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/v3/deposits');
  expect(request.query).toEqual({});
  expectSigned(request, { post: true });
  expect(JSON.parse(request.text)).toEqual(body);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.data.idempotencyKey).toBe(request.headers['x-idempotency-key']);
  expect(result.data.record).toEqual(answer.body);
});

test('deposit create sends the caller’s idempotency key (the journal recorded it first, D6)', async () => {
  answer.body = {
    checkout_type: 'ONE_SHOT',
    deposit_id: 1,
    payment_info: { amount: '10', metadata: { reference: 7 } },
  };
  const key = '3b241101-e2bb-4255-8caf-4136c566a962';
  const result = await clientFor(double.baseUrl).createDeposit(
    { amount: 10, country: 'MX' },
    { idempotencyKey: key },
  );
  expect(only().headers['x-idempotency-key']).toBe(key);
  expect(result.ok && result.data.idempotencyKey).toBe(key);
  expect(result.ok && result.data.record.payment_info).toEqual({ amount: 10, metadata: { reference: 7 } });
});

test('deposit status: signed GET /v3/deposits/{id} over an empty body, no idempotency key', async () => {
  answer.body = {
    deposit_id: 123,
    status: 'PENDING',
    invoice_id: 'INV-9',
    amount: '5.00',
    currency: 'BRL',
    user_id: 'u1',
    bonus_amount: 0,
  };
  const result = await clientFor(double.baseUrl).getDeposit(123);
  const request = only();
  expect(request.method).toBe('GET');
  expect(request.path).toBe('/v3/deposits/123');
  expect(request.body.length).toBe(0);
  expectSigned(request, { post: false });
  expect(result.ok && result.data.record).toEqual({ ...(answer.body as object), amount: 5 });
});

test('refund create: signed POST /v3/refunds with the D8 body', async () => {
  answer.body = { refund_id: 77 };
  const body = {
    deposit_id: 123,
    invoice_id: 'INV-9',
    amount: 2.5,
    bank_account: {
      beneficiary: 'Ana Souza',
      bank_code: 1,
      branch: '0001',
      account_number: '123-4',
      account_type: 'SAVING',
    },
    comments: 'partial',
    notification_url: 'https://merchant.example/ipn',
  };
  const result = await clientFor(double.baseUrl).createRefund(body);
  const request = only();
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/v3/refunds');
  expectSigned(request, { post: true });
  expect(JSON.parse(request.text)).toEqual(body);
  expect(result.ok && result.data.record).toEqual({ refund_id: 77 });
  expect(result.ok && result.data.idempotencyKey).toMatch(UUID_V4);
});

test('refund status: signed GET /v3/refunds/{id}', async () => {
  answer.body = { deposit_id: 123, merchant_invoice_id: 'INV-9', status: 'PENDING' };
  const result = await clientFor(double.baseUrl).getRefund(77);
  const request = only();
  expect(request.method).toBe('GET');
  expect(request.path).toBe('/v3/refunds/77');
  expectSigned(request, { post: false });
  expect(result.ok && result.data.record).toEqual(answer.body);
  expect(result.ok && result.data.record).not.toHaveProperty('amount');
});

test('cashout status by id: POST /v3/cashout/status, login/pass in the body, Payload-Signature (D3)', async () => {
  answer.body = {
    cashout_status: 3,
    cashout_status_description: 'Rejected',
    rejection_code: '804',
    rejection_reason: 'Closed account',
  };
  const result = await clientFor(double.baseUrl).getCashoutStatus({ cashoutId: 11954 });
  const request = only();
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/v3/cashout/status');
  expectPayloadSigned(request, { idempotencyKey: true });
  expect(request.text).toBe(
    JSON.stringify({ login: CREDENTIALS.cashoutLogin, pass: CREDENTIALS.cashoutPass, cashout_id: 11954 }),
  );
  expect(result.ok && result.data.record.rejection_code).toBe(804);
});

test('cashout status by external id only (D7)', async () => {
  answer.body = { cashout_status: 0, cashout_status_description: 'Pending' };
  await clientFor(double.baseUrl).getCashoutStatus({ externalId: 'payout-7781' });
  const request = only();
  expectPayloadSigned(request, { idempotencyKey: true });
  expect(JSON.parse(request.text)).toEqual({
    login: CREDENTIALS.cashoutLogin,
    pass: CREDENTIALS.cashoutPass,
    external_id: 'payout-7781',
  });
});

test('cashout cancel: DELETE /v3/cashout/cancel with a JSON body naming both ids (D3, D7)', async () => {
  answer.body = { cashout_status: 2, cashout_status_description: 'Canceled' };
  const result = await clientFor(double.baseUrl).cancelCashout({
    cashoutId: 11954,
    externalId: 'payout-7781',
  });
  const request = only();
  expect(request.method).toBe('DELETE');
  expect(request.path).toBe('/v3/cashout/cancel');
  expectPayloadSigned(request, { idempotencyKey: false });
  expect(request.text).toBe(
    '{"login":"coLogin01","pass":"coPass01","cashout_id":11954,"external_id":"payout-7781"}',
  );
  // The D3 vector of decisions.md is exactly this body.
  expect(request.headers['payload-signature']).toBe(
    '392583e3ec6c8ad10822de5d3fe5c76889c0c462d285c2e521a14768d7b460f2',
  );
  expect(result.ok && result.data.record).toEqual(answer.body);
});

test('sub-merchant: signed GET /sub_merchants/{id}, no /v3 prefix (D10)', async () => {
  answer.body = {
    sub_merchant_id: 9,
    markup_fee: '2.00',
    sub_merchant_name: 'Shop',
    status: 'ACTIVE',
    balance: { currency: 'USD', total: '10.5', usable: 10, available: 9 },
  };
  const result = await clientFor(double.baseUrl).getSubMerchant(9);
  const request = only();
  expect(request.method).toBe('GET');
  expect(request.path).toBe('/sub_merchants/9');
  expectSigned(request, { post: false });
  expect(result.ok && result.data.record.balance).toEqual({
    currency: 'USD',
    total: 10.5,
    usable: 10,
    available: 9,
  });
  expect(result.ok && result.data.record.markup_fee).toBe(2);
});

test('a base URL with a trailing slash gives paths with one slash', async () => {
  answer.body = { deposit_id: 1, status: 'CREATED' };
  await clientFor(`${double.baseUrl}/`).getDeposit(1);
  expect(only().path).toBe('/v3/deposits/1');
});
