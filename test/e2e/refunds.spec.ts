import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { topOf } from './support/console-ui';
import { useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Refunds: lookup by refund_id (status, deposit link, invoice,
 * amount or "—", raw JSON, errors by kind), and create from a deposit: pre-filled deposit and
 * invoice ids, main's pre-flight (what is left, card or not, blockers, warnings), the amount
 * within what is left, the bank account with a searchable bank picker when not paid by card
 * (D8), then the new refund's status.
 */

async function jumpTo(app: Page, text: string): Promise<void> {
  await app.getByTestId('jump-button').click();
  const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
  await box.fill(text);
  await box.press('Enter');
}

/** Opens an in-app address (the hash router's part after `#`). */
async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

function input(scope: Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

test.describe('lookup', () => {
  test('a completed refund from the jump box: badge, deposit link, invoice, amount, raw answer', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const refundId = SEEDED_RECORDS.completedRefund;
    const fetched = await paydesk.call('getRefund', { refundId });
    if (!fetched.ok) throw new Error(fetched.error.message);
    await jumpTo(app, `ref ${refundId}`);
    const detail = app.getByTestId('refund-detail');
    await expect(detail).toHaveAttribute('data-refund-id', String(refundId));
    await expect(detail.getByRole('heading', { name: `Refund ${refundId}` })).toBeFocused();
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'COMPLETED');
    await expect(detail.locator('[data-status]').first()).toHaveText('Completed');
    await expect(detail.locator('[data-field="deposit_id"]').getByRole('link')).toHaveAttribute(
      'href',
      `#/deposits/${SEEDED_RECORDS.refundedBankDeposit}`,
    );
    await expect(detail.locator('[data-field="merchant_invoice_id"]')).toHaveText(
      fetched.data.record.merchant_invoice_id ?? 'missing',
    );
    // A refund is in its deposit's currency (never a bare "50").
    await expect(detail.locator('[data-field="amount"]')).toHaveText('BRL 50.00');
    await expect(detail.getByTestId('raw-json')).toHaveText(JSON.stringify(fetched.data.raw, null, 2), {
      useInnerText: true,
    });
    await axe();
    await topOf(app);
    await saveScreen('refund-status');

    await detail.locator('[data-field="deposit_id"]').getByRole('link').click();
    await expect(app.getByTestId('deposit-detail')).toHaveAttribute(
      'data-deposit-id',
      String(SEEDED_RECORDS.refundedBankDeposit),
    );
  });

  test('a refund without an amount shows "—"; an unknown id and a bad one are phrased from their kind', async ({
    console: app,
    axe,
    saveScreen,
  }) => {
    await app.getByRole('link', { name: 'Refunds', exact: true }).click();
    await app.mouse.move(700, 5);
    await expect(app.getByRole('heading', { name: 'Refunds', level: 2 })).toBeVisible();
    const idInput = app.getByTestId('refund-id-input');
    await expect(idInput).toBeFocused();
    await axe();
    await saveScreen('refunds-lookup');

    await idInput.fill(String(SEEDED_RECORDS.pendingRefundWithoutAmount));
    await idInput.press('Enter');
    const detail = app.getByTestId('refund-detail');
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
    await expect(detail.locator('[data-field="amount"]')).toHaveText('—');
    await expect(detail.locator('[data-field="amount"] [data-absent]')).toHaveCount(1);

    await app.getByTestId('refund-id-input').fill('999999');
    await app.getByTestId('refund-lookup-submit').click();
    const notice = app.locator('[data-error-kind="not_found"]');
    await expect(notice).toContainText('Nothing was found with this id');
    await expect(notice).toContainText('208');
    await axe();
    await saveScreen('refunds-not-found');

    // Nothing typed is explained inline; text that is not an id searches the record index.
    await app.getByTestId('refund-id-input').fill('');
    await app.getByTestId('refund-lookup-submit').click();
    await expect(app.getByText('A refund id is a positive whole number.')).toBeVisible();
    await app.getByTestId('refund-id-input').fill('17a');
    await app.getByTestId('refund-lookup-submit').click();
    await expect(app.getByTestId('matches-empty')).toContainText('“17a”');
  });
});

test.describe('create', () => {
  test.use({ freshBridge: true });

  test('from a card deposit: pre-filled ids, pre-flight, amount within what is left, then the refund status', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const depositId = SEEDED_RECORDS.completedCardDeposit;
    await jumpTo(app, String(depositId));
    await app.getByTestId('deposit-refund').click();
    const form = app.getByTestId('refund-form');
    await expect(form).toHaveAttribute('data-deposit-id', String(depositId));
    await expect(app).toHaveURL(new RegExp(`#/refunds/new\\?depositId=${depositId}$`));

    const deposit = app.locator('[data-section="deposit"]');
    await expect(deposit.locator('[data-status]')).toHaveAttribute('data-status', 'COMPLETED');
    await expect(deposit.locator('[data-field="remaining"]')).toHaveText('BRL 150.00');
    await expect(deposit.locator('[data-field="paid_by_card"]')).toHaveText('Yes');
    await expect(form.getByTestId('bank-account-rule')).toHaveAttribute('data-required', 'false');
    await expect(form.getByTestId('refund-blockers')).toHaveCount(0);
    await expect(input(form, "Deposit's invoice id")).toHaveValue(`INV-${depositId}`);
    await expect(input(form, 'Deposit id')).toHaveValue(String(depositId));
    await axe();
    await topOf(app);
    await saveScreen('refund-create-card');

    const amount = input(form, 'Amount to refund');
    await amount.fill('150.01');
    await expect(form).toContainText('More than what is left to refund (BRL 150.00).');
    await form.getByTestId('create-refund').click();
    await expect(amount).toBeFocused();
    await expect(app.getByRole('dialog')).toHaveCount(0);
    await amount.fill('12.5');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByTestId('create-refund').click();

    const dialog = app.getByRole('dialog', { name: `Refund deposit ${depositId}?` });
    await expect(dialog.getByTestId('refund-confirm-summary')).toHaveText(
      `Refund BRL 12.50 of deposit ${depositId} in Local sandbox.`,
    );
    await expect(dialog.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'local-sandbox');
    await axe();
    await saveScreen('refund-create-confirm');
    await dialog.getByRole('button', { name: 'Create refund' }).click();

    const detail = app.getByTestId('refund-detail');
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
    const refundId = Number(await detail.getAttribute('data-refund-id'));
    await expect(app).toHaveURL(new RegExp(`#/refunds/${refundId}$`));
    await expect(detail.locator('[data-field="amount"]')).toHaveText('BRL 12.50');
    await expect(detail.locator('[data-field="deposit_id"]')).toContainText(String(depositId));
    const read = await paydesk.call('getRefund', { refundId });
    expect(read.ok && read.data.record).toMatchObject({
      deposit_id: depositId,
      amount: 12.5,
      status: 'PENDING',
    });

    // What is left now counts the refund just made.
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    await expect(app.locator('[data-section="deposit"] [data-field="remaining"]')).toHaveText('BRL 137.50');
    await expect(app.getByTestId('refund-warnings')).toContainText('This console recorded 1 refund');
  });

  test('everything that is left goes as that exact amount; a refund the service sent without its amount makes it typed', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const depositId = SEEDED_RECORDS.completedCardDeposit;
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    const form = app.getByTestId('refund-form');
    const amount = input(form, 'Amount to refund');
    await expect(form).toContainText(
      'Leave empty to refund everything that is left: exactly BRL 150.00 is sent.',
    );
    await form.getByTestId('create-refund').click();
    const dialog = app.getByRole('dialog', { name: `Refund deposit ${depositId}?` });
    await expect(dialog.getByTestId('refund-confirm-summary')).toHaveText(
      `Refund everything that is left of deposit ${depositId}: exactly BRL 150.00, in Local sandbox.`,
    );
    await dialog.getByRole('button', { name: "Don't refund" }).click();

    // Refund 18 of this deposit is PENDING and the service sends it without an amount: once the
    // console has seen it, what is left is uncertain and the amount must be typed.
    await jumpTo(app, `ref ${SEEDED_RECORDS.pendingRefundWithoutAmount}`);
    await expect(app.getByTestId('refund-detail')).toHaveAttribute(
      'data-refund-id',
      String(SEEDED_RECORDS.pendingRefundWithoutAmount),
    );
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    await expect(app.getByTestId('refund-warnings')).toContainText(
      'The service did not send the amount of 1 refund of this deposit',
    );
    await expect(form).toContainText('less than BRL 150.00 may be left: type the amount to refund.');
    await form.getByTestId('create-refund').click();
    await expect(form).toContainText('Type the amount to refund: what is left is not known for sure.');
    await expect(amount).toBeFocused();
    await expect(app.getByRole('dialog')).toHaveCount(0);
    await axe();
    await saveScreen('refund-create-amount-uncertain');

    await amount.fill('130');
    await form.getByTestId('create-refund').click();
    await expect(dialog.getByTestId('refund-confirm-summary')).toHaveText(
      `Refund BRL 130.00 of deposit ${depositId} in Local sandbox.`,
    );
    await dialog.getByRole('button', { name: 'Create refund' }).click();
    const detail = app.getByTestId('refund-detail');
    await expect(detail.locator('[data-field="amount"]')).toHaveText('BRL 130.00');
    const journal = await paydesk.call('listAuditEntries', { action: 'refund.create' });
    expect(journal.ok && journal.data.find((entry) => entry.type === 'intent')?.summary).toMatchObject({
      amount: '130',
      currency: 'BRL',
    });
  });

  test("from a bank deposit: the bank account is required and the bank picker searches the country's banks", async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const depositId = SEEDED_RECORDS.refundedBankDeposit;
    await app.getByRole('link', { name: 'Refunds', exact: true }).click();
    await app.mouse.move(700, 5);
    await app.getByTestId('refund-new').click();
    const chooser = app.getByTestId('refund-deposit-input');
    await expect(chooser).toBeFocused();
    await chooser.fill(String(depositId));
    await chooser.press('Enter');
    const form = app.getByTestId('refund-form');
    await expect(form.getByTestId('bank-account-rule')).toHaveAttribute('data-required', 'true');
    await expect(app.locator('[data-section="deposit"] [data-field="paid_by_card"]')).toHaveText('No');

    // The service says part of this deposit was refunded by a refund the console has not seen, so
    // what is left is uncertain and the amount comes first; then the bank account's own fields.
    await form.getByTestId('create-refund').click();
    await expect(input(form, 'Amount to refund')).toBeFocused();
    await input(form, 'Amount to refund').fill('10');
    await form.getByTestId('create-refund').click();
    await expect(input(form, 'Account holder')).toBeFocused();
    await expect(input(form, 'Account number')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('combobox', { name: 'Bank' })).toHaveAttribute('aria-invalid', 'true');

    await input(form, 'Account holder').fill('Bruno Silva');
    const bank = form.getByRole('combobox', { name: 'Bank' });
    await bank.click();
    // Accents and case are ignored: "economica" finds "Caixa Econômica Federal".
    await bank.fill('economica');
    await expect(app.getByRole('option')).toHaveText(['104 · Caixa Econômica Federal']);
    await axe();
    await saveScreen('refund-create-bank-picker');
    await app.getByRole('option', { name: '104 · Caixa Econômica Federal' }).click();
    await input(form, 'Branch').fill('0001');
    await input(form, 'Account number').fill('123456-7');
    await form.getByRole('combobox', { name: 'Account type' }).fill('SAVING');
    await form.getByRole('combobox', { name: 'Account type' }).press('Escape');
    await form.getByTestId('create-refund').click();

    const dialog = app.getByRole('dialog', { name: `Refund deposit ${depositId}?` });
    await expect(dialog).toContainText('Paid back to Bruno Silva, account 123456-7 at bank 104.');
    await dialog.getByRole('button', { name: 'Create refund' }).click();
    const detail = app.getByTestId('refund-detail');
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
    const refundId = Number(await detail.getAttribute('data-refund-id'));
    const journal = await paydesk.call('listAuditEntries', { action: 'refund.create' });
    const intent = journal.ok ? journal.data.find((entry) => entry.type === 'intent') : undefined;
    expect(intent?.ids?.deposit_id).toBe(depositId);
    const outcome = journal.ok ? journal.data.find((entry) => entry.type === 'outcome') : undefined;
    expect(outcome?.ids?.refund_id).toBe(refundId);
    await axe();
  });

  test("a deposit that is not COMPLETED cannot be refunded: main's blocker is shown and nothing can be sent", async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const depositId = SEEDED_RECORDS.pendingVoucherDeposit;
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    const blockers = app.getByTestId('refund-blockers');
    await expect(blockers).toContainText('This deposit cannot be refunded now');
    await expect(blockers).toContainText('only a COMPLETED deposit can be refunded');
    await expect(app.getByTestId('create-refund')).toBeDisabled();
    await axe();
    await topOf(app);
    await saveScreen('refund-create-blocked');
    // Main refuses it whatever the page does.
    const refused = await paydesk.call('createRefund', {
      body: { deposit_id: depositId, invoice_id: `INV-${depositId}`, amount: 10 },
    });
    expect(refused.ok ? null : refused.error.kind).toBe('invalid_state');
  });

  test('the payer verification warning of a deposit whose payer differs', async ({ console: app }) => {
    await openRoute(app, `/refunds/new?depositId=${SEEDED_RECORDS.unmatchedCardDeposit}`);
    await expect(app.getByTestId('refund-warnings')).toContainText('The payer verification says UNMATCHED');
    await expect(app.getByTestId('create-refund')).toBeEnabled();
  });
});

test.describe('production', () => {
  test.use({ freshBridge: true });
  const production = sandboxPerDescribe({ seed: 9094 });

  test('the confirmation names the environment and its kind, with the amount and currency, in red', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, production(), 'Prod Refunds', 'production');
    const armed = await paydesk.call('armProduction', { confirmation: 'Prod Refunds' });
    expect(armed.ok).toBe(true);
    const depositId = SEEDED_RECORDS.completedCardDeposit;
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    const form = app.getByTestId('refund-form');
    await input(form, 'Amount to refund').fill('10');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Ticket 5120: charged twice');
    await form.getByTestId('create-refund').click();

    const dialog = app.getByRole('dialog', { name: `Refund deposit ${depositId}?` });
    await expect(dialog.getByTestId('refund-confirm-summary')).toHaveText(
      `Refund BRL 10.00 of deposit ${depositId} in Prod Refunds (Production).`,
    );
    const target = dialog.getByTestId('mutation-target');
    await expect(target).toHaveAttribute('data-kind', 'production');
    await expect(target.getByTestId('mutation-target-name')).toHaveText('Prod Refunds');
    // The shell's production look: the red kind badge, and a red confirm button.
    await expect(target.locator('.mantine-Badge-root[data-kind="production"]')).toHaveText('Production');
    await expect(target).toContainText('This happens in production, with real money.');
    await expect(dialog.getByRole('button', { name: 'Create refund' })).toHaveAttribute(
      'style',
      /--mantine-color-red-/,
    );
    await axe();
    await saveScreen('refund-create-production-confirm');
    await dialog.getByRole('button', { name: 'Create refund' }).click();

    const detail = app.getByTestId('refund-detail');
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
    const journal = await paydesk.call('listAuditEntries', { action: 'refund.create' });
    expect(journal.ok && journal.data.find((entry) => entry.type === 'intent')).toMatchObject({
      reason: 'Ticket 5120: charged twice',
      environment: { name: 'Prod Refunds', kind: 'production' },
    });
  });
});
