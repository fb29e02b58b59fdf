import { expect, test } from './fixtures';

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
