import { requestBodySha256 } from '../../../main/core/audit/canonical-json';
import { beginOperation, recordOutcome, refundedTotal } from '../../../main/core/team/operations';
import { teamRefund } from '../../support/team-operations';
import { dataOf } from '../../support/result';
import { expect, test } from '../../support/team-database';

/** main/core/team/operations.ts: exactly-once across desks, refereed by a real PostgreSQL. */

const refund = (amount: string, key?: string) => teamRefund('dep-100', amount, key);

test('two desks racing to refund one deposit: exactly one operation, the other a clear refusal', async ({
  team,
}) => {
  const deskA = await team.desk(['paydesk_operator']);
  const deskB = await team.desk(['paydesk_operator']);
  const results = await Promise.all([
    beginOperation(deskA.client, refund('10.00')),
    beginOperation(deskB.client, refund('10.00')),
  ]);
  const won = results.filter((result) => result.ok);
  const refused = results.flatMap((result) => (result.ok ? [] : [result.error]));
  expect(won).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(refused[0]?.kind).toBe('intent_unresolved');
  expect(refused[0]?.message).toMatch(
    /^deposit dep-100 already has operation \d+ \(refund, by person_\w+\) in state sending/,
  );
  const { rows } = await team.owner.query('SELECT count(*)::int AS n FROM paydesk.operations');
  expect(rows[0].n).toBe(1);
});

test('sixteen desks refunding one deposit at once: one operation, fifteen typed refusals', async ({
  team,
}) => {
  const desks = await Promise.all(Array.from({ length: 16 }, () => team.desk(['paydesk_operator'])));
  const results = await Promise.all(desks.map((desk) => beginOperation(desk.client, refund('10.00'))));
  const won = results.flatMap((result) => (result.ok ? [result.data] : []));
  const refusals = results.flatMap((result) => (result.ok ? [] : [result.error.kind]));
  expect(won).toHaveLength(1);
  expect(refusals).toEqual(Array.from({ length: 15 }, () => 'intent_unresolved'));
  const { rows } = await team.owner.query<{ made_by: string }>('SELECT made_by FROM paydesk.operations');
  expect(rows).toEqual([{ made_by: won[0]?.made_by }]);
  // One journal entry, by the person who won: a refusal journals nothing.
  const journal = await team.owner.query<{ person: string }>('SELECT person FROM paydesk.journal');
  expect(journal.rows).toEqual([{ person: won[0]?.made_by }]);
});

test('a desk that starts while a rival has not committed yet waits for it, then is refused', async ({
  team,
}) => {
  const deskA = await team.desk(['paydesk_operator']);
  const deskB = await team.desk(['paydesk_operator']);
  await deskA.client.query('BEGIN');
  dataOf(await beginOperation(deskA.client, refund('10.00')));
  let settled = false;
  const rival = beginOperation(deskB.client, refund('10.00')).finally(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(settled).toBe(false);
  await deskA.client.query('COMMIT');
  const refused = await rival;
  expect(refused.ok ? 'began' : refused.error.kind).toBe('intent_unresolved');
});

test('the same account, action and key again is the same operation; with another body it is refused', async ({
  team,
}) => {
  const deskA = await team.desk(['paydesk_operator']);
  const deskB = await team.desk(['paydesk_operator']);
  const input = refund('25.50');
  const first = dataOf(await beginOperation(deskA.client, input));
  const again = dataOf(await beginOperation(deskB.client, input));
  expect(again.id).toBe(first.id);
  expect(again.made_by).toBe(deskA.person);
  const otherBody = await beginOperation(deskB.client, {
    ...input,
    bodySha256: requestBodySha256({ amount: '99' }),
  });
  expect(otherBody.ok ? 'began' : otherBody.error.kind).toBe('idempotency_conflict');
  const { rows } = await team.owner.query('SELECT count(*)::int AS n FROM paydesk.operations');
  expect(rows[0].n).toBe(1);
});

test('104 and 503 leave the outcome unknown and the deposit blocked for every desk; ok frees it', async ({
  team,
}) => {
  const deskA = await team.desk(['paydesk_operator']);
  const deskB = await team.desk(['paydesk_operator']);
  const sent = dataOf(await beginOperation(deskA.client, refund('5.00')));
  const conflict = { operationId: sent.id, outcome: 'error', httpStatus: 409, serviceCode: 104 } as const;
  expect(dataOf(await recordOutcome(deskA.client, conflict)).state).toBe('outcome_unknown');
  const blocked = await beginOperation(deskB.client, refund('5.00'));
  expect(blocked.ok ? 'began' : blocked.error.kind).toBe('intent_unresolved');
  const serverError = { operationId: sent.id, outcome: 'ok', httpStatus: 503, serviceCode: null } as const;
  expect(dataOf(await recordOutcome(deskB.client, serverError)).state).toBe('outcome_unknown');
  expect((await beginOperation(deskB.client, refund('5.00'))).ok).toBe(false);
  const done = { operationId: sent.id, outcome: 'ok', httpStatus: 200, serviceCode: null } as const;
  expect(dataOf(await recordOutcome(deskA.client, done))).toMatchObject({ state: 'ok', http_status: 200 });
  const closedAgain = await recordOutcome(deskB.client, { ...done, outcome: 'error' });
  expect(closedAgain.ok ? 'recorded' : closedAgain.error.kind).toBe('invalid_state');
  const next = dataOf(await beginOperation(deskB.client, refund('5.00')));
  expect(next).toMatchObject({ state: 'sending', made_by: deskB.person });
});

test('an error answer closes the operation and frees the target', async ({ team }) => {
  const desk = await team.desk(['paydesk_operator']);
  const sent = dataOf(await beginOperation(desk.client, refund('5.00')));
  const refused = { operationId: sent.id, outcome: 'error', httpStatus: 400, serviceCode: 510 } as const;
  expect(dataOf(await recordOutcome(desk.client, refused)).state).toBe('error');
  expect(dataOf(await beginOperation(desk.client, refund('5.00'))).state).toBe('sending');
});

test("refunded_total counts both desks' refunds that went or may have gone through", async ({ team }) => {
  const deskA = await team.desk(['paydesk_operator']);
  const deskB = await team.desk(['paydesk_operator']);
  const viewer = await team.desk(['paydesk_viewer']);
  const close = async (client: typeof deskA.client, id: string, outcome: 'ok' | 'error') =>
    dataOf(
      await recordOutcome(client, {
        operationId: id,
        outcome,
        httpStatus: outcome === 'ok' ? 200 : 400,
        serviceCode: null,
      }),
    );
  await close(deskA.client, dataOf(await beginOperation(deskA.client, refund('10.00'))).id, 'ok');
  await close(deskB.client, dataOf(await beginOperation(deskB.client, refund('7.25'))).id, 'error');
  await close(deskB.client, dataOf(await beginOperation(deskB.client, refund('2.50'))).id, 'ok');
  const unknown = dataOf(await beginOperation(deskA.client, refund('0.10')));
  dataOf(
    await recordOutcome(deskA.client, {
      operationId: unknown.id,
      outcome: 'unknown',
      httpStatus: null,
      serviceCode: null,
    }),
  );
  expect(dataOf(await refundedTotal(viewer.client, 'merchant-7', 'dep-100'))).toBe('12.60');
  expect(dataOf(await refundedTotal(viewer.client, 'merchant-8', 'dep-100'))).toBe('0');
});
