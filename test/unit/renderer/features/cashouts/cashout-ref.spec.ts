import { test, expect } from '@playwright/test';
import {
  cashoutLinkTarget,
  cashoutRefFromSearch,
  cashoutStatusName,
  explainCancelFailure,
  problemsByInput,
  readCashoutIds,
} from '../../../../../renderer/src/features/cashouts/cashout-ref';

test.describe('cashout ids (D7)', () => {
  test('a status read takes either id; a cancel needs both', () => {
    expect(readCashoutIds(' 11954 ', '', { needBoth: false })).toEqual({
      ok: true,
      ref: { cashoutId: 11954 },
    });
    expect(readCashoutIds('', 'payout-7781', { needBoth: false })).toEqual({
      ok: true,
      ref: { externalId: 'payout-7781' },
    });
    expect(problemsByInput(readCashoutIds('', '', { needBoth: false }))).toEqual({ cashoutId: 'none_given' });
    expect(problemsByInput(readCashoutIds('11954', '', { needBoth: true }))).toEqual({
      externalId: 'missing',
    });
    expect(problemsByInput(readCashoutIds('0', 'x'.repeat(33), { needBoth: true }))).toEqual({
      cashoutId: 'bad_cashout_id',
      externalId: 'bad_external_id',
    });
    expect(problemsByInput(readCashoutIds('1', 'a\tb', { needBoth: true }))).toEqual({
      externalId: 'bad_external_id',
    });
  });

  test("the screen's URL", () => {
    expect(cashoutRefFromSearch(new URLSearchParams(''))).toBeNull();
    expect(cashoutRefFromSearch(new URLSearchParams('cashoutId=11954&externalId=payout%207781'))).toEqual({
      ok: true,
      ref: { cashoutId: 11954, externalId: 'payout 7781' },
    });
    expect(cashoutRefFromSearch(new URLSearchParams('cashoutId=abc'))).toMatchObject({ ok: false });
  });

  test('status names by code, an unknown code by its description; cancel refusals in plain words', () => {
    expect(cashoutStatusName({ cashout_status: 2, cashout_status_description: 'Canceled' })).toBe(
      'CANCELLED',
    );
    expect(cashoutStatusName({ cashout_status: 9, cashout_status_description: 'Escrowed' })).toBe('Escrowed');
    expect(explainCancelFailure({ kind: 'invalid_state', message: '', code: 510, httpStatus: 412 })).toBe(
      'not_pending',
    );
    expect(explainCancelFailure({ kind: 'not_found', message: '', code: 509 })).toBe('not_found');
    expect(explainCancelFailure({ kind: 'validation', message: '', code: 509 })).toBe('not_found');
    expect(explainCancelFailure({ kind: 'outcome_unknown', message: '' })).toBe('outcome_unknown');
    expect(explainCancelFailure({ kind: 'network', message: '' })).toBeNull();
  });
});

test("a cashout's link names its cashout id when it has one, else its external id", () => {
  expect(cashoutLinkTarget({ cashoutId: 11954, externalId: 'payout-7781' })).toEqual({
    kind: 'cashout',
    cashoutId: 11954,
  });
  expect(cashoutLinkTarget({ externalId: 'payout-7781' })).toEqual({
    kind: 'cashout-external',
    externalId: 'payout-7781',
  });
  expect(cashoutLinkTarget({})).toBeNull();
});
