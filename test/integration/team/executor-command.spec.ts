import { setSigner } from '../../../main/core/team/approvals';
import { putTeamEnvironment } from '../../../main/core/team/environments';
import { makeCliDesk, type CliDesk } from '../../support/team-desk';
import { dataOf } from '../../support/result';
import { sendJson, startDouble, type ServiceDouble } from '../../unit/payments/http-double';
import { expect, test as base } from '../../support/team-database';

/**
 * `paydesk team executor` (main/cli/approval-commands.ts) answering a desk's signed reads between
 * its passes (console/executor-reads.ts): the desk has no service credentials, and `deposits get`
 * there is answered through the database by the executor's read; Ctrl-C ends it with 130.
 */

const SERVICE = 'paydesk-test-executor-command';
const DEPOSIT = 300_000_001;

const test = base.extend<{ service: ServiceDouble; desks: (count: number) => Promise<CliDesk[]> }>({
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startDouble((request, response) => {
      const id = /^\/v3\/deposits\/(\d+)$/.exec(request.path)?.[1];
      if (request.method === 'GET' && id !== undefined) {
        sendJson(response, 200, { deposit_id: Number(id), status: 'COMPLETED', currency: 'BRL' });
      } else {
        sendJson(response, 200, {});
      }
    });
    await use(service);
    await service.close();
  },
  desks: async ({ team, service }, use) => {
    const made: CliDesk[] = [];
    await use(async (count) => {
      for (let index = 0; index < count; index += 1) made.push(await makeCliDesk(team, service, SERVICE));
      return made.slice(-count);
    });
    for (const desk of made) await desk.remove();
  },
});

test('a desk with no credentials reads a deposit through a running `team executor`', async ({
  team,
  service,
  desks,
}) => {
  const admin = await team.desk(['paydesk_admin']);
  dataOf(
    await putTeamEnvironment(admin.client, { name: 'Service', kind: 'testing', baseUrl: service.baseUrl }),
  );
  dataOf(await setSigner(admin.client, { environment: 'Service', signer: 'executor' }));
  const [executor, reader] = (await desks(2)) as [CliDesk, CliDesk];
  const executorPerson = await team.desk(['paydesk_executor']);
  expect((await executor.join(executorPerson.person, await executorPerson.password())).code).toBe(0);
  const readerPerson = await team.desk(['paydesk_viewer']);
  expect((await reader.join(readerPerson.person, await readerPerson.password())).code).toBe(0);
  for (const field of ['apiKey', 'apiSecret', 'readOnlyKey']) {
    expect((await reader.paydesk(['env', 'clear-credential', reader.environmentId, field])).code).toBe(0);
  }

  const stop = new AbortController();
  const running = executor.paydesk(['--env', executor.environmentId, 'team', 'executor', '--interval', '1'], {
    signal: stop.signal,
  });
  try {
    // Heard from once its first pass is over.
    await expect
      .poll(async () => (await team.admin.query('SELECT 1 FROM paydesk.executor_heartbeats')).rowCount)
      .toBe(1);
    const read = await reader.paydesk([
      '--env',
      reader.environmentId,
      'deposits',
      'get',
      String(DEPOSIT),
      '--json',
    ]);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ deposit_id: DEPOSIT, status: 'COMPLETED' });
    // The reader's desk signed nothing: the one deposit read the service saw is the executor's.
    const reads = service.requests.filter((request) => request.path === `/v3/deposits/${DEPOSIT}`);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.headers['x-login']).toBeDefined();
  } finally {
    stop.abort();
  }
  const ended = await running;
  expect(ended.code).toBe(130);
  expect(ended.stdout).toMatch(/0 sent, 0 not sent, 0 read\(s\) answered/);
});
