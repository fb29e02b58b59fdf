import { expect, test } from '@playwright/test';
import { BANKS_ANSWER } from '../../../main/core/payments/banks';
import { PAYMENT_METHODS_ANSWER } from '../../../main/core/payments/payment-methods';
import { ANSWERS, parseAnswer } from '../../../main/core/payments/schemas';

/** Tolerant reading of the service's answers (D9, D12). */

const json = (body: unknown): string => JSON.stringify(body);
const parse = {
  depositStatus: (body: unknown) => parseAnswer(ANSWERS.depositStatus, json(body)),
  depositCreated: (body: unknown) => parseAnswer(ANSWERS.depositCreated, json(body)),
  refundStatus: (body: unknown) => parseAnswer(ANSWERS.refundStatus, json(body)),
  cashoutStatus: (body: unknown) => parseAnswer(ANSWERS.cashoutStatus, json(body)),
  subMerchant: (body: unknown) => parseAnswer(ANSWERS.subMerchant, json(body)),
  banks: (body: unknown) => parseAnswer(BANKS_ANSWER, json(body)),
  paymentMethods: (body: unknown) => parseAnswer(PAYMENT_METHODS_ANSWER, json(body)),
};

test('unknown fields are kept in the record and named, nested ones too', () => {
  const body = {
    deposit_id: 1,
    status: 'COMPLETED',
    new_top_level: { any: ['thing'] },
    payer: { email: 'a@b.co', loyalty_tier: 'gold' },
  };
  const result = parse.depositStatus(body);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.data.record).toEqual(body);
  expect(result.data.raw).toEqual(body);
  expect(result.data.unknownFields).toEqual(['new_top_level']);
});

test('amounts arrive as numbers or numeric strings and come out as numbers', () => {
  const result = parse.depositStatus({
    deposit_id: '77',
    status: 'PENDING',
    amount: '100.50',
    usd_amount: 20.1,
    local_amount: '-3',
    fee_amount: '0',
  });
  expect(result.ok && result.data.record).toEqual({
    deposit_id: 77,
    status: 'PENDING',
    amount: 100.5,
    usd_amount: 20.1,
    local_amount: -3,
    fee_amount: 0,
  });
  expect(result.ok && result.data.raw).toMatchObject({ amount: '100.50', deposit_id: '77' });
});

test('bonus_relative and refunded accept true/false and "true"/"false"', () => {
  for (const [given, read] of [
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
  ] as const) {
    const result = parse.depositStatus({
      deposit_id: 1,
      status: 'PENDING',
      bonus_amount: 5,
      bonus_relative: given,
      refunded: given,
    });
    expect(result.ok && [result.data.record.bonus_relative, result.data.record.refunded]).toEqual([
      read,
      read,
    ]);
  }
  expect(parse.depositStatus({ deposit_id: 1, status: 'PENDING', bonus_relative: 'yes' })).toMatchObject({
    ok: false,
    error: { kind: 'bad_response', field: 'bonus_relative' },
  });
});

test('status spellings: EARLY_RELEASED and FOR_REVIEW read as the spec writes them (D9)', () => {
  const statusOf = (status: string): unknown => {
    const result = parse.depositStatus({ deposit_id: 1, status });
    return result.ok ? result.data.record.status : result.error;
  };
  expect(statusOf('EARLY_RELEASED')).toBe('EARLY RELEASED');
  expect(statusOf('EARLY RELEASED')).toBe('EARLY RELEASED');
  expect(statusOf('FOR_REVIEW')).toBe('FOR REVIEW');
  expect(statusOf('FOR REVIEW')).toBe('FOR REVIEW');
  expect(statusOf('ON_THE_MOON')).toBe('ON_THE_MOON');
});

test('absent conditional fields stay absent; a null one is read as absent, the raw view keeps it', () => {
  const result = parse.depositStatus({ deposit_id: 1, status: 'CREATED', bonus_amount: null, amount: 5 });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(Object.keys(result.data.record).sort()).toEqual(['amount', 'deposit_id', 'status']);
  for (const field of [
    'payment_method',
    'fee_amount',
    'bonus_relative',
    'card_detail',
    'current_payer_verification',
  ]) {
    expect(result.data.record).not.toHaveProperty(field);
  }
  expect(result.data.raw).toEqual({ deposit_id: 1, status: 'CREATED', bonus_amount: null, amount: 5 });
  expect(result.data.unknownFields).toEqual([]);
});

test('nulls at any depth read as absent, before and after other fields; the raw view is untouched', () => {
  const answer = {
    deposit_id: 2,
    payer: { email: 'a@example.com', first_name: null, address: { city: 'Lima', zip_code: null } },
    status: 'PENDING',
    card_detail: { brand: 'VISA' },
    bonus_amount: null,
  };
  const rawCopy = structuredClone(answer);
  const result = parse.depositStatus(answer);
  expect(result.ok && result.data.record).toEqual({
    deposit_id: 2,
    payer: { email: 'a@example.com', address: { city: 'Lima' } },
    status: 'PENDING',
    card_detail: { brand: 'VISA' },
  });
  expect(result.ok && Object.keys(result.data.record)).toEqual([
    'deposit_id',
    'status',
    'payer',
    'card_detail',
  ]);
  expect(result.ok && result.data.raw).toEqual(rawCopy);
  const list = parse.banks([
    { code: 1, name: 'A', extra: null },
    { code: 2, name: 'B' },
  ]);
  expect(list.ok && list.data.record).toEqual([
    { code: 1, name: 'A' },
    { code: 2, name: 'B' },
  ]);
  expect(list.ok && list.data.raw).toEqual([
    { code: 1, name: 'A', extra: null },
    { code: 2, name: 'B' },
  ]);
});

test('a missing required field or a wrong type is bad_response naming the field, never the body', () => {
  const secretish = 'payer-document-84932568207';
  const missing = parse.refundStatus({ merchant_invoice_id: secretish, status: 'PENDING' });
  expect(missing).toMatchObject({ ok: false, error: { kind: 'bad_response', field: 'deposit_id' } });
  expect(JSON.stringify(missing)).not.toContain(secretish);
  const nested = parse.depositStatus({ deposit_id: 1, status: 'PENDING', payer: { email: 42 } });
  expect(nested).toMatchObject({
    error: { field: 'payer.email', message: expect.stringContaining('payer.email') },
  });
  const inList = parse.banks([
    { code: 1, name: 'A' },
    { code: 'x', name: 'B' },
  ]);
  expect(inList).toMatchObject({ error: { kind: 'bad_response', field: '[1].code' } });
  expect(parseAnswer(BANKS_ANSWER, 'not json')).toMatchObject({
    error: { kind: 'bad_response', message: expect.stringContaining('not valid JSON') },
  });
  expect(parseAnswer(BANKS_ANSWER, '')).toMatchObject({ error: { kind: 'bad_response' } });
});

test('lists report the unknown fields of their elements', () => {
  const result = parse.paymentMethods([
    { country: 'BR', code: 'IX', name: 'Pix', type: 'INSTANT', status: 'OK', logo: 'l', promo: true },
    {
      country: 'BR',
      code: 'BL',
      name: 'Boleto',
      type: 'VOUCHER',
      status: 'OK',
      logo: 'l',
      promo: false,
      rank: 2,
    },
  ]);
  expect(result.ok && result.data.unknownFields).toEqual(['promo', 'rank']);
  expect(result.ok && result.data.record[0]?.type).toBe('INSTANT');
});

test('metadata is kept as JSON, whatever its keys', () => {
  const metadata = { reference: 123, qr_code: 'data:image/png;base64,AAA', nested: { a: [1, null] } };
  const result = parse.depositCreated({
    checkout_type: 'ONE_SHOT',
    deposit_id: 3,
    iframe: 'false',
    payment_info: { amount: '10.00', metadata, secondary_metadata: {} },
  });
  expect(result.ok && result.data.record.payment_info).toEqual({
    amount: 10,
    metadata,
    secondary_metadata: {},
  });
  expect(result.ok && result.data.record.iframe).toBe(false);
});

test('cashout and sub-merchant numbers are read the same way', () => {
  expect(
    parse.cashoutStatus({
      cashout_status: '3',
      cashout_status_description: 'Rejected',
      rejection_code: 812,
    }),
  ).toMatchObject({
    ok: true,
    data: { record: { cashout_status: 3, rejection_code: 812 } },
  });
  expect(
    parse.subMerchant({ sub_merchant_id: 4, markup_fee: '2.00', balance: { total: '1.5' } }),
  ).toMatchObject({
    ok: true,
    data: { record: { markup_fee: 2, balance: { total: 1.5 } } },
  });
});

test('a number that is not finite, an id past the safe integers, or a status that is not text is bad_response', () => {
  expect(
    parseAnswer(ANSWERS.depositStatus, '{"deposit_id":1,"status":"PENDING","usd_amount":1e400}'),
  ).toMatchObject({ ok: false, error: { kind: 'bad_response', field: 'usd_amount' } });
  expect(parse.depositStatus({ deposit_id: 1, status: 'PENDING', amount: '9'.repeat(400) })).toMatchObject({
    ok: false,
    error: { field: 'amount', message: expect.stringContaining('expected a number or a numeric string') },
  });
  expect(parse.depositStatus({ deposit_id: '9007199254740993', status: 'PENDING' })).toMatchObject({
    ok: false,
    error: {
      field: 'deposit_id',
      message: expect.stringContaining('expected an integer or a string of digits'),
    },
  });
  expect(parse.depositStatus({ deposit_id: 1, status: 7 })).toMatchObject({
    ok: false,
    error: { kind: 'bad_response', field: 'status' },
  });
  expect(parse.depositStatus({ deposit_id: 1 })).toMatchObject({ ok: false, error: { field: 'status' } });
});
