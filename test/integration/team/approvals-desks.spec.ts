import { accountOrigin } from '../../../main/core/payments/base-url';
import { setPolicy, setSigner } from '../../../main/core/team/approvals';
import { putTeamEnvironment } from '../../../main/core/team/environments';
import { teamWorld, type RuntimeDesk } from '../../support/team-runtime-desks';
import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, governRefunds } from '../../support/team-database';

/**
 * Four eyes as desks live it (main/core/console/approvals.ts over team/approvals.ts): the maker's
 * refund is submitted, not sent; an approver's desk approves what it read and sends it, once, under
 * the maker's key; the service makes one refund, and the team journal names both people.
 */

const DEPOSIT = 300_000_001;
const REFUND = { deposit_id: DEPOSIT, invoice_id: 'INV-300000001', amount: 5 };
const REFUNDS_PATH = /^\/v3\/refunds$/;

teamWorld(
  'a governed refund waits for another person, is sent once from the approver’s desk, both named',
  async ({ openDesk, service, team }) => {
    // The team says the service's account is governed: every refund needs one approver.
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl);
    expect(accountOrigin(service.gateway.baseUrl)).not.toBeNull();
    const maker = await openDesk('maker');
    const approver = await openDesk('approver', { groups: ['paydesk_operator', 'paydesk_approver'] });

    const submitted = errorOf(
      await maker.console.call('createRefund', { body: REFUND, reason: 'Ticket 7: double charge' }),
    );
    expect(submitted).toMatchObject({ kind: 'not_permitted', text: { key: 'team.approvalSubmitted' } });
    const sent = () => service.gateway.posts.filter((post) => REFUNDS_PATH.test(post.path));
    expect(sent(), 'nothing reached the service').toHaveLength(0);
    // Refused before sending: nothing is left unresolved at the maker's desk.
    expect(dataOf(await maker.console.call('listUnresolvedIntents', {}))).toEqual([]);

    const [waiting] = dataOf(await approver.console.runtime.team.approvals(approver.environmentId));
    expect(waiting).toMatchObject({
      state: 'waiting',
      made_by: maker.person,
      reason: 'Ticket 7: double charge',
    });
    const requestId = waiting?.id ?? '';
    const shown = dataOf(await approver.console.runtime.team.approval(approver.environmentId, requestId));
    expect(shown.body).toMatchObject(REFUND);

    // The maker can neither approve nor send their own request.
    const own = await maker.console.runtime.team.approve(maker.environmentId, {
      requestId,
      bodyHash: shown.body_hash,
      note: null,
    });
    expect(errorOf(own).kind).toBe('not_permitted');
    const tooShort = await approver.console.runtime.team.approve(approver.environmentId, {
      requestId,
      bodyHash: shown.body_hash.slice(0, 6),
      note: null,
    });
    expect(errorOf(tooShort).kind).toBe('validation');
    const approved = dataOf(
      await approver.console.runtime.team.approve(approver.environmentId, {
        requestId,
        bodyHash: shown.body_hash.slice(0, 12),
        note: 'matches the ticket',
      }),
    );
    expect(approved).toMatchObject({ state: 'approved', approved_by: [approver.person] });
    expect(
      errorOf(await maker.console.runtime.team.sendApproved(maker.environmentId, { requestId })).kind,
    ).toBe('not_permitted');
    expect(sent(), 'the maker’s desk sent nothing').toHaveLength(0);

    dataOf(await approver.console.runtime.team.sendApproved(approver.environmentId, { requestId }));
    const again = await approver.console.runtime.team.sendApproved(approver.environmentId, { requestId });
    expect(errorOf(again).kind).toBe('invalid_state');
    const made = sent().filter((post) => post.status === 200);
    expect(made.map((post) => post.idempotencyKey)).toEqual([shown.idempotency_key]);

    const { rows } = await team.admin.query<{ entry: string; person: string }>(
      'SELECT entry, person FROM paydesk.journal ORDER BY seq',
    );
    const steps = rows
      .map((row) => ({ person: row.person, ...(JSON.parse(row.entry) as { type: string; maker?: string }) }))
      .filter((entry) => entry.type.startsWith('request_') || entry.type.startsWith('operation_'))
      .map((entry) => [entry.type, entry.person, entry.maker]);
    expect(steps).toEqual([
      ['request_submitted', maker.person, maker.person],
      ['request_approved', approver.person, maker.person],
      ['operation_begun', approver.person, undefined],
      ['request_claimed', approver.person, maker.person],
      ['operation_outcome', approver.person, undefined],
    ]);
  },
);

teamWorld(
  'an executor-signed environment: approvers cannot send; of two executors one claim wins; one refund',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    dataOf(
      await putTeamEnvironment(admin.client, {
        name: 'Service',
        kind: 'testing',
        baseUrl: service.gateway.baseUrl,
      }),
    );
    const always = { environment: 'Service', action: 'refund', mode: 'always', thresholds: {} } as const;
    dataOf(await setPolicy(admin.client, { ...always, approvers: 1, validForSeconds: 3600 }));
    dataOf(await setSigner(admin.client, { environment: 'Service', signer: 'executor' }));

    const maker = await openDesk('maker');
    const approver = await openDesk('approver', { groups: ['paydesk_approver'] });
    const executors = [
      await openDesk('executor-1', { groups: ['paydesk_executor'] }),
      await openDesk('executor-2', { groups: ['paydesk_executor'] }),
    ];
    const submitted = errorOf(await maker.console.call('createRefund', { body: REFUND, reason: 'Ticket 8' }));
    // No executor has run yet: the maker is told plainly that nothing will be sent until one does.
    expect(submitted.message).toContain('no executor has been heard from ever');
    const [waiting] = dataOf(await approver.console.runtime.team.approvals(approver.environmentId));
    const requestId = waiting?.id ?? '';
    // Nothing approved yet: an executor's pass sends nothing.
    const [first] = executors as [RuntimeDesk, RuntimeDesk];
    const idle = dataOf(await first.console.runtime.team.executorPass(first.environmentId, {}));
    expect(idle.requests).toEqual([]);

    dataOf(
      await approver.console.runtime.team.approve(approver.environmentId, {
        requestId,
        bodyHash: waiting?.body_hash ?? '',
        note: null,
      }),
    );
    const byApprover = await approver.console.runtime.team.sendApproved(approver.environmentId, {
      requestId,
    });
    expect(errorOf(byApprover)).toMatchObject({ kind: 'not_permitted' });
    expect(errorOf(byApprover).message).toContain('executor');

    const passes = await Promise.all(
      executors.map(async (desk) =>
        dataOf(await desk.console.runtime.team.executorPass(desk.environmentId, {})),
      ),
    );
    const tried = passes.flatMap((pass) => pass.requests);
    expect(tried.filter((entry) => entry.sent)).toHaveLength(1);
    const made = service.gateway.posts.filter((post) => REFUNDS_PATH.test(post.path) && post.status === 200);
    expect(made.map((post) => post.idempotencyKey)).toEqual([waiting?.idempotency_key]);
    expect(
      dataOf(await approver.console.runtime.team.approval(approver.environmentId, requestId)).state,
    ).toBe('claimed');

    const health = dataOf(await maker.console.runtime.team.executorHealth(maker.environmentId));
    expect(health.map((beat) => beat.person).sort()).toEqual(executors.map((desk) => desk.person).sort());
    expect(health.reduce((sum, beat) => sum + Number(beat.sent), 0)).toBe(1);
    const next = errorOf(await maker.console.call('createRefund', { body: REFUND, reason: 'Ticket 9' }));
    expect(next.message).toContain("the team's executor sends it");
    expect(next.message).not.toContain('no executor');
  },
);
