import { expect, test } from '@playwright/test';
import type { JsonValue } from '../../../../../shared/contract';
import { parseServiceTime } from '../../../../../renderer/src/lib/service-time';
import {
  depositPayability,
  withoutPayableFields,
} from '../../../../../renderer/src/features/deposits/payability';

/**
 * Whether a deposit's payment instructions may still be shown to be paid: by its status from the
 * service AND its expiration date on the service's clock, the first to say "over" winning.
 */

const EXPIRES = '2026-03-01 12:00:00';
const expiresAt = parseServiceTime(EXPIRES) ?? 0;
const before = expiresAt - 28 * 60_000;
const after = expiresAt + 1_000;

test('a PENDING or CREATED deposit before its expiration date can be paid', () => {
  expect(depositPayability({ status: 'PENDING', expirationDate: EXPIRES, serviceNowMs: before })).toEqual({
    payable: true,
  });
  expect(depositPayability({ status: 'CREATED', expirationDate: EXPIRES, serviceNowMs: before })).toEqual({
    payable: true,
  });
  // A create answer carries no status: its date decides.
  expect(depositPayability({ expirationDate: EXPIRES, serviceNowMs: before })).toEqual({ payable: true });
});

test('EXPIRED from the service wins over a clock that still shows 28 minutes left', () => {
  // The sandbox's time travel moves the service's business clock, not the one the console's offset
  // is measured on: the status says expired while the console's own estimate does not.
  expect(depositPayability({ status: 'EXPIRED', expirationDate: EXPIRES, serviceNowMs: before })).toEqual({
    payable: false,
    reason: 'expired',
  });
});

test('the expiration date passed on the service clock wins over a status read while it was PENDING', () => {
  expect(depositPayability({ status: 'PENDING', expirationDate: EXPIRES, serviceNowMs: after })).toEqual({
    payable: false,
    reason: 'expired',
  });
  expect(depositPayability({ status: 'PENDING', expirationDate: EXPIRES, serviceNowMs: expiresAt })).toEqual({
    payable: false,
    reason: 'expired',
  });
  expect(depositPayability({ expirationDate: EXPIRES, serviceNowMs: after })).toEqual({
    payable: false,
    reason: 'expired',
  });
});

test('a deposit paid, cancelled, in review or in a status this console does not know is not to be paid', () => {
  for (const status of ['COMPLETED', 'CANCELLED', 'EARLY_RELEASED', 'FOR REVIEW', 'PAID_OUT']) {
    expect(depositPayability({ status, expirationDate: EXPIRES, serviceNowMs: before }), status).toEqual({
      payable: false,
      reason: 'closed',
      status,
    });
  }
});

test('without a readable expiration date, only the status decides', () => {
  expect(depositPayability({ status: 'PENDING', serviceNowMs: after })).toEqual({ payable: true });
  expect(depositPayability({ status: 'PENDING', expirationDate: 'tomorrow', serviceNowMs: after })).toEqual({
    payable: true,
  });
});

test('a create answer shown once it is no longer payable keeps no instruction and no link', () => {
  const raw: JsonValue = {
    checkout_type: 'ONE_SHOT',
    redirect_url: 'https://pay.example/checkout/abc',
    iframe: false,
    deposit_id: 300570000,
    payment_info: {
      amount: 100.5,
      currency: 'BRL',
      expiration_date: EXPIRES,
      metadata: { qr_code: 'data:image/png;base64,AAAA', digitable_line: '000201…' },
      secondary_metadata: { reference: '2604643' },
    },
  };
  expect(withoutPayableFields(raw)).toEqual({
    checkout_type: 'ONE_SHOT',
    iframe: false,
    deposit_id: 300570000,
    payment_info: { amount: 100.5, currency: 'BRL', expiration_date: EXPIRES },
  });
  expect(withoutPayableFields('not an answer')).toBe('not an answer');
});
