import { beginOperation, recordOutcome } from '../../../main/core/team/operations';
import { teamRefund } from '../../support/team-operations';
import { dataOf } from '../../support/result';
import { expect, test } from '../../support/team-database';

/**
 * main/core/team/operations.ts and client.ts when the team's server dies between a desk's send
 * and its outcome (`pg_ctl stop -m immediate`): what was committed stands, nothing is guessed.
 */

const refund = (key?: string) => teamRefund('dep-300', '10.00', key);

test('a crash between send and outcome leaves the operation unresolved for every desk', async ({ team }) => {
  const deskA = await team.desk(['paydesk_operator']);
  const deskB = await team.desk(['paydesk_operator']);
  const sent = dataOf(await beginOperation(deskA.client, refund()));
  // Desk A has sent the refund to the service; the team's server dies before the answer is kept.
  await team.cluster.crashAndRestart();
  const lost = await recordOutcome(deskA.client, {
    operationId: sent.id,
    outcome: 'ok',
    httpStatus: 200,
    serviceCode: null,
  });
  expect(lost.ok ? 'recorded' : lost.error.kind).toBe('network');
  expect(lost.ok ? '' : lost.error.message).toMatch(/^The team database could not be reached/);

  // After recovery the operation is still `sending`: another desk is refused on that deposit…
  const deskBAgain = await deskB.reconnect();
  const blocked = await beginOperation(deskBAgain, refund());
  expect(blocked.ok ? 'began' : blocked.error.kind).toBe('intent_unresolved');
  expect(blocked.ok ? '' : blocked.error.message).toContain(`operation ${sent.id}`);
  expect(blocked.ok ? '' : blocked.error.message).toContain('in state sending');
  // …and desk A, back, resends under the same key and gets the same operation, never a second.
  const deskAAgain = await deskA.reconnect();
  const resent = dataOf(await beginOperation(deskAAgain, refund(sent.idempotency_key)));
  expect(resent).toMatchObject({ id: sent.id, state: 'sending' });
  const closed = await recordOutcome(deskAAgain, {
    operationId: sent.id,
    outcome: 'ok',
    httpStatus: 200,
    serviceCode: null,
  });
  expect(dataOf(closed).state).toBe('ok');
});
