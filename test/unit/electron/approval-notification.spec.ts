import { test, expect } from '@playwright/test';
import type { ApprovalNotice, ApprovalRequestView } from '../../../shared/contract';
import {
  approvalNotificationContent,
  approvalNotificationTarget,
} from '../../../main/electron/approval-notification';

const request: ApprovalRequestView = {
  id: '12',
  environment: 'prod',
  account: 'https://api.example#key:abc',
  action: 'refund',
  target: { kind: 'deposit', id: '300000001' },
  amount: '5.00',
  currency: 'BRL',
  bodyHash: 'a'.repeat(64),
  reason: 'Ticket 7: double charge',
  state: 'waiting',
  madeBy: 'bob',
  madeByYou: false,
  approvedBy: [],
  approversNeeded: 1,
  createdAt: '2026-11-30T08:00:00.000Z',
  approvedAt: null,
  expiresAt: null,
  closedBy: null,
  closedAt: null,
  closeNote: null,
};
const notice = (
  kind: ApprovalNotice['kind'],
  changes: Partial<ApprovalRequestView> = {},
): ApprovalNotice => ({
  environmentId: 'production-br',
  kind,
  request: { ...request, ...changes },
});

test('a request to approve names the action, the amount, its maker and reason, and where', () => {
  expect(approvalNotificationContent(notice('approval_needed'))).toEqual({
    title: 'Approval needed: refund — BRL 5.00',
    body: 'Asked by bob: Ticket 7: double charge (production-br)',
    urgency: 'normal',
  });
  // A cancel has no amount; a long reason is cut, the whole is on the screen.
  const cancel = approvalNotificationContent(
    notice('approval_needed', {
      action: 'cashout_cancel',
      amount: null,
      currency: null,
      reason: 'x'.repeat(300),
    }),
  );
  expect(cancel.title).toBe('Approval needed: cashout cancel');
  expect(cancel.body.length).toBeLessThan(160);
});

test("the maker hears what became of their request, with who and the rejection's note", () => {
  expect(
    approvalNotificationContent(notice('approved', { state: 'approved', approvedBy: ['ana', 'eve'] })),
  ).toMatchObject({ title: 'Your refund request was approved', body: 'By ana, eve. (production-br)' });
  expect(
    approvalNotificationContent(
      notice('rejected', { state: 'rejected', closedBy: 'ana', closeNote: 'Not a double charge' }),
    ),
  ).toMatchObject({
    title: 'Your refund request was rejected',
    body: 'By ana: Not a double charge (production-br)',
  });
  expect(approvalNotificationContent(notice('expired', { state: 'expired' })).title).toBe(
    'Your refund request expired',
  );
});

test('in the user’s language', () => {
  expect(approvalNotificationContent(notice('approval_needed'), 'es').title).toBe(
    'Aprobación pendiente: reembolso — BRL 5.00',
  );
  expect(approvalNotificationContent(notice('rejected', { closedBy: 'ana' }), 'pt-BR').title).toBe(
    'Seu pedido de reembolso foi recusado',
  );
});

test('a click opens the request while its environment is the active one, else only the window', () => {
  expect(approvalNotificationTarget(notice('approval_needed'), 'production-br')).toEqual({
    kind: 'approval',
    requestId: '12',
  });
  expect(approvalNotificationTarget(notice('approval_needed'), 'testing-br')).toBeNull();
  expect(approvalNotificationTarget(notice('approval_needed'), null)).toBeNull();
  // An id no link could name opens nothing.
  expect(
    approvalNotificationTarget(notice('approval_needed', { id: '12; DROP' }), 'production-br'),
  ).toBeNull();
});
