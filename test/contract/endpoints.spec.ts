import { CASHOUT_STATUS_CODES, DEPOSIT_STATUSES, PAYMENT_METHOD_TYPES } from '../../shared/contract';
import { FULL_PAYER, SEEDED, expect, test, unwrap } from './fixtures';
import { listBanks } from '../../main/core/payments/banks';
import { getCryptoQuote } from '../../main/core/payments/crypto';
import { listPaymentMethods } from '../../main/core/payments/payment-methods';

/**
 * One case per endpoint of the spec (1–9) plus POST /v3/refunds (D8): the real client against
 * the real sandbox, checking the typed record the client hands back (and that the sandbox sent
 * nothing the spec does not name, D12).
 */

test('1. GET /v3/payment_methods: the methods of a country, typed', async ({ client }) => {
  const fetched = unwrap(await client.read(listPaymentMethods, 'BR'));
  expect(fetched.record.length).toBeGreaterThan(3);
  for (const method of fetched.record) {
    expect(method.country).toBe('BR');
    expect(method.code).toMatch(/^[A-Z]{1,3}$/);
    expect(typeof method.name).toBe('string');
    expect(PAYMENT_METHOD_TYPES).toContain(method.type);
    expect(typeof method.status).toBe('string');
    expect(typeof method.logo).toBe('string');
    // Omitted for new methods without data, a number otherwise.
    for (const average of [method.daily_average, method.monthly_average]) {
      if (average !== undefined) expect(typeof average).toBe('number');
    }
  }
  // Every BR code the spec names in the reported_info table and the QuickPay rule is offered.
  const codes = fetched.record.map((method) => method.code);
  for (const code of ['CA', 'SJ', 'B', 'SF', 'BB', 'BZ', 'IX']) expect(codes).toContain(code);
  expect(fetched.unknownFields).toEqual([]);
});

test('2. GET /v3/exchange_rates/crypto: fx_rate, converted_amount and fee as numbers', async ({ client }) => {
  const fetched = unwrap(await client.read(getCryptoQuote, { currency: 'BRL', amount: 100, crypto: 'USDT' }));
  const { fx_rate, converted_amount, fee } = fetched.record;
  for (const value of [fx_rate, converted_amount, fee]) expect(typeof value).toBe('number');
  expect(fx_rate).toBeGreaterThan(0);
  // converted_amount is the amount in the cryptocurrency at fx_rate (base currency per unit).
  expect(converted_amount * fx_rate).toBeCloseTo(100, 2);
  expect(fee).toBeGreaterThanOrEqual(0);
  // `amount` defaults to 1 (spec Limits).
  const one = unwrap(await client.read(getCryptoQuote, { currency: 'USD', crypto: 'USDC' })).record;
  expect(one.converted_amount * one.fx_rate).toBeCloseTo(1, 4);
  expect(fetched.unknownFields).toEqual([]);
});

test('3. GET /v3/banks: {code (number), name} per bank', async ({ client }) => {
  const fetched = unwrap(await client.read(listBanks, 'MX'));
  expect(fetched.record.length).toBeGreaterThan(0);
  for (const bank of fetched.record) {
    expect(Number.isInteger(bank.code)).toBe(true);
    expect(bank.name.length).toBeGreaterThan(0);
  }
  expect(fetched.unknownFields).toEqual([]);
});

test('4. POST /v3/deposits: a ONE_SHOT creation record with payment_info', async ({ client }) => {
  const created = unwrap(
    await client.createDeposit({
      invoice_id: 'INV-contract-4',
      amount: '100.50',
      country: 'BR',
      currency: 'BRL',
      payer: FULL_PAYER,
      payment_method: 'BL',
    }),
  );
  const record = created.record;
  expect(record.checkout_type).toBe('ONE_SHOT');
  expect(Number.isSafeInteger(record.deposit_id)).toBe(true);
  expect(record.redirect_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  expect(record.merchant_invoice_id).toBe('INV-contract-4');
  expect(record.user_id).toBe(FULL_PAYER.id);
  const info = record.payment_info;
  expect(info?.type).toBe('VOUCHER');
  expect(info?.payment_method).toBe('BL');
  expect(typeof info?.payment_method_name).toBe('string');
  // The amount was sent as a numeric string; the record reads it as a number (D9).
  expect(info?.amount).toBe(100.5);
  expect(info?.currency).toBe('BRL');
  expect(info?.expiration_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(info?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(typeof info?.metadata).toBe('object');
  expect(created.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(created.unknownFields).toEqual([]);
});

test('5. GET /v3/deposits/{id}: a settled record and a CREATED record, typed', async ({ client }) => {
  const completed = unwrap(await client.getDeposit(SEEDED.completedCardDeposit));
  const record = completed.record;
  expect(record.deposit_id).toBe(SEEDED.completedCardDeposit);
  expect(record.status).toBe('COMPLETED');
  expect(record.country).toBe('BR');
  expect(record.currency).toBe('BRL');
  expect(typeof record.local_amount).toBe('number');
  expect(typeof record.usd_amount).toBe('number');
  expect(record.payment_method).toBe('VI');
  expect(record.payment_type).toBe('CREDIT_CARD');
  expect(typeof record.fee_amount).toBe('number');
  expect(typeof record.fee_currency).toBe('string');
  expect(record.card_detail?.card_type).toMatch(/^(CREDIT|DEBIT)$/);
  expect(record.card_detail?.expiration).toMatch(/^\d{4}-\d{2}$/);
  expect(typeof record.refunded).toBe('boolean');
  expect(typeof record.payer?.email).toBe('string');
  expect(completed.unknownFields).toEqual([]);

  // Spec endpoint 5: a CREATED record holds only user_id, deposit_id, invoice_id, currency,
  // amount, bonus_amount, status; absent conditional fields stay absent (D12).
  const fresh = unwrap(await client.getDeposit(SEEDED.createdHostedDeposit)).record;
  expect(fresh.status).toBe('CREATED');
  for (const key of Object.keys(fresh)) {
    expect(['user_id', 'deposit_id', 'invoice_id', 'currency', 'amount', 'bonus_amount', 'status']).toContain(
      key,
    );
  }
  expect(typeof fresh.amount).toBe('number');
  expect(fresh.local_amount).toBeUndefined();
  expect(fresh.payment_method).toBeUndefined();

  // bonus_relative comes as a string in the samples; the record holds a boolean.
  const bonus = unwrap(await client.getDeposit(SEEDED.quickPayBonusDeposit)).record;
  expect(typeof bonus.bonus_amount).toBe('number');
  expect(typeof bonus.bonus_relative).toBe('boolean');
  expect(DEPOSIT_STATUSES).toContain(bonus.status);
});

test('D8. POST /v3/refunds: {refund_id} as an integer', async ({ client }) => {
  const created = unwrap(
    await client.createRefund({
      deposit_id: SEEDED.completedCardDeposit,
      invoice_id: `INV-${SEEDED.completedCardDeposit}`,
      amount: 10,
      comments: 'contract test',
    }),
  );
  expect(Number.isSafeInteger(created.record.refund_id)).toBe(true);
  expect(created.unknownFields).toEqual([]);
  const status = unwrap(await client.getRefund(created.record.refund_id)).record;
  expect(status).toEqual({
    deposit_id: SEEDED.completedCardDeposit,
    merchant_invoice_id: `INV-${SEEDED.completedCardDeposit}`,
    status: 'PENDING',
    amount: 10,
  });
});

test('6. GET /v3/refunds/{id}: the record, and `amount` absent when the service leaves it out', async ({
  client,
}) => {
  const completed = unwrap(await client.getRefund(SEEDED.completedRefund));
  expect(completed.record).toEqual({
    deposit_id: SEEDED.completedBankDeposit,
    merchant_invoice_id: `INV-${SEEDED.completedBankDeposit}`,
    status: 'COMPLETED',
    amount: expect.any(Number),
  });
  const withoutAmount = unwrap(await client.getRefund(SEEDED.pendingRefundWithoutAmount)).record;
  expect(withoutAmount.status).toBe('PENDING');
  expect('amount' in withoutAmount).toBe(false);
});

test('7. POST /v3/cashout/status: by cashout_id, by external_id, and a rejection', async ({ client }) => {
  const { cashoutId, externalId } = SEEDED.pendingCashout;
  const byId = unwrap(await client.getCashoutStatus({ cashoutId })).record;
  expect(byId).toEqual({ cashout_status: 0, cashout_status_description: 'Pending' });
  const byExternal = unwrap(await client.getCashoutStatus({ externalId })).record;
  expect(byExternal).toEqual(byId);
  const both = unwrap(await client.getCashoutStatus({ cashoutId, externalId })).record;
  expect(both).toEqual(byId);
  // D7: a bank-rejected cashout carries rejection_code (800–826) and rejection_reason.
  const rejected = unwrap(await client.getCashoutStatus({ cashoutId: SEEDED.rejectedCashout.cashoutId }));
  expect(rejected.record.cashout_status).toBe(3);
  expect(CASHOUT_STATUS_CODES[3]).toBe('REJECTED');
  expect(rejected.record.rejection_code).toBeGreaterThanOrEqual(800);
  expect(rejected.record.rejection_code).toBeLessThanOrEqual(826);
  expect(typeof rejected.record.rejection_reason).toBe('string');
  expect(rejected.unknownFields).toEqual([]);
});

test('8. DELETE /v3/cashout/cancel: {cashout_status: 2, "Canceled"}', async ({ client }) => {
  const cancelled = unwrap(await client.cancelCashout(SEEDED.pendingCashout));
  expect(cancelled.record).toEqual({ cashout_status: 2, cashout_status_description: 'Canceled' });
  const after = unwrap(await client.getCashoutStatus({ cashoutId: SEEDED.pendingCashout.cashoutId }));
  expect(after.record.cashout_status).toBe(2);
});

test('9. GET /sub_merchants/{id}: the record with its balance', async ({ client }) => {
  const fetched = unwrap(await client.getSubMerchant(SEEDED.activeSubMerchant));
  const record = fetched.record;
  expect(record.sub_merchant_id).toBe(SEEDED.activeSubMerchant);
  expect(typeof record.markup_fee).toBe('number');
  expect(typeof record.sub_merchant_name).toBe('string');
  expect(record.email).toContain('@');
  expect(record.status).toBe('ACTIVE');
  expect(typeof record.external_submerchant_id).toBe('string');
  expect(typeof record.balance?.currency).toBe('string');
  for (const amount of [record.balance?.total, record.balance?.usable, record.balance?.available]) {
    expect(typeof amount).toBe('number');
  }
  expect(fetched.unknownFields).toEqual([]);
});

test('the seeded records hold the statuses the sandbox README documents', async ({ client }) => {
  const statuses: Array<[number, string]> = [
    [SEEDED.completedCardDeposit, 'COMPLETED'],
    [SEEDED.pendingVoucherDeposit, 'PENDING'],
    [SEEDED.createdHostedDeposit, 'CREATED'],
    [SEEDED.expiredDeposit, 'EXPIRED'],
    [SEEDED.cancelledDeposit, 'CANCELLED'],
    [SEEDED.completedBankDeposit, 'COMPLETED'],
    [SEEDED.earlyReleasedDeposit, 'EARLY RELEASED'],
    [SEEDED.forReviewDeposit, 'FOR REVIEW'],
    [SEEDED.pendingEarlyReleaseDeposit, 'PENDING'],
  ];
  for (const [id, status] of statuses) {
    expect(unwrap(await client.getDeposit(id)).record.status, `deposit ${id}`).toBe(status);
  }
  const cashouts: Array<[{ cashoutId: number }, number]> = [
    [SEEDED.pendingCashout, 0],
    [SEEDED.onHoldCashout, 5],
    [SEEDED.deliveredCashout, 4],
    [SEEDED.completedCashout, 1],
    [SEEDED.rejectedCashout, 3],
    [SEEDED.cancelledCashout, 2],
  ];
  for (const [ref, code] of cashouts) {
    expect(unwrap(await client.getCashoutStatus(ref)).record.cashout_status).toBe(code);
  }
  expect(unwrap(await client.getRefund(SEEDED.deliveredRefund)).record.status).toBe('DELIVERED');
});
