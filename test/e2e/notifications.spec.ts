import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Opens an in-app address (the hash router's part after `#`) without reloading the page. */
async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

/**
 * The Notifications screen (renderer/src/features/notifications): a pasted notification gets its
 * verdict in words, a text that is no notification is said to be one that cannot be checked, and
 * the screen is axe-clean with and without a verdict on view.
 */

test('a pasted text that is no notification is named, in words; the screen is axe-clean', async ({
  console: app,
  axe,
}) => {
  await app.getByRole('link', { name: 'Notifications', exact: true }).click();
  const main = app.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
  await expect(main.getByText('Received by this desk')).toBeVisible();
  await axe();

  const box = main.getByRole('textbox', {
    name: 'The notification: its HTTP request, or its headers, a blank line and its body',
  });
  await box.fill('POST /ipn HTTP/1.1\nContent-Type: application/json\n\n{"deposit_id": 300000001}');
  await main.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(main.getByText(/It cannot be checked/)).toBeVisible();
  await axe();
});

test("a deposit's payment on the embedded sandbox shows on its open page by itself, and in the inbox", async ({
  console: app,
  paydesk,
  axe,
}) => {
  const created = await paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = created.data.created.record.deposit_id;
  await openRoute(app, `/deposits/${depositId}`);
  const detail = app.getByTestId('deposit-detail');
  await expect(detail).toHaveAttribute('data-deposit-id', String(depositId));
  const status = detail.locator('[data-status]').first();
  await expect(status).toHaveAttribute('data-status', 'CREATED');

  // Paid at the sandbox: its notification comes to this console's receiver, and the page, not
  // reloaded and not refreshed by hand, shows the new status.
  for (const to of ['PENDING', 'COMPLETED']) {
    const moved = await paydesk.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to });
    expect(moved.ok).toBe(true);
  }
  await expect(status).toHaveAttribute('data-status', 'COMPLETED');

  await app.getByRole('link', { name: 'Notifications', exact: true }).click();
  const main = app.getByRole('main');
  await expect(main.getByText(String(depositId)).first()).toBeVisible();
  await axe();
});
