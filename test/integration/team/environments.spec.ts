import { makeCliDesk, type CliDesk } from '../../support/team-desk';
import { sendJson, startDouble, type ServiceDouble } from '../../unit/payments/http-double';
import { expect, test as base } from '../../support/team-database';

/**
 * `paydesk team env list|put|remove|adopt` (main/cli/team-environment-commands.ts over
 * main/core/team/environments.ts): the team's environment profiles in a real PostgreSQL team
 * database, kept by admins only (the database refuses others) and journaled; adopted by a desk as
 * a profile of its own in the same team.
 */

const SERVICE = 'paydesk-test-team-environments';

interface JoinedDesk extends CliDesk {
  person: string;
  /** `paydesk --env <its profile> team env …` */
  teamEnv(...argv: string[]): ReturnType<CliDesk['paydesk']>;
}

const test = base.extend<{
  service: ServiceDouble;
  joinedAs: (group: 'paydesk_admin' | 'paydesk_operator') => Promise<JoinedDesk>;
}>({
  // Playwright fixtures take their dependencies by destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startDouble((_request, response) => sendJson(response, 200, {}));
    await use(service);
    await service.close();
  },
  joinedAs: async ({ team: database, service }, use) => {
    const made: CliDesk[] = [];
    await use(async (group) => {
      const desk = await makeCliDesk(database, service, SERVICE);
      made.push(desk);
      const { person, password } = await database.desk([group]);
      const joined = await desk.join(person, await password());
      expect(joined.stderr).toBe('');
      return {
        ...desk,
        person,
        teamEnv: (...argv) => desk.paydesk(['--env', desk.environmentId, 'team', 'env', ...argv, '--json']),
      };
    });
    for (const desk of made) await desk.remove();
  },
});

test('an admin keeps the team environments, journaled; an operator reads them and is refused the rest', async ({
  joinedAs,
  service,
  team,
}) => {
  const admin = await joinedAs('paydesk_admin');
  const operator = await joinedAs('paydesk_operator');

  const put = await admin.teamEnv('put', 'Team testing', '--kind', 'testing', '--base-url', service.baseUrl);
  expect(put.stderr).toBe('');
  expect(JSON.parse(put.stdout)).toMatchObject({
    name: 'Team testing',
    kind: 'testing',
    updatedBy: admin.person,
  });

  const listed = await operator.teamEnv('list');
  expect(listed.code).toBe(0);
  expect(
    (JSON.parse(listed.stdout) as Array<{ name: string }>).map((environment) => environment.name),
  ).toEqual(['Team testing']);

  const refused = await operator.teamEnv('put', 'Mine', '--kind', 'testing', '--base-url', service.baseUrl);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toMatch(/not_permitted|permission denied/i);
  const notRemoved = await operator.teamEnv('remove', 'Team testing');
  expect(notRemoved.code).not.toBe(0);

  // The desk's own rules hold before anything is sent: production is red, a base URL is a URL.
  const blue = await admin.teamEnv(
    'put',
    'Live',
    '--kind',
    'production',
    '--base-url',
    'https://pay.example.com',
    '--color',
    'blue',
  );
  expect(blue.code).not.toBe(0);
  expect(blue.stderr).toContain('production environment is always red');
  const notUrl = await admin.teamEnv('put', 'Odd', '--kind', 'testing', '--base-url', 'not a url');
  expect(notUrl.code).not.toBe(0);

  expect((await admin.teamEnv('remove', 'Team testing')).code).toBe(0);
  expect(JSON.parse((await operator.teamEnv('list')).stdout)).toEqual([]);
  const { rows } = await team.admin.query<{ entry: string; person: string }>(
    "SELECT entry, person FROM paydesk.journal WHERE entry::jsonb ->> 'type' LIKE 'environment_%' ORDER BY seq",
  );
  expect(rows.map((row) => [JSON.parse(row.entry).type, row.person])).toEqual([
    ['environment_put', admin.person],
    ['environment_removed', admin.person],
  ]);
});

test('a desk adopts a team environment: a profile of its own, in the same team, its credentials its own', async ({
  joinedAs,
  service,
}) => {
  const admin = await joinedAs('paydesk_admin');
  const operator = await joinedAs('paydesk_operator');
  expect(
    (await admin.teamEnv('put', 'Team staging', '--kind', 'testing', '--base-url', service.baseUrl)).code,
  ).toBe(0);

  const adopted = await operator.teamEnv('adopt', 'Team staging');
  expect(adopted.stderr).toBe('');
  const { environmentId, team } = JSON.parse(adopted.stdout) as {
    environmentId: string;
    team: { person: string };
  };
  expect(team.person).toBe(operator.person);
  const status = await operator.paydesk(['--env', environmentId, 'team', 'status', '--json']);
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({ environmentId, reachable: true });
  // The team's profile holds no secret; the desk's credentials for it are not set yet.
  const settings = await operator.settings();
  expect(settings).toContain('Team staging');
  const credentials = await operator.paydesk(['env', 'credentials', environmentId, '--json']);
  const { fields } = JSON.parse(credentials.stdout) as { fields: Array<{ set: boolean }> };
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.filter((field) => field.set)).toEqual([]);

  const unknown = await operator.teamEnv('adopt', 'No such');
  expect(unknown.code).not.toBe(0);
  expect(unknown.stderr).toContain('no environment named');
});
