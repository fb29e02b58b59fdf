import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ANCHOR_FILE } from '../../../main/core/audit';
import { dataPaths } from '../../../main/core/data-dir';
import { SCHEMA_VERSION } from '../../../main/core/team/migrate';
import { standInTerminal } from '../../support/in-process-cli';
import { anotherCa } from '../../support/postgres-cluster';
import { dataOf } from '../../support/result';
import { makeCliDesk, type CliDesk } from '../../support/team-desk';
import { sendJson, startDouble, type ServiceDouble } from '../../unit/payments/http-double';
import { expect, test as base, type TeamDatabase } from '../../support/team-database';

/**
 * `paydesk team join|leave|status` (main/cli/team-commands.ts over main/core/team/membership.ts):
 * a desk's environment joins a real PostgreSQL team database over TLS, its password in a keychain
 * (the memory backend, shared by the commands of one test as the OS keychain would be).
 */

const SERVICE = 'paydesk-test-team-join';

interface Desk extends CliDesk {
  /** The profile's service: a double that loses the answer of any cancel. */
  service: ServiceDouble;
}

const test = base.extend<{ desk: Desk }>({
  desk: async ({ team: database }, use) => {
    const service = await startDouble((request, response) => {
      if (request.method === 'DELETE') {
        response.socket?.destroy();
        return;
      }
      sendJson(response, 200, { cashout_status: 0, cashout_status_description: 'Pending' });
    });
    const desk = await makeCliDesk(database, service, SERVICE);
    await use({ ...desk, service });
    await service.close();
    await desk.remove();
  },
});

/** A person of the team database: a LOGIN role in the operator group, with a password of its own. */
async function person(
  database: TeamDatabase,
  options: { login?: boolean } = {},
): Promise<{ name: string; password: string }> {
  const name = `person_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  await database.admin.query(
    `CREATE ROLE "${name}" ${options.login === false ? 'NOLOGIN' : 'LOGIN'} PASSWORD '${password}'`,
  );
  await database.admin.query(`GRANT paydesk_operator TO "${name}"`);
  return { name, password };
}

/** The profile as settings.json keeps it. */
async function storedProfile(desk: Desk): Promise<Record<string, unknown>> {
  const document = JSON.parse(await desk.settings()) as { environments: Array<Record<string, unknown>> };
  const profile = document.environments.find((env) => env.id === desk.environmentId);
  if (!profile) throw new Error(`no profile ${desk.environmentId} in settings.json`);
  return profile;
}

async function expectNothingJoined(desk: Desk, password: string): Promise<void> {
  expect(await storedProfile(desk)).not.toHaveProperty('team');
  expect(await desk.keychainText()).not.toContain('teamPassword');
  expect(await desk.keychainText()).not.toContain(password);
}

test('join keeps the team in the profile and the password in the keychain; status shows it, no secret anywhere', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  const joined = await desk.join(name, password);
  expect(joined.stderr).toBe('');
  expect(joined.code).toBe(0);
  expect(JSON.parse(joined.stdout)).toEqual({
    environmentId: desk.environmentId,
    team: {
      host: database.cluster.host,
      port: database.cluster.port,
      database: database.database,
      person: name,
      joinedAt: expect.any(String),
      localJournalHead: null,
      caFingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    },
    groups: ['operator'],
  });

  expect((await storedProfile(desk)).team).toEqual({
    host: database.cluster.host,
    port: database.cluster.port,
    database: database.database,
    person: name,
    ca: database.cluster.ca,
    joinedAt: expect.any(String),
    localJournalHead: null,
  });
  const entries = dataOf(await desk.keychain.list(SERVICE));
  const teamEntry = entries.find((entry) => entry.account === `${desk.environmentId}/teamPassword`);
  expect(JSON.parse(teamEntry?.value ?? '{}')).toMatchObject({ secret: password });

  const status = await desk.paydesk(['--env', desk.environmentId, 'team', 'status', '--json']);
  expect(status.stderr).toBe('');
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({
    environmentId: desk.environmentId,
    team: { person: name, database: database.database },
    reachable: true,
    doctor: {
      tls: { on: true },
      role: name,
      groups: ['operator'],
      schema: { verdict: 'ok', found: SCHEMA_VERSION },
      advice: [],
    },
  });
  const human = await desk.paydesk(['--env', desk.environmentId, 'team', 'status']);
  expect(human.stdout).toContain(`team.person: ${name}\n`);

  // The env commands show the profile as before: the team is read through `team status`.
  const list = await desk.paydesk(['env', 'list', '--json']);
  expect(list.stdout).not.toContain('team');
  for (const run of [joined, status, human, list]) {
    expect(run.stdout + run.stderr).not.toContain(password);
  }
  expect(await desk.settings()).not.toContain(password);

  // Joined once: a second join is refused, under the settings lock, and the first stays as it was.
  const first = (await storedProfile(desk)).team;
  const again = await desk.join(name, password);
  expect(again.code).toBe(1);
  expect(JSON.parse(again.stderr)).toMatchObject({
    error: { kind: 'invalid_state', message: expect.stringContaining('is already in the team at') },
  });
  expect((await storedProfile(desk)).team).toEqual(first);
});

test('an unknown outcome in the local journal keeps the desk out until it is settled', async ({
  team: database,
  desk,
}) => {
  const lost = await desk.paydesk([
    '--env',
    desk.environmentId,
    'cashouts',
    'cancel',
    '--cashout-id',
    '1',
    '--external-id',
    'a',
    '--yes',
    '--json',
  ]);
  expect(lost.code).toBe(3);
  expect(JSON.parse(lost.stderr)).toMatchObject({ error: { kind: 'outcome_unknown' } });

  const { name, password } = await person(database);
  const refused = await desk.join(name, password);
  expect(refused.code).toBe(4);
  expect(JSON.parse(refused.stderr)).toEqual({
    error: {
      kind: 'intent_unresolved',
      message: expect.stringMatching(
        /has 1 payment action whose outcome is unknown .*paydesk audit unresolved, then paydesk audit reread, retry or settle/,
      ),
    },
  });
  await expectNothingJoined(desk, password);

  const open = JSON.parse((await desk.paydesk(['audit', 'unresolved', '--json'])).stdout) as Array<{
    intentId: string;
  }>;
  expect(open).toHaveLength(1);
  const settled = await desk.paydesk([
    'audit',
    'settle',
    open[0]?.intentId ?? '',
    '--verdict',
    'did-not-happen',
    '--note',
    'checked in the merchant panel',
  ]);
  expect(settled.code).toBe(0);

  // A journal that does not verify has no end to record: without its anchor, lines cut off the
  // end cannot be ruled out.
  const anchor = join(dataPaths(desk.dataDir).audit, ANCHOR_FILE);
  const kept = await readFile(anchor);
  await rm(anchor);
  const unverified = await desk.join(name, password);
  expect(JSON.parse(unverified.stderr)).toMatchObject({
    error: { kind: 'invalid_state', message: expect.stringContaining("This desk's journal does not verify") },
  });
  await expectNothingJoined(desk, password);
  await writeFile(anchor, kept);

  const joined = await desk.join(name, password);
  expect(joined.stderr).toBe('');
  // Where this desk's own history ends: the journal's head as its verify reports it.
  const verified = JSON.parse((await desk.paydesk(['audit', 'verify', '--json'])).stdout) as {
    headHash: string;
    entries: number;
  };
  expect(verified.entries).toBeGreaterThan(1);
  expect((await storedProfile(desk)).team).toMatchObject({
    localJournalHead: { seq: verified.entries, hash: verified.headHash },
  });
});

test('a wrong CA, a person who may not log in, and a newer schema: refused, nothing kept', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  const otherCa = await desk.join(name, password, { ca: await anotherCa() });
  expect(otherCa.code).toBe(3);
  expect(JSON.parse(otherCa.stderr)).toMatchObject({
    error: { kind: 'tls', message: expect.stringContaining("must be signed by the team's CA") },
  });
  await expectNothingJoined(desk, password);

  const removed = await person(database, { login: false });
  const noLogin = await desk.join(removed.name, removed.password);
  expect(noLogin.code).toBe(1);
  expect(JSON.parse(noLogin.stderr)).toMatchObject({
    error: { kind: 'auth', message: expect.stringContaining('is not permitted to log in') },
  });
  await expectNothingJoined(desk, removed.password);

  await database.owner.query("INSERT INTO paydesk.schema_version (version, name) VALUES ($1, 'later')", [
    SCHEMA_VERSION + 1,
  ]);
  const newer = await desk.join(name, password);
  expect(newer.code).toBe(1);
  expect(JSON.parse(newer.stderr)).toMatchObject({
    error: {
      kind: 'invalid_state',
      message: expect.stringContaining('newer than this Paydesk knows'),
    },
  });
  await expectNothingJoined(desk, password);
});

test('the owner role, a role in no group, and the local sandbox do not join', async ({
  team: database,
  desk,
}) => {
  const owner = await desk.join(database.ownerRole.user, database.ownerRole.password);
  expect(owner.code).toBe(2);
  expect(JSON.parse(owner.stderr)).toMatchObject({
    error: { kind: 'not_permitted', message: expect.stringContaining('owns the team database') },
  });
  await expectNothingJoined(desk, database.ownerRole.password);

  const outsider = await person(database);
  await database.admin.query(`REVOKE paydesk_operator FROM "${outsider.name}"`);
  const noGroup = await desk.join(outsider.name, outsider.password);
  expect(JSON.parse(noGroup.stderr)).toMatchObject({
    error: { kind: 'invalid_state', message: expect.stringContaining('is in no team group') },
  });
  await expectNothingJoined(desk, outsider.password);

  const { name, password } = await person(database);
  const sandbox = await desk.join(name, password, { env: 'local-sandbox' });
  expect(JSON.parse(sandbox.stderr)).toMatchObject({
    error: {
      kind: 'not_permitted',
      message: expect.stringContaining("The local sandbox is this desk's alone"),
    },
  });
  expect(await desk.keychainText()).not.toContain('teamPassword');
});

test('leave takes the team out of the settings and its password out of the keychain', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  expect((await desk.join(name, password)).code).toBe(0);
  const left = await desk.paydesk(['--env', desk.environmentId, 'team', 'leave', '--json']);
  expect(left.stderr).toBe('');
  expect(JSON.parse(left.stdout)).toMatchObject({
    environmentId: desk.environmentId,
    left: { person: name },
    passwordRemoved: true,
  });
  await expectNothingJoined(desk, password);
  const status = await desk.paydesk(['--env', desk.environmentId, 'team', 'status', '--json']);
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout)).toEqual({ environmentId: desk.environmentId, team: null });
  // Left, the desk may join again.
  expect((await desk.join(name, password)).code).toBe(0);
});

test('status says an unreachable database plainly, and a production desk leaves only with its name', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  const production = JSON.parse(
    (
      await desk.paydesk([
        'env',
        'add',
        '--name',
        'Live desk',
        '--kind',
        'production',
        '--base-url',
        'https://api.pay.example',
        '--json',
      ])
    ).stdout,
  ) as { id: string };
  expect((await desk.join(name, password, { env: production.id })).code).toBe(0);

  await database.admin.query(`ALTER ROLE "${name}" NOLOGIN`);
  const status = await desk.paydesk(['--env', production.id, 'team', 'status', '--json']);
  expect(status.code).toBe(1);
  expect(JSON.parse(status.stdout)).toMatchObject({
    team: { person: name },
    reachable: false,
    error: { kind: 'auth' },
  });

  const unconfirmed = await desk.paydesk(['--env', production.id, 'team', 'leave']);
  expect(unconfirmed.code).toBe(2);
  expect(unconfirmed.stderr).toMatch(
    /is a production environment and did not leave its team.*--confirm-name/,
  );
  expect((await storedProfile({ ...desk, environmentId: production.id })).team).toMatchObject({
    person: name,
  });
  const confirmed = await desk.paydesk([
    '--env',
    production.id,
    'team',
    'leave',
    '--confirm-name',
    'Live desk',
  ]);
  expect(confirmed.code).toBe(0);
  expect(await desk.keychainText()).not.toContain('teamPassword');
});

test('at a terminal the password is asked with the typing hidden; PAYDESK_TEAM_PASSWORD serves too', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  const terminal = standInTerminal([password.slice(0, 6), `${password.slice(6)}\r`]);
  const typed = await desk.join(name, 'unused', { terminal });
  expect(typed.code).toBe(0);
  expect(terminal.modes).toEqual([true, false]);
  expect(typed.stderr).toBe(`Password for ${name} (hidden as you type; Enter to join): \n`);
  expect(typed.stdout).not.toContain(password.slice(0, 6));
  expect((await desk.paydesk(['--env', desk.environmentId, 'team', 'leave'])).code).toBe(0);

  const fromVariable = await desk.join(name, 'unused', { variables: { PAYDESK_TEAM_PASSWORD: password } });
  expect(fromVariable.stderr).toBe('');
  expect(fromVariable.code).toBe(0);
  const entries = dataOf(await desk.keychain.list(SERVICE));
  expect(entries.find((entry) => entry.account.endsWith('/teamPassword'))?.value).toContain(password);
});

/** The team password this desk's keychain holds for the profile. */
async function keptPassword(desk: Desk): Promise<string | undefined> {
  const entries = dataOf(await desk.keychain.list(SERVICE));
  const entry = entries.find((found) => found.account === `${desk.environmentId}/teamPassword`);
  return entry === undefined ? undefined : (JSON.parse(entry.value) as { secret: string }).secret;
}

test('team password: the person changes their own, in the database then the keychain; only the verifier is logged', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  expect((await desk.join(name, password)).code).toBe(0);
  await database.admin.query(`ALTER DATABASE "${database.database}" SET log_statement = 'all'`);

  const renewed = `new-${randomBytes(12).toString('hex')}`;
  const run = await desk.paydesk(['--env', desk.environmentId, 'team', 'password', '--json'], {
    stdin: `${renewed}\n`,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({ environmentId: desk.environmentId, person: name });
  expect(await keptPassword(desk)).toBe(renewed);
  await database.login(name, renewed);
  await expect(database.login(name, password)).rejects.toThrow(/password authentication failed/);
  const status = await desk.paydesk(['--env', desk.environmentId, 'team', 'status', '--json']);
  expect(JSON.parse(status.stdout)).toMatchObject({ reachable: true, doctor: { role: name, advice: [] } });
  const log = await readFile(database.cluster.logFile, 'utf8');
  expect(log).toContain("ALTER ROLE SESSION_USER PASSWORD 'SCRAM-SHA-256$4096:");
  expect(log).not.toContain(renewed);
  expect(await desk.settings()).not.toContain(renewed);

  // At a terminal it is asked twice; two that differ change nothing.
  const other = `other-${randomBytes(12).toString('hex')}`;
  const differ = standInTerminal([`${other}\r`, `${other}x\r`]);
  const refused = await desk.paydesk(['--env', desk.environmentId, 'team', 'password'], { terminal: differ });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe(
    `New password for ${name} (hidden as you type; Enter to go on): \nThe same again (Enter to change it): \n` +
      'paydesk: validation: The two passwords typed differ: nothing was changed. [field password]\n',
  );
  expect(await keptPassword(desk)).toBe(renewed);
  // Typed ahead in one go, both lines still count.
  const twice = standInTerminal([`${other}\r${other}\r`]);
  const typed = await desk.paydesk(['--env', desk.environmentId, 'team', 'password'], { terminal: twice });
  expect(typed.code).toBe(0);
  expect(twice.modes).toEqual([true, false]);
  expect(typed.stdout + typed.stderr).not.toContain(other);
  expect(await keptPassword(desk)).toBe(other);
  await database.login(name, other);

  const short = await desk.paydesk(['--env', desk.environmentId, 'team', 'password'], { stdin: 'short\n' });
  expect(short.stderr).toMatch(/^paydesk: validation: The password cannot be used/);
  const notJoined = await desk.paydesk(['--env', 'local-sandbox', 'team', 'password'], { stdin: other });
  expect(notJoined.stderr).toMatch(/^paydesk: invalid_state: local-sandbox is in no team/);
});

test('team password: a keychain that cannot keep the new one is said plainly, with the way back', async ({
  team: database,
  desk,
}) => {
  const { name, password } = await person(database);
  expect((await desk.join(name, password)).code).toBe(0);
  const renewed = `new-${randomBytes(12).toString('hex')}`;
  desk.keychainFailing.writes = true;
  const run = await desk.paydesk(['--env', desk.environmentId, 'team', 'password'], { stdin: renewed });
  desk.keychainFailing.writes = false;
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    `paydesk: keychain_unavailable: The team database now takes the new password of ${name}, but this desk could not keep it: The keychain is locked.`,
  );
  expect(run.stderr).toContain(
    `run paydesk team leave --env ${desk.environmentId}, then paydesk team join --env ${desk.environmentId} --person ${name}`,
  );
  expect(run.stderr).not.toContain(renewed);
  // Exactly as said: the database takes the new one, the keychain still has the old.
  await database.login(name, renewed);
  expect(await keptPassword(desk)).toBe(password);
  expect((await desk.paydesk(['--env', desk.environmentId, 'team', 'leave'])).code).toBe(0);
  expect((await desk.join(name, renewed)).code).toBe(0);
});
