import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { dropSeed } from '../unit/console/console-fixture';
import { expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';
import { setSandboxFaults, useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Cashouts (and the cancel guard): status by cashout_id or external_id (D7 code and
 * description, rejection code and reason); cancel with both ids after a confirmation, 412/510
 * and 509 in plain words, a lost cancel answer read again and shown as it is now, and the
 * production confirmation (armed, a reason, the cashout id typed).
 */

async function jumpTo(app: Page, text: string): Promise<void> {
  await app.getByTestId('jump-button').click();
  const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
  await box.fill(text);
  await box.press('Enter');
}

async function openCashouts(app: Page): Promise<void> {
  await app.getByRole('link', { name: 'Cashouts', exact: true }).click();
  // A hovered current navbar entry is the shell's own look.
  await app.mouse.move(700, 5);
  await expect(app.getByRole('heading', { name: 'Cashouts', level: 2 })).toBeVisible();
}

function cancelForm(app: Page): Locator {
  return app.getByRole('form', { name: 'Cancel a pending cashout' });
}

/** Fills the cancel panel and submits it; answers the confirmation dialog (not yet confirmed). */
async function askToCancel(app: Page, cashoutId: number, externalId: string): Promise<Locator> {
  const form = cancelForm(app);
  await form.getByTestId('cancel-cashout-id').fill(String(cashoutId));
  await form.getByTestId('cancel-external-id').fill(externalId);
  await form.getByTestId('cancel-cashout').click();
  const dialog = app.getByRole('dialog', { name: `Cancel cashout ${cashoutId}?` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function cancel(app: Page, cashoutId: number, externalId: string): Promise<Locator> {
  const dialog = await askToCancel(app, cashoutId, externalId);
  await dialog.getByRole('button', { name: 'Cancel the cashout' }).click();
  await expect(dialog).toBeHidden();
  const outcome = app.getByTestId('cancel-outcome');
  await expect(outcome).toBeVisible();
  return outcome;
}

async function statusCode(paydesk: PaydeskCaller, cashoutId: number): Promise<number | null> {
  const read = await paydesk.call('getCashoutStatus', { cashoutId });
  return read.ok ? read.data.record.cashout_status : null;
}

test.describe('status', () => {
  test('by cashout id from the jump box: D7 status, description, raw answer; cancellable when pending', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const cashoutId = SEEDED_RECORDS.pendingCashout;
    const fetched = await paydesk.call('getCashoutStatus', { cashoutId });
    if (!fetched.ok) throw new Error(fetched.error.message);
    await jumpTo(app, `co ${cashoutId}`);
    await expect(app).toHaveURL(new RegExp(`#/cashouts\\?cashoutId=${cashoutId}$`));
    const status = app.getByTestId('cashout-status');
    await expect(status).toHaveAttribute('data-status-code', '0');
    await expect(status.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
    await expect(status.locator('[data-field="cashout_status"]')).toHaveText('0');
    await expect(status.locator('[data-field="cashout_status_description"]')).toHaveText('Pending');
    await expect(status.locator('[data-field="rejection_code"]')).toHaveText('—');
    await expect(status.locator('[data-field="rejection_reason"]')).toHaveText('—');
    await expect(status.getByTestId('cancellable')).toBeVisible();
    await expect(status.getByTestId('raw-json')).toHaveText(JSON.stringify(fetched.data.raw, null, 2), {
      useInnerText: true,
    });
    // The cancel panel starts with the ids the screen knows.
    await expect(cancelForm(app).getByTestId('cancel-cashout-id')).toHaveValue(String(cashoutId));
    await axe();
    await topOf(app);
    await saveScreen('cashouts-status');
  });

  test("by external id: a rejected cashout shows the bank's rejection code and reason", async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const fetched = await paydesk.call('getCashoutStatus', { externalId: 'payout-7785' });
    if (!fetched.ok) throw new Error(fetched.error.message);
    await jumpTo(app, 'ext payout-7785');
    const status = app.getByTestId('cashout-status');
    await expect(status.locator('[data-status]').first()).toHaveAttribute('data-status', 'REJECTED');
    await expect(status.locator('[data-field="external_id"]')).toHaveText('payout-7785');
    await expect(status.locator('[data-field="cashout_id"]')).toHaveText('—');
    await expect(status.locator('[data-field="rejection_code"]')).toHaveText('803');
    await expect(status.locator('[data-field="rejection_reason"]')).toHaveText(
      fetched.data.record.rejection_reason ?? 'missing',
    );
    await expect(status.getByTestId('cancellable')).toHaveCount(0);
    await axe();
    await topOf(app);
    await saveScreen('cashouts-rejected');
  });

  test('the lookup form: either id or both; an unknown cashout and a bad id are explained', async ({
    console: app,
    axe,
  }) => {
    await openCashouts(app);
    const lookup = app.getByRole('search', { name: 'Look up a cashout' });
    await expect(lookup.getByTestId('lookup-cashout-id')).toBeFocused();
    await lookup.getByTestId('cashout-lookup-submit').click();
    await expect(lookup).toContainText('Give a cashout id, an external id or both.');
    await lookup.getByTestId('lookup-cashout-id').fill('12x');
    await lookup.getByTestId('lookup-cashout-id').press('Enter');
    await expect(lookup).toContainText('A cashout id is a positive whole number.');

    await lookup.getByTestId('lookup-cashout-id').fill('11956');
    await lookup.getByTestId('lookup-external-id').fill('payout-7783');
    await lookup.getByTestId('lookup-external-id').press('Enter');
    await expect(app).toHaveURL(/#\/cashouts\?cashoutId=11956&externalId=payout-7783$/);
    await expect(app.getByTestId('cashout-status').locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      'DELIVERED',
    );

    await app
      .getByRole('search', { name: 'Look up a cashout' })
      .getByTestId('lookup-cashout-id')
      .fill('999999');
    await app.getByRole('search', { name: 'Look up a cashout' }).getByTestId('lookup-external-id').fill('');
    await app.getByRole('search', { name: 'Look up a cashout' }).getByTestId('cashout-lookup-submit').click();
    await expect(app.locator('[data-error-kind="not_found"]')).toContainText(
      'Nothing was found with this id',
    );
    await axe();
  });
});

test.describe('cancel', () => {
  test('a pending cashout: confirmed, cancelled, and its status read again by both ids', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const created = await paydesk.call('createSandboxCashout', { externalId: 'e2e-cancel-pending' });
    if (!created.ok) throw new Error(created.error.message);
    const { cashoutId, externalId } = created.data;
    expect(await statusCode(paydesk, cashoutId)).toBe(0);

    await openCashouts(app);
    const dialog = await askToCancel(app, cashoutId, externalId);
    // Where it happens, at the moment of action: the local sandbox (its name is its kind's word).
    await expect(dialog.getByTestId('cancel-confirm-summary')).toHaveText(
      `Cancel cashout ${cashoutId} (external id ${externalId}) in Local sandbox.`,
    );
    await expect(dialog.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'local-sandbox');
    await expect(dialog).toContainText('The cashout will not be paid.');
    // Outside production nothing has to be typed.
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await axe();
    await saveScreen('cashout-cancel-confirm');
    await dialog.getByRole('button', { name: 'Cancel the cashout' }).click();

    const outcome = app.getByTestId('cancel-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'cancelled');
    await expect(outcome).toBeFocused();
    await expect(outcome).toContainText('The service now says CANCELLED (Canceled).');
    await expect(app).toHaveURL(new RegExp(`#/cashouts\\?cashoutId=${cashoutId}&externalId=${externalId}$`));
    const status = app.getByTestId('cashout-status');
    await expect(status).toHaveAttribute('data-status-code', '2');
    await expect(status.locator('[data-status]').first()).toHaveText('Cancelled');
    expect(await statusCode(paydesk, cashoutId)).toBe(2);
    await axe();
    await topOf(app);
    await saveScreen('cashout-cancelled');
  });

  test('a cashout that is not pending: the 412 message in plain words, nothing changed', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await openCashouts(app);
    const outcome = await cancel(app, 11957, 'payout-7784');
    await expect(outcome).toHaveAttribute('data-outcome', 'not_pending');
    // One box says it all: the plain words, then what main said with the id as written and the
    // status by its word (the code beside it), never "Cashout 11,957 is 1".
    await expect(outcome.getByRole('alert')).toHaveCount(1);
    const explanation = outcome.getByTestId('cancel-explanation');
    await expect(explanation).toContainText('Cashout 11957 is not pending any more');
    await expect(explanation).toContainText('Only a pending cashout can be cancelled.');
    await expect(explanation).toHaveAttribute('data-error-kind', 'invalid_state');
    await expect(explanation.getByTestId('error-said')).toContainText(
      'Cashout 11957 is COMPLETED (status 1), not pending',
    );
    await expect(app.getByTestId('cashout-status').locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      'COMPLETED',
    );
    expect(await statusCode(paydesk, 11957)).toBe(1);
    await axe();
    await topOf(app);
    await saveScreen('cashout-cancel-not-pending');
  });

  test('an unknown cashout, or two ids naming different cashouts: the 509 message in plain words', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await openCashouts(app);
    let outcome = await cancel(app, 999999, 'no-such-payout');
    await expect(outcome).toHaveAttribute('data-outcome', 'not_found');
    await expect(outcome.getByRole('alert')).toHaveCount(1);
    const explanation = outcome.getByTestId('cancel-explanation');
    await expect(explanation).toContainText('No cashout matches these ids');
    await expect(explanation).toContainText('cashout id 999999 and external id no-such-payout');
    await axe();
    await topOf(app);
    await saveScreen('cashout-cancel-not-found');

    outcome = await cancel(app, SEEDED_RECORDS.pendingCashout, 'payout-7786');
    await expect(outcome).toHaveAttribute('data-outcome', 'not_found');
    await expect(outcome).toContainText('do not name the same cashout');
    // The pending one was not touched.
    expect(await statusCode(paydesk, SEEDED_RECORDS.pendingCashout)).toBe(0);
  });

  test('both ids are required and checked before anything is asked', async ({ console: app }) => {
    await openCashouts(app);
    const form = cancelForm(app);
    await form.getByTestId('cancel-cashout-id').fill('11954');
    await form.getByTestId('cancel-cashout').click();
    await expect(form.getByTestId('cancel-external-id')).toBeFocused();
    await expect(form).toContainText('Required: a cancel names the cashout by both ids.');
    await expect(app.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('a lost cancel answer', () => {
  test.use({ freshBridge: true });
  const service = sandboxPerDescribe({ seed: 7071 });

  test('is never sent again: the status read right after is shown as it is now', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, service(), 'Lossy cashouts', 'testing');
    await openCashouts(app);
    // The dialog's status read and three guard reads pass, the DELETE is dropped after the cancel
    // took effect, the reads after pass.
    await setSandboxFaults(service(), {
      rate: 0.5,
      kinds: ['drop'],
      seed: dropSeed(['none', 'none', 'none', 'none', 'after', 'none', 'none', 'none', 'none']),
    });
    const outcome = await cancel(app, SEEDED_RECORDS.pendingCashout, 'payout-7781');
    await expect(outcome).toHaveAttribute('data-outcome', 'outcome_unknown');
    await expect(outcome.getByRole('alert')).toHaveCount(1);
    const explanation = outcome.getByTestId('cancel-explanation');
    await expect(explanation).toContainText('The console did not send it again');
    await expect(explanation.getByTestId('error-said')).toContainText(
      `cashout ${SEEDED_RECORDS.pendingCashout} is now CANCELLED (status 2)`,
    );
    await expect(app.getByTestId('cashout-status')).toHaveAttribute('data-status-code', '2');
    await setSandboxFaults(service(), { rate: 0 });
    await axe();
    await topOf(app);
    await saveScreen('cashout-cancel-outcome-unknown');
    const journal = await paydesk.call('listAuditEntries', { action: 'cashout.cancel' });
    expect(journal.ok && journal.data.map((entry) => [entry.type, entry.result ?? null])).toEqual([
      ['intent', null],
      ['outcome', 'outcome_unknown'],
      ['resolution', 'ok'],
    ]);
  });
});

test.describe('production', () => {
  test.use({ freshBridge: true });
  const production = sandboxPerDescribe({ seed: 7072 });

  test('unarmed: refused with the explanation; armed: a reason and the cashout id typed to confirm', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, production(), 'Prod Payouts', 'production');
    await openCashouts(app);
    const form = cancelForm(app);
    await form.getByTestId('cancel-cashout-id').fill(String(SEEDED_RECORDS.pendingCashout));
    await form.getByTestId('cancel-external-id').fill('payout-7781');
    const gate = form.getByTestId('mutation-gate');
    await expect(gate).toHaveAttribute('data-armed', 'false');
    await expect(gate).toContainText('Production is read-only until armed');
    await expect(form.getByTestId('cancel-cashout')).toBeDisabled();
    const refused = await paydesk.call('cancelCashout', {
      cashoutId: SEEDED_RECORDS.pendingCashout,
      externalId: 'payout-7781',
      typedConfirmation: String(SEEDED_RECORDS.pendingCashout),
      reason: 'test',
    });
    expect(refused.ok ? null : refused.error).toMatchObject({
      kind: 'not_permitted',
      message: expect.stringContaining('read-only until it is armed'),
    });
    await axe();
    await topOf(app);
    await saveScreen('cashout-cancel-production-unarmed');

    // The way to arming: the banner's button, armed by typing the environment's name.
    await gate.getByTestId('go-to-arming').click();
    const arm = app.getByTestId('production-banner').getByRole('button', { name: 'Arm for changes…' });
    await expect(arm).toBeFocused();
    await arm.press('Enter');
    const armDialog = app.getByRole('dialog', { name: 'Arm Prod Payouts for changes' });
    await armDialog.getByLabel('Type Prod Payouts to confirm').fill('Prod Payouts');
    await armDialog.getByRole('button', { name: 'Arm production' }).click();
    await expect(armDialog).toBeHidden();
    await expect(gate).toHaveCount(0);

    await form.getByTestId('cancel-cashout').click();
    const reason = form.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toBeFocused();
    await expect(form).toContainText('Production needs a reason for every change.');
    await reason.fill('Duplicate payout, ticket 9981');
    await form.getByTestId('cancel-cashout').click();

    const dialog = app.getByRole('dialog', { name: `Cancel cashout ${SEEDED_RECORDS.pendingCashout}?` });
    await expect(dialog.getByTestId('cancel-confirm-summary')).toHaveText(
      `Cancel cashout ${SEEDED_RECORDS.pendingCashout} (external id payout-7781) in Prod Payouts (Production).`,
    );
    await expect(dialog.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'production');
    await expect(dialog.getByTestId('mutation-target')).toContainText('Production');
    await expect(dialog).toContainText('This is production');
    const confirm = dialog.getByRole('button', { name: 'Cancel the cashout' });
    const typed = dialog.getByLabel(`Type ${SEEDED_RECORDS.pendingCashout} to confirm`);
    await expect(confirm).toBeDisabled();
    await typed.fill('11955');
    await expect(confirm).toBeDisabled();
    await axe();
    await saveScreen('cashout-cancel-production-confirm');
    await typed.fill(String(SEEDED_RECORDS.pendingCashout));
    await confirm.click();

    const outcome = app.getByTestId('cancel-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'cancelled');
    await expect(app.getByTestId('cashout-status')).toHaveAttribute('data-status-code', '2');
    const journal = await paydesk.call('listAuditEntries', { action: 'cashout.cancel' });
    expect(journal.ok && journal.data.find((entry) => entry.type === 'intent')).toMatchObject({
      reason: 'Duplicate payout, ticket 9981',
      environment: { kind: 'production' },
    });
  });
});
