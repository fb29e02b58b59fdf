import type { ApprovalNotice } from '../../../shared/contract';
import { approveAsRead, teamWorld, type RuntimeDesk } from '../../support/team-runtime-desks';
import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, governRefunds } from '../../support/team-database';

/**
 * Approval notices (main/core/console/approval-notices.ts) as desks following their team hear
 * them: the approver is told of another person's request, the maker of what became of theirs, a
 * person who cannot approve and the maker of the waiting request are told nothing.
 */

const noticesOf = (desk: RuntimeDesk): ApprovalNotice[] =>
  desk.console.events.flatMap((event) =>
    event.event === 'approvalNotice' ? [event.payload as ApprovalNotice] : [],
  );

const live = async (desk: RuntimeDesk): Promise<void> => {
  await expect
    .poll(() =>
      desk.console.events.some(
        (event) =>
          event.event === 'teamChanged' && (event.payload as { connection: string }).connection === 'live',
      ),
    )
    .toBe(true);
};

teamWorld(
  'the approver hears of a request to approve; the maker hears it approved, then another rejected',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl);
    const maker = await openDesk('maker');
    const approver = await openDesk('approver', { groups: ['paydesk_operator', 'paydesk_approver'] });
    const bystander = await openDesk('bystander');
    for (const desk of [maker, approver, bystander]) await live(desk);

    const submitted = errorOf(
      await maker.console.call('createRefund', {
        body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
        reason: 'Ticket 7: double charge',
      }),
    );
    expect(submitted.text?.key).toBe('team.approvalSubmitted');
    await expect.poll(() => noticesOf(approver).length, { timeout: 5_000 }).toBe(1);
    const [needed] = noticesOf(approver);
    expect(needed).toMatchObject({
      environmentId: approver.environmentId,
      kind: 'approval_needed',
      request: {
        madeBy: maker.person,
        reason: 'Ticket 7: double charge',
        state: 'waiting',
        madeByYou: false,
      },
    });
    // Never the body: a refund's can carry the payer's bank account.
    expect(JSON.stringify(needed)).not.toContain('INV-300000001');

    const requestId = needed?.request.id ?? '';
    await approveAsRead(approver, requestId);
    await expect
      .poll(() => noticesOf(maker).map((notice) => notice.kind), { timeout: 5_000 })
      .toEqual(['approved']);
    expect(noticesOf(maker)[0]?.request).toMatchObject({ id: requestId, approvedBy: [approver.person] });

    const again = errorOf(
      await maker.console.call('createRefund', {
        body: {
          deposit_id: 400000001,
          invoice_id: 'INV-400000001',
          amount: 3,
          bank_account: { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' },
        },
        reason: 'Ticket 8',
      }),
    );
    expect(again.text?.key).toBe('team.approvalSubmitted');
    await expect.poll(() => noticesOf(approver).length, { timeout: 5_000 }).toBe(2);
    const second = noticesOf(approver)[1]?.request.id ?? '';
    dataOf(
      await approver.console.runtime.team.reject(approver.environmentId, {
        requestId: second,
        note: 'Not a double charge',
      }),
    );
    await expect
      .poll(() => noticesOf(maker).map((notice) => notice.kind), { timeout: 5_000 })
      .toEqual(['approved', 'rejected']);
    expect(JSON.stringify(noticesOf(approver)[1])).not.toContain('12345-6');
    expect(noticesOf(maker)[1]?.request).toMatchObject({
      id: second,
      closedBy: approver.person,
      closeNote: 'Not a double charge',
    });

    // The approver's own news is not theirs to hear; a person who cannot approve hears nothing.
    expect(noticesOf(approver).map((notice) => notice.kind)).toEqual(['approval_needed', 'approval_needed']);
    expect(noticesOf(bystander)).toEqual([]);
  },
);
