import { expect, test } from '@playwright/test';
import {
  depositDraftOf,
  depositFormOfDraft,
  emptyDepositForm,
} from '../../../../../../renderer/src/features/deposit-create/deposit-form';

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
