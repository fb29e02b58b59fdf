import type { Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';

/**
 * A refund amount shows its currency and decimals ("40" was shown). The refund
 * record has no currency; main answers its deposit's from the record index, and a refund whose
 * deposit the console never saw says its currency is unknown instead of showing a bare number.
 */

// The recent list shows what this bridge's console saw: a bridge of its own.
test.use({ freshBridge: true, viewport: { width: 1280, height: 800 } });

async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

async function chooseLanguage(app: Page, code: string, name: string): Promise<void> {
  await app.getByTestId('language-menu').click();
  await app.getByRole('menuitem', { name, exact: true }).click();
  await expect(app.locator('html')).toHaveAttribute('lang', code);
  await expect(app.getByRole('menu')).toHaveCount(0);
}

test('recent refunds and matches show a BRL refund as BRL with two decimals; an unknown currency is said', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const depositId = SEEDED_RECORDS.completedCardDeposit; // BRL, paid by card: no bank account needed
  const created = await paydesk.call('createRefund', {
    body: { deposit_id: depositId, invoice_id: `INV-${depositId}`, amount: 40 },
  });
  if (!created.ok) throw new Error(created.error.message);
  const refundId = String(created.data.created.record.refund_id);
  // A refund read by its id alone: its deposit (300000011) is not in this console's index.
  const unknown = await paydesk.call('getRefund', { refundId: SEEDED_RECORDS.deliveredRefund });
  if (!unknown.ok) throw new Error(unknown.error.message);

  await openRoute(app, '/refunds');
  const list = app.getByTestId('recent-list');
  const amountOf = (id: string | number) =>
    list.locator(`[data-testid="recent-row"][data-id="${id}"] [data-field="amount"]`);
  await expect(amountOf(refundId)).toHaveText('BRL 40.00');
  await expect(amountOf(SEEDED_RECORDS.deliveredRefund)).toContainText('currency unknown');
  await expect(amountOf(SEEDED_RECORDS.deliveredRefund)).not.toContainText(/[A-Z]{3}/);
  await axe();
  await saveScreen('refund-currency-recent-en');

  // The matches of a search show the same amount.
  await openRoute(app, `/refunds?q=INV-${depositId}`);
  const match = app.locator(`[data-testid="match"][data-kind="refund"][data-id="${refundId}"]`);
  await expect(match.locator('[data-field="amount"]')).toHaveText('BRL 40.00');

  await openRoute(app, '/refunds');
  await chooseLanguage(app, 'pt-BR', 'Português (Brasil)');
  await expect(amountOf(refundId)).toHaveText(/^(BRL|R\$)\s40,00$/);
  await expect(amountOf(SEEDED_RECORDS.deliveredRefund)).toContainText('moeda desconhecida');
  await axe();
  await saveScreen('refund-currency-recent-pt-BR');
  await chooseLanguage(app, 'en', 'English');
});

test('a refunds batch shows each amount in its deposit currency, or says the currency is unknown', async ({
  console: app,
  paydesk,
  axe,
}) => {
  const depositId = SEEDED_RECORDS.completedCardDeposit; // BRL
  // Seen by this console (its deposit is indexed when the refund is created); the delivered
  // refund's deposit never is.
  const deposit = await paydesk.call('getDeposit', { depositId });
  if (!deposit.ok) throw new Error(deposit.error.message);
  const created = await paydesk.call('createRefund', {
    body: { deposit_id: depositId, invoice_id: `INV-${depositId}`, amount: 25 },
  });
  if (!created.ok) throw new Error(created.error.message);
  const refundId = String(created.data.created.record.refund_id);

  await openRoute(app, '/batch');
  await app.getByTestId('batch-kind').getByText('Refunds', { exact: true }).click();
  await expect(app.getByRole('radio', { name: 'Refunds' })).toBeChecked();
  await app.getByTestId('batch-text').fill(`${refundId}\n${SEEDED_RECORDS.deliveredRefund}`);
  await expect(app.getByTestId('batch-text')).toHaveValue(`${refundId}\n${SEEDED_RECORDS.deliveredRefund}`);
  await app.getByTestId('batch-parse').click();
  await app.getByTestId('batch-start').click();
  const current = app.getByTestId('batch-current');
  await expect(current.getByTestId('batch-state')).toHaveAttribute('data-state', 'done');
  const amountOf = (id: string | number) =>
    current.locator(`[data-testid="batch-row"][data-id="${id}"] td[data-currency]`);
  await expect(amountOf(refundId)).toHaveText('BRL 25.00');
  await expect(amountOf(refundId)).toHaveAttribute('data-currency', 'BRL');
  await expect(amountOf(SEEDED_RECORDS.deliveredRefund)).toContainText('currency unknown');
  await expect(amountOf(SEEDED_RECORDS.deliveredRefund)).not.toContainText(/[A-Z]{3}/);
  await axe();

  await chooseLanguage(app, 'es', 'Español');
  await expect(amountOf(SEEDED_RECORDS.deliveredRefund)).toContainText('moneda desconocida');
  await chooseLanguage(app, 'en', 'English');
});
