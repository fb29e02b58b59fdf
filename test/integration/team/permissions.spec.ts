import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { requestBodySha256 } from '../../../main/core/audit/canonical-json';
import { beginOperation, recordOutcome } from '../../../main/core/team/operations';
import { dataOf } from '../../support/result';
import { expect, test } from '../../support/team-database';

/**
 * The privileges and triggers of main/core/team/migrations/0001-foundation.ts: desks change
 * operations and the journal only through the functions, and nobody but the owner rewrites the journal.
 */

async function refusal(client: Client, sql: string, values: unknown[] = []): Promise<string> {
  try {
    await client.query(sql, values);
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
}

const refund = () => ({
  account: 'merchant-7',
  action: 'refund' as const,
  target: { kind: 'deposit' as const, id: 'dep-1' },
  idempotencyKey: randomUUID(),
  amount: '3.00',
  currency: 'BRL',
  bodySha256: requestBodySha256({ deposit_id: 'dep-1', amount: '3.00' }),
});

test('a desk has no table rights: direct INSERT/UPDATE on operations, UPDATE/DELETE on the journal denied', async ({
  team,
}) => {
  const desk = await team.desk(['paydesk_operator', 'paydesk_admin']);
  const made = dataOf(await beginOperation(desk.client, refund()));
  const insert =
    "INSERT INTO paydesk.operations (account, action, target_kind, target_id, idempotency_key, body_hash) VALUES ('m', 'refund', 'deposit', 'd', $1, repeat('a', 64))";
  expect(await refusal(desk.client, insert, [randomUUID()])).toBe('permission denied for table operations');
  expect(
    await refusal(desk.client, "UPDATE paydesk.operations SET state = 'ok' WHERE id = $1", [made.id]),
  ).toBe('permission denied for table operations');
  expect(await refusal(desk.client, "UPDATE paydesk.journal SET entry = '{}'")).toBe(
    'permission denied for table journal',
  );
  expect(await refusal(desk.client, 'DELETE FROM paydesk.journal')).toBe(
    'permission denied for table journal',
  );
  expect(await refusal(desk.client, 'TRUNCATE paydesk.journal')).toBe('permission denied for table journal');
  expect(await refusal(desk.client, 'UPDATE paydesk.journal_head SET seq = 0')).toBe(
    'permission denied for table journal_head',
  );
  expect(await refusal(desk.client, 'SELECT paydesk.append_journal($1)', ['{}'])).toMatch(
    /^permission denied for function append_journal/,
  );
  expect(await refusal(desk.client, 'SELECT state FROM paydesk.operations_view')).toBe('allowed');
});

test('a viewer may read and count but not start or close an operation', async ({ team }) => {
  const operator = await team.desk(['paydesk_operator']);
  const viewer = await team.desk(['paydesk_viewer']);
  const made = dataOf(await beginOperation(operator.client, refund()));
  const began = await beginOperation(viewer.client, refund());
  expect(began.ok ? 'began' : began.error).toMatchObject({ kind: 'not_permitted' });
  const closed = await recordOutcome(viewer.client, {
    operationId: made.id,
    outcome: 'ok',
    httpStatus: 200,
    serviceCode: null,
  });
  expect(closed.ok ? 'closed' : closed.error.kind).toBe('not_permitted');
  const { rows } = await viewer.client.query('SELECT count(*)::int AS n FROM paydesk.journal_view');
  expect(rows[0].n).toBe(1);
});

test('even a role granted table rights cannot UPDATE, DELETE or TRUNCATE the journal', async ({ team }) => {
  const desk = await team.desk(['paydesk_operator']);
  dataOf(await beginOperation(desk.client, refund()));
  await team.owner.query(`GRANT UPDATE, DELETE, TRUNCATE ON paydesk.journal TO "${desk.person}"`);
  const appendOnly = /^the team journal is append-only: (UPDATE|DELETE|TRUNCATE) refused for person_/;
  expect(await refusal(desk.client, "UPDATE paydesk.journal SET entry = '{}'")).toMatch(appendOnly);
  expect(await refusal(desk.client, 'DELETE FROM paydesk.journal')).toMatch(appendOnly);
  expect(await refusal(desk.client, 'TRUNCATE paydesk.journal')).toMatch(appendOnly);
  const { rows } = await team.owner.query('SELECT count(*)::int AS n FROM paydesk.journal');
  expect(rows[0].n).toBe(1);
});

test('made_by and person are the login, whatever name the desk inserts or sets', async ({ team }) => {
  const desk = await team.desk(['paydesk_operator']);
  await desk.client.query("SET application_name = 'someone_else'");
  const made = dataOf(await beginOperation(desk.client, refund()));
  expect(made.made_by).toBe(desk.person);
  await team.owner.query(`GRANT INSERT ON paydesk.operations, paydesk.journal TO "${desk.person}"`);
  await desk.client.query(
    "INSERT INTO paydesk.operations (account, action, target_kind, target_id, idempotency_key, body_hash, made_by) VALUES ('m', 'refund', 'deposit', 'd-2', $1, repeat('a', 64), 'someone_else')",
    [randomUUID()],
  );
  await desk.client.query(
    "INSERT INTO paydesk.journal (seq, prev_hash, hash, entry, person) VALUES (99, repeat('0', 64), repeat('b', 64), '{}', 'someone_else')",
  );
  const { rows } = await team.owner.query(
    'SELECT (SELECT array_agg(DISTINCT made_by) FROM paydesk.operations) AS made_by, (SELECT array_agg(DISTINCT person) FROM paydesk.journal) AS person',
  );
  expect(rows[0]).toEqual({ made_by: [desk.person], person: [desk.person] });
});
