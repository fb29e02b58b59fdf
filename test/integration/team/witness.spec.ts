import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { teamEntryHash, verifyTeamChain, type TeamJournalRow } from '../../../main/core/team/chain';
import { beginOperation, recordOutcome } from '../../../main/core/team/operations';
import { WITNESS_FILE, verifyAndWitness } from '../../../main/core/team/witness';
import { teamRefund } from '../../support/team-operations';
import { dataOf } from '../../support/result';
import { expect, test as base, type TeamDatabase } from '../../support/team-database';

/** main/core/team/witness.ts: each desk remembers the journal head it saw; a rewrite past it shows. */

const test = base.extend<{ witnessFile: string }>({
  // eslint-disable-next-line no-empty-pattern
  witnessFile: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-witness-'));
    await use(join(folder, WITNESS_FILE));
    await rm(folder, { recursive: true, force: true });
  },
});

/** Four entries: two refunds begun and closed by one desk. */
async function fourEntries(team: TeamDatabase) {
  const desk = await team.desk(['paydesk_operator']);
  for (const deposit of ['dep-1', 'dep-2']) {
    const begun = dataOf(await beginOperation(desk.client, teamRefund(deposit, '3.00')));
    const done = { operationId: begun.id, outcome: 'ok', httpStatus: 200, serviceCode: null } as const;
    dataOf(await recordOutcome(desk.client, done));
  }
  return desk;
}

/**
 * What an owner can do to the database: rewrite entries from `fromSeq` on with fresh hashes and
 * links, and the head with them, so that the chain verifies again on its own.
 */
async function rewriteChainFrom(team: TeamDatabase, fromSeq: number, lastSeq: number): Promise<void> {
  const { rows } = await team.owner.query<TeamJournalRow>(
    'SELECT seq::text AS seq, prev_hash, hash, entry, person, at FROM paydesk.journal ORDER BY seq',
  );
  await team.owner.query(`DELETE FROM paydesk.journal WHERE seq > ${lastSeq}`);
  let prev = rows[fromSeq - 2]?.hash ?? '0'.repeat(64);
  for (const row of rows.slice(fromSeq - 1, lastSeq)) {
    const entry = row.seq === String(fromSeq) ? `${row.entry.slice(0, -1)}, "note": "rewritten"}` : row.entry;
    const hash = teamEntryHash({ ...row, prev_hash: prev, entry });
    await team.owner.query(
      'UPDATE paydesk.journal SET prev_hash = $1, hash = $2, entry = $3 WHERE seq = $4',
      [prev, hash, entry, row.seq],
    );
    prev = hash;
  }
  await team.owner.query('UPDATE paydesk.journal_head SET seq = $1, hash = $2', [lastSeq, prev]);
}

test('a chain the owner rewrote whole verifies on its own, but not against the head a desk saw', async ({
  team,
  witnessFile,
}) => {
  const desk = await fourEntries(team);
  const witness = {
    filePath: witnessFile,
    teamKey: 'db.example:5432/team',
    now: () => new Date('2026-11-29T10:00:00Z'),
  };
  expect(dataOf(await verifyAndWitness(desk.client, witness))).toMatchObject({ ok: true, entries: 4 });
  const kept = JSON.parse(await readFile(witnessFile, 'utf8'));
  expect(kept.heads['db.example:5432/team']).toMatchObject({ seq: 4, seenAt: '2026-11-29T10:00:00.000Z' });

  await rewriteChainFrom(team, 1, 4);
  expect(await verifyTeamChain(desk.client)).toMatchObject({ ok: true, entries: 4 });
  const report = dataOf(await verifyAndWitness(desk.client, witness));
  expect(report).toMatchObject({ ok: false, firstProblem: { kind: 'tampered', line: 4 } });
  expect(report.firstProblem?.message).toBe(
    'Entry 4 is not the entry this desk saw on 2026-11-29T10:00:00.000Z: the journal was rewritten up to there.',
  );
  // The desk's record is left as it was: a failed verify never moves it.
  expect(JSON.parse(await readFile(witnessFile, 'utf8'))).toEqual(kept);
});

test('entries cut off the end, head and all, are named against the head a desk saw', async ({
  team,
  witnessFile,
}) => {
  const desk = await fourEntries(team);
  const witness = { filePath: witnessFile, teamKey: 'team', now: () => new Date('2026-11-29T10:00:00Z') };
  dataOf(await verifyAndWitness(desk.client, witness));
  await rewriteChainFrom(team, 3, 2);
  expect(await verifyTeamChain(desk.client)).toMatchObject({ ok: true, entries: 2 });
  const report = dataOf(await verifyAndWitness(desk.client, witness));
  expect(report).toMatchObject({ ok: false, entries: 2, firstProblem: { kind: 'truncated', line: 3 } });
  expect(report.firstProblem?.text).toEqual({
    key: 'journalLine.seenRemoved',
    params: { seq: 4, entries: 2, seenAt: '2026-11-29T10:00:00.000Z' },
  });
});

test('the head a desk keeps only moves forward, and a damaged record is refused, never replaced', async ({
  team,
  witnessFile,
}) => {
  const desk = await fourEntries(team);
  const witness = { filePath: witnessFile, teamKey: 'team' };
  dataOf(await verifyAndWitness(desk.client, witness));
  const atFour = await readFile(witnessFile, 'utf8');
  // A verify that sees the same head keeps the record as it was.
  dataOf(await verifyAndWitness(desk.client, witness));
  expect(await readFile(witnessFile, 'utf8')).toBe(atFour);

  await writeFile(witnessFile, '{"version": 1, "heads": {"team": {"seq": "four"}}}');
  const refused = await verifyAndWitness(desk.client, witness);
  expect(refused.ok ? 'verified' : refused.error.kind).toBe('storage');
  expect(refused.ok ? '' : refused.error.message).toContain('it was left as it is');
  expect(await readFile(witnessFile, 'utf8')).toBe('{"version": 1, "heads": {"team": {"seq": "four"}}}');
});
