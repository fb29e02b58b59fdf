import {
  beginOperation,
  recordOutcome,
  refundedTotal,
  settleOperation,
} from '../../../main/core/team/operations';
import { teamRefund } from '../../support/team-operations';
import { dataOf } from '../../support/result';
import { expect, test, type TeamDatabase } from '../../support/team-database';

/**
 * main/core/team/operations.ts: an unknown outcome settled by a person after checking, and the
 * 23-hour limit on resending under a key (D16, D18), both held by the database for every desk.
 */

const refund = (key?: string) => teamRefund('dep-400', '8.00', key);

/** An operation whose answer was lost (a 503), begun by a desk of its own. */
async function unknownRefund(team: TeamDatabase) {
  const desk = await team.desk(['paydesk_operator']);
  const begun = dataOf(await beginOperation(desk.client, refund()));
  const lost = { operationId: begun.id, outcome: 'unknown', httpStatus: 503, serviceCode: null } as const;
  dataOf(await recordOutcome(desk.client, lost));
  return begun;
}

const errorKind = (result: { ok: boolean; error?: { kind: string } }) =>
  result.ok ? 'done' : result.error?.kind;

test('another desk settles an unknown outcome after checking: the deposit is free, the journal says how', async ({
  team,
}) => {
  const begun = await unknownRefund(team);
  const checker = await team.desk(['paydesk_operator']);
  const withoutNote = { operationId: begun.id, result: 'ok', method: 'manual', note: '  ' } as const;
  expect(errorKind(await settleOperation(checker.client, withoutNote))).toBe('validation');
  const settled = dataOf(
    await settleOperation(checker.client, { ...withoutNote, note: 'Refund 88 seen in the merchant panel' }),
  );
  expect(settled.state).toBe('ok');
  expect(dataOf(await refundedTotal(checker.client, 'merchant-7', 'dep-400'))).toBe('8.00');
  expect(errorKind(await settleOperation(checker.client, { ...withoutNote, note: 'again' }))).toBe(
    'invalid_state',
  );
  const { rows } = await team.owner.query<{ entry: string; person: string }>(
    'SELECT entry, person FROM paydesk.journal ORDER BY seq DESC LIMIT 1',
  );
  expect(rows[0]?.person).toBe(checker.person);
  expect(JSON.parse(rows[0]?.entry ?? '{}')).toMatchObject({
    type: 'operation_settled',
    state: 'ok',
    method: 'manual',
    note: 'Refund 88 seen in the merchant panel',
  });
  expect(dataOf(await beginOperation(checker.client, refund())).state).toBe('sending');
});

test('an operation still being sent is not settled behind its desk, and a viewer settles nothing', async ({
  team,
}) => {
  const desk = await team.desk(['paydesk_operator']);
  const begun = dataOf(await beginOperation(desk.client, refund()));
  const other = await team.desk(['paydesk_operator']);
  const settle = { operationId: begun.id, result: 'error', method: 'status_reread', note: null } as const;
  const early = await settleOperation(other.client, settle);
  expect(errorKind(early)).toBe('invalid_state');
  expect(early.ok ? '' : early.error.message).toContain('is still being sent');
  // A crash left it `sending`: five minutes on, it may be settled.
  await team.owner.query("UPDATE paydesk.operations SET created_at = now() - interval '6 minutes'");
  const viewer = await team.desk(['paydesk_viewer']);
  expect(errorKind(await settleOperation(viewer.client, settle))).toBe('not_permitted');
  expect(dataOf(await settleOperation(other.client, settle)).state).toBe('error');
});

test('past 23 hours an unsettled operation is never sent again under its key, from any desk', async ({
  team,
}) => {
  const begun = await unknownRefund(team);
  const other = await team.desk(['paydesk_operator']);
  // Within the hours, the same key is the same operation: a resend is allowed (D6).
  expect(dataOf(await beginOperation(other.client, refund(begun.idempotency_key))).id).toBe(begun.id);
  await team.owner.query("UPDATE paydesk.operations SET created_at = now() - interval '23 hours 1 minute'");
  const late = await beginOperation(other.client, refund(begun.idempotency_key));
  expect(errorKind(late)).toBe('invalid_state');
  expect(late.ok ? '' : late.error.message).toMatch(/more than 23 hours ago.*Read its status instead/);
  // Settled after a status read, the key answers the closed operation, which sends nothing.
  const reread = { operationId: begun.id, result: 'error', method: 'status_reread', note: null } as const;
  dataOf(await settleOperation(other.client, reread));
  expect(dataOf(await beginOperation(other.client, refund(begun.idempotency_key))).state).toBe('error');
});
