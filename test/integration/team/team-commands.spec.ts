import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Client } from 'pg';
import { requestBodySha256 } from '../../../main/core/audit/canonical-json';
import { connectTeam } from '../../../main/core/team/client';
import { SCHEMA_VERSION } from '../../../main/core/team/migrate';
import { teamDoctor } from '../../../main/core/team/doctor';
import { beginOperation } from '../../../main/core/team/operations';
import { readRoster } from '../../../main/core/team/roster';
import { runCliInProcess, standInTerminal, type CliRun } from '../../support/in-process-cli';
import { anotherCa } from '../../support/postgres-cluster';
import { dataOf } from '../../support/result';
import { expect, test, type TeamDatabase } from '../../support/team-database';

/**
 * `paydesk team init|migrate|add-person|remove-person|set-groups|set-password`
 * (main/cli/team-commands.ts over
 * main/core/team/people.ts), in-process against a real PostgreSQL cluster over TLS.
 */

const personName = () => `person.${randomBytes(4).toString('hex')}`;
const password = () => `pw-${randomBytes(12).toString('hex')}`;

interface Target {
  database: string;
  ownerRole: { user: string; password: string };
}

/** Runs `paydesk team <command>` against the test's cluster as the given database's owner. */
async function team(
  database: TeamDatabase,
  argv: string[],
  options: {
    stdin?: string;
    terminal?: ReturnType<typeof standInTerminal>;
    target?: Target;
    env?: Record<string, string>;
    port?: number;
    ca?: string;
  } = {},
): Promise<CliRun> {
  const target = options.target ?? database;
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-team-cli-'));
  try {
    const ca = join(folder, 'ca.pem');
    await writeFile(ca, options.ca ?? database.cluster.ca);
    const [command = '', ...rest] = argv;
    return await runCliInProcess(
      [
        'team',
        command,
        ...rest,
        '--host',
        database.cluster.host,
        '--port',
        String(options.port ?? database.cluster.port),
        '--database',
        target.database,
        '--user',
        target.ownerRole.user,
        '--ca',
        ca,
      ],
      {
        env: { PAYDESK_TEAM_PASSWORD: target.ownerRole.password, ...options.env },
        ...(options.stdin !== undefined && { stdin: options.stdin }),
        ...(options.terminal !== undefined && { terminal: options.terminal }),
      },
      {},
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The group roles a role is directly a member of. */
async function groupsOf(client: Client, person: string): Promise<string[]> {
  const { rows } = await client.query<{ rolname: string }>(
    `SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
      WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = $1) ORDER BY 1`,
    [person],
  );
  return rows.map((row) => row.rolname);
}

async function whoAndSsl(client: Client): Promise<unknown> {
  const { rows } = await client.query(
    'SELECT ssl, session_user AS who FROM pg_stat_ssl, session_user WHERE pid = pg_backend_pid()',
  );
  return rows[0];
}

test('init on a fresh database creates the schema and a first admin who connects over TLS', async ({
  team: database,
}) => {
  const fresh = await database.emptyDatabase();
  const admin = personName();
  const secret = password();
  const run = await team(database, ['init', '--admin', admin, '--json'], {
    stdin: `${secret}\n`,
    target: fresh,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({
    schema: { from: 0, to: SCHEMA_VERSION },
    admin: { person: admin, groups: ['admin'] },
  });
  const client = await database.login(admin, secret, fresh.database);
  expect(await whoAndSsl(client)).toEqual({ ssl: true, who: admin });
  expect(await groupsOf(client, admin)).toEqual(['paydesk_admin']);
  const { rows } = await client.query('SELECT max(version) AS version FROM paydesk.schema_version_view');
  expect(rows[0].version).toBe(SCHEMA_VERSION);
});

test('migrate on a migrated database changes nothing and says so', async ({ team: database }) => {
  const run = await team(database, ['migrate', '--json']);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
});

test('add-person: the person connects as themselves and is in exactly the chosen groups', async ({
  team: database,
}) => {
  const person = personName();
  const secret = password();
  const run = await team(database, ['add-person', person, '--groups', 'operator,approver'], {
    stdin: `${secret}\n`,
  });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe(`person: ${person}\ngroups[0]: operator\ngroups[1]: approver\n`);
  const client = await database.login(person, secret);
  expect(await whoAndSsl(client)).toEqual({ ssl: true, who: person });
  expect(await groupsOf(database.admin, person)).toEqual(['paydesk_approver', 'paydesk_operator']);
  // No attribute beyond LOGIN: the person's rights are the groups' and nothing else.
  const { rows } = await database.admin.query(
    'SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = $1',
    [person],
  );
  expect(rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false });
});

test('remove-person: their login is refused, their journal entries and operations remain', async ({
  team: database,
}) => {
  const person = personName();
  const secret = password();
  expect((await team(database, ['add-person', person, '--groups', 'operator'], { stdin: secret })).code).toBe(
    0,
  );
  const desk = await database.login(person, secret);
  const made = dataOf(
    await beginOperation(desk, {
      account: 'merchant-7',
      action: 'refund',
      target: { kind: 'deposit', id: 'dep-1' },
      idempotencyKey: randomUUID(),
      amount: '3.00',
      currency: 'BRL',
      bodySha256: requestBodySha256({ deposit_id: 'dep-1', amount: '3.00' }),
    }),
  );

  const run = await team(database, ['remove-person', person, '--json']);
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({ person, groupsRevoked: ['operator'] });

  // The session that was open keeps its connection but no right: every right came from the groups.
  await expect(desk.query('SELECT count(*) FROM paydesk.journal_view')).rejects.toThrow(/permission denied/);
  const connecting = connectTeam({
    host: database.cluster.host,
    port: database.cluster.port,
    database: database.database,
    user: person,
    password: secret,
    ca: database.cluster.ca,
  });
  await expect(connecting).rejects.toThrow(`role "${person}" is not permitted to log in`);
  expect(await groupsOf(database.admin, person)).toEqual([]);
  const { rows } = await database.owner.query(
    `SELECT (SELECT count(*)::int FROM paydesk.journal WHERE person = $1) AS entries,
            (SELECT made_by FROM paydesk.operations WHERE id = $2) AS made_by,
            (SELECT count(*)::int FROM pg_roles WHERE rolname = $1) AS roles`,
    [person, made.id],
  );
  expect(rows[0]).toEqual({ entries: 1, made_by: person, roles: 1 });
});

test('adding a person who exists is refused, and their password is left as it was', async ({
  team: database,
}) => {
  const person = personName();
  const first = password();
  expect((await team(database, ['add-person', person, '--groups', 'viewer'], { stdin: first })).code).toBe(0);
  const again = await team(database, ['add-person', person, '--groups', 'admin', '--json'], {
    stdin: password(),
  });
  expect(again.code).toBe(1);
  expect(JSON.parse(again.stderr)).toMatchObject({
    error: { kind: 'invalid_state', field: 'person', message: expect.stringContaining('already exists') },
  });
  expect(await groupsOf(database.admin, person)).toEqual(['paydesk_viewer']);
  await database.login(person, first);
});

test('a removed person cannot be added again: a name is never given to a second person', async ({
  team: database,
}) => {
  const person = personName();
  expect(
    (await team(database, ['add-person', person, '--groups', 'viewer'], { stdin: password() })).code,
  ).toBe(0);
  expect((await team(database, ['remove-person', person])).code).toBe(0);
  const again = await team(database, ['add-person', person, '--groups', 'viewer'], { stdin: password() });
  expect(again.stderr).toMatch(/^paydesk: invalid_state: The person .* already exists/);
});

test('removing someone unknown, the owner, or a role that is no Paydesk person is refused', async ({
  team: database,
}) => {
  const unknown = await team(database, ['remove-person', personName()]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(
    /^paydesk: not_found: There is no person person\.[0-9a-f]+ in this team database/,
  );
  await database.admin.query('CREATE ROLE "other.role" LOGIN');
  try {
    const other = await team(database, ['remove-person', 'other.role']);
    expect(other.stderr).toMatch(
      /^paydesk: not_permitted: other\.role is a role of this server but not a Paydesk person/,
    );
    const { rows } = await database.admin.query(
      "SELECT rolcanlogin FROM pg_roles WHERE rolname = 'other.role'",
    );
    expect(rows[0].rolcanlogin).toBe(true);
  } finally {
    await database.admin.query('DROP ROLE "other.role"');
  }
  const owner = await team(database, ['remove-person', database.ownerRole.user]);
  expect(owner.stderr).toMatch(/is the team's owner role, not a person/);
});

test('bad names and groups are refused before any connection or SQL', async ({ team: database }) => {
  const names = [
    'Alice',
    'paydesk_admin',
    'pg_monitor',
    'a"; DROP ROLE x; --',
    `a${'b'.repeat(63)}`,
    '1st',
    '',
  ];
  for (const name of names) {
    // PAYDESK_TEAM_PASSWORD unset: had the name passed, the command would stop at that instead.
    const run = await team(database, ['add-person', name, '--groups', 'viewer'], {
      stdin: password(),
      env: { PAYDESK_TEAM_PASSWORD: '' },
    });
    expect(run.code, name).toBe(2);
    expect(run.stderr, name).toMatch(/^paydesk: validation: person .* cannot be used: .*\[field person\]\n$/);
  }
  const groups = await team(database, ['add-person', personName(), '--groups', 'operator,root'], {
    env: { PAYDESK_TEAM_PASSWORD: '' },
  });
  expect(groups.stderr).toMatch(/^paydesk: validation: --groups "operator,root" cannot be used/);
  const admin = await team(database, ['init', '--admin', 'paydesk_owner'], {
    env: { PAYDESK_TEAM_PASSWORD: '' },
  });
  expect(admin.stderr).toMatch(/^paydesk: validation: --admin "paydesk_owner" cannot be used/);
  const { rows } = await database.admin.query(
    "SELECT count(*)::int AS n FROM pg_roles WHERE rolname ~ '^(a|Alice|1st)'",
  );
  expect(rows[0].n).toBe(0);
});

test("the person's password reaches neither the server's log nor the command line", async ({
  team: database,
}) => {
  // Every statement of this database is logged from here on: the CREATE ROLE would show a cleartext password.
  await database.admin.query(`ALTER DATABASE "${database.database}" SET log_statement = 'all'`);
  const person = personName();
  const secret = password();
  const argv = ['add-person', person, '--groups', 'viewer'];
  const run = await team(database, argv, { stdin: secret });
  expect(run.code).toBe(0);
  await database.login(person, secret);
  const log = await readFile(database.cluster.logFile, 'utf8');
  expect(log).toContain(`CREATE ROLE "${person}" LOGIN PASSWORD 'SCRAM-SHA-256$4096:`);
  expect(log).not.toContain(secret);
  // No option takes a password: one given on the command line is refused, and nothing is made.
  const onArgv = await team(database, [
    'add-person',
    personName(),
    '--groups',
    'viewer',
    '--password',
    secret,
  ]);
  expect(onArgv.code).toBe(2);
  expect(onArgv.stderr).toBe("paydesk: validation: unknown option '--password'\n");
});

test('no owner password, an empty password, or a server that is not there: said plainly', async ({
  team: database,
}) => {
  const missing = await team(database, ['migrate'], { env: { PAYDESK_TEAM_PASSWORD: '' } });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(
    /^paydesk: credentials_missing: Set PAYDESK_TEAM_PASSWORD to the password of owner_/,
  );
  const empty = await team(database, ['add-person', personName(), '--groups', 'viewer'], { stdin: '\n' });
  expect(empty.stderr).toMatch(/^paydesk: validation: stdin: empty/);
  const short = await team(database, ['add-person', personName(), '--groups', 'viewer'], { stdin: 'short' });
  expect(short.stderr).toMatch(
    /^paydesk: validation: The password cannot be used: a password is at least 12 characters/,
  );
  const wrong = await team(database, ['migrate'], { env: { PAYDESK_TEAM_PASSWORD: 'not-the-password' } });
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toMatch(
    /^paydesk: auth: The team database at 127\.0\.0\.1:\d+\/team_\w+ refused owner_/,
  );
});

test('a server that is not there, or whose certificate another CA signed, is refused before any SQL', async ({
  team: database,
}) => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const unreachable = await team(database, ['migrate'], { port });
  expect(unreachable.code).toBe(3);
  expect(unreachable.stderr).toMatch(
    /^paydesk: network: The team database at 127\.0\.0\.1:\d+\/\S+ cannot be reached \(ECONNREFUSED\)/,
  );

  const refused = await team(database, ['migrate'], { ca: await anotherCa() });
  expect(refused.code).toBe(3);
  expect(refused.stderr).toMatch(
    /^paydesk: tls: The team database at .* was refused over TLS \(\w+\): its certificate must be signed by the team's CA/,
  );
});

test('doctor: a person sees TLS, who they are, their groups and a schema that fits', async ({
  team: database,
}) => {
  const person = personName();
  const secret = password();
  expect((await team(database, ['add-person', person, '--groups', 'operator'], { stdin: secret })).code).toBe(
    0,
  );
  const asPerson = { database: database.database, ownerRole: { user: person, password: secret } };
  const run = await team(database, ['doctor', '--json'], { target: asPerson });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({
    tls: { on: true, version: expect.stringMatching(/^TLSv1\.[23]$/), cipher: expect.any(String) },
    role: person,
    owner: false,
    groups: ['operator'],
    schema: { found: SCHEMA_VERSION, expected: SCHEMA_VERSION, verdict: 'ok' },
    advice: [],
  });

  // A schema newer than this code: the desk must be updated, and the doctor says so (exit 1).
  await database.owner.query("INSERT INTO paydesk.schema_version (version, name) VALUES ($1, 'later')", [
    SCHEMA_VERSION + 1,
  ]);
  const newer = await team(database, ['doctor'], { target: asPerson });
  expect(newer.code).toBe(1);
  expect(newer.stdout).toContain('schema.verdict: update_paydesk\n');
  expect(newer.stdout).toContain('update Paydesk on this desk');
});

test('doctor: an unmigrated database, and a role in no group, each get their advice and exit 1', async ({
  team: database,
}) => {
  const fresh = await database.emptyDatabase();
  const owner = await team(database, ['doctor', '--json'], { target: fresh });
  expect(owner.code).toBe(1);
  expect(JSON.parse(owner.stdout)).toMatchObject({
    role: fresh.ownerRole.user,
    owner: true,
    groups: [],
    schema: { found: 0, verdict: 'owner_must_migrate' },
    advice: [expect.stringContaining('the owner runs paydesk team migrate')],
  });

  const outsider = personName();
  const secret = password();
  await database.admin.query(`CREATE ROLE "${outsider}" LOGIN PASSWORD '${secret}'`);
  const run = await team(database, ['doctor', '--json'], {
    target: { database: database.database, ownerRole: { user: outsider, password: secret } },
  });
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout)).toMatchObject({
    owner: false,
    groups: [],
    schema: { found: null, verdict: 'unreadable' },
    advice: [`${outsider} is in no team group: the owner adds people with paydesk team add-person.`],
  });
});

test('at a terminal the new password is asked with the typing hidden, and never echoed', async ({
  team: database,
}) => {
  const person = personName();
  const secret = password();
  const terminal = standInTerminal([secret.slice(0, 5), `${secret.slice(5)}\r`]);
  const run = await team(database, ['add-person', person, '--groups', 'viewer'], { terminal });
  expect(run.code).toBe(0);
  expect(terminal.modes).toEqual([true, false]);
  expect(run.stderr).toBe(`Password for ${person} (hidden as you type; Enter to set it): \n`);
  expect(run.stdout).not.toContain(secret.slice(0, 5));
  await database.login(person, secret);
});

test('set-groups: the person is then directly in exactly those groups, as doctor and the roster show', async ({
  team: database,
}) => {
  const person = personName();
  const secret = password();
  expect(
    (await team(database, ['add-person', person, '--groups', 'viewer,operator'], { stdin: secret })).code,
  ).toBe(0);
  const desk = await database.login(person, secret);

  const run = await team(database, ['set-groups', person, '--groups', 'operator,approver', '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({
    person,
    groups: ['operator', 'approver'],
    granted: ['approver'],
    revoked: ['viewer'],
  });
  expect(await groupsOf(database.admin, person)).toEqual(['paydesk_approver', 'paydesk_operator']);
  // The session already open sees its new groups at once: rights come only from the groups.
  expect(dataOf(await teamDoctor(desk)).groups).toEqual(['approver', 'operator']);
  const roster = dataOf(await readRoster(desk));
  expect(roster.people.find((entry) => entry.person === person)).toMatchObject({
    groups: ['approver', 'operator'],
    canLogin: true,
    isYou: true,
  });

  // Down to viewer only: the operator's functions are refused from the next statement on.
  expect((await team(database, ['set-groups', person, '--groups', 'viewer'])).code).toBe(0);
  expect(await groupsOf(database.admin, person)).toEqual(['paydesk_viewer']);
  await expect(
    beginOperation(desk, {
      account: 'merchant-7',
      action: 'refund',
      target: { kind: 'deposit', id: 'dep-2' },
      idempotencyKey: randomUUID(),
      amount: '1.00',
      currency: 'BRL',
      bodySha256: requestBodySha256({ deposit_id: 'dep-2', amount: '1.00' }),
    }),
  ).resolves.toMatchObject({ ok: false, error: { kind: 'not_permitted' } });
  const same = await team(database, ['set-groups', person, '--groups', 'viewer', '--json']);
  expect(JSON.parse(same.stdout)).toMatchObject({ granted: [], revoked: [] });
});

test('set-groups refuses a removed person, the owner, an unknown name, bad names and no group', async ({
  team: database,
}) => {
  const person = personName();
  expect(
    (await team(database, ['add-person', person, '--groups', 'viewer'], { stdin: password() })).code,
  ).toBe(0);
  expect((await team(database, ['remove-person', person])).code).toBe(0);
  const removed = await team(database, ['set-groups', person, '--groups', 'admin']);
  expect(removed.code).toBe(1);
  expect(removed.stderr).toMatch(/^paydesk: invalid_state: person\.\w+ was removed \(may not log in\)/);
  expect(await groupsOf(database.admin, person)).toEqual([]);

  const owner = await team(database, ['set-groups', database.ownerRole.user, '--groups', 'admin']);
  expect(owner.stderr).toMatch(/is the team's owner role, not a person/);
  const unknown = await team(database, ['set-groups', personName(), '--groups', 'viewer']);
  expect(unknown.stderr).toMatch(/^paydesk: not_found: There is no person/);
  for (const [name, groups, field] of [
    ['paydesk_admin', 'viewer', 'person'],
    [personName(), 'root', '--groups'],
    [personName(), '', '--groups'],
  ] as const) {
    const run = await team(database, ['set-groups', name, '--groups', groups], {
      env: { PAYDESK_TEAM_PASSWORD: '' },
    });
    expect(run.code, `${name} ${groups}`).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^paydesk: validation: ${field} .* cannot be used`));
  }
});

test('set-password: the new password logs in, the old does not, and only its verifier reaches the log', async ({
  team: database,
}) => {
  await database.admin.query(`ALTER DATABASE "${database.database}" SET log_statement = 'all'`);
  const person = personName();
  const first = password();
  expect((await team(database, ['add-person', person, '--groups', 'viewer'], { stdin: first })).code).toBe(0);
  const open = await database.login(person, first);

  const second = password();
  const run = await team(database, ['set-password', person, '--json'], { stdin: `${second}\n` });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({ person });
  await database.login(person, second);
  await expect(database.login(person, first)).rejects.toThrow(/password authentication failed/);
  // A session open before keeps working: PostgreSQL checks a password only at login.
  await open.query('SELECT 1');
  const log = await readFile(database.cluster.logFile, 'utf8');
  expect(log).toContain(`ALTER ROLE "${person}" PASSWORD 'SCRAM-SHA-256$4096:`);
  expect(log).not.toContain(second);

  const terminal = standInTerminal([`${first}\r`]);
  const typed = await team(database, ['set-password', person], { terminal });
  expect(typed.code).toBe(0);
  expect(typed.stderr).toBe(`Password for ${person} (hidden as you type; Enter to set it): \n`);
  await database.login(person, first);

  const short = await team(database, ['set-password', person], { stdin: 'short' });
  expect(short.stderr).toMatch(/^paydesk: validation: The password cannot be used/);
  expect((await team(database, ['remove-person', person])).code).toBe(0);
  const removed = await team(database, ['set-password', person], { stdin: password() });
  expect(removed.stderr).toMatch(/^paydesk: invalid_state: person\.\w+ was removed/);
  const onArgv = await team(database, ['set-password', person, '--password', second]);
  expect(onArgv.stderr).toBe("paydesk: validation: unknown option '--password'\n");
});
