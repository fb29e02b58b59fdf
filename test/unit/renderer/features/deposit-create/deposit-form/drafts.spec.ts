import { expect, test } from '@playwright/test';
import {
  depositDraftOf,
  depositFormOfDraft,
  emptyDepositForm,
} from '../../../../../../renderer/src/features/deposit-create/deposit-form';
import {
  depositOfRefundDraft,
  emptyRefundForm,
  refundDraftOf,
  refundFormOfDraft,
} from '../../../../../../renderer/src/features/refunds/refund-form';

/** The money forms as drafts main keeps, and back. */

test('a deposit form goes into a draft and comes back as it was', () => {
  const form = emptyDepositForm('hosted');
  form.text.amount = '100.50';
  form.text['payer.email'] = 'ana@example.com';
  form.flags.test = true;
  form.crypto = true;
  expect(depositFormOfDraft(depositDraftOf(form))).toEqual(form);
  // A draft of another version: unknown fields dropped, wrong types ignored, a bad mode defaulted.
  expect(
    depositFormOfDraft({ mode: 'barter', amount: 5 as unknown as string, 'payer.ssn': 'x', test: true }),
  ).toEqual({
    ...emptyDepositForm('one_shot'),
    flags: { ...emptyDepositForm().flags, test: true },
  });
});

test('a refund draft comes back only into the form of its deposit', () => {
  const form = { ...emptyRefundForm('INV-1'), amount: '5', beneficiary: 'Ana' };
  const draft = refundDraftOf(300000001, form);
  expect(depositOfRefundDraft(draft)).toBe(300000001);
  expect(refundFormOfDraft(300000001, draft)).toEqual(form);
  expect(refundFormOfDraft(300000002, draft)).toBeNull();
  expect(depositOfRefundDraft({ depositId: '../1' })).toBeNull();
});
