import type { Locator, Page } from '@playwright/test';
import { dropSeed } from '../unit/console/console-fixture';
import { expect, test } from './fixtures';
import { topOf } from './support/console-ui';
import { e2eTarget } from './support/e2e-target';
import { setSandboxFaults, useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Create deposit: ONE_SHOT, HOSTED and QuickPay through the form, main's checkDeposit
 * verdict on the fields as they change, the answer's payment instructions (every metadata key,
 * the QR from its data URI, copy buttons, a countdown), the redirect link (main refuses the
 * sandbox's http link: it stays copyable), and a lost answer retried under the same key (D6).
 */

/**
 * Opens a screen from the navbar, then moves the pointer away: a hovered current navbar entry is
 * the shell's own look (its contrast is not this screen's to judge).
 */
async function openFromNav(app: Page, name: string): Promise<void> {
  await app.getByRole('link', { name, exact: true }).click();
  await app.mouse.move(700, 5);
}

async function openForm(app: Page): Promise<Locator> {
  await openFromNav(app, 'New deposit');
  await expect(app.getByRole('heading', { name: 'New deposit', level: 2 })).toBeVisible();
  return app.getByRole('form', { name: 'Create a deposit' });
}

/** A text input of the form by its exact label. */
function input(form: Locator, label: string): Locator {
  return form.getByRole('textbox', { name: label, exact: true });
}

async function chooseMode(form: Locator, mode: 'One-shot' | 'Hosted' | 'QuickPay'): Promise<void> {
  await form.getByTestId('deposit-mode').getByText(mode, { exact: false }).click();
}

async function setCountry(app: Page, form: Locator, code: string): Promise<void> {
  const country = form.getByRole('combobox', { name: 'Country' });
  await country.fill(code);
  await country.press('Escape');
}

/** Picks a method in the searchable picker by its code. */
async function chooseMethod(app: Page, form: Locator, code: string): Promise<void> {
  const picker = form.getByRole('combobox', { name: 'Payment method' });
  await expect(picker).toBeEnabled();
  await picker.click();
  await picker.fill(code);
  await app.getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).click();
}

async function fillPayer(form: Locator): Promise<void> {
  await input(form, 'First name').fill('Ana');
  await input(form, 'Last name').fill('Souza');
  await input(form, 'Document type').fill('CPF');
  await input(form, 'Document number').fill('84932568207');
  await input(form, 'Payer e-mail').fill('ana@example.com');
}

test.describe('one-shot, hosted and QuickPay', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('ONE_SHOT: Brazil Pix with a payer shows the QR, copyable lines and a countdown', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const form = await openForm(app);
    await axe();
    await topOf(app);
    await saveScreen('deposit-create-empty');

    await input(form, 'Amount').fill('100.50');
    await setCountry(app, form, 'BR');
    await chooseMethod(app, form, 'IX');
    await fillPayer(form);
    const flow = form.getByTestId('expected-flow');
    await expect(flow).toHaveAttribute('data-flow', 'ONE_SHOT');
    await expect(flow).toHaveAttribute('data-quick-pay', 'false');
    await axe();
    await saveScreen('deposit-create-one-shot-form');

    await form.getByTestId('create-deposit').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'ONE_SHOT');
    await expect(answer.getByRole('heading', { level: 3 })).toBeFocused();
    const depositId = Number(await answer.getAttribute('data-deposit-id'));
    expect(depositId).toBeGreaterThan(0);

    const status = await paydesk.call('getDeposit', { depositId });
    expect(status.ok && status.data.record.status).toBe('PENDING');

    const instructions = answer.locator('[data-section="instructions"]');
    const qr = instructions.getByTestId('qr-code');
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(qr).toHaveJSProperty('complete', true);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const line = instructions.locator('[data-field="digitable_line"]');
    const lineText = (await line.locator('span').first().textContent()) ?? '';
    expect(lineText.length).toBeGreaterThan(10);
    await line.getByRole('button', { name: 'Copy Digitable line' }).click();
    expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(lineText);
    await expect(instructions.locator('[data-field="reference"]').getByRole('button')).toHaveAccessibleName(
      'Copy Reference',
    );

    const timer = answer.locator('[data-field="timeLeft"]').getByRole('timer');
    await expect(timer).toHaveAttribute('data-expired', 'false');
    await expect(timer).toHaveText(/^\d\d:\d\d:\d\d$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '');

    await expect(answer.locator('[data-field="deposit_id"]').getByRole('link')).toHaveAttribute(
      'href',
      `#/deposits/${depositId}`,
    );
    await axe();
    await topOf(app);
    await saveScreen('deposit-create-one-shot-answer');
  });

  test('HOSTED: without payer details the answer is a link; main refuses the http link, which stays copyable', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const form = await openForm(app);
    await chooseMode(form, 'Hosted');
    await input(form, 'Amount').fill('75');
    await setCountry(app, form, 'BR');
    await input(form, 'First name').fill('Ana');
    const flow = form.getByTestId('expected-flow');
    await expect(flow).toHaveAttribute('data-flow', 'HOSTED');
    // Nothing is marked missing in hosted mode: the checkout collects it.
    await expect(form.getByTestId('flow-missing')).toHaveCount(0);
    await form.getByTestId('create-deposit').click();

    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'HOSTED');
    await expect(answer.locator('[data-section="instructions"]')).toHaveCount(0);
    const url = answer.getByTestId('redirect-url');
    await expect(url).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
    await expect(
      answer.locator('[data-section="redirect"]').getByRole('button', { name: 'Copy the link' }),
    ).toBeVisible();

    if (e2eTarget() === 'web') {
      // The browser build cannot hand a link to a browser: it says so at once, and offers no
      // button that would do nothing.
      await expect(answer.getByTestId('redirect-browser-build')).toHaveText(
        'The console running in a browser cannot open links. Copy the link and paste it where you need it (a message to the payer, or a new tab).',
      );
      await expect(answer.getByTestId('open-redirect')).toHaveCount(0);
    } else {
      await answer.getByTestId('open-redirect').click();
      const dialog = app.getByRole('dialog', { name: 'Open this link in the system browser?' });
      await expect(dialog).toContainText((await url.textContent()) ?? 'missing');
      await axe();
      await saveScreen('deposit-create-redirect-confirm');
      await dialog.getByRole('button', { name: 'Open link' }).click();
      await expect(dialog).toBeHidden();
      const refused = answer.getByTestId('redirect-refused');
      await expect(refused.locator('[data-error-kind]')).toHaveAttribute('data-error-kind', 'not_permitted');
      await expect(refused).toContainText('Only https links');
    }
    await expect(url).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('deposit-create-hosted-answer');

    // Back to the form: what was typed is still there.
    await answer.getByTestId('back-to-form').click();
    await expect(input(form, 'Amount')).toHaveValue('75');
    await expect(input(form, 'First name')).toHaveValue('Ana');
    // Create again, no invoice id typed: the console gave the first one an invoice id made from its
    // details, so this is the same deposit, refused before anything is sent (never two payment links).
    await form.getByTestId('create-deposit').click();
    const again = app.getByRole('dialog', { name: /PD-\d{8}-[0-9A-F]{16}/ });
    const duplicate = again.getByTestId('duplicate-invoice');
    await expect(duplicate).toHaveAttribute('data-same-request', 'true');
    const intents = await paydesk.call('listAuditEntries', { action: 'deposit.create' });
    expect(
      intents.ok && intents.data.filter((entry) => entry.type === 'intent' && entry.summary?.amount === '75'),
    ).toHaveLength(1);
    await axe();
    await duplicate.getByTestId('duplicate-back').click();
  });

  test('QuickPay: Mexico SE with the payer id only, Brazil IX with no payer', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const form = await openForm(app);
    await chooseMode(form, 'QuickPay');
    await input(form, 'Amount').fill('250');
    const country = form.getByRole('combobox', { name: 'Country' });
    await country.click();
    await app.getByRole('option', { name: /\(MX\): method SE/ }).click();
    await expect(form.getByTestId('quick-pay-method')).toHaveText('SE');
    await input(form, 'Payer id (your customer id)').fill('cust42');
    const flow = form.getByTestId('expected-flow');
    await expect(flow).toHaveAttribute('data-quick-pay', 'true');
    await expect(flow).toHaveAttribute('data-flow', 'ONE_SHOT');
    await axe();
    await saveScreen('deposit-create-quick-pay-form');
    await form.getByTestId('create-deposit').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'ONE_SHOT');
    const mexico = Number(await answer.getAttribute('data-deposit-id'));
    const read = await paydesk.call('getDeposit', { depositId: mexico });
    expect(read.ok && read.data.record).toMatchObject({ country: 'MX', payment_method: 'SE' });
    await expect(answer.locator('[data-field="user_id"]')).toHaveText('cust42');

    await answer.getByTestId('new-deposit').click();
    await expect(input(form, 'Amount')).toHaveValue('');
    await input(form, 'Amount').fill('12.34');
    await country.click();
    await app.getByRole('option', { name: /\(BR\): method IX/ }).click();
    await expect(form.getByRole('region', { name: 'Payer' })).toHaveCount(0);
    await expect(flow).toHaveAttribute('data-quick-pay', 'true');
    await form.getByTestId('create-deposit').click();
    await expect(answer).toHaveAttribute('data-checkout-type', 'ONE_SHOT');
    await expect(answer.getByTestId('qr-code')).toBeVisible();
  });

  test('QuickPay Mexico without a payer id: nothing marked required, Create goes through, HOSTED foretold', async ({
    console: app,
    axe,
  }) => {
    const form = await openForm(app);
    await chooseMode(form, 'QuickPay');
    await input(form, 'Amount').fill('260');
    await form.getByRole('combobox', { name: 'Country' }).click();
    await app.getByRole('option', { name: /\(MX\): method SE/ }).click();
    const payerId = input(form, 'Payer id (your customer id)');
    // The service makes a payer id when none is sent: the field is not required, and its hint
    // says what leaving it empty means here.
    await expect(payerId).not.toHaveAttribute('required');
    await expect(
      form.getByText('Left empty, the service makes one, and the deposit is hosted instead of QuickPay.'),
    ).toBeVisible();
    const flow = form.getByTestId('expected-flow');
    await expect(flow).toHaveAttribute('data-flow', 'HOSTED');
    await expect(flow).toHaveAttribute('data-quick-pay', 'false');
    await expect(form.getByTestId('flow-not-quick-pay')).toContainText('Not a QuickPay as it stands');
    await axe();
    // Not blocked: the service answers, with the hosted link it was foretold to give.
    await form.getByTestId('create-deposit').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'HOSTED');
  });

  test("main's checkDeposit issues show on their fields; missing one-shot details are named; nothing is sent", async ({
    console: app,
    axe,
    saveScreen,
  }) => {
    const form = await openForm(app);
    await input(form, 'Amount').fill('10.555');
    await setCountry(app, form, 'BR');
    await chooseMethod(app, form, 'BB');
    // The method's reported_info rules come from main, with their masks.
    const reported = form.getByRole('region', { name: "Payer's bank details (reported info)" });
    await expect(reported).toContainText('Format: 1 to 4 digits, optionally a hyphen');
    await input(form, 'Bank branch').fill('12345');
    await input(form, 'Payer e-mail').fill('not-an-email');

    const email = input(form, 'Payer e-mail');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(
      form
        .locator('[data-field-input="payer.email"]')
        .locator('xpath=ancestor::div[contains(@class,"mantine-InputWrapper-root")]'),
    ).toContainText('must be a valid e-mail address');
    await expect(input(form, 'Bank branch')).toHaveAttribute('aria-invalid', 'true');
    await expect(reported).toContainText(
      'must be 1 to 4 digits, optionally a hyphen and one letter or digit',
    );
    await expect(form.getByRole('region', { name: 'Amount and method' })).toContainText(
      'must have at most 2 decimals',
    );
    await expect(form.getByTestId('flow-missing')).toContainText('First name');

    await form.getByTestId('create-deposit').click();
    // Nothing went out: the first field with a problem has the focus and the rest are named.
    await expect(input(form, 'Amount')).toBeFocused();
    await expect(input(form, 'First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(app.getByTestId('deposit-answer')).toHaveCount(0);
    await expect(app.getByTestId('create-failed')).toHaveCount(0);
    await axe();
    await topOf(app);
    await saveScreen('deposit-create-field-errors');

    // Fixing a field clears its message once main has checked again.
    await email.fill('ana@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("the crypto object: the contract's lists, a wallet of the network's form, confirmed before it is sent", async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const form = await openForm(app);
    await chooseMode(form, 'Hosted');
    await input(form, 'Amount').fill('40');
    await setCountry(app, form, 'BR');
    await form.getByTestId('crypto-enable').check();
    await form.getByRole('combobox', { name: 'Cryptocurrency' }).click();
    await expect(app.getByRole('option')).toHaveText(['BUSD', 'DAI', 'RDOC', 'USDT', 'USDC']);
    await app.getByRole('option', { name: 'USDT' }).click();
    await form.getByRole('combobox', { name: 'Network' }).click();
    await expect(app.getByRole('option')).toHaveCount(9);
    await app.getByRole('option', { name: 'TRC20' }).click();
    await form.getByTestId('create-deposit').click();
    await expect(input(form, 'Wallet address')).toBeFocused();
    await expect(input(form, 'Wallet address')).toHaveAttribute('aria-invalid', 'true');
    const wallet = input(form, 'Wallet address');
    // The chosen network's address form is the field's hint, and a refusal names it.
    await expect(
      form.getByText('An address on TRC20: T followed by 33 base58 characters, 34 in all.'),
    ).toBeVisible();
    await wallet.fill('not-a-wallet');
    await form.getByTestId('create-deposit').click();
    await expect(wallet).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('must be a wallet address on TRC20: T followed by 33 base58 characters');
    await expect(app.getByRole('dialog')).toHaveCount(0);
    // One character off: the address's check characters say so.
    await wallet.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    await expect(form).toContainText('whose check characters match (one is mistyped)');
    await wallet.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await expect(wallet).not.toHaveAttribute('aria-invalid', 'true');

    // Crypto sent to a wrong wallet is lost: the wallet and network are shown once more first.
    const before = await paydesk.call('listAuditEntries', { action: 'deposit.create' });
    await form.getByTestId('create-deposit').click();
    const dialog = app.getByRole('dialog', { name: 'Credit the deposit to this wallet?' });
    const shown = dialog.getByTestId('crypto-confirm');
    await expect(shown.locator('[data-field="crypto.wallet"]')).toHaveText(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    await expect(shown.locator('[data-field="crypto.network"]')).toHaveText('TRC20');
    await expect(shown.locator('[data-field="crypto.currency"]')).toHaveText('USDT');
    await axe();
    await saveScreen('deposit-create-crypto-confirm');
    await dialog.getByRole('button', { name: 'Back to the form' }).click();
    await expect(dialog).toBeHidden();
    // Nothing was sent.
    const after = await paydesk.call('listAuditEntries', { action: 'deposit.create' });
    expect(after.ok && before.ok && after.data.length).toBe(before.ok ? before.data.length : -1);
    await form.getByTestId('create-deposit').click();
    await dialog.getByRole('button', { name: 'Create the deposit' }).click();
    await expect(app.getByTestId('deposit-answer')).toHaveAttribute('data-checkout-type', 'HOSTED');
  });
});

test.describe('payer state (D15)', () => {
  test("picked by name from the country's list; the deposit carries its code; another country's code is refused on the field", async ({
    console: app,
    paydesk,
    axe,
  }) => {
    const form = await openForm(app);
    await input(form, 'Amount').fill('42');
    await setCountry(app, form, 'BR');
    await chooseMethod(app, form, 'IX');
    await fillPayer(form);
    await form.getByRole('button', { name: 'More payer details (phone, dates, address)' }).click();

    const state = form.getByRole('combobox', { name: 'State' });
    await expect(state).toBeEnabled();
    await expect(form.getByText('27 states in Brazil. Search by name or code.')).toBeVisible();
    // By name, without its accent.
    await state.click();
    await state.fill('sao pau');
    await expect(app.getByRole('option')).toHaveText(['São Paulo (SP)']);
    await app.getByRole('option', { name: 'São Paulo (SP)' }).click();
    await expect(state).toHaveValue('São Paulo (SP)');
    // By code: the list narrows to the codes that start with it and the names that hold it.
    // The list opens again and may still move (Mantine places it) under the click: the pick is
    // tried again, from the field, until the field holds it.
    const rio = app.getByRole('option', { name: 'Rio de Janeiro (RJ)' });
    await expect(async () => {
      if (!(await rio.isVisible())) {
        await state.click();
        await state.fill('rj');
      }
      await rio.click({ timeout: 5_000 });
      await expect(state).toHaveValue('Rio de Janeiro (RJ)', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await axe();

    // Mexico has no state RJ: the field says so, and the deposit is not sent.
    await setCountry(app, form, 'MX');
    await expect(form.getByText('RJ is not a state of Mexico. Pick one from the list.')).toBeVisible();
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await form.getByTestId('create-deposit').click();
    await expect(app.getByTestId('deposit-answer')).toHaveCount(0);
    await expect(state).toBeFocused();

    // Back to Brazil: RJ is valid again and the created deposit carries the code.
    await setCountry(app, form, 'BR');
    await expect(state).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByTestId('create-deposit').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'ONE_SHOT');
    const depositId = Number(await answer.getAttribute('data-deposit-id'));
    const status = await paydesk.call('getDeposit', { depositId });
    if (!status.ok) throw new Error(`getDeposit: ${status.error.kind}`);
    expect(status.data.record.payer?.address?.state).toBe('RJ');
  });
});

test.describe('a lost answer', () => {
  test.use({ freshBridge: true });
  const service = sandboxPerDescribe({ seed: 6061 });

  test('outcome unknown keeps the form and offers "retry with the same key": one deposit, not two', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, service(), 'Lossy testing', 'testing');
    const form = await openForm(app);
    await chooseMode(form, 'Hosted');
    await input(form, 'Amount').fill('33.33');
    await setCountry(app, form, 'BR');
    await input(form, 'Invoice id').fill('INV-LOST-1');
    await expect(form.getByTestId('expected-flow')).toHaveAttribute('data-flow', 'HOSTED');
    // The step next to the button says what is created and where; the currency is the country's.
    await expect(form.getByTestId('deposit-confirm-summary')).toHaveText(
      'Create a deposit of BRL 33.33 (invoice INV-LOST-1) in Lossy testing (Testing).',
    );
    await expect(form.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'testing');
    // Wait for the method list (a read) before the faults start, so only the create is lost.
    await expect(form.getByRole('combobox', { name: 'Payment method' })).toBeEnabled();
    await expect(form.getByText(/methods enabled in BR/)).toBeVisible();

    // Every attempt is dropped after the service acted: the first one created the deposit.
    await setSandboxFaults(service(), {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    await form.getByTestId('create-deposit').click();
    const failed = app.getByTestId('create-failed');
    await expect(failed).toHaveAttribute('data-error-kind', 'outcome_unknown', { timeout: 30_000 });
    await expect(failed.getByTestId('outcome-unknown')).toContainText(
      'Sending it again under the same request key is safe',
    );
    await expect(input(form, 'Amount')).toHaveValue('33.33');
    await expect(input(form, 'Invoice id')).toHaveValue('INV-LOST-1');
    await axe();
    await saveScreen('deposit-create-outcome-unknown');

    const unresolved = await paydesk.call('listUnresolvedIntents', {});
    expect(unresolved.ok && unresolved.data.map((entry) => entry.action)).toEqual(['deposit.create']);
    const key = unresolved.ok ? unresolved.data[0]?.idempotencyKey : undefined;
    await expect(failed).toContainText(key ?? 'no key');

    await setSandboxFaults(service(), { rate: 0 });
    await failed.getByTestId('retry-same-key').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'HOSTED');
    await expect(answer.locator('[data-field="idempotencyKey"]')).toHaveText(key ?? 'no key');
    await expect(answer.locator('[data-field="merchant_invoice_id"]')).toHaveText('INV-LOST-1');
    const depositId = Number(await answer.getAttribute('data-deposit-id'));
    // The service answered the retry from the first attempt: no second deposit exists.
    const control = async (id: number) => (await fetch(`${service().controlUrl}/deposits/${id}`)).status;
    expect(await control(depositId)).toBe(200);
    expect(await control(depositId + 1)).toBe(404);
    const after = await paydesk.call('listUnresolvedIntents', {});
    expect(after.ok && after.data).toEqual([]);
  });
});

test.describe('production', () => {
  test.use({ freshBridge: true });
  const production = sandboxPerDescribe({ seed: 6062 });

  test('unarmed production: the create is refused with why and a way to arming; armed, it needs a reason', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, production(), 'Prod Deposits', 'production');
    const form = await openForm(app);
    const gate = form.getByTestId('mutation-gate');
    await expect(gate).toHaveAttribute('data-armed', 'false');
    await expect(gate).toContainText('Production is read-only until armed');
    await expect(form.getByTestId('create-deposit')).toBeDisabled();
    await axe();
    await topOf(app);
    await saveScreen('deposit-create-production-unarmed');
    await gate.getByTestId('go-to-arming').click();
    await expect(
      app.getByTestId('production-banner').getByRole('button', { name: 'Arm for changes…' }),
    ).toBeFocused();
    // Main refuses it too, whatever the page does.
    const refused = await paydesk.call('createDeposit', {
      body: { amount: 5, country: 'BR' },
      reason: 'test',
    });
    expect(refused.ok ? null : refused.error.kind).toBe('not_permitted');

    const armed = await paydesk.call('armProduction', { confirmation: 'Prod Deposits' });
    expect(armed.ok).toBe(true);
    await expect(gate).toHaveCount(0);
    await chooseMode(form, 'Hosted');
    await input(form, 'Amount').fill('5');
    await setCountry(app, form, 'BR');
    await expect(form.getByTestId('deposit-confirm-summary')).toHaveText(
      'Create a deposit of BRL 5.00 in Prod Deposits (Production).',
    );
    await expect(form.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'production');
    await expect(form.getByTestId('mutation-target')).toContainText(
      'This happens in production, with real money.',
    );
    await form.getByTestId('create-deposit').click();
    const reason = form.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await reason.fill('Ticket 4411: manual top-up');
    await form.getByTestId('create-deposit').click();
    await expect(app.getByTestId('deposit-answer')).toHaveAttribute('data-checkout-type', 'HOSTED');
    const journal = await paydesk.call('listAuditEntries', { action: 'deposit.create' });
    expect(journal.ok && journal.data.find((entry) => entry.type === 'intent')?.reason).toBe(
      'Ticket 4411: manual top-up',
    );
  });
});
