import type { Client } from 'pg';
import { requestBodySha256 } from '../../../main/core/audit/canonical-json';
import { approveRequest, submitRequest } from '../../../main/core/team/approvals';
import { openTeam } from '../../../main/core/team/client';
import { listenToTeam, type LiveState, type TeamChange } from '../../../main/core/team/live';
import { beginOperation, recordOutcome } from '../../../main/core/team/operations';
import { teamCashoutCancel } from '../../support/team-operations';
import { dataOf } from '../../support/result';
import { expect, test, type TeamDatabase } from '../../support/team-database';

/** main/core/team/live.ts: other desks' operations within a second, through restarts. */

const cancel = teamCashoutCancel;

/** A viewer's desk listening, with what it heard and the states it went through. */
async function listening(team: TeamDatabase) {
  const listener = await team.desk(['paydesk_viewer']);
  const password = await listener.password();
  const heard: TeamChange[] = [];
  const states: LiveState[] = [];
  const live = listenToTeam({
    connect: () =>
      openTeam({
        ...team.cluster,
        database: team.database,
        user: listener.person,
        password,
        ca: team.cluster.ca,
      }),
    onChange: (change) => heard.push(change),
    onState: (state) => states.push(state),
    retryMs: { first: 100, max: 400 },
    heartbeatMs: 500,
  });
  await expect.poll(() => live.state()).toBe('live');
  return { live, heard, states };
}

test("another desk's operation is heard within a second, and its outcome after it", async ({ team }) => {
  const { live, heard } = await listening(team);
  const desk = await team.desk(['paydesk_operator']);
  const began = Date.now();
  const made = dataOf(await beginOperation(desk.client, cancel('co-1')));
  await expect
    .poll(() => heard.at(-1), { timeout: 1_000 })
    .toEqual({
      kind: 'operation',
      operationId: made.id,
      state: 'sending',
    });
  expect(Date.now() - began).toBeLessThan(1_000);
  const done = { operationId: made.id, outcome: 'ok', httpStatus: 200, serviceCode: null } as const;
  dataOf(await recordOutcome(desk.client, done));
  await expect
    .poll(() => heard.at(-1), { timeout: 1_000 })
    .toMatchObject({ operationId: made.id, state: 'ok' });
  expect(heard[0]).toEqual({ kind: 'resync' });
  await live.close();
  expect(live.state()).toBe('closed');
});

test('after the server restarts, the desk listens again, asks for a resync, and hears on', async ({
  team,
}) => {
  const { live, heard, states } = await listening(team);
  // Made before the crash: the fixture makes desks over a connection the crash ends.
  const desk = await team.desk(['paydesk_operator']);
  await team.cluster.crashAndRestart();
  await expect.poll(() => states.includes('reconnecting'), { timeout: 5_000 }).toBe(true);
  await expect.poll(() => live.state(), { timeout: 10_000 }).toBe('live');
  expect(heard.filter((change) => change.kind === 'resync')).toHaveLength(2);
  const made = dataOf(await beginOperation(await desk.reconnect(), cancel('co-2')));
  await expect.poll(() => heard.at(-1), { timeout: 1_000 }).toMatchObject({ operationId: made.id });
  await live.close();
});

test('forged notifications are dropped, and a rolled-back operation is never heard of', async ({ team }) => {
  const { live, heard } = await listening(team);
  const forger: Client = (await team.desk(['paydesk_viewer'])).client;
  for (const payload of ['not json', '{"operation": "1; DROP"}', '{"operation": 7, "state": "paid", "x": 1}'])
    await forger.query("SELECT pg_notify('paydesk_operations', $1)", [payload]);
  const desk = await team.desk(['paydesk_operator']);
  await desk.client.query('BEGIN');
  dataOf(await beginOperation(desk.client, cancel('co-3')));
  await desk.client.query('ROLLBACK');
  // A later, real operation: once it is heard, anything sent before it would have been too.
  const made = dataOf(await beginOperation(desk.client, cancel('co-4')));
  await expect.poll(() => heard.at(-1), { timeout: 1_000 }).toMatchObject({ operationId: made.id });
  expect(heard).toEqual([{ kind: 'resync' }, { kind: 'operation', operationId: made.id, state: 'sending' }]);
  await live.close();
});

test('an approval request submitted and approved is heard, so the queue reads again', async ({ team }) => {
  const { live, heard } = await listening(team);
  const maker = await team.desk(['paydesk_operator']);
  const approver = await team.desk(['paydesk_approver']);
  const body = { cashoutId: 77 };
  const asked = { ...cancel('co-77'), body, bodySha256: requestBodySha256(body), reason: 'payee asked' };
  const submitted = dataOf(await submitRequest(maker.client, asked));
  await expect
    .poll(() => heard.at(-1), { timeout: 1_000 })
    .toEqual({ kind: 'request', requestId: submitted.id, state: 'waiting' });
  dataOf(
    await approveRequest(approver.client, {
      requestId: submitted.id,
      bodySha256: asked.bodySha256,
      note: null,
    }),
  );
  await expect
    .poll(() => heard.at(-1), { timeout: 1_000 })
    .toEqual({ kind: 'request', requestId: submitted.id, state: 'approved' });
  await live.close();
});
