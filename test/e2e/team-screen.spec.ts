import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { accountOrigin } from '../../main/core/payments/base-url';
import { setSigner } from '../../main/core/team/approvals';
import { putTeamEnvironment } from '../../main/core/team/environments';
import { addPerson, initTeam, removePerson } from '../../main/core/team/people';
import { startPostgresCluster } from '../support/postgres-cluster';
import { dataOf } from '../support/result';
import { ownedDatabaseOn } from '../support/team-database';
import { expect, test } from './fixtures';

/**
 * The Team screen (renderer/src/features/team) in a real browser over the web bridge: a profile
 * in no team shows how to join; a profile joined to a real PostgreSQL cluster shows its database,
 * who you are, who sends approved moves and whether its executor runs, and who is who, connected;
 * once the server stops, "Check again" says why not.
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
    dataOf(await addPerson(owner, { person: 'exe', groups: ['executor'], password: password() }));
    // The profile's service is the team's "Team desk", whose approved moves only an executor sends.
    const baseUrl = 'http://127.0.0.1:9';
    dataOf(await putTeamEnvironment(owner, { name: 'Team desk', kind: 'testing', baseUrl }));
    dataOf(await setSigner(owner, { environment: 'Team desk', signer: 'executor' }));

    // A testing profile (a team is never joined by the local sandbox), joined as the CLI joins it.
    const environment = dataOf(
      await paydesk.call('addEnvironment', {
        name: 'Team desk',
        kind: 'testing',
        baseUrl,
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

    // No executor has run yet: the screen says plainly that nothing will be sent.
    const sending = app.locator('[data-section="team-sending"]');
    await expect(sending.locator('[data-field="environment"]')).toHaveText('Team desk');
    await expect(sending.locator('[data-field="signer"]')).toHaveText("the team's executor");
    await expect(sending.getByTestId('team-sending-health')).toHaveText('No executor heard');
    await expect(sending.getByTestId('team-sending-explain')).toContainText(
      'nothing will be sent until an executor runs',
    );
    await axe();

    // An executor's pass (its heartbeat, written as the owner): "Check again" shows it running.
    const account = `${accountOrigin(baseUrl) ?? ''}#key:0123456789abcdef`;
    await owner.query(
      `INSERT INTO paydesk.executor_heartbeats (person, account, at, sent) VALUES ('exe', $1, now() - interval '12 seconds', 3)`,
      [account],
    );
    await app.getByTestId('team-check-again').click();
    await expect(sending.getByTestId('team-sending-health')).toHaveText('Executor running');
    const executor = sending.locator('tr[data-executor="exe"]');
    await expect(executor.locator('[data-field="lastPass"]')).toHaveText(/^\d+ sec\. ago$/);
    await expect(executor.locator('[data-field="sent"]')).toHaveText('3');
    await expect(executor.locator('[data-field="state"]')).toHaveText('Healthy');
    await axe();
    await saveScreen('team-executor-running');

    // It stops passing: within the screen's own re-read, with no one asking, it is silent.
    await owner.query(`UPDATE paydesk.executor_heartbeats SET at = now() - interval '2 minutes'`);
    await expect(sending.getByTestId('team-sending-health')).toHaveText('Executor silent', {
      timeout: 30_000,
    });
    await expect(executor.locator('[data-field="lastPass"]')).toHaveText('2 min. ago');
    await expect(executor.locator('[data-field="state"]')).toHaveText('Silent');
    await axe();
    await owner.end();

    const people = app.locator('[data-section="team-people"]').getByRole('table');
    const row = (person: string) => people.locator(`tr[data-person="${person}"]`);
    await expect(people.locator('tbody tr')).toHaveCount(4);
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
