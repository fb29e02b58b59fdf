import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { dropSeed } from '../unit/console/console-fixture';
import { expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';
import { setSandboxFaults, useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Money moves once: main refuses a new refund, deposit or cashout cancel while an
 * earlier one on the same record has an unknown outcome, and a second deposit with an invoice id
 * already used here until the user confirms it. The screens show those refusals: the action
 * disabled beside what is unknown and its two ways out (the same request again under its key, or
 * a settlement by hand), and the duplicate-invoice choice on New deposit.
 */

/** Opens an in-app address (the hash router's part after `#`). */
async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

function input(scope: Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

async function faultCounters(controlUrl: string): Promise<Record<string, number>> {
  const response = await fetch(`${controlUrl}/faults`);
  return ((await response.json()) as { counters: Record<string, number> }).counters;
}

async function openDepositForm(app: Page): Promise<Locator> {
  await app.getByRole('link', { name: 'New deposit', exact: true }).click();
  await app.mouse.move(700, 5);
  await expect(app.getByRole('heading', { name: 'New deposit', level: 2 })).toBeVisible();
  return app.getByRole('form', { name: 'Create a deposit' });
}

/** A hosted deposit in Brazil: the fewest fields the service takes. */
async function fillHostedDeposit(app: Page, form: Locator, amount: string, invoiceId: string): Promise<void> {
  await form.getByTestId('deposit-mode').getByText('Hosted', { exact: false }).click();
  await input(form, 'Amount').fill(amount);
  const country = form.getByRole('combobox', { name: 'Country' });
  await country.fill('BR');
  await country.press('Escape');
  await input(form, 'Invoice id').fill(invoiceId);
  await expect(form.getByTestId('expected-flow')).toHaveAttribute('data-flow', 'HOSTED');
}

async function intentsOf(paydesk: PaydeskCaller, action: 'deposit.create' | 'refund.create') {
  const entries = await paydesk.call('listAuditEntries', { action });
  if (!entries.ok) throw new Error(entries.error.message);
  return entries.data;
}

test.describe('a refund whose answer is lost in production', () => {
  test.use({ freshBridge: true });
  const production = sandboxPerDescribe({ seed: 2401 });

  test('the refund action is disabled with what is unknown; the same-key retry from the screen settles it: one refund', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const name = 'Prod Refunds';
    await useSandboxEnvironment(paydesk, production(), name, 'production');
    expect((await paydesk.call('armProduction', { confirmation: name })).ok).toBe(true);
    const depositId = SEEDED_RECORDS.completedCardDeposit;
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    const form = app.getByTestId('refund-form');
    await expect(form.locator('[data-section="bank-account"]')).toContainText(/\d+ banks in [A-Z]{2}/);
    await expect(app.locator('[data-section="deposit"] [data-field="remaining"]')).toHaveText('BRL 150.00');
    await expect(form.getByTestId('unknown-outcome')).toHaveCount(0);
    await input(form, 'Amount to refund').fill('10');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Ticket 2401: charged twice');
    await form.getByTestId('create-refund').click();
    const confirm = app.getByRole('dialog', { name: `Refund deposit ${depositId}?` });

    // The pre-flight read passes; every attempt of the POST is dropped after the service made the
    // refund; the reads that follow (the pre-flight again) pass.
    await setSandboxFaults(production(), {
      rate: 0.5,
      kinds: ['drop'],
      seed: dropSeed(['none', 'after', 'after', 'after', 'none', 'none', 'none']),
    });
    await confirm.getByRole('button', { name: 'Create refund' }).click();
    const failed = app.getByTestId('refund-failed');
    await expect(failed).toHaveAttribute('data-error-kind', 'outcome_unknown', { timeout: 30_000 });
    // Nothing else reached the service meanwhile: exactly the three attempts were lost. (Read
    // before the faults are turned off, which zeroes the counters.)
    expect(await faultCounters(production().controlUrl)).toMatchObject({ drop_after: 3, drop_before: 0 });
    await setSandboxFaults(production(), { rate: 0 });

    const unresolved = await paydesk.call('listUnresolvedIntents', {});
    if (!unresolved.ok || unresolved.data[0] === undefined)
      throw new Error('the lost refund is not unresolved');
    const lost = unresolved.data[0];
    expect(lost).toMatchObject({ action: 'refund.create', ids: { deposit_id: depositId } });

    // The action is disabled; next to it, what is unknown and the two ways out.
    const panel = form.getByTestId('unknown-outcome');
    await expect(panel).toHaveAttribute('data-intent-id', lost.intentId);
    await expect(form.getByTestId('create-refund')).toBeDisabled();
    await expect(panel.getByTestId('unknown-outcome-explain')).toContainText(
      `The refund of deposit ${depositId}, sent at`,
    );
    await expect(panel.getByTestId('unknown-outcome-key')).toHaveText(lost.idempotencyKey ?? 'no key');
    await expect(panel).toContainText('Send it again under the same key. If the first one arrived');
    await expect(panel).toContainText('settle it by hand');
    await axe();
    await topOf(app);
    await saveScreen('unknown-outcome-refund');

    // Main refuses a new refund of this deposit under another key, whatever a page does.
    const refused = await paydesk.call('createRefund', {
      body: { deposit_id: depositId, invoice_id: `INV-${depositId}`, amount: 10 },
      reason: 'Ticket 2401: second try',
    });
    expect(refused.ok ? null : refused.error).toMatchObject({
      kind: 'intent_unresolved',
      getBlockingIntent: { intentId: lost.intentId, state: 'unknown' },
    });

    await panel.getByRole('button', { name: 'Send it again under the same key…' }).click();
    const retry = app.getByRole('dialog', { name: 'Send "Create refund" again?' });
    await expect(retry.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'production');
    await expect(retry.getByTestId('retry-dialog-key')).toHaveText(lost.idempotencyKey ?? 'no key');
    await retry.getByRole('button', { name: 'Send again with the same key' }).click();

    const settled = form.getByTestId('intent-settled');
    await expect(settled).toHaveAttribute('data-result', 'ok');
    await expect(settled).toHaveAttribute('data-method', 'retried_same_key');
    await expect(panel).toHaveCount(0);
    await expect(form.getByTestId('create-refund')).toBeEnabled();
    // The pre-flight was read again: what is left counts the one refund.
    await expect(app.locator('[data-section="deposit"] [data-field="remaining"]')).toHaveText('BRL 140.00');

    // Exactly one refund: the journal has one request, the service made one refund.
    const journal = await intentsOf(paydesk, 'refund.create');
    expect(
      journal.map((entry) => [entry.type, entry.result ?? null, entry.resolutionMethod ?? null]),
    ).toEqual([
      ['intent', null, null],
      ['outcome', 'outcome_unknown', null],
      ['resolution', 'ok', 'retried_same_key'],
    ]);
    const refundId = journal[2]?.ids?.refund_id ?? 0;
    await expect(settled.getByRole('link', { name: `Refund ${refundId}` })).toBeVisible();
    const made = await paydesk.call('getRefund', { refundId });
    expect(made.ok && made.data.record).toMatchObject({ deposit_id: depositId, amount: 10 });
    const next = await paydesk.call('getRefund', { refundId: refundId + 1 });
    expect(next.ok ? 'found' : next.error.kind).toBe('not_found');
    await axe();
  });

  test("another window's lost refund: the create is refused and shown the same way", async ({
    console: app,
    paydesk,
  }) => {
    const name = 'Prod Refunds';
    await useSandboxEnvironment(paydesk, production(), name, 'production');
    expect((await paydesk.call('armProduction', { confirmation: name })).ok).toBe(true);
    const depositId = SEEDED_RECORDS.unmatchedCardDeposit;
    await openRoute(app, `/refunds/new?depositId=${depositId}`);
    const form = app.getByTestId('refund-form');
    await expect(form.locator('[data-section="bank-account"]')).toContainText(/\d+ banks in [A-Z]{2}/);
    await expect(form.getByTestId('create-refund')).toBeEnabled();

    // Meanwhile, another window sends a refund of the same deposit and its answer is lost.
    await setSandboxFaults(production(), {
      rate: 0.5,
      kinds: ['drop'],
      seed: dropSeed(['none', 'after', 'after', 'after']),
    });
    const elsewhere = await paydesk.call('createRefund', {
      body: { deposit_id: depositId, invoice_id: `INV-${depositId}`, amount: 1 },
      reason: 'Ticket 2402: from another window',
    });
    expect(elsewhere.ok ? null : elsewhere.error.kind).toBe('outcome_unknown');
    await setSandboxFaults(production(), { rate: 0 });

    await input(form, 'Amount to refund').fill('1');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Ticket 2402');
    await form.getByTestId('create-refund').click();
    await app
      .getByRole('dialog', { name: `Refund deposit ${depositId}?` })
      .getByRole('button', { name: 'Create refund' })
      .click();
    await expect(app.getByTestId('refund-failed')).toHaveAttribute('data-error-kind', 'intent_unresolved');
    await expect(form.getByTestId('unknown-outcome')).toBeVisible();
    await expect(form.getByTestId('create-refund')).toBeDisabled();
    const journal = await intentsOf(paydesk, 'refund.create');
    expect(
      journal.filter((entry) => entry.ids?.deposit_id === depositId && entry.type === 'intent'),
    ).toHaveLength(1);

    // Settled by hand from the screen: it did not happen, so a new refund may go.
    await form.getByTestId('unknown-outcome-settle').click();
    const settle = app.getByRole('dialog', { name: 'Settle "Create refund" by hand' });
    await settle.getByRole('radio', { name: /It did not happen/ }).check();
    await settle.getByRole('textbox', { name: 'How you checked' }).fill('Merchant panel: no refund today');
    await settle.getByRole('button', { name: 'Record the settlement' }).click();
    await expect(form.getByTestId('intent-settled')).toHaveAttribute('data-result', 'error');
    await expect(form.getByTestId('intent-settled')).toContainText('A new request can be sent now.');
    await expect(form.getByTestId('create-refund')).toBeEnabled();
  });
});

test.describe('a duplicate invoice id on New deposit', () => {
  test.use({ freshBridge: true });
  const service = sandboxPerDescribe({ seed: 2403 });

  test('back to the form then Create: the dialog names the earlier deposit; the same request again shows it, nothing new is made', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, service(), 'Deposits testing', 'testing');
    const form = await openDepositForm(app);
    await fillHostedDeposit(app, form, '20', 'INV-DUP-1');
    await form.getByTestId('create-deposit').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'HOSTED');
    const depositId = Number(await answer.getAttribute('data-deposit-id'));
    const firstKey = (await answer.locator('[data-field="idempotencyKey"]').textContent()) ?? 'no key';

    // The reported bug: back to the form, Create again. Main refuses it; the dialog asks.
    await answer.getByTestId('back-to-form').click();
    await form.getByTestId('create-deposit').click();
    const dialog = app.getByRole('dialog', { name: 'Invoice id INV-DUP-1 already has a deposit' });
    await expect(dialog.getByTestId('duplicate-invoice')).toHaveAttribute('data-same-request', 'true');
    await expect(dialog.getByTestId('duplicate-earlier-link')).toHaveText(`Deposit ${depositId}`);
    await expect(dialog.getByTestId('duplicate-earlier')).toContainText(
      'was created here with this invoice id at',
    );
    const resend = dialog.getByRole('button', { name: 'Send the same request again' });
    await expect(resend).toBeFocused();
    await axe();
    await saveScreen('deposit-duplicate-invoice');

    await app.keyboard.press('Enter');
    await expect(answer).toHaveAttribute('data-deposit-id', String(depositId));
    await expect(answer.locator('[data-field="idempotencyKey"]')).toHaveText(firstKey);
    const control = async (id: number) => (await fetch(`${service().controlUrl}/deposits/${id}`)).status;
    expect(await control(depositId)).toBe(200);
    expect(await control(depositId + 1)).toBe(404);

    // Another amount is another request: no resend; back to the form keeps what was typed.
    await answer.getByTestId('back-to-form').click();
    await input(form, 'Amount').fill('25');
    await form.getByTestId('create-deposit').click();
    await expect(dialog.getByTestId('duplicate-invoice')).toHaveAttribute('data-same-request', 'false');
    await expect(dialog.getByRole('button', { name: 'Send the same request again' })).toHaveCount(0);
    const back = dialog.getByRole('button', { name: 'Back to the form' });
    await expect(back).toBeFocused();
    await back.click();
    await expect(dialog).toBeHidden();
    await expect(input(form, 'Amount')).toHaveValue('25');
    await expect(input(form, 'Invoice id')).toHaveValue('INV-DUP-1');
    await expect(app.getByTestId('create-failed')).toHaveAttribute('data-error-kind', 'duplicate_invoice');
    expect(await control(depositId + 1)).toBe(404);

    // A second deposit on purpose: confirmed, journaled, made.
    await app.getByTestId('duplicate-choose-again').click();
    await dialog.getByRole('button', { name: 'Create a second deposit' }).click();
    await expect(answer).toHaveAttribute('data-deposit-id', String(depositId + 1));
    const intents = (await intentsOf(paydesk, 'deposit.create')).filter((entry) => entry.type === 'intent');
    expect(intents.map((entry) => entry.idempotencyKey === firstKey)).toEqual([true, true, false]);
  });
});

test.describe('settling by hand', () => {
  test.use({ freshBridge: true });
  const service = sandboxPerDescribe({ seed: 2404 });

  test('New deposit shows the unknown earlier deposit; the Unresolved screen settles it by hand and the journal keeps the note', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, service(), 'Lossy testing', 'testing');
    await setSandboxFaults(service(), {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    const lost = await paydesk.call('createDeposit', {
      body: { amount: 7, country: 'BR', invoice_id: 'INV-HAND-1' },
    });
    if (lost.ok || lost.error.kind !== 'outcome_unknown') throw new Error('the create was not lost');
    await setSandboxFaults(service(), { rate: 0 });

    // A new deposit with that invoice id is refused while the first one's outcome is unknown.
    const form = await openDepositForm(app);
    await fillHostedDeposit(app, form, '8', 'INV-HAND-1');
    await form.getByTestId('create-deposit').click();
    const failed = app.getByTestId('create-failed');
    await expect(failed).toHaveAttribute('data-error-kind', 'intent_unresolved');
    const panel = failed.getByTestId('unknown-outcome');
    await expect(panel.getByTestId('unknown-outcome-explain')).toContainText(
      'The deposit with invoice id INV-HAND-1, sent at',
    );
    await expect(panel.getByTestId('unknown-outcome-key')).toHaveText(lost.error.idempotencyKey ?? 'no key');
    await axe();

    await app.getByTestId('outcome-unknown-banner').getByRole('link', { name: 'Settle now' }).click();
    const intent = app.getByTestId('unresolved-intent');
    await intent.getByRole('button', { name: 'Settle by hand…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Settle "Create deposit" by hand' });
    await expect(dialog.getByRole('radio', { name: /It happened/ })).toBeFocused();
    await expect(dialog.getByTestId('settle-what')).toContainText('The deposit with invoice id INV-HAND-1');
    // Nothing is recorded without a verdict and a note.
    await dialog.getByRole('button', { name: 'Record the settlement' }).click();
    await expect(dialog).toContainText('Choose what you found.');
    await expect(dialog).toContainText('Say how you checked.');
    // The screen stops it (the first thing missing has the focus); main is not even asked.
    await expect(dialog.getByRole('radio', { name: /It happened/ })).toBeFocused();
    await expect(dialog.locator('[data-error-kind]')).toHaveCount(0);
    await expect(intent).toHaveCount(1);
    await dialog.getByRole('radio', { name: /It happened/ }).check();
    const note = 'Merchant panel shows the deposit for INV-HAND-1';
    await dialog.getByRole('textbox', { name: 'How you checked' }).fill(note);
    await axe();
    await saveScreen('unresolved-settle-by-hand');
    await dialog.getByRole('button', { name: 'Record the settlement' }).click();
    await expect(app.getByTestId('unresolved-none')).toBeVisible();

    const entries = await intentsOf(paydesk, 'deposit.create');
    const resolution = entries.find((entry) => entry.type === 'resolution');
    expect(resolution).toMatchObject({ resolutionMethod: 'manual', result: 'ok' });
    expect(resolution?.note).toContain(note);
    expect(resolution?.osUser).toBe(entries[0]?.osUser);
    // It happened, so a deposit with this invoice id exists: the next one asks for a confirmation.
    const again = await paydesk.call('createDeposit', {
      body: { amount: 8, country: 'BR', invoice_id: 'INV-HAND-1' },
    });
    expect(again.ok ? null : again.error.kind).toBe('duplicate_invoice');
  });
});

test.describe('a cashout cancel whose answer is lost', () => {
  test.use({ freshBridge: true });
  const service = sandboxPerDescribe({ seed: 2405 });

  test('Cancel is disabled with what is unknown; "check and cancel" settles it from the screen', async ({
    console: app,
    paydesk,
    axe,
  }) => {
    const cashout = { cashoutId: SEEDED_RECORDS.pendingCashout, externalId: 'payout-7781' };
    await useSandboxEnvironment(paydesk, service(), 'Lossy testing', 'testing');
    // The guard reads pass, the DELETE is dropped after it took effect, the status read after too.
    await setSandboxFaults(service(), {
      rate: 0.5,
      kinds: ['drop'],
      seed: dropSeed(['none', 'none', 'none', 'after', 'after', 'after', 'after', 'after', 'after']),
    });
    const cancel = await paydesk.call('cancelCashout', cashout);
    expect(cancel.ok ? null : cancel.error.kind).toBe('outcome_unknown');
    await setSandboxFaults(service(), { rate: 0 });

    await openRoute(app, `/cashouts?cashoutId=${cashout.cashoutId}&externalId=${cashout.externalId}`);
    const form = app.getByRole('form', { name: 'Cancel a pending cashout' });
    const panel = form.getByTestId('unknown-outcome');
    await expect(panel.getByTestId('unknown-outcome-explain')).toContainText(
      `The cancellation of cashout ${cashout.cashoutId}, sent at`,
    );
    await expect(form.getByTestId('cancel-cashout')).toBeDisabled();
    await expect(panel).toContainText('A cancellation is never sent blindly.');
    await axe();

    await panel.getByRole('button', { name: 'Check and cancel if still pending…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Send "Cancel cashout" again?' });
    await dialog.getByRole('button', { name: 'Check and cancel' }).click();
    const settled = form.getByTestId('intent-settled');
    await expect(settled).toHaveAttribute('data-result', 'ok');
    await expect(settled).toContainText('Status: CANCELLED.');
    await expect(panel).toHaveCount(0);
    await expect(app.getByTestId('cashout-status')).toHaveAttribute('data-status-code', '2');
  });
});
