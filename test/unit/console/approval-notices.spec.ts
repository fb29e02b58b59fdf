import { expect, test } from '@playwright/test';
import { approvalNoticeKind } from '../../../main/core/console/approval-notices';

/** Who hears of a request in which state (the rule behind the `approvalNotice` event). */

test('a waiting request is news for an approver who did not make it, and for nobody else', () => {
  const waiting = { state: 'waiting', made_by: 'bob', approvers_needed: 1 } as const;
  expect(approvalNoticeKind(waiting, { name: 'ana', approves: true })).toBe('approval_needed');
  expect(approvalNoticeKind(waiting, { name: 'bob', approves: true })).toBeNull();
  expect(approvalNoticeKind(waiting, { name: 'eve', approves: false })).toBeNull();
});

test('what became of a request is news for its maker only; a withdrawal or a send is nobody’s', () => {
  for (const state of ['approved', 'rejected', 'expired'] as const) {
    expect(
      approvalNoticeKind({ state, made_by: 'bob', approvers_needed: 1 }, { name: 'bob', approves: false }),
    ).toBe(state);
    expect(
      approvalNoticeKind({ state, made_by: 'bob', approvers_needed: 1 }, { name: 'ana', approves: true }),
    ).toBeNull();
  }
  for (const state of ['withdrawn', 'claimed'] as const) {
    expect(
      approvalNoticeKind({ state, made_by: 'bob', approvers_needed: 1 }, { name: 'bob', approves: true }),
    ).toBeNull();
    expect(
      approvalNoticeKind({ state, made_by: 'bob', approvers_needed: 1 }, { name: 'ana', approves: true }),
    ).toBeNull();
  }
});

test('a move handed to the executor with no approval asked is no news: the maker was told when submitting', () => {
  expect(
    approvalNoticeKind(
      { state: 'approved', made_by: 'bob', approvers_needed: 0 },
      { name: 'bob', approves: false },
    ),
  ).toBeNull();
  // Unsent in time, it is news again.
  expect(
    approvalNoticeKind(
      { state: 'expired', made_by: 'bob', approvers_needed: 0 },
      { name: 'bob', approves: false },
    ),
  ).toBe('expired');
});
