import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { topOf, useLanguage } from './support/console-ui';

/**
 * The deposit's page knows what this console did with it: the refunds it
 * knows of with what is left to refund (main's pre-flight figure: a cancelled refund gives its
 * amount back, D8), and a created deposit's payment instructions again, none of them once the
 * deposit cannot be paid any more (by its status or by its expiration date). The cashout screen fills the external id the index knows for a cashout looked up by
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
  const paid = await paydesk.call('transitionSandboxRecord', {
    entity: 'deposit',
    id: depositId,
    to: 'COMPLETED',
  });
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

  const cancelled = await paydesk.call('transitionSandboxRecord', {
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

/** QuickPay Brazil: Pix without a payer, ONE_SHOT: a QR, the Pix code and the payer's link. */
const QUICKPAY_PIX = { amount: 100.5, country: 'BR', payment_method: 'IX' };

/** Everything a payer could pay with on the kept instructions, counted. */
async function expectNothingPayable(kept: Locator): Promise<void> {
  await expect(kept.getByTestId('instructions-withheld')).toBeVisible();
  await expect(kept.getByTestId('qr-code')).toHaveCount(0);
  await expect(kept.locator('[data-field="digitable_line"]')).toHaveCount(0);
  await expect(kept.locator('[data-field="reference"]')).toHaveCount(0);
  await expect(kept.getByTestId('redirect-url')).toHaveCount(0);
  await expect(kept.getByTestId('open-redirect')).toHaveCount(0);
  // No copy button is left for a code or a link.
  await expect(kept.getByRole('button')).toHaveCount(0);
}

const WITHHELD = {
  en: "The deposit has expired: its payment instructions and the payer's link are hidden so that nobody pays it.",
  es: 'El depósito venció: sus instrucciones de pago y el enlace para el pagador están ocultos para que nadie lo pague.',
  'pt-BR':
    'O depósito venceu: as instruções de pagamento e o link para o pagador estão ocultos para que ninguém o pague.',
} as const;
const EXPIRED_WORD = { en: 'Expired', es: 'Vencido', 'pt-BR': 'Expirado' } as const;

test('Sandbox +1 hour: the service says EXPIRED, so nothing payable is shown and the countdown says expired', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const created = await paydesk.call('createDeposit', {
    body: { ...QUICKPAY_PIX, invoice_id: 'INV-E2E-PAGE-2' },
  });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = created.data.created.record.deposit_id;
  await openRoute(app, `/deposits/${depositId}`);
  const detail = app.getByTestId('deposit-detail');
  const kept = app.locator('[data-section="kept-instructions"]');
  await expect(kept.getByTestId('qr-code')).toBeVisible();
  await expect(kept.locator('[data-field="digitable_line"]')).toBeVisible();
  await expect(kept.getByTestId('redirect-url')).toBeVisible();
  const timer = kept.locator('[data-field="timeLeft"]').getByRole('timer');
  await expect(timer).toHaveAttribute('data-expired', 'false');

  // The Sandbox screen's time travel moves the service's business clock an hour on; the clock the
  // console's offset is measured on stays, so only the deposit's status can tell it expired.
  await openRoute(app, '/sandbox');
  await app.getByTestId('clock-preset-hour').click();
  await expect(app.getByTestId('clock-now')).toBeVisible();
  await openRoute(app, `/deposits/${depositId}`);
  await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'EXPIRED');
  await expectNothingPayable(kept);
  await expect(kept.getByTestId('instructions-withheld')).toHaveAttribute('data-reason', 'expired');
  await expect(timer).toHaveAttribute('data-expired', 'true');
  await expect(timer).toHaveText('Expired');
  // The amount and the dates are still said: they are not something to pay with.
  await expect(kept.locator('[data-field="payment_info.amount"]')).toHaveText('BRL 100.50');
  await axe();
  await topOf(app);
  await saveScreen('deposit-page-expired');

  for (const language of ['en', 'es', 'pt-BR'] as const) {
    await useLanguage(app, paydesk, language);
    await openRoute(app, `/deposits/${depositId}`);
    await expect(kept.getByTestId('instructions-withheld')).toHaveText(WITHHELD[language]);
    await expect(timer).toHaveText(EXPIRED_WORD[language]);
    await expectNothingPayable(kept);
  }
});

test('the expiration date passing on the service clock withholds the instructions while the status still says PENDING', async ({
  console: app,
  paydesk,
}) => {
  const created = await paydesk.call('createDeposit', {
    body: { ...QUICKPAY_PIX, invoice_id: 'INV-E2E-PAGE-3' },
  });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = created.data.created.record.deposit_id;
  await app.clock.install();
  await openRoute(app, `/deposits/${depositId}`);
  const detail = app.getByTestId('deposit-detail');
  const kept = app.locator('[data-section="kept-instructions"]');
  await expect(kept.getByTestId('qr-code')).toBeVisible();
  const timer = kept.locator('[data-field="timeLeft"]').getByRole('timer');
  await expect(timer).toHaveAttribute('data-expired', 'false');

  // Half an hour and a minute later on this computer (and so on the service's clock): the Pix
  // answer gave 30 minutes. Nobody read the status again, and it still says PENDING.
  await app.clock.fastForward('31:00');
  await expect(timer).toHaveAttribute('data-expired', 'true');
  await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
  await expectNothingPayable(kept);
  await expect(kept.getByTestId('instructions-withheld')).toHaveAttribute('data-reason', 'expired');
});

test('a cashout looked up by its cashout id alone: the cancel form gets the external id the console saw', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const created = await paydesk.call('createSandboxCashout', { externalId: 'e2e-known-external' });
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
