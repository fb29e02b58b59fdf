import { teamEntryHash, verifyTeamChain } from '../../../main/core/team/chain';
import { beginOperation, recordOutcome } from '../../../main/core/team/operations';
import { teamCashoutCancel } from '../../support/team-operations';
import { dataOf } from '../../support/result';
import { expect, test, type TeamDatabase } from '../../support/team-database';

/** main/core/team/chain.ts: the team journal's hash chain, recomputed outside the database. */

const cancel = teamCashoutCancel;

/** Eight desks at once, each starting and closing an operation on its own cashout: 16 entries. */
async function busyJournal(team: TeamDatabase): Promise<void> {
  const desks = [];
  // One at a time: the desks are made over the one superuser connection.
  for (let index = 0; index < 8; index += 1) desks.push(await team.desk(['paydesk_operator']));
  await Promise.all(
    desks.map(async ({ client }, index) => {
      const made = dataOf(await beginOperation(client, cancel(`co-${index}`)));
      dataOf(
        await recordOutcome(client, {
          operationId: made.id,
          outcome: 'ok',
          httpStatus: 200,
          serviceCode: null,
        }),
      );
    }),
  );
}

test('entries appended by desks at once form one chain, whose hashes TypeScript recomputes', async ({
  team,
}) => {
  await busyJournal(team);
  const viewer = await team.desk(['paydesk_viewer']);
  const { rows } = await viewer.client.query(
    'SELECT seq, prev_hash, hash, entry, person, at FROM paydesk.journal_view ORDER BY seq',
  );
  expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
  for (const [index, row] of rows.entries()) {
    expect(teamEntryHash(row)).toBe(row.hash);
    expect(row.prev_hash).toBe(index === 0 ? '0'.repeat(64) : rows[index - 1].hash);
    expect(row.person).toMatch(/^person_/);
  }
  const kinds = rows.map((row) => JSON.parse(row.entry).type);
  expect(kinds.filter((kind) => kind === 'operation_begun')).toHaveLength(8);
  expect(await verifyTeamChain(viewer.client)).toEqual({ ok: true, entries: 16, headHash: rows[15].hash });
});

test('an entry the owner edits with the triggers off is found, at its place', async ({ team }) => {
  await busyJournal(team);
  await team.owner.query('ALTER TABLE paydesk.journal DISABLE TRIGGER USER');
  await team.owner.query(`UPDATE paydesk.journal SET entry = replace(entry, '"ok"', '"error"') WHERE seq = (
    SELECT min(seq) FROM paydesk.journal WHERE entry::jsonb ->> 'type' = 'operation_outcome')`);
  await team.owner.query('ALTER TABLE paydesk.journal ENABLE TRIGGER USER');
  const viewer = await team.desk(['paydesk_viewer']);
  const report = await verifyTeamChain(viewer.client);
  const { rows } = await team.owner.query(
    "SELECT min(seq)::int AS seq FROM paydesk.journal WHERE entry::jsonb ->> 'state' = 'error'",
  );
  expect(report).toMatchObject({
    ok: false,
    entries: rows[0].seq - 1,
    firstProblem: { kind: 'tampered', line: rows[0].seq },
  });
});

test('an entry rewritten with a fresh hash breaks the next link; a cut-off end disagrees with the head', async ({
  team,
}) => {
  await busyJournal(team);
  const viewer = await team.desk(['paydesk_viewer']);
  const { rows } = await team.owner.query(
    'SELECT seq, prev_hash, hash, entry, person, at FROM paydesk.journal WHERE seq = 5',
  );
  const forged = { ...rows[0], entry: `${rows[0].entry.slice(0, -1)}, "note": "forged"}` };
  await team.owner.query('UPDATE paydesk.journal SET entry = $1, hash = $2 WHERE seq = 5', [
    forged.entry,
    teamEntryHash(forged),
  ]);
  expect(await verifyTeamChain(viewer.client)).toMatchObject({
    ok: false,
    entries: 5,
    firstProblem: { kind: 'broken_link', line: 6 },
  });
  await team.owner.query('UPDATE paydesk.journal SET entry = $1, hash = $2 WHERE seq = 5', [
    rows[0].entry,
    rows[0].hash,
  ]);
  await team.owner.query('DELETE FROM paydesk.journal WHERE seq = 16');
  const cut = await verifyTeamChain(viewer.client);
  expect(cut).toMatchObject({ ok: false, entries: 15, firstProblem: { kind: 'truncated', line: 16 } });
  expect(cut.firstProblem?.message).toBe(
    "The journal's head names entry 16, but the chain ends at entry 15.",
  );
});
