import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { topOf } from './support/console-ui';

/**
 * The deposit's page knows what this console did with it (issue 27, record index): the refunds it
 * knows of with what is left to refund (main's pre-flight figure: a cancelled refund gives its
 * amount back, D8), and a created deposit's payment instructions again (the QR hidden after
 * expiry). The cashout screen fills the external id the index knows for a cashout looked up by
 * its cashout id alone, so that it can be cancelled.
 */

test.use({ freshBridge: true });

/** Opens an in-app address (the hash router's part after `#`). */
async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

const PIX_DEPOSIT = {
  amount: 100.5,
  country: 'BR',
  invoice_id: 'INV-E2E-PAGE-1',
  payment_method: 'IX',
  payer: {
    document: '84932568207',
    document_type: 'CPF',
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Souza',
  },
};

test('a created deposit: its refunds with what is left, and its payment instructions again', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const created = await paydesk.call('createDeposit', { body: PIX_DEPOSIT });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = created.data.created.record.deposit_id;

  // Still PENDING: nothing can be refunded yet; the instructions are there, QR and all.
  await openRoute(app, `/deposits/${depositId}`);
  const detail = app.getByTestId('deposit-detail');
  await expect(detail).toHaveAttribute('data-deposit-id', String(depositId));
  const refunds = detail.locator('[data-section="refunds"]');
  await expect(refunds.locator('[data-field="left_to_refund"]')).toContainText(
    'only a completed deposit can be refunded',
  );
  await expect(refunds.getByTestId('refunds-none')).toBeVisible();
  await expect(refunds.getByTestId('refunds-elsewhere')).toContainText('Refunds made elsewhere');
  const kept = detail.locator('[data-section="kept-instructions"]');
  const qr = kept.getByTestId('qr-code');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(kept.locator('[data-field="digitable_line"]')).toContainText(
    String(created.data.created.record.payment_info?.metadata?.digitable_line),
  );
  await expect(kept.locator('[data-field="payment_info.amount"]')).toHaveText('BRL 100.50');
  await expect(kept.locator('[data-field="timeLeft"]').getByRole('timer')).toHaveAttribute(
    'data-expired',
    'false',
  );
  // Payer data was never kept: the payer's document is not among the instructions.
  await expect(kept).not.toContainText('84932568207');

  // Paid, then refunded in part: the refund is listed, and what is left counts it.
  const paid = await paydesk.call('sandboxTransition', { entity: 'deposit', id: depositId, to: 'COMPLETED' });
  expect(paid.ok).toBe(true);
  const refund = await paydesk.call('createRefund', {
    body: {
      deposit_id: depositId,
      invoice_id: PIX_DEPOSIT.invoice_id,
      amount: 40,
      bank_account: { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' },
    },
  });
  if (!refund.ok) throw new Error(refund.error.message);
  const refundId = refund.data.created.record.refund_id;
  await detail.getByTestId('deposit-refresh').click();
  const row = refunds.locator(`[data-refund-id="${refundId}"]`);
  await expect(row.getByRole('link', { name: String(refundId) })).toHaveAttribute(
    'href',
    `#/refunds/${refundId}`,
  );
  await expect(row.locator('[data-field="amount"]')).toHaveText('BRL 40.00');
  await expect(row.locator('[data-field="first_seen"]')).not.toBeEmpty();
  await expect(refunds.locator('[data-field="left_to_refund"]')).toHaveText('BRL 60.50');
  // The refund form's pre-flight says the same: one figure, computed once, in main.
  await detail.getByTestId('deposit-refund').click();
  await expect(app.locator('[data-section="deposit"] [data-field="remaining"]')).toHaveText('BRL 60.50');

  // Its page reads its status; cancelled, it gives its amount back.
  await openRoute(app, `/deposits/${depositId}`);
  await row.getByRole('link', { name: String(refundId) }).click();
  await expect(app.getByTestId('refund-detail').locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'PENDING',
  );
  await app.goBack();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'PENDING');
  await axe();
  await topOf(app);
  await saveScreen('deposit-page-refunds');

  const cancelled = await paydesk.call('sandboxTransition', {
    entity: 'refund',
    id: refundId,
    to: 'CANCELLED',
  });
  expect(cancelled.ok).toBe(true);
  await row.getByRole('link', { name: String(refundId) }).click();
  await app.getByTestId('refund-refresh').click();
  await expect(app.getByTestId('refund-detail').locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'CANCELLED',
  );
  await app.goBack();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'CANCELLED');
  await expect(refunds.locator('[data-field="left_to_refund"]')).toHaveText('BRL 100.50');
});

test('the kept QR is hidden once the deposit has expired on the service clock', async ({
  console: app,
  paydesk,
}) => {
  const created = await paydesk.call('createDeposit', {
    body: { ...PIX_DEPOSIT, invoice_id: 'INV-E2E-PAGE-2' },
  });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = created.data.created.record.deposit_id;
  await openRoute(app, `/deposits/${depositId}`);
  const kept = app.locator('[data-section="kept-instructions"]');
  await expect(kept.getByTestId('qr-code')).toBeVisible();

  // The service's business clock moves two days on (time travel; the authentication clock, and so
  // the console's offset, stay): the page, opened again, reads the deposit EXPIRED.
  const moved = await paydesk.call('sandboxAdvanceClock', { seconds: 2 * 86_400 });
  expect(moved.ok).toBe(true);
  await app.reload();
  await expect(kept.getByTestId('qr-hidden')).toBeVisible();
  await expect(kept.getByTestId('qr-code')).toHaveCount(0);
  await expect(kept.locator('[data-field="digitable_line"]')).toBeVisible();
});

test('a cashout looked up by its cashout id alone: the cancel form gets the external id the console saw', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const created = await paydesk.call('sandboxCreateCashout', { externalId: 'e2e-known-external' });
  if (!created.ok) throw new Error(created.error.message);
  const { cashoutId, externalId } = created.data;

  // Not seen by this console yet: nothing to fill in.
  await openRoute(app, `/cashouts?cashoutId=${cashoutId}`);
  const form = app.getByRole('form', { name: 'Cancel a pending cashout' });
  await expect(app.getByTestId('cashout-status')).toHaveAttribute('data-status-code', '0');
  await expect(form.getByTestId('cancel-cashout-id')).toHaveValue(String(cashoutId));
  await expect(form.getByTestId('cancel-external-id')).toHaveValue('');

  // Looked up once by both ids: the console keeps the pair.
  await openRoute(app, `/cashouts?cashoutId=${cashoutId}&externalId=${externalId}`);
  await expect(app.getByTestId('cashout-status').locator('[data-field="external_id"]')).toHaveText(
    externalId,
  );

  await openRoute(app, `/cashouts?cashoutId=${cashoutId}`);
  // The status row first: it changes only once this address is on screen (no stale panel read).
  await expect(app.getByTestId('cashout-status').locator('[data-field="external_id"]')).toHaveText(
    `${externalId} (from this console's records)`,
  );
  const external = form.getByTestId('cancel-external-id');
  await expect(external).toHaveValue(externalId);
  await expect(external).toHaveAccessibleDescription(/From this console's records/);
  await axe();
  await topOf(app);
  await saveScreen('cashout-external-id-from-records');

  // The cancel goes out with both ids (main checks that they name the same cashout).
  await form.getByTestId('cancel-cashout').click();
  const dialog = app.getByRole('dialog', { name: `Cancel cashout ${cashoutId}?` });
  await expect(dialog.getByTestId('cancel-confirm-summary')).toContainText(`external id ${externalId}`);
  await dialog.getByRole('button', { name: 'Cancel the cashout' }).click();
  await expect(app.getByTestId('cancel-outcome')).toHaveAttribute('data-outcome', 'cancelled');
  const status = await paydesk.call('getCashoutStatus', { cashoutId });
  expect(status.ok && status.data.record.cashout_status).toBe(2);
});
