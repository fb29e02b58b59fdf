import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNELS, type TeamStatusView } from '../../../shared/contract';
import { createConsoleRuntime, createDispatcher, type ConsoleRuntime } from '../../../main/core/console';
import { addPerson, removePerson } from '../../../main/core/team/people';
import { readRoster } from '../../../main/core/team/roster';
import { createMemoryBackend } from '../../../main/core/vault';
import { dataOf } from '../../support/result';
import { expect, test as base, type TeamDatabase } from '../../support/team-database';

/**
 * Who is who (main/core/team/roster.ts over `paydesk.people_view`) and the Team screen's
 * `getTeamStatus` through the real console runtime and dispatcher, against a real cluster.
 */

const password = () => `pw-${randomBytes(12).toString('hex')}`;
const personName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** A person added as the owner adds one (people.ts), connected over TLS. */
async function added(database: TeamDatabase, prefix: string, groups: string[]) {
  const name = personName(prefix);
  const secret = password();
  dataOf(await addPerson(database.owner, { person: name, groups, password: secret }));
  return { name, password: secret, connect: () => database.login(name, secret) };
}

interface Desk {
  runtime: ConsoleRuntime;
  environmentId: string;
  status(): Promise<TeamStatusView>;
}

const test = base.extend<{ desk: Desk }>({
  // eslint-disable-next-line no-empty-pattern
  desk: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-team-status-'));
    const runtime = createConsoleRuntime({
      dataDir,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-team-status' },
      // Nothing answers there: the join's look at the service account finds no credentials first.
      client: { retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 5 }, timeoutMs: 2_000 },
      osUser: 'tester',
    });
    const dispatch = createDispatcher(runtime.api);
    const environment = dataOf(
      await runtime.api.addEnvironment({ name: 'Desk', kind: 'testing', baseUrl: 'http://127.0.0.1:9' }),
    );
    dataOf(await runtime.api.useEnvironment({ id: environment.id }));
    await use({
      runtime,
      environmentId: environment.id,
      status: async () => dataOf(await dispatch(CHANNELS.getTeamStatus, {})) as TeamStatusView,
    });
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});

// Roles are the server's, not the database's (docs/architecture.md, "People"): the cluster is the
// spec file's, so each test looks at the people it made.
test('every person reads who is who: groups, removed people kept, the owner and groups not listed', async ({
  team: database,
}) => {
  const mia = await added(database, 'mia', ['operator', 'approver']);
  const bob = await added(database, 'bob', ['viewer']);
  const carol = await added(database, 'carol', ['admin']);
  // A role the owner put in a group by hand, in psql, is one of the people too.
  const byHand = await database.desk(['paydesk_viewer']);
  dataOf(await removePerson(database.owner, bob.name));

  const asBob = await database.login(bob.name, bob.password).catch((error: unknown) => error);
  expect(asBob).toMatchObject({ code: '28000' });

  const roster = dataOf(await readRoster(await mia.connect()));
  expect(roster.you).toBe(mia.name);
  const mine = new Set([mia.name, bob.name, carol.name, byHand.person]);
  expect(roster.people.filter((entry) => mine.has(entry.person))).toEqual(
    [
      { person: mia.name, groups: ['approver', 'operator'], canLogin: true, isYou: true },
      { person: bob.name, groups: [], canLogin: false, isYou: false },
      { person: carol.name, groups: ['admin'], canLogin: true, isYou: false },
      { person: byHand.person, groups: ['viewer'], canLogin: true, isYou: false },
    ].sort((a, b) => a.person.localeCompare(b.person)),
  );
  const names = roster.people.map((entry) => entry.person);
  expect(names).not.toContain(database.ownerRole.user);
  expect(names.some((name) => name.startsWith('paydesk_'))).toBe(false);

  // A viewer reads the same list, marked as itself.
  const asViewer = dataOf(await readRoster(byHand.client));
  expect(asViewer.people.filter((entry) => entry.isYou).map((entry) => entry.person)).toEqual([
    byHand.person,
  ]);
  expect(asViewer.people.filter((entry) => mine.has(entry.person))).toHaveLength(4);
});

test('a role in no group may not read who is who', async ({ team: database }) => {
  const outsider = await database.desk([]);
  const refused = await readRoster(outsider.client);
  expect(refused).toMatchObject({ ok: false, error: { kind: 'not_permitted' } });
});

test('getTeamStatus: not in a team, then the team, connected, with the people; never a secret', async ({
  team: database,
  desk,
}) => {
  expect(await desk.status()).toEqual({ environmentId: desk.environmentId, inTeam: false });

  const mia = await added(database, 'mia', ['operator']);
  const bob = await added(database, 'bob', ['viewer']);
  dataOf(await removePerson(database.owner, bob.name));
  dataOf(
    await desk.runtime.team.join({
      environmentId: desk.environmentId,
      host: database.cluster.host,
      port: database.cluster.port,
      database: database.database,
      person: mia.name,
      ca: database.cluster.ca,
      password: mia.password,
    }),
  );

  const status = await desk.status();
  if (!status.inTeam || !status.connection.reachable) throw new Error(JSON.stringify(status));
  const mine = new Set([mia.name, bob.name]);
  // By name, as the view is read.
  expect(status.connection.roster?.people.filter((entry) => mine.has(entry.person))).toEqual([
    { person: bob.name, groups: [], canLogin: false, isYou: false },
    { person: mia.name, groups: ['operator'], canLogin: true, isYou: true },
  ]);
  expect(status).toMatchObject({
    environmentId: desk.environmentId,
    inTeam: true,
    host: database.cluster.host,
    port: database.cluster.port,
    database: database.database,
    person: mia.name,
    caFingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    joinedAt: expect.any(String),
    connection: {
      reachable: true,
      doctor: { role: mia.name, groups: ['operator'], advice: [], schema: { verdict: 'ok' } },
      roster: { you: mia.name },
    },
  });
  const text = JSON.stringify(status);
  expect(text).not.toContain(mia.password);
  expect(text).not.toContain('BEGIN CERTIFICATE');

  // Removed while joined: the desk is refused at login, and says so as an `auth` status.
  dataOf(await removePerson(database.owner, mia.name));
  expect(await desk.status()).toMatchObject({
    inTeam: true,
    connection: { reachable: false, error: { kind: 'auth' } },
  });
});

test('getTeamStatus refuses an argument: it is always about the active environment', async ({ desk }) => {
  const dispatch = createDispatcher(desk.runtime.api);
  expect(await dispatch(CHANNELS.getTeamStatus, { environmentId: desk.environmentId })).toMatchObject({
    ok: false,
    error: { kind: 'validation' },
  });
});
