import type { RefundCreateOutcome } from '../../../shared/contract';
import { teamWorld } from '../../support/team-runtime-desks';
import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, governRefunds } from '../../support/team-database';

/**
 * The Approvals screen's channels (TEAM_HANDLERS in main/core/console/team.ts) on the active
 * environment of real desks: the queue without bodies, one request with its body and hash, an
 * approval of what was shown and its sending, a rejection, a maker's withdrawal; dates as ISO text.
 */

const refund = (amount: number) => ({ deposit_id: 300_000_001, invoice_id: 'INV-300000001', amount });
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

teamWorld(
  'a desk lists, reads, approves, sends, rejects and withdraws through the console’s channels',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl);
    const maker = await openDesk('maker');
    const approver = await openDesk('approver', { groups: ['paydesk_operator', 'paydesk_approver'] });
    // A request for a target takes the place of one still waiting for it: one request at a time.
    const submit = async (amount: number, reason: string): Promise<string> => {
      const submitted = errorOf(await maker.console.call('createRefund', { body: refund(amount), reason }));
      expect(submitted.text?.key).toBe('team.approvalSubmitted');
      const queue = dataOf(await approver.console.call('listApprovals', {}));
      expect(queue.map((request) => request.reason)).toEqual([reason]);
      return queue[0]?.id ?? '';
    };

    const toSend = await submit(5, 'Ticket 1: to send');
    const [first] = dataOf(await approver.console.call('listApprovals', {}));
    expect(first).toMatchObject({
      id: toSend,
      action: 'refund',
      target: { kind: 'deposit', id: '300000001' },
      amount: expect.stringMatching(/^5(\.0+)?$/),
      currency: expect.any(String),
      state: 'waiting',
      madeBy: maker.person,
      madeByYou: false,
      approvedBy: [],
      approversNeeded: 1,
      createdAt: expect.stringMatching(ISO),
      expiresAt: null,
    });
    // The queue never carries a body: getApproval reads it, for those who may.
    expect(first).not.toHaveProperty('body');
    const mine = dataOf(await maker.console.call('listApprovals', {}));
    expect(mine.map((request) => request.madeByYou)).toEqual([true]);

    const shown = dataOf(await approver.console.call('getApproval', { requestId: toSend }));
    expect(shown.body).toMatchObject(refund(5));
    expect(shown.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    // The hash of another body is the database's to refuse; the maker may not approve their own.
    const otherHash = shown.bodyHash.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
    errorOf(await approver.console.call('approveRequest', { requestId: toSend, bodyHash: otherHash }));
    expect(
      errorOf(await maker.console.call('approveRequest', { requestId: toSend, bodyHash: shown.bodyHash }))
        .kind,
    ).toBe('not_permitted');
    const approved = dataOf(
      await approver.console.call('approveRequest', {
        requestId: toSend,
        bodyHash: shown.bodyHash,
        note: 'matches the ticket',
      }),
    );
    expect(approved).toMatchObject({
      state: 'approved',
      approvedBy: [approver.person],
      approvedAt: expect.stringMatching(ISO),
      expiresAt: expect.stringMatching(ISO),
    });

    const sent = dataOf(await approver.console.call('sendApprovedRequest', { requestId: toSend }));
    expect(sent.requestId).toBe(toSend);
    expect(sent.outcome).toMatchObject({ created: expect.anything(), idempotencyKey: expect.any(String) });
    const { idempotencyKey } = sent.outcome as RefundCreateOutcome;
    expect(errorOf(await approver.console.call('sendApprovedRequest', { requestId: toSend })).kind).toBe(
      'invalid_state',
    );
    const refunds = service.gateway.posts.filter(
      (post) => /^\/v3\/refunds$/.test(post.path) && post.status === 200,
    );
    expect(refunds.map((post) => post.idempotencyKey)).toEqual([idempotencyKey]);

    const toReject = await submit(6, 'Ticket 2: to reject');
    const rejected = dataOf(
      await approver.console.call('rejectRequest', { requestId: toReject, note: 'the ticket was closed' }),
    );
    expect(rejected).toMatchObject({
      state: 'rejected',
      closedBy: approver.person,
      closeNote: 'the ticket was closed',
      closedAt: expect.stringMatching(ISO),
    });
    const toWithdraw = await submit(7, 'Ticket 3: to withdraw');
    expect(
      errorOf(await approver.console.call('withdrawRequest', { requestId: toWithdraw })).kind,
      'only the maker withdraws',
    ).toBe('not_permitted');
    expect(dataOf(await maker.console.call('withdrawRequest', { requestId: toWithdraw })).state).toBe(
      'withdrawn',
    );

    expect(dataOf(await approver.console.call('listApprovals', {}))).toEqual([]);
    const all = dataOf(await approver.console.call('listApprovals', { all: true }));
    expect(Object.fromEntries(all.map((request) => [request.id, request.state]))).toEqual({
      [toSend]: 'claimed',
      [toReject]: 'rejected',
      [toWithdraw]: 'withdrawn',
    });
  },
);
