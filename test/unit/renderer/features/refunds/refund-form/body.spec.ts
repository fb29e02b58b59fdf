import { test, expect } from '@playwright/test';
import { refundCreateBodySchema } from '../../../../../../main/core/payments';
import {
  emptyRefundForm,
  inputOfRefusal,
  refundAmountProblem,
  refundProblems,
  toRefundBody,
} from '../../../../../../renderer/src/features/refunds/refund-form';

test.describe('refund form (D8)', () => {
  test('the amount: a number > 0 with at most 2 decimals, within what is left; empty means all that is left', () => {
    expect(refundAmountProblem('', { remaining: 150, uncertain: false }, 'en')).toBeNull();
    // Empty with nothing certain to send: the amount must be typed.
    expect(refundAmountProblem('', { remaining: 150, uncertain: true }, 'en')).toBe('amount_needed');
    expect(refundAmountProblem('', { remaining: null, uncertain: false }, 'en')).toBe('amount_needed');
    expect(refundAmountProblem('20', { remaining: 150, uncertain: true }, 'en')).toBeNull();
    expect(refundAmountProblem('', { remaining: 0, uncertain: false }, 'en')).toBe('nothing_left');
    expect(refundAmountProblem('10,5', { remaining: 150, uncertain: false }, 'en')).toBe('grouping');
    expect(refundAmountProblem('ten', { remaining: 150, uncertain: false }, 'en')).toBe('not_a_number');
    expect(refundAmountProblem('-5', { remaining: 150, uncertain: false }, 'en')).toBe('negative');
    expect(refundAmountProblem('0', { remaining: 150, uncertain: false }, 'en')).toBe('not_positive');
    expect(refundAmountProblem('1.005', { remaining: 150, uncertain: false }, 'en')).toBe(
      'too_many_decimals',
    );
    expect(refundAmountProblem('150.01', { remaining: 150, uncertain: false }, 'en')).toBe('over_remaining');
    expect(refundAmountProblem('150', { remaining: 150, uncertain: false }, 'en')).toBeNull();
    expect(refundAmountProblem('0.1', { remaining: 0.3, uncertain: false }, 'en')).toBeNull();
    expect(refundAmountProblem('999', { remaining: null, uncertain: false }, 'en')).toBeNull();
  });

  test('es and pt-BR: the amount with a decimal comma, refused with a decimal point', () => {
    expect(refundAmountProblem('10,5', { remaining: 150, uncertain: false }, 'es')).toBeNull();
    expect(refundAmountProblem('150,01', { remaining: 150, uncertain: false }, 'pt-BR')).toBe(
      'over_remaining',
    );
    expect(refundAmountProblem('10.50', { remaining: 150, uncertain: false }, 'es')).toBe('grouping');
    const body = toRefundBody(300000001, { ...emptyRefundForm('INV-1'), amount: '1.234,5' }, false, 'es');
    expect(body).toEqual({ deposit_id: 300000001, invoice_id: 'INV-1', amount: 1234.5 });
    expect(refundCreateBodySchema.safeParse(body).success).toBe(true);
    // What cannot be read is never sent (the form shows the problem and sends nothing).
    expect(toRefundBody(300000001, { ...emptyRefundForm('INV-1'), amount: '-5' }, false, 'es').amount).toBe(
      undefined,
    );
  });

  test("a card deposit: no bank account; a bank deposit: the account, which main's schema takes", () => {
    const card = toRefundBody(300000001, { ...emptyRefundForm('INV-1'), amount: '12.5' }, false, 'en');
    expect(card).toEqual({ deposit_id: 300000001, invoice_id: 'INV-1', amount: 12.5 });
    expect(refundCreateBodySchema.safeParse(card).success).toBe(true);

    const values = {
      ...emptyRefundForm(' INV-6 '),
      beneficiary: 'Bruno Silva',
      bankCode: '104',
      accountNumber: '123456-7',
      comments: ' late ',
    };
    const left = { remaining: 100, uncertain: false };
    expect(refundProblems(values, { bankAccountRequired: true, left, locale: 'en' })).toEqual({});
    const bank = toRefundBody(300000006, values, true, 'en', left);
    // Everything that is left goes as that exact amount, never as a body without one.
    expect(bank).toEqual({
      deposit_id: 300000006,
      invoice_id: 'INV-6',
      amount: 100,
      bank_account: { beneficiary: 'Bruno Silva', bank_code: 104, account_number: '123456-7' },
      comments: 'late',
    });
    expect(
      toRefundBody(300000006, values, true, 'en', { remaining: 100, uncertain: true }).amount,
    ).toBeUndefined();
    expect(refundCreateBodySchema.safeParse(bank).success).toBe(true);
    expect(refundProblems(emptyRefundForm(''), { bankAccountRequired: true, left, locale: 'en' })).toEqual({
      invoiceId: 'required',
      beneficiary: 'required',
      bankCode: 'required',
      accountNumber: 'required',
    });
  });

  test('a refusal names its input', () => {
    expect(inputOfRefusal('body.bank_account.bank_code')).toBe('bankCode');
    expect(inputOfRefusal('body.bank_account')).toBe('beneficiary');
    expect(inputOfRefusal('body.amount')).toBe('amount');
    expect(inputOfRefusal('reason')).toBeNull();
  });
});
