import { randomUUID } from 'node:crypto';
import { requestBodySha256 } from '../../../main/core/audit/canonical-json';
import { serviceAccount } from '../../../main/core/payments/account';
import { submitRequest } from '../../../main/core/team/approvals';
import { makeCliDesk, type CliDesk } from '../../support/team-desk';
import { dataOf } from '../../support/result';
import { CREDENTIALS, sendJson, startDouble, type ServiceDouble } from '../../unit/payments/http-double';
import { expect, test as base, type TeamDatabase } from '../../support/team-database';

/**
 * `paydesk approvals …` (main/cli/approval-commands.ts over main/core/console/approvals.ts): the
 * queue read, a request shown with its body and hash, approved by that hash by another person,
 * rejected with a note, withdrawn by its maker, and the policies an admin sets; the database's
 * refusals as the CLI's exit codes.
 */

const SERVICE = 'paydesk-test-approval-commands';

interface JoinedDesk extends CliDesk {
  person: string;
  /** The same person's own database connection, for what the console does behind a command. */
  client: Awaited<ReturnType<TeamDatabase['desk']>>['client'];
  approvals(...argv: string[]): ReturnType<CliDesk['paydesk']>;
}

const test = base.extend<{
  service: ServiceDouble;
  joinedAs: (groups: Parameters<TeamDatabase['desk']>[0]) => Promise<JoinedDesk>;
}>({
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startDouble((_request, response) => sendJson(response, 200, {}));
    await use(service);
    await service.close();
  },
  joinedAs: async ({ team: database, service }, use) => {
    const made: CliDesk[] = [];
    await use(async (groups) => {
      const desk = await makeCliDesk(database, service, SERVICE);
      made.push(desk);
      const { person, password, client } = await database.desk(groups);
      expect((await desk.join(person, await password())).stderr).toBe('');
      return {
        ...desk,
        person,
        client,
        approvals: (...argv) => desk.paydesk(['--env', desk.environmentId, 'approvals', ...argv, '--json']),
      };
    });
    for (const desk of made) await desk.remove();
  },
});

test('policy, queue, show, approve by the hash shown, reject and withdraw, with the database’s refusals', async ({
  joinedAs,
  service,
}) => {
  const admin = await joinedAs(['paydesk_admin']);
  const maker = await joinedAs(['paydesk_operator']);
  const approver = await joinedAs(['paydesk_approver']);
  const teamEnv = await admin.paydesk([
    '--env',
    admin.environmentId,
    'team',
    'env',
    'put',
    'Service',
    '--kind',
    'testing',
    '--base-url',
    service.baseUrl,
  ]);
  expect(teamEnv.code).toBe(0);

  const badMode = await admin.approvals(
    'policy',
    'set',
    'Service',
    '--action',
    'refund',
    '--mode',
    'sometimes',
  );
  expect(badMode.code).toBe(2);
  const notAdmin = await maker.approvals(
    'policy',
    'set',
    'Service',
    '--action',
    'refund',
    '--mode',
    'always',
  );
  expect(notAdmin.code).toBe(2);
  expect(notAdmin.stderr).toContain('not_permitted');
  const set = await admin.approvals(
    'policy',
    'set',
    'Service',
    '--action',
    'refund',
    '--mode',
    'above',
    '--above',
    'BRL=100.00',
    '--valid-for',
    '2h',
  );
  expect(set.stderr).toBe('');
  const policies = JSON.parse((await maker.approvals('policy', 'list')).stdout) as Array<
    Record<string, unknown>
  >;
  expect(policies.find((row) => row.environment === 'Service' && row.action === 'refund')).toMatchObject({
    mode: 'above',
    thresholds: { BRL: '100.00' },
    valid_for_seconds: 7200,
    is_default: false,
  });

  // A maker's refund, as the console submits it when the policy asks (team-referee.ts).
  const account = serviceAccount(service.baseUrl, { apiKey: CREDENTIALS.apiKey })?.payments ?? '';
  const submit = (deposit: number) => {
    const body = { deposit_id: deposit, invoice_id: `INV-${deposit}`, amount: 150 };
    return submitRequest(maker.client, {
      account,
      action: 'refund',
      target: { kind: 'deposit', id: String(deposit) },
      idempotencyKey: randomUUID(),
      amount: '150',
      currency: 'BRL',
      body,
      bodySha256: requestBodySha256(body),
      reason: 'Ticket 9',
    });
  };
  const request = dataOf(await submit(300000001));
  const body = request.body;
  expect(request).toMatchObject({ environment: 'Service', state: 'waiting' });

  const listed = JSON.parse((await approver.approvals('list')).stdout) as Array<{
    id: string;
    body: unknown;
  }>;
  expect(listed.map((row) => [row.id, row.body])).toEqual([[request.id, null]]);
  const shown = JSON.parse((await approver.approvals('show', request.id)).stdout) as {
    body: unknown;
    body_hash: string;
  };
  expect(shown.body).toEqual(body);

  expect((await approver.approvals('show', 'one')).code).toBe(2);
  const wrongHash = await approver.approvals('approve', request.id, '--body-hash', 'ab'.repeat(8));
  expect(wrongHash.stderr).toContain('idempotency_conflict');
  const approved = await approver.approvals(
    'approve',
    request.id,
    '--body-hash',
    shown.body_hash.slice(0, 16),
    '--note',
    'ok',
  );
  expect(approved.stderr).toBe('');
  expect(JSON.parse(approved.stdout)).toMatchObject({ state: 'approved', approved_by: [approver.person] });
  const rejected = await approver.approvals('reject', request.id, '--note', 'changed my mind');
  expect(JSON.parse(rejected.stdout)).toMatchObject({ state: 'rejected', close_note: 'changed my mind' });
  expect((await approver.approvals('list')).stdout.trim()).toBe('[]');
  expect((JSON.parse((await approver.approvals('list', '--all')).stdout) as unknown[]).length).toBe(1);

  // The maker cannot approve their own; they withdraw it, and nobody else can.
  const own = dataOf(await submit(300000002));
  const selfApproval = await maker.approvals('approve', own.id, '--body-hash', own.body_hash);
  expect(selfApproval.code).toBe(2);
  expect(selfApproval.stderr).toContain('not_permitted');
  expect((await approver.approvals('withdraw', own.id)).code).toBe(2);
  const withdrawn = await maker.approvals('withdraw', own.id);
  expect(JSON.parse(withdrawn.stdout)).toMatchObject({ state: 'withdrawn', closed_by: maker.person });
});
