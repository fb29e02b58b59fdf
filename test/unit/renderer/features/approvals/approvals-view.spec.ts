import { expect, test } from '@playwright/test';
import { APPROVAL_REQUEST_STATES, type ApprovalRequestState } from '../../../../../shared/contract';
import {
  actsOn,
  isOpen,
  prettyBody,
  queueOrder,
  waitingCount,
} from '../../../../../renderer/src/features/approvals/approvals-view';

const request = (id: string, state: ApprovalRequestState, createdAt: string) => ({ id, state, createdAt });

test('the queue shows waiting and approved requests first, newest first, then the closed ones', () => {
  const ordered = queueOrder([
    request('1', 'claimed', '2026-11-30T10:00:00.000Z'),
    request('2', 'waiting', '2026-11-30T08:00:00.000Z'),
    request('3', 'rejected', '2026-11-30T11:00:00.000Z'),
    request('4', 'approved', '2026-11-30T09:00:00.000Z'),
    request('5', 'waiting', '2026-11-30T09:00:00.000Z'),
  ]);
  expect(ordered.map((entry) => entry.id)).toEqual(['5', '4', '2', '3', '1']);
  expect(APPROVAL_REQUEST_STATES.filter((state) => isOpen({ state }))).toEqual(['waiting', 'approved']);
});

test('the navbar counts only the requests that wait for an approver', () => {
  expect(waitingCount(APPROVAL_REQUEST_STATES.map((state) => ({ state })))).toBe(1);
  expect(waitingCount([{ state: 'waiting' }, { state: 'waiting' }, { state: 'approved' }])).toBe(2);
  expect(waitingCount([])).toBe(0);
});

test('a waiting request is approved or rejected by others, withdrawn by its maker; an approved one is sent', () => {
  expect(actsOn({ state: 'waiting', madeByYou: false })).toEqual(['approve', 'reject']);
  expect(actsOn({ state: 'waiting', madeByYou: true })).toEqual(['withdraw']);
  expect(actsOn({ state: 'approved', madeByYou: false })).toEqual(['send']);
  expect(actsOn({ state: 'approved', madeByYou: true })).toEqual(['send']);
  for (const state of ['rejected', 'withdrawn', 'expired', 'claimed'] as const) {
    expect(actsOn({ state, madeByYou: false }), state).toEqual([]);
  }
});

test('the body is shown exactly, keys in stored order, indented; a body one may not read is none', () => {
  expect(prettyBody({ deposit_id: 300000001, amount: 5, invoice_id: 'INV-1' })).toBe(
    '{\n  "deposit_id": 300000001,\n  "amount": 5,\n  "invoice_id": "INV-1"\n}',
  );
  expect(prettyBody(null)).toBeNull();
});
