import type { AuditEntryView, TeamSendingView, TeamStatusView } from '../../../shared/contract';
import { teamWorld, type RuntimeDesk } from '../../support/team-runtime-desks';
import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, governRefunds } from '../../support/team-database';

/**
 * Who asked and who approved, as a desk's own journal keeps them (console/approvals.ts sendApproved
 * through guarded.ts), and the executor's health as the Team screen reads it (getTeamStatus over
 * team/executor-health.ts), against a real cluster and the sandbox behind a gateway.
 */

const DEPOSIT = 300_000_001;
const REFUND = { deposit_id: DEPOSIT, invoice_id: 'INV-300000001', amount: 5 };

async function sendingAt(desk: RuntimeDesk): Promise<TeamSendingView | null> {
  const status = dataOf(await desk.console.call('getTeamStatus', {})) as TeamStatusView;
  if (!status.inTeam || !status.connection.reachable) throw new Error('the team database did not answer');
  return status.connection.sending;
}

/** The journal's lines of the refund intent the desk sent, newest last. */
async function refundLines(desk: RuntimeDesk): Promise<AuditEntryView[]> {
  const entries = dataOf(await desk.console.call('listAuditEntries', { action: 'refund.create' }));
  return entries.filter((entry) => entry.type === 'intent' || entry.type === 'outcome');
}

/** The maker submits a governed refund, the approver approves it; answers the request's id. */
async function submitAndApprove(maker: RuntimeDesk, approver: RuntimeDesk, reason: string): Promise<string> {
  const submitted = errorOf(await maker.console.call('createRefund', { body: REFUND, reason }));
  expect(submitted.text?.key).toBe('team.approvalSubmitted');
  const [waiting] = dataOf(await approver.console.runtime.team.approvals(approver.environmentId));
  const requestId = waiting?.id ?? '';
  dataOf(
    await approver.console.runtime.team.approve(approver.environmentId, {
      requestId,
      bodyHash: waiting?.body_hash ?? '',
      note: null,
    }),
  );
  return requestId;
}

teamWorld(
  'the approver’s desk sends an approved refund: its journal names maker and approver; desks sign',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl);
    const maker = await openDesk('maker');
    const approver = await openDesk('approver', { groups: ['paydesk_operator', 'paydesk_approver'] });
    const requestId = await submitAndApprove(maker, approver, 'Ticket 21');
    // Nothing was sent at the maker's desk: its refused intent names no approval.
    const [makerIntent] = await refundLines(maker);
    expect(makerIntent).not.toHaveProperty('madeBy');

    dataOf(await approver.console.runtime.team.sendApproved(approver.environmentId, { requestId }));
    const lines = await refundLines(approver);
    expect(lines.map((line) => [line.type, line.osUser, line.madeBy, line.approvedBy])).toEqual([
      ['intent', 'approver', maker.person, [approver.person]],
      ['outcome', 'approver', maker.person, [approver.person]],
    ]);
    expect(lines.at(-1)?.state).toBe('ok');
    expect(dataOf(await approver.console.call('verifyAudit', {}))).toMatchObject({ ok: true });
    const csv = dataOf(await approver.console.call('exportAuditCsv', {})).csv;
    expect(csv).toContain(`,${maker.person},${approver.person},`);

    // A desk-signed environment: the approver's desk sends, whatever executors there are.
    expect(await sendingAt(maker)).toEqual({
      environment: 'Service',
      signer: 'desk',
      health: 'desk',
      executors: [],
    });
  },
);

teamWorld(
  'executor-signed: none heard of, then healthy after a pass that sends and names both, then silent',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl, { signer: 'executor' });
    const maker = await openDesk('maker');
    const approver = await openDesk('approver', { groups: ['paydesk_approver'] });
    const executor = await openDesk('executor', { groups: ['paydesk_executor'] });

    expect(await sendingAt(maker)).toEqual({
      environment: 'Service',
      signer: 'executor',
      health: 'none',
      executors: [],
    });

    await submitAndApprove(maker, approver, 'Ticket 22');
    const pass = dataOf(await executor.console.runtime.team.executorPass(executor.environmentId, {}));
    expect(pass.requests.filter((request) => request.sent)).toHaveLength(1);
    const [intent] = await refundLines(executor);
    expect(intent).toMatchObject({ osUser: 'executor', madeBy: maker.person, approvedBy: [approver.person] });

    const healthy = await sendingAt(maker);
    expect(healthy).toMatchObject({ environment: 'Service', signer: 'executor', health: 'healthy' });
    expect(healthy?.executors).toEqual([
      {
        person: executor.person,
        lastPassAt: expect.any(String),
        secondsAgo: expect.any(Number),
        sent: 1,
        state: 'healthy',
      },
    ]);
    expect(healthy?.executors[0]?.secondsAgo).toBeLessThanOrEqual(60);

    // The executor stops: its last pass ages past the minute (the owner's SQL stands in for the wait).
    await team.owner.query(
      `UPDATE paydesk.executor_heartbeats SET at = now() - interval '61 seconds' WHERE person = $1`,
      [executor.person],
    );
    const silent = await sendingAt(maker);
    expect(silent).toMatchObject({
      health: 'silent',
      executors: [{ person: executor.person, state: 'silent' }],
    });
    expect(silent?.executors[0]?.secondsAgo).toBeGreaterThan(60);
  },
);
