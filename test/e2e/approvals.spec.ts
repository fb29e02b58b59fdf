import type { Page } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { requestBodySha256 } from '../../main/core/audit/canonical-json';
import { submitRequest } from '../../main/core/team/approvals';
import { startSandbox } from '../../main/sandbox';
import { addPerson, initTeam } from '../../main/core/team/people';
import { startPostgresCluster } from '../support/postgres-cluster';
import { dataOf } from '../support/result';
import { ownedDatabaseOn } from '../support/team-database';
import { putTeamEnvironment } from '../../main/core/team/environments';
import { expect, test } from './fixtures';
import { useSandboxEnvironment } from './support/money-environments';

/**
 * The Approvals screen (renderer/src/features/approvals) in a real browser over the web bridge:
 * in no team it says so; on a real team database, a maker's refund in production waits (the
 * default policy), the approver's navbar counts it, the approver reads its body, approves that
 * body's hash and sends it: one refund, and the team journal names both.
 */

test.use({ freshBridge: true });

const nav = (app: Page) => app.getByRole('navigation', { name: 'Screens' });

async function openApprovals(app: Page): Promise<void> {
  await nav(app)
    .getByRole('link', { name: /^Approvals/ })
    .click();
  await expect(app.getByRole('heading', { level: 2, name: 'Approvals' })).toBeVisible();
  await expect(app.locator('[data-loading="true"]')).toHaveCount(0, { timeout: 20_000 });
}

const password = () => `pw-${randomBytes(12).toString('hex')}`;

test('a profile in no team is told it has no approvals, and the navbar counts none', async ({
  console: app,
  axe,
}) => {
  await openApprovals(app);
  await expect(app.getByTestId('approvals-not-joined')).toBeVisible();
  await expect(app.getByTestId('approvals-waiting')).toHaveCount(0);
  await axe();
});

test('a production refund: the maker submits, an approver sees it, approves, sends: one refund, both named', async ({
  console: app,
  paydesk,
  webBridge,
  axe,
  saveScreen,
}) => {
  test.slow();
  const cluster = await startPostgresCluster();
  const service = await startSandbox({});
  try {
    const { database, ownerRole, connectAs } = await ownedDatabaseOn(cluster);
    const owner = await connectAs(ownerRole.user, ownerRole.password);
    const passwords = { mia: password(), bob: password(), ana: password() };
    dataOf(await initTeam(owner, { admin: 'mia', password: passwords.mia }));
    dataOf(await addPerson(owner, { person: 'bob', groups: ['operator'], password: passwords.bob }));
    dataOf(
      await addPerson(owner, { person: 'ana', groups: ['operator', 'approver'], password: passwords.ana }),
    );
    // A production environment of the team, with no policy of its own: its default holds, every
    // refund needs one approver.
    const admin = await connectAs('mia', passwords.mia);
    dataOf(
      await putTeamEnvironment(admin, { name: 'Team desk', kind: 'production', baseUrl: service.baseUrl }),
    );
    await admin.end();

    const environmentId = await useSandboxEnvironment(paydesk, service, 'Team desk', 'production');
    const arm = async () => dataOf(await paydesk.call('armProduction', { confirmation: 'Team desk' }));
    const join = (person: 'bob' | 'ana') =>
      webBridge.runtime.team.join({
        environmentId,
        host: cluster.host,
        port: cluster.port,
        database,
        person,
        ca: cluster.ca,
        password: passwords[person],
      });

    // Bob makes the refund at this desk: the team's policy holds it for another person.
    dataOf(await join('bob'));
    await arm();
    const submitted = await paydesk.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
      reason: 'Ticket 7: double charge',
    });
    expect(submitted).toMatchObject({ ok: false, error: { text: { key: 'team.approvalSubmitted' } } });
    dataOf(await webBridge.runtime.team.leave(environmentId, { typedName: 'Team desk' }));

    // Ana takes the desk: her navbar counts the waiting request, her queue shows it.
    dataOf(await join('ana'));
    await app.reload();
    await expect(nav(app).getByTestId('approvals-waiting')).toContainText('1', { timeout: 20_000 });
    await openApprovals(app);
    const row = app.locator('[data-testid="approvals-table"] tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-field="maker"]')).toHaveText('bob');
    await expect(row.locator('[data-field="reason"]')).toHaveText('Ticket 7: double charge');
    await expect(row.locator('[data-field="state"]')).toHaveText('Waiting');
    await expect(row.locator('[data-field="approvals"]')).toHaveText('0/1');
    // The deposit as it is now, and what every desk's refunds left of it.
    const depositNow = row.locator('[data-field="depositNow"]');
    await expect(depositNow.locator('[data-status]')).toHaveAttribute('data-status', 'COMPLETED');
    const leftBefore = (await depositNow.locator('[data-field="left"]').textContent()) ?? '';
    expect(leftBefore).toMatch(/^Left to refund: BRL\s[\d,.]+$/);

    await row.getByTestId('approval-open').click();
    const detail = app.locator('[data-section="approval-detail"]');
    await expect(detail.getByTestId('approval-body')).toContainText('"deposit_id": 300000001');
    const hash = (await detail.getByTestId('approval-hash').textContent()) ?? '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await axe();
    await saveScreen('approvals-waiting');

    await detail.getByTestId('approval-approve').click();
    const dialog = app.getByRole('dialog');
    await expect(dialog).toContainText(hash);
    await dialog.getByTestId('approval-note').fill('matches the ticket');
    await dialog.getByRole('button', { name: 'Approve this body' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(detail.locator('[data-field="state"]')).toHaveText('Approved');
    await expect(nav(app).getByTestId('approvals-waiting')).toHaveCount(0);

    await arm();
    await detail.getByTestId('approval-send').click();
    // Production: the send is armed, and its reason is kept in the journal with it.
    const send = app.getByRole('dialog', { name: 'Send request 1' });
    await send.getByRole('textbox', { name: 'Reason' }).fill('Approved: ticket 7');
    await send.getByRole('button', { name: 'Send it now' }).click();
    await expect(app.getByRole('dialog')).toHaveCount(0, { timeout: 20_000 });
    await expect(detail.locator('[data-field="state"]')).toHaveText('Sent');
    await expect(detail.getByTestId('approval-send')).toHaveCount(0);
    // Sent: the team's refunds now count it, in the request's detail, read again by itself.
    const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    const leftNow = detail.locator('[data-field="depositNow"] [data-field="left"]');
    await expect
      .poll(async () => amountOf((await leftNow.textContent()) ?? ''))
      .toBeCloseTo(amountOf(leftBefore) - 5, 2);

    // Bob, at a desk of his own, asks again for another deposit: the count and the queue on Ana's
    // page follow the team's live word, with no reload.
    const [{ account }] = (
      await owner.query<{ account: string }>('SELECT account FROM paydesk.approval_requests LIMIT 1')
    ).rows as [{ account: string }];
    const bob = await connectAs('bob', passwords.bob);
    const body = { deposit_id: 300000002, invoice_id: 'INV-300000002', amount: 3 };
    dataOf(
      await submitRequest(bob, {
        account,
        action: 'refund',
        target: { kind: 'deposit', id: '300000002' },
        idempotencyKey: randomUUID(),
        amount: '3',
        currency: 'BRL',
        body,
        bodySha256: requestBodySha256(body),
        reason: 'Ticket 8: charged twice again',
      }),
    );
    await bob.end();
    await expect(nav(app).getByTestId('approvals-waiting')).toContainText('1', { timeout: 20_000 });
    await expect(row.filter({ hasText: 'Ticket 8: charged twice again' })).toHaveCount(1);
    // Ana is told, wherever she is in the app (a desktop notification in Electron), and the toast
    // opens that very request.
    const toast = app.getByTestId('approval-toast').filter({ hasText: 'Ticket 8: charged twice again' });
    await expect(toast).toContainText('Approval needed: Refund');
    await expect(toast).toContainText('asked by bob');
    await axe();
    await toast.getByTestId('approval-toast-open').click();
    await expect(toast).toHaveCount(0);
    await expect(app).toHaveURL(/#\/approvals\?request=\d+$/);
    await expect(detail.getByTestId('approval-body')).toContainText('"deposit_id": 300000002');

    // One refund reached the service: one operation, claimed once, in the team's journal, which
    // names the maker and the approver side by side.
    const { rows } = await owner.query<{ type: string; person: string; maker: string | null }>(
      "SELECT entry::jsonb->>'type' AS type, person, entry::jsonb->>'maker' AS maker FROM paydesk.journal ORDER BY seq",
    );
    const types = rows.map((entry) => entry.type);
    expect(types.filter((type) => type === 'request_claimed')).toHaveLength(1);
    expect(types.filter((type) => type === 'operation_outcome')).toHaveLength(1);
    expect(rows.filter((entry) => entry.type === 'request_approved')).toEqual([
      { type: 'request_approved', person: 'ana', maker: 'bob' },
    ]);
    await owner.end();
  } finally {
    await service.close();
    await cluster.stop();
  }
});
