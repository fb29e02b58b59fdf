import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beginOperation, recordOutcome } from '../../../main/core/team/operations';
import { WITNESS_FILE } from '../../../main/core/team/witness';
import { dataOf } from '../../support/result';
import { makeCliDesk, type CliDesk } from '../../support/team-desk';
import { teamCashoutCancel, teamRefund } from '../../support/team-operations';
import { sendJson, startDouble } from '../../unit/payments/http-double';
import { expect, test as base, type TeamDatabase } from '../../support/team-database';

/**
 * `paydesk audit export --team --jsonl` and `paydesk audit verify --file` (main/cli/audit-commands.ts
 * over main/core/team/export.ts): a desk joined to a real PostgreSQL team database exports the
 * team's journal, and the file is verified with no database at all; each way of changing the file
 * is named at its line.
 */

const SERVICE = 'paydesk-test-team-export';

/** A desk whose testing profile joined the test's team as an operator. */
interface JoinedDesk extends CliDesk {
  person: string;
}

const test = base.extend<{ desk: JoinedDesk }>({
  desk: async ({ team: database }, use) => {
    const service = await startDouble((_request, response) => sendJson(response, 200, {}));
    const desk = await makeCliDesk(database, service, SERVICE);
    const { person, password } = await database.desk(['paydesk_operator']);
    const joined = await desk.join(person, await password());
    expect(joined.stderr).toBe('');
    await use({ ...desk, person });
    await service.close();
    await desk.remove();
  },
});

/** Two desks begin operations and record their outcomes: 8 journal entries. */
async function twoDesksAtWork(database: TeamDatabase): Promise<void> {
  const desks = [await database.desk(['paydesk_operator']), await database.desk(['paydesk_operator'])];
  for (const [index, { client }] of desks.entries()) {
    for (const input of [teamRefund(`dep-${index}`, '10.00'), teamCashoutCancel(`co-${index}`)]) {
      const begun = dataOf(await beginOperation(client, input));
      dataOf(
        await recordOutcome(client, {
          operationId: begun.id,
          outcome: index === 0 ? 'ok' : 'error',
          httpStatus: index === 0 ? 200 : 400,
          serviceCode: null,
        }),
      );
    }
  }
}

/** `audit export --team --jsonl` at the desk's profile, with these options too. */
const exportTeam = (desk: JoinedDesk, ...options: string[]) =>
  desk.paydesk(['--env', desk.environmentId, 'audit', 'export', '--team', '--jsonl', ...options]);

async function exported(desk: JoinedDesk, file: string): Promise<string[]> {
  const run = await exportTeam(desk, '--out', file);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return (await readFile(file, 'utf8')).split(/(?<=\n)/);
}

/** `audit verify --file`, run with no data folder a desk ever used: no profile, no database. */
async function verifyFile(desk: JoinedDesk, file: string, lines?: string[]) {
  if (lines) await writeFile(file, lines.join(''));
  const run = await desk.paydesk(['audit', 'verify', '--file', file, '--json'], {
    env: { PAYDESK_DATA_DIR: join(desk.dataDir, 'an-auditor') },
  });
  return { code: run.code, report: JSON.parse(run.stdout) as Record<string, unknown>, stderr: run.stderr };
}

test("an export of two desks' work verifies from the file alone; each change to it is named by line", async ({
  team: database,
  desk,
}) => {
  await twoDesksAtWork(database);
  const file = join(desk.dataDir, 'team-journal.jsonl');
  const lines = await exported(desk, file);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const head = (await database.admin.query('SELECT seq::int AS seq, hash FROM paydesk.journal_head')).rows[0];
  expect(head.seq).toBe(8);
  expect(lines).toHaveLength(9);
  expect(JSON.parse(lines[0] ?? '')).toEqual({
    format: 'paydesk-team-journal',
    version: 1,
    team: { host: database.cluster.host, port: database.cluster.port, database: database.database },
    head: { seq: 8, hash: head.hash },
    exportedAt: expect.any(String),
    exportedBy: desk.person,
  });
  // The entry text exactly as the database keeps it, so its hash is recomputed from the file.
  const stored = (await database.admin.query('SELECT entry FROM paydesk.journal WHERE seq = 3')).rows[0];
  expect(JSON.parse(lines[3] ?? '')).toMatchObject({ seq: 3, entry: stored.entry });
  // Exporting verified the journal as this desk's verify does: the head it saw is kept.
  const witnessed = JSON.parse(await readFile(join(desk.dataDir, WITNESS_FILE), 'utf8'));
  expect(Object.values(witnessed.heads)).toEqual([{ seq: 8, hash: head.hash, seenAt: expect.any(String) }]);

  expect(await verifyFile(desk, file)).toEqual({
    code: 0,
    stderr: '',
    report: expect.objectContaining({ format: 'team-export', ok: true, entries: 8, headHash: head.hash }),
  });
  const human = await desk.paydesk(['audit', 'verify', '--file', file]);
  expect(human.stdout).toBe(
    `journal ok: 8 entries, head hash ${head.hash}\nfile: team journal export of ${database.cluster.host}:${database.cluster.port}/${database.database}, exported ${JSON.parse(lines[0] ?? '').exportedAt} by ${desk.person}; its header names entry 8, hash ${head.hash}\n`,
  );

  const copy = join(desk.dataDir, 'changed.jsonl');
  const edited = [...lines];
  edited[5] = (lines[5] ?? '').replace('operation_', 'Operation_');
  const swapped = [...lines];
  [swapped[4], swapped[5]] = [lines[5] ?? '', lines[4] ?? ''];
  const cases: Array<[string, string[], { line: number; kind: string }]> = [
    ['an edited entry', edited, { line: 6, kind: 'tampered' }],
    ['a deleted line', lines.filter((_, index) => index !== 5), { line: 6, kind: 'bad_sequence' }],
    ['two swapped lines', swapped, { line: 5, kind: 'bad_sequence' }],
    ['the last line cut off', lines.slice(0, -1), { line: 9, kind: 'truncated' }],
  ];
  for (const [what, changed, problem] of cases) {
    const verified = await verifyFile(desk, copy, changed);
    expect(verified.code, what).toBe(1);
    expect(verified.report, what).toMatchObject({ ok: false, firstProblem: problem });
    expect(JSON.parse(verified.stderr), what).toMatchObject({
      error: {
        kind: 'storage',
        message: expect.stringContaining(`is broken at line ${problem.line} (${problem.kind})`),
      },
    });
  }
});

test('a team journal that does not verify is not exported: the first problem is named, no file made', async ({
  team: database,
  desk,
}) => {
  await twoDesksAtWork(database);
  await database.admin.query('ALTER TABLE paydesk.journal DISABLE TRIGGER USER');
  await database.admin.query(
    `UPDATE paydesk.journal SET entry = replace(entry, '"error"', '"ok"') WHERE seq = 6`,
  );
  await database.admin.query('ALTER TABLE paydesk.journal ENABLE TRIGGER USER');
  const file = join(desk.dataDir, 'team-journal.jsonl');
  const run = await exportTeam(desk, '--out', file, '--json');
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stderr)).toEqual({
    error: {
      kind: 'invalid_state',
      message: expect.stringMatching(
        /^The team journal does not verify, so it was not exported: Entry 6 does not match its own hash/,
      ),
    },
  });
  await expect(stat(file)).rejects.toThrow(/ENOENT/);
  // Nor on stdout: not a line of a broken journal leaves the desk.
  const toStdout = await exportTeam(desk, '--json');
  expect(toStdout.code).toBe(1);
  expect(toStdout.stdout).toBe('');
});

test('audit verify --team checks the chain in the database and the head this desk saw', async ({
  team: database,
  desk,
}) => {
  await twoDesksAtWork(database);
  const verify = () => desk.paydesk(['--env', desk.environmentId, 'audit', 'verify', '--team', '--json']);
  const sound = await verify();
  expect(sound.stderr).toBe('');
  expect(JSON.parse(sound.stdout)).toMatchObject({ ok: true, entries: 8 });
  // The owner rewrites an entry the desk has seen, head and all, so the chain verifies on its own.
  await database.admin.query('ALTER TABLE paydesk.journal DISABLE TRIGGER USER');
  await database.admin.query(
    `UPDATE paydesk.journal SET entry = replace(entry, '"error"', '"ok"') WHERE seq = 6`,
  );
  await database.admin.query('ALTER TABLE paydesk.journal ENABLE TRIGGER USER');
  const broken = await verify();
  expect(broken.code).toBe(1);
  expect(JSON.parse(broken.stderr).error.message).toMatch(/^The team journal does not verify at entry 6/);
  expect((await desk.paydesk(['audit', 'verify', '--team', '--file', 'x'])).code).toBe(2);
});

test('a profile in no team, and flags that do not go together, are refused before anything is read', async ({
  desk,
}) => {
  const left = await desk.paydesk(['--env', desk.environmentId, 'team', 'leave']);
  expect(left.code).toBe(0);
  const notInTeam = await exportTeam(desk, '--json');
  expect(notInTeam.code).toBe(1);
  expect(JSON.parse(notInTeam.stderr)).toEqual({
    error: {
      kind: 'invalid_state',
      message: `${desk.environmentId} is in no team: paydesk team join --env ${desk.environmentId} joins one (paydesk team status shows a profile's team).`,
    },
  });
  for (const [argv, field] of [
    [['--team'], '--team'],
    [['--jsonl'], '--jsonl'],
    [['--team', '--jsonl', '--csv'], '--csv'],
    [['--team', '--jsonl', '--from', '2026-01-01T00:00:00Z'], '--from'],
    [[], '--csv'],
  ] as const) {
    const run = await desk.paydesk(['audit', 'export', ...argv, '--json']);
    expect(run.code, argv.join(' ')).toBe(2);
    expect(JSON.parse(run.stderr), argv.join(' ')).toMatchObject({ error: { kind: 'validation', field } });
  }
});
