import type { Locator, Page } from '@playwright/test';
import { CREDENTIAL_FIELDS, type CredentialField } from '../../shared/contract';
import { SEEDED_RECORDS, startSandbox } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { topOf } from './support/console-ui';
import { useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Environments and credentials: the list, add, edit, remove, use; the six
 * credential fields with their masked status, set once and never shown back; the doctor; the
 * clock offset; a base-URL move that clears credentials; clearing one credential; and switching
 * environments with no answer of one ever shown under the other.
 */

/** Full-page screenshots are taken from the top, so the fixed header sits where it belongs. */
test.use({ freshBridge: true });

const FIELD_LABELS: Record<CredentialField, string> = {
  apiKey: 'API key',
  apiSecret: 'API signature secret',
  readOnlyKey: 'Read-only key',
  cashoutLogin: 'Cashout login',
  cashoutPass: 'Cashout passphrase',
  cashoutSecret: 'Cashout signature secret',
};

function card(app: Page, name: string): Locator {
  return app.locator('[data-environment-card]', { has: app.getByRole('heading', { name, exact: true }) });
}

async function openEnvironments(app: Page): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Environments' }).click();
  await expect(app.getByRole('heading', { level: 2, name: 'Environments' })).toBeVisible();
}

async function showDetails(environment: Locator): Promise<void> {
  const toggle = environment.getByTestId('toggle-environment-details');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The credentials table arrives after the details open and pushes the doctor down: a click
  // aimed before it lands can hit a table row instead.
  await expect(environment.getByRole('table', { name: /^Credentials of / })).toBeVisible();
}

/**
 * Runs the doctor of a card. The cards above can still change height while their queries settle,
 * so a click can land beside the button: clicked again until the doctor is running or has answered.
 */
async function runDoctor(environment: Locator): Promise<void> {
  const button = environment.getByTestId('run-doctor');
  await expect(async () => {
    await button.click();
    await expect(
      environment.locator('[data-testid="doctor-report"], [data-testid="run-doctor"][data-loading]'),
    ).not.toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

async function switchTo(app: Page, name: string): Promise<void> {
  await app.getByTestId('environment-switcher').click();
  await app.getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(app.getByTestId('environment-switcher')).toContainText(name);
  await expect(app.getByRole('menu')).toHaveCount(0);
}

/** Records, from now on, whether `text` is ever in the page while environment `environmentId` is active. */
async function watchForLeak(app: Page, environmentId: string, text: string): Promise<void> {
  await app.evaluate(
    ([id, forbidden]) => {
      const state = window as unknown as { __leaks?: string[] };
      state.__leaks = [];
      const check = () => {
        const switcher = document.querySelector('[data-testid="environment-switcher"]');
        if (
          switcher?.getAttribute('data-environment-id') === id &&
          document.body.textContent?.includes(forbidden)
        ) {
          state.__leaks?.push(forbidden);
        }
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    [environmentId, text] as const,
  );
}

const leaks = (app: Page): Promise<string[]> =>
  app.evaluate(() => (window as unknown as { __leaks?: string[] }).__leaks ?? []);

test('the local sandbox: active, credentials provided automatically, doctor verdicts, clock offset', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  await openEnvironments(app);
  const local = card(app, 'Local sandbox');
  await expect(local.getByTestId('active-badge')).toBeVisible();
  await expect(local).toContainText('the sandbox built into this console');
  await expect(local.getByText('Provided automatically')).toBeVisible();
  for (const field of CREDENTIAL_FIELDS) {
    await expect(local.locator(`[data-credential-field="${field}"]`)).toHaveAttribute('data-set', 'true');
  }
  await expect(local.getByRole('button', { name: /^Set / })).toHaveCount(0);

  await runDoctor(local);
  const report = local.getByTestId('doctor-report');
  await expect(report.locator('[data-doctor-set]')).toHaveCount(3);
  for (const set of ['signed', 'readOnly', 'cashout']) {
    await expect(report.locator(`[data-doctor-set="${set}"]`)).toHaveAttribute('data-verdict', 'ok');
  }
  // The whole URL a check called, so a base URL that doubles a path would show.
  await expect(
    report.getByText(/^GET http:\/\/127\.0\.0\.1:\d+\/v3\/payment_methods\?country=BR$/),
  ).toBeVisible();
  await expect(local.getByTestId('clock-summary').first()).toContainText(/Clock offset [+-−]?\d/);
  await axe();
  await topOf(app);
  await saveScreen('environments');
});

test.describe('a second environment', () => {
  const second = sandboxPerDescribe({ seed: 4242 });

  test('add it, set its six credentials (never shown back), run the doctor, switch, look up, switch back: nothing leaks across', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    // Environment A (the local sandbox): a deposit, as it is there.
    const depositId = SEEDED_RECORDS.completedCardDeposit;
    const inA = await paydesk.call('getDeposit', { depositId });
    if (!inA.ok) throw new Error(inA.error.message);
    const userInA = inA.data.record.user_id ?? '';

    // Add B through the form; a refused base URL is explained first.
    await openEnvironments(app);
    await app.getByTestId('add-environment').click();
    const form = app.getByRole('dialog', { name: 'Add an environment' });
    await form.getByTestId('environment-save').click();
    await expect(form.getByText('Give the environment a name.')).toBeVisible();
    await expect(form.getByText("Give the service's base URL.")).toBeVisible();
    await form.getByTestId('environment-name').fill('Second sandbox');
    await form.getByTestId('environment-base-url').fill('http://payments.example.com');
    await form.getByTestId('environment-color').click();
    await app.getByRole('option', { name: 'Violet' }).click();
    await form.getByTestId('environment-save').click();
    await expect(form.getByText(/https/).first()).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('environment-add-form');
    await form.getByTestId('environment-base-url').fill(second().baseUrl);
    await form.getByTestId('environment-save').click();
    await expect(form).toBeHidden();

    const b = card(app, 'Second sandbox');
    await expect(b).toBeVisible();
    await expect(b.getByTestId('environment-base-url-value')).toHaveText(second().baseUrl);
    await expect(b.getByTestId('active-badge')).toHaveCount(0);
    await showDetails(b);
    for (const set of ['signed', 'readOnly', 'cashout']) {
      await expect(b.locator(`[data-credential-set="${set}"]`)).toHaveAttribute('data-state', 'missing');
    }

    // Set the six credentials: each value typed once, sent once, never on the page afterwards.
    for (const field of CREDENTIAL_FIELDS) {
      const secret = second().credentials[field];
      const row = b.locator(`[data-credential-field="${field}"]`);
      await expect(row).toHaveAttribute('data-set', 'false');
      await b.getByRole('button', { name: `Set ${FIELD_LABELS[field]}`, exact: true }).click();
      const input = b.getByTestId(`credential-input-${field}`);
      await expect(input).toBeFocused();
      await input.fill(secret);
      await input.press('Enter');
      await expect(row).toHaveAttribute('data-set', 'true');
      await expect(input).toHaveCount(0);
      const hint = secret.length >= 12 ? `…${secret.slice(-4)}` : '…';
      await expect(row.getByTestId('credential-hint')).toHaveText(hint);
      expect(await app.content(), `${field} must not be on the page`).not.toContain(secret);
    }
    for (const set of ['signed', 'readOnly', 'cashout']) {
      await expect(b.locator(`[data-credential-set="${set}"]`)).toHaveAttribute('data-state', 'complete');
    }

    await runDoctor(b);
    for (const set of ['signed', 'readOnly', 'cashout']) {
      await expect(b.locator(`[data-doctor-set="${set}"]`)).toHaveAttribute('data-verdict', 'ok');
    }
    await axe();
    await topOf(app);
    await saveScreen('environments-two');

    // A's deposit on screen, then switch to B while it is shown.
    const environments = await paydesk.call('listEnvironments', {});
    if (!environments.ok) throw new Error(environments.error.message);
    const idOf = (name: string) =>
      environments.data.environments.find((profile) => profile.name === name)?.id ?? '';
    const [idA, idB] = [idOf('Local sandbox'), idOf('Second sandbox')];

    await app.getByTestId('jump-button').click();
    await app
      .getByRole('dialog', { name: 'Go to a record' })
      .getByTestId('jump-input')
      .fill(String(depositId));
    await app.keyboard.press('Enter');
    const userCell = app.locator('[data-field="user_id"]');
    await expect(userCell).toHaveText(userInA);

    await watchForLeak(app, idB, userInA);
    await switchTo(app, 'Second sandbox');
    await expect(app.getByTestId('environment-switcher')).toHaveAttribute('data-environment-id', idB);
    const inB = await paydesk.call('getDeposit', { depositId });
    if (!inB.ok) throw new Error(inB.error.message);
    const userInB = inB.data.record.user_id ?? '';
    expect(userInB).not.toBe(userInA);
    await expect(userCell).toHaveText(userInB);
    await expect(app.getByTestId('deposit-detail')).not.toContainText(userInA);
    expect(await leaks(app), "A's answer shown while B was active").toEqual([]);
    await topOf(app);
    await saveScreen('deposit-in-second-environment');

    await watchForLeak(app, idA, userInB);
    await switchTo(app, 'Local sandbox');
    await expect(app.getByTestId('environment-switcher')).toHaveAttribute('data-environment-id', idA);
    await expect(userCell).toHaveText(userInA);
    expect(await leaks(app), "B's answer shown while A was active").toEqual([]);
  });
});

test('a base-URL move to another host clears the credentials and says so; remove asks first', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const added = await paydesk.call('addEnvironment', {
    name: 'Staging',
    kind: 'testing',
    baseUrl: 'http://127.0.0.1:9',
    color: 'orange',
  });
  expect(added).toMatchObject({ ok: true });
  await openEnvironments(app);
  const staging = card(app, 'Staging');
  await showDetails(staging);
  await staging.getByRole('button', { name: 'Set API key', exact: true }).click();
  await staging.getByTestId('credential-input-apiKey').fill('staging-key-0123456789');
  await staging.getByTestId('credential-input-apiKey').press('Enter');
  await expect(staging.locator('[data-credential-field="apiKey"]')).toHaveAttribute('data-set', 'true');

  // Another host: the stored credential goes, and the screen says so.
  await staging.getByTestId('edit-environment').click();
  const form = app.getByRole('dialog', { name: 'Edit Staging' });
  await expect(
    form.getByText("Moving the base URL to another host clears this environment's credentials."),
  ).toBeVisible();
  await form.getByTestId('environment-base-url').fill('http://localhost:9');
  await form.getByTestId('environment-save').click();
  await expect(form).toBeHidden();
  await expect(staging.getByTestId('credentials-cleared')).toContainText('Credentials cleared');
  await expect(staging.getByTestId('environment-base-url-value')).toHaveText('http://localhost:9');
  await expect(staging.locator('[data-credential-field="apiKey"]')).toHaveAttribute('data-set', 'false');
  await axe();
  await topOf(app);
  await saveScreen('environment-credentials-cleared');

  // Same host, new name: nothing is cleared.
  await staging.getByTestId('edit-environment').click();
  await app.getByRole('dialog', { name: 'Edit Staging' }).getByTestId('environment-name').fill('Staging EU');
  await app.getByRole('dialog', { name: 'Edit Staging' }).getByTestId('environment-save').click();
  await expect(card(app, 'Staging EU')).toBeVisible();

  // Remove, after a confirmation that can be cancelled.
  const renamed = card(app, 'Staging EU');
  await renamed.getByTestId('remove-environment').click();
  const confirm = app.getByRole('dialog', { name: 'Remove Staging EU?' });
  await expect(confirm).toContainText('its stored credentials will be deleted');
  await axe();
  await confirm.getByRole('button', { name: 'Keep Staging EU' }).click();
  await expect(renamed).toBeVisible();
  await renamed.getByTestId('remove-environment').click();
  await app
    .getByRole('dialog', { name: 'Remove Staging EU?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(card(app, 'Staging EU')).toHaveCount(0);
  const after = await paydesk.call('listEnvironments', {});
  expect(after.ok && after.data.environments.map((profile) => profile.name)).toEqual(['Local sandbox']);
});

test('a production environment is removed only with its name typed, as arming asks', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const added = await paydesk.call('addEnvironment', {
    name: 'Prod Ledger',
    kind: 'production',
    baseUrl: 'http://127.0.0.1:9',
  });
  if (!added.ok) throw new Error(added.error.message);
  // Main refuses it without the name, whatever a page does.
  const refused = await paydesk.call('removeEnvironment', { id: added.data.id });
  expect(refused.ok ? null : refused.error).toMatchObject({ kind: 'not_permitted', field: 'typedName' });

  await openEnvironments(app);
  const production = card(app, 'Prod Ledger');
  await production.getByTestId('remove-environment').click();
  const confirm = app.getByRole('dialog', { name: 'Remove Prod Ledger?' });
  await expect(confirm.getByTestId('remove-production')).toHaveText(
    'Prod Ledger is a production environment. To remove it, type its name exactly, as when arming it.',
  );
  const typed = confirm.getByLabel('Type Prod Ledger to confirm');
  const remove = confirm.getByRole('button', { name: 'Remove' });
  await expect(typed).toBeFocused();
  await expect(remove).toBeDisabled();
  await typed.fill('prod ledger');
  await expect(remove).toBeDisabled();
  await axe();
  await saveScreen('environment-remove-production');
  await typed.press('Enter');
  await expect(confirm).toBeVisible();
  await expect(production).toBeVisible();

  await typed.fill('Prod Ledger');
  await remove.click();
  await expect(confirm).toBeHidden();
  await expect(card(app, 'Prod Ledger')).toHaveCount(0);
  const after = await paydesk.call('listEnvironments', {});
  expect(after.ok && after.data.environments.map((profile) => profile.name)).toEqual(['Local sandbox']);
});

test('another environment added leaves the open card as it is; a switch reads everything again', async ({
  console: app,
}) => {
  await openEnvironments(app);
  const local = card(app, 'Local sandbox');
  await showDetails(local);
  const credentials = local.getByRole('table', { name: /^Credentials of / });
  // A mark on the rendered table: a reload of the card (its query emptied) draws a new one.
  await credentials.evaluate((table) => table.setAttribute('data-kept', 'yes'));
  await app.getByTestId('add-environment').click();
  const form = app.getByRole('dialog', { name: 'Add an environment' });
  await form.getByTestId('environment-name').fill('Added beside');
  await form.getByTestId('environment-base-url').fill('https://added-beside.example.com');
  await form.getByTestId('environment-save').click();
  await expect(form).toBeHidden();
  await expect(card(app, 'Added beside')).toBeVisible();
  await expect(credentials).toHaveAttribute('data-kept', 'yes');
  // The active environment itself moves: every answer is read again.
  await switchTo(app, 'Added beside');
  await expect(card(app, 'Added beside').getByTestId('active-badge')).toBeVisible();
  await showDetails(local);
  await expect(local.getByRole('table', { name: /^Credentials of / })).not.toHaveAttribute(
    'data-kept',
    'yes',
  );
});

test('a wrong secret: the doctor names the problem and what to do', async ({ console: app, paydesk }) => {
  const other = await startSandbox({ seed: 515 });
  try {
    const added = await paydesk.call('addEnvironment', {
      name: 'Wrong secret',
      kind: 'testing',
      baseUrl: other.baseUrl,
    });
    if (!added.ok) throw new Error(added.error.message);
    for (const field of CREDENTIAL_FIELDS) {
      const value = field === 'apiSecret' ? 'not-the-right-secret-000' : other.credentials[field];
      await paydesk.call('setCredential', { environmentId: added.data.id, field, value });
    }
    await openEnvironments(app);
    const environment = card(app, 'Wrong secret');
    await showDetails(environment);
    await runDoctor(environment);
    const signed = environment.locator('[data-doctor-set="signed"]');
    await expect(signed).toHaveAttribute('data-verdict', 'bad_signature');
    await expect(signed).toContainText('Wrong secret');
    await expect(signed).toContainText('set the signature secret again');
    await expect(environment.locator('[data-doctor-set="readOnly"]')).toHaveAttribute('data-verdict', 'ok');
  } finally {
    await other.close();
  }
});

test.describe('clearing a credential', () => {
  const other = sandboxPerDescribe({ seed: 9 });

  test('asks first, then the field is not set, its set is incomplete, and a call that needs it says so', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, other(), 'Staging', 'testing');
    await openEnvironments(app);
    const staging = card(app, 'Staging');
    await showDetails(staging);
    const row = staging.locator('[data-credential-field="readOnlyKey"]');
    await expect(row).toHaveAttribute('data-set', 'true');

    await staging.getByRole('button', { name: 'Clear Read-only key', exact: true }).click();
    const dialog = app.getByRole('dialog', { name: 'Clear Read-only key?' });
    await expect(dialog).toContainText('will be deleted from the keychain');
    await axe();
    await saveScreen('environment-clear-credential-confirm');
    // Dismissed: nothing changes.
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toHaveAttribute('data-set', 'true');

    await staging.getByRole('button', { name: 'Clear Read-only key', exact: true }).click();
    await app
      .getByRole('dialog', { name: 'Clear Read-only key?' })
      .getByRole('button', { name: 'Clear', exact: true })
      .click();
    await expect(app.getByRole('dialog', { name: 'Clear Read-only key?' })).toBeHidden();
    await expect(row).toHaveAttribute('data-set', 'false');
    await expect(staging.locator('[data-credential-set="readOnly"]')).not.toHaveAttribute(
      'data-state',
      'complete',
    );
    await expect(staging.locator('[data-credential-set="signed"]')).toHaveAttribute('data-state', 'complete');

    // A read that needs it (a payment-methods list is read with the read-only key, D4) is refused before any call.
    const read = await paydesk.call('listPaymentMethods', { country: 'BR' });
    expect(read.ok ? null : read.error.kind).toBe('credentials_missing');
  });
});
