import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Drafts: a half-typed New deposit survives another screen and a reload of
 * the page (a restart of the renderer); sending clears it; "Discard draft" clears it after a
 * confirmation. Main keeps the draft; the page keeps nothing.
 */

// Drafts live in the data folder: a bridge of its own, so no other spec opens a form with these.
test.use({ freshBridge: true });

/**
 * Opens a screen from the navigation and waits for its heading: a screen loaded on first use keeps
 * the one before on view until it has loaded, so a click made meanwhile would land on that one.
 */
async function openFromNav(app: Page, name: string): Promise<void> {
  await app.getByRole('link', { name, exact: true }).click();
  await expect(app.getByRole('main').getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function openDepositForm(app: Page): Promise<Locator> {
  await openFromNav(app, 'New deposit');
  const form = app.getByRole('form', { name: 'Create a deposit' });
  // The saved draft is looked for first; typing before that would be overwritten.
  await expect(form.getByTestId('draft-bar')).not.toHaveAttribute('data-draft', 'loading');
  return form;
}

const input = (form: Locator, label: string): Locator =>
  form.getByRole('textbox', { name: label, exact: true });

async function setCountry(form: Locator, code: string): Promise<void> {
  const country = form.getByRole('combobox', { name: 'Country' });
  await country.fill(code);
  await country.press('Escape');
}

async function expectSaved(form: Locator): Promise<void> {
  await expect(form.getByTestId('draft-bar')).toHaveAttribute('data-draft', 'saved');
  // Sealed on disk where a keychain is; in memory, and said so, under the memory vault.
  await expect(form.getByTestId('draft-status')).toContainText(
    /Draft saved|Draft kept .*; a restart loses it/,
  );
}

test('a half-typed deposit survives another screen and a reload; sending clears it', async ({
  console: app,
  axe,
}) => {
  let form = await openDepositForm(app);
  await input(form, 'Amount').fill('100.50');
  await setCountry(form, 'BR');
  await input(form, 'First name').fill('Ana');
  await input(form, 'Payer e-mail').fill('ana.draft@example.com');
  await expectSaved(form);
  await axe();

  await openFromNav(app, 'Deposits');
  form = await openDepositForm(app);
  await expect(input(form, 'Amount')).toHaveValue('100.50');
  await expect(input(form, 'Payer e-mail')).toHaveValue('ana.draft@example.com');
  await expectSaved(form);

  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
  form = await openDepositForm(app);
  await expect(input(form, 'Amount')).toHaveValue('100.50');
  await expect(input(form, 'First name')).toHaveValue('Ana');
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('Brazil (BR)');

  // A HOSTED deposit needs nothing more: send it.
  await form.getByTestId('deposit-mode').getByText('Hosted', { exact: false }).click();
  await form.getByTestId('create-deposit').click();
  await expect(app.getByTestId('deposit-answer')).toBeVisible();

  await openFromNav(app, 'Deposits');
  form = await openDepositForm(app);
  await expect(input(form, 'Amount')).toHaveValue('');
  await expect(input(form, 'Payer e-mail')).toHaveValue('');
  await expect(form.getByTestId('draft-bar')).toHaveAttribute('data-draft', 'none');
});

test('"Discard draft" asks first, then empties the form for good', async ({ console: app }) => {
  let form = await openDepositForm(app);
  await input(form, 'Amount').fill('42');
  await expectSaved(form);

  // Keyboard only: the button, then the dialog's confirm.
  await form.getByTestId('draft-discard').focus();
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Discard this draft?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep the draft' }).click();
  await expect(input(form, 'Amount')).toHaveValue('42');

  await form.getByTestId('draft-discard').click();
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(input(form, 'Amount')).toHaveValue('');
  await expect(form.getByTestId('draft-discard')).toBeHidden();

  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
  form = await openDepositForm(app);
  await expect(input(form, 'Amount')).toHaveValue('');
});

test('a cashout cancel keeps its typed ids across screens', async ({ console: app }) => {
  await openFromNav(app, 'Cashouts');
  let panel = app.getByRole('form', { name: 'Cancel a pending cashout' });
  await expect(panel.getByTestId('draft-bar')).not.toHaveAttribute('data-draft', 'loading');
  await panel.getByTestId('cancel-cashout-id').fill('11954');
  await panel.getByTestId('cancel-external-id').fill('payout-7781');
  await expect(panel.getByTestId('draft-bar')).toHaveAttribute('data-draft', 'saved');

  await openFromNav(app, 'Deposits');
  await openFromNav(app, 'Cashouts');
  panel = app.getByRole('form', { name: 'Cancel a pending cashout' });
  await expect(panel.getByTestId('cancel-cashout-id')).toHaveValue('11954');
  await expect(panel.getByTestId('cancel-external-id')).toHaveValue('payout-7781');
});
