import { expect, test } from '@playwright/test';
import {
  depositOfRefundDraft,
  emptyRefundForm,
  refundDraftOf,
  refundFormOfDraft,
} from '../../../../../../renderer/src/features/refunds/refund-form';

test('a refund draft comes back only into the form of its deposit', () => {
  const form = { ...emptyRefundForm('INV-1'), amount: '5', beneficiary: 'Ana' };
  const draft = refundDraftOf(300000001, form);
  expect(depositOfRefundDraft(draft)).toBe(300000001);
  expect(refundFormOfDraft(300000001, draft)).toEqual(form);
  expect(refundFormOfDraft(300000002, draft)).toBeNull();
  expect(depositOfRefundDraft({ depositId: '../1' })).toBeNull();
});
