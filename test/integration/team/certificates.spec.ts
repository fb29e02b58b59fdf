import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectTeam } from '../../../main/core/team/client';
import { runCliInProcess, type CliRun } from '../../support/in-process-cli';
import { certificateFromAnotherCa, type ClientCertificate } from '../../support/postgres-cluster';
import { dataOf } from '../../support/result';
import { makeCliDesk, type CliDesk } from '../../support/team-desk';
import { sendJson, startDouble, type ServiceDouble } from '../../unit/payments/http-double';
import { expect, test as base, type TeamDatabase } from '../../support/team-database';

/**
 * People who sign in with a client certificate (docs/architecture.md, "Team mode: the database"):
 * `team add-person --certificate` as the owner, `team join --certificate --key` at a desk, against
 * a real cluster whose pg_hba.conf says `cert` for paydesk_certificate (test/support/postgres-cluster.ts).
 */

const SERVICE = 'paydesk-test-team-certificates';

interface Desk extends CliDesk {
  service: ServiceDouble;
  /** Writes the PEM files `team join` is given, in the desk's folder. */
  files(certificate: ClientCertificate): Promise<{ certificate: string; key: string }>;
}

const test = base.extend<{ desk: Desk }>({
  desk: async ({ team: database }, use) => {
    const service = await startDouble((_request, response) =>
      sendJson(response, 200, { cashout_status: 0, cashout_status_description: 'Pending' }),
    );
    const desk = await makeCliDesk(database, service, SERVICE);
    await use({
      ...desk,
      service,
      async files({ certificate, key }) {
        const folder = await mkdtemp(join(desk.dataDir, 'pem-'));
        await writeFile(join(folder, 'client.crt'), certificate);
        await writeFile(join(folder, 'client.key'), key, { mode: 0o600 });
        return { certificate: join(folder, 'client.crt'), key: join(folder, 'client.key') };
      },
    });
    await service.close();
    await desk.remove();
  },
});

/** `paydesk team <argv…>` as the test database's owner. */
async function asOwner(database: TeamDatabase, argv: string[], stdin?: string): Promise<CliRun> {
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-team-cli-'));
  try {
    await writeFile(join(folder, 'ca.pem'), database.cluster.ca);
    return await runCliInProcess(
      [
        'team',
        ...argv,
        '--host',
        database.cluster.host,
        '--port',
        String(database.cluster.port),
        '--database',
        database.database,
        '--user',
        database.ownerRole.user,
        '--ca',
        join(folder, 'ca.pem'),
        '--json',
      ],
      { env: { PAYDESK_TEAM_PASSWORD: database.ownerRole.password }, ...(stdin !== undefined && { stdin }) },
      {},
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const addCertificatePerson = (database: TeamDatabase, person: string, groups: string) =>
  asOwner(database, ['add-person', person, '--groups', groups, '--certificate']);

const joinWith = (desk: Desk, person: string, files: { certificate: string; key: string }) =>
  desk.join(person, '', { certificateFiles: files });

const personName = () => `cert.${randomBytes(4).toString('hex')}`;

test('a person added with --certificate joins with it, the key only in the keychain, and begins an operation', async ({
  team: database,
  desk,
}) => {
  const person = personName();
  const added = await addCertificatePerson(database, person, 'operator');
  expect(added.stderr).toBe('');
  expect(JSON.parse(added.stdout)).toEqual({
    person,
    groups: ['operator'],
    certificateSubject: `/CN=${person}`,
  });
  // No password at all: only the certificate signs them in.
  const { rows } = await database.admin.query('SELECT rolpassword FROM pg_authid WHERE rolname = $1', [
    person,
  ]);
  expect(rows[0].rolpassword).toBeNull();

  const issued = await database.cluster.issueClientCertificate(person);
  const joined = await joinWith(desk, person, await desk.files(issued));
  expect(joined.stderr).toBe('');
  expect(joined.code).toBe(0);
  expect(JSON.parse(joined.stdout)).toMatchObject({
    team: { person, certificateFingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) },
    groups: ['operator'],
  });
  const settings = await desk.settings();
  const keyBody = issued.key.split('\n')[1] ?? '';
  expect(keyBody.length).toBeGreaterThan(20);
  expect(settings).not.toContain(keyBody);
  expect(settings).not.toContain('PRIVATE KEY');
  expect(settings).toContain(JSON.stringify(issued.certificate));
  const entries = dataOf(await desk.keychain.list(SERVICE));
  const keyEntry = entries.find((entry) => entry.account === `${desk.environmentId}/teamKey`);
  expect(JSON.parse(keyEntry?.value ?? '{}')).toMatchObject({ secret: issued.key });
  expect(entries.some((entry) => entry.account.endsWith('/teamPassword'))).toBe(false);

  const status = await desk.paydesk(['--env', desk.environmentId, 'team', 'status', '--json']);
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({
    reachable: true,
    doctor: { role: person, groups: ['operator'], tls: { on: true }, advice: [] },
  });

  // A money move of this desk: the deposit's cancel is let begin by the database, as this person.
  const cancelled = await desk.paydesk([
    '--env',
    desk.environmentId,
    'cashouts',
    'cancel',
    '--cashout-id',
    '7',
    '--external-id',
    'a',
    '--yes',
    '--json',
  ]);
  expect(cancelled.stderr).toBe('');
  const { rows: made } = await database.admin.query('SELECT made_by, state FROM paydesk.operations');
  expect(made).toEqual([{ made_by: person, state: 'ok' }]);

  // A certificate desk has no password to change; leaving takes the key out of the keychain.
  const password = await desk.paydesk(['--env', desk.environmentId, 'team', 'password'], {
    stdin: 'a-password-long-enough',
  });
  expect(password.stderr).toMatch(
    /^paydesk: invalid_state: .* signs in to its team with a client certificate/,
  );
  expect((await desk.paydesk(['--env', desk.environmentId, 'team', 'leave'])).code).toBe(0);
  expect(await desk.keychainText()).not.toContain('teamKey');
});

test('a wrong key, a certificate from another CA, or for another name: refused, typed, nothing kept', async ({
  team: database,
  desk,
}) => {
  const person = personName();
  expect((await addCertificatePerson(database, person, 'viewer')).code).toBe(0);
  const issued = await database.cluster.issueClientCertificate(person);
  const other = await database.cluster.issueClientCertificate(personName());

  const wrongKey = await joinWith(desk, person, await desk.files({ ...issued, key: other.key }));
  expect(wrongKey.code).toBe(3);
  expect(JSON.parse(wrongKey.stderr)).toMatchObject({
    error: {
      kind: 'tls',
      message: expect.stringContaining("The private key given is not the client certificate's"),
    },
  });

  const foreign = await joinWith(desk, person, await desk.files(await certificateFromAnotherCa(person)));
  expect(foreign.code).toBe(3);
  expect(JSON.parse(foreign.stderr)).toMatchObject({
    error: {
      kind: 'tls',
      message: expect.stringContaining("refused this desk's side of TLS (ERR_SSL_TLSV1_ALERT_UNKNOWN_CA)"),
    },
  });

  const otherName = await joinWith(desk, person, await desk.files(other));
  expect(otherName.code).toBe(1);
  expect(JSON.parse(otherName.stderr)).toMatchObject({
    error: { kind: 'auth', message: expect.stringContaining('certificate authentication failed') },
  });

  for (const run of [wrongKey, foreign, otherName]) expect(run.stdout).toBe('');
  expect(await desk.settings()).not.toContain('"team"');
  expect(await desk.keychainText()).not.toContain('teamKey');

  // The person has no password to fall back on: a password login is refused by the `cert` line.
  await expect(
    connectTeam({
      host: database.cluster.host,
      port: database.cluster.port,
      database: database.database,
      user: person,
      password: 'anything-at-all',
      ca: database.cluster.ca,
    }),
  ).rejects.toThrow(/certificate/);
  // Nor may the owner give them one, which pg_hba would never ask for; their groups do change.
  const password = await asOwner(database, ['set-password', person], 'a-password-long-enough');
  expect(JSON.parse(password.stderr)).toMatchObject({
    error: { kind: 'invalid_state', message: expect.stringContaining('signs in with a client certificate') },
  });
  const groups = await asOwner(database, ['set-groups', person, '--groups', 'operator']);
  expect(JSON.parse(groups.stdout)).toMatchObject({ groups: ['operator'], revoked: ['viewer'] });
});
