import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { addPerson, initTeam, removePerson } from '../../main/core/team/people';
import { startPostgresCluster } from '../support/postgres-cluster';
import { dataOf } from '../support/result';
import { ownedDatabaseOn } from '../support/team-database';
import { expect, test } from './fixtures';

/**
 * The Team screen (renderer/src/features/team) in a real browser over the web bridge: a profile
 * in no team shows how to join; a profile joined to a real PostgreSQL cluster shows its database,
 * who you are and who is who, connected; once the server stops, "Check again" says why not.
 */

test.use({ freshBridge: true });

async function openTeam(app: Page): Promise<void> {
  await app
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: 'Team', exact: true })
    .click();
  await expect(app.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  await expect(app.locator('[data-loading="true"]')).toHaveCount(0, { timeout: 20_000 });
}

const password = () => `pw-${randomBytes(12).toString('hex')}`;

test('a profile in no team is told how to join at the command line', async ({ console: app, axe }) => {
  await openTeam(app);
  const section = app.locator('[data-section="team-not-joined"]');
  await expect(section.getByRole('heading', { name: 'Not in a team' })).toBeVisible();
  await expect(section.getByTestId('team-join-command')).toHaveText(
    /^paydesk --env local-sandbox\S* team join --host <host> --port <port> --database <database> --person <you> --ca <team-ca\.pem>$/,
  );
  await axe();
});

test('joined to a real cluster: the people and "connected"; stopped, "Check again" says unreachable and why', async ({
  console: app,
  paydesk,
  webBridge,
  axe,
  saveScreen,
}) => {
  test.slow();
  const cluster = await startPostgresCluster();
  try {
    const { database, ownerRole, connectAs } = await ownedDatabaseOn(cluster);
    const owner = await connectAs(ownerRole.user, ownerRole.password);
    const mine = password();
    dataOf(await initTeam(owner, { admin: 'mia', password: mine }));
    dataOf(await addPerson(owner, { person: 'bob', groups: ['viewer', 'approver'], password: password() }));
    dataOf(await addPerson(owner, { person: 'cy', groups: ['operator'], password: password() }));
    dataOf(await removePerson(owner, 'cy'));
    await owner.end();

    // A testing profile (a team is never joined by the local sandbox), joined as the CLI joins it.
    const environment = dataOf(
      await paydesk.call('addEnvironment', {
        name: 'Team desk',
        kind: 'testing',
        baseUrl: 'http://127.0.0.1:9',
      }),
    );
    dataOf(
      await webBridge.runtime.team.join({
        environmentId: environment.id,
        host: cluster.host,
        port: cluster.port,
        database,
        person: 'mia',
        ca: cluster.ca,
        password: mine,
      }),
    );
    dataOf(await paydesk.call('useEnvironment', { id: environment.id }));

    await openTeam(app);
    const header = app.locator('[data-section="team-database"]');
    await expect(header.locator('[data-field="address"]')).toHaveText(
      `${cluster.host}:${cluster.port}/${database}`,
    );
    await expect(header.locator('[data-field="person"]')).toHaveText('mia');
    await expect(header.locator('[data-field="caFingerprint"]')).toHaveText(
      /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
    );
    await expect(app.getByTestId('team-connection')).toHaveText('Connected');

    const people = app.getByRole('table');
    const row = (person: string) => people.locator(`tr[data-person="${person}"]`);
    await expect(people.locator('tbody tr')).toHaveCount(3);
    await expect(people.locator('tbody tr').first()).toHaveAttribute('data-person', 'mia');
    await expect(row('mia').getByTestId('team-you')).toHaveText('You');
    await expect(row('mia').locator('[data-field="groups"]')).toHaveText('admin');
    await expect(row('mia').locator('[data-field="state"]')).toHaveText('Active');
    await expect(row('bob').locator('[data-field="groups"]')).toHaveText('approver, viewer');
    await expect(row('bob').getByTestId('team-you')).toHaveCount(0);
    await expect(row('cy').locator('[data-field="groups"]')).toHaveText('—');
    await expect(row('cy').locator('[data-field="state"]')).toHaveText('Removed');
    // The page never holds the team password nor the CA's PEM.
    const page = await app.content();
    expect(page).not.toContain(mine);
    expect(page).not.toContain('BEGIN CERTIFICATE');
    await axe();
    await saveScreen('team-connected');

    await cluster.stop();
    await app.getByTestId('team-check-again').click();
    await expect(app.getByTestId('team-connection')).toHaveText('Unreachable', { timeout: 30_000 });
    await expect(app.getByTestId('team-unreachable')).toHaveAttribute('data-error-kind', 'network');
    await expect(app.getByTestId('team-unreachable-reason')).toHaveText(
      'It cannot be reached: the server is down, or the host, the port or the network is wrong.',
    );
    // Who is who is not shown from an answer the database no longer gives.
    await expect(app.locator('[data-section="team-people"]')).toHaveCount(0);
    await axe();
    await saveScreen('team-unreachable');
  } finally {
    await cluster.stop();
  }
});
