import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { useLanguage } from './support/console-ui';

/**
 * The record index on screen: Deposits, Refunds and Cashouts open on a recent list of
 * what this console saw, filtered by status and currency (kept per screen for the session); the id
 * form searches invoice ids and the start of ids; the Ctrl+K box lists the index's matches under the
 * typed text and opens the one record that is exactly it, a cashout known by its external id too.
 */

// The lists show what this bridge's console saw: a bridge of its own, not one other files fed.
test.use({ freshBridge: true });

/** Opens an in-app address (the hash router's part after `#`). */
async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

async function chooseStatus(app: Page, status: string): Promise<void> {
  const select = app.getByTestId('recent-filter-status');
  await select.click();
  await app.getByRole('option', { name: status, exact: true }).click();
}

test('a created deposit: in the recent list, filtered, found by invoice id and by Ctrl+K', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const invoiceId = `INV-REC-${Date.now()}`;
  const created = await paydesk.call('createDeposit', {
    body: { amount: 123.45, country: 'BR', currency: 'BRL', invoice_id: invoiceId },
  });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = String(created.data.created.record.deposit_id);
  // The create answer carries no status: the index learns it from a read, as the deposit's page makes.
  const read = await paydesk.call('getDeposit', { depositId: created.data.created.record.deposit_id });
  if (!read.ok) throw new Error(read.error.message);
  const indexed = await paydesk.call('getRecord', { kind: 'deposit', id: depositId });
  if (!indexed.ok || indexed.data === null) throw new Error('the created deposit is not indexed');
  const status = indexed.data.status ?? 'missing';
  // A deposit looked up too, with another status, for the filter to leave out.
  const other = await paydesk.call('getDeposit', { depositId: SEEDED_RECORDS.completedCardDeposit });
  if (!other.ok) throw new Error(other.error.message);
  expect(status).not.toBe('COMPLETED');

  await openRoute(app, '/deposits');
  const list = app.getByTestId('recent-list');
  const row = list.locator(`[data-testid="recent-row"][data-id="${depositId}"]`);
  const seeded = list.locator(`[data-testid="recent-row"][data-id="${SEEDED_RECORDS.completedCardDeposit}"]`);
  await expect(row).toBeVisible();
  await expect(seeded).toBeVisible();
  // Newest first: the lookup came after the create.
  await expect(list.getByTestId('recent-row').first()).toHaveAttribute(
    'data-id',
    String(SEEDED_RECORDS.completedCardDeposit),
  );
  await expect(row).toContainText(invoiceId);
  await axe();
  await saveScreen('records-deposits-recent');

  // The filter offers the statuses by their names on screen (`Created`, `Completed`).
  await chooseStatus(app, `${status.slice(0, 1)}${status.slice(1).toLowerCase()}`);
  await expect(row).toBeVisible();
  await expect(seeded).toHaveCount(0);
  await chooseStatus(app, 'Completed');
  await expect(seeded).toBeVisible();
  await expect(row).toHaveCount(0);
  await app.getByRole('button', { name: 'Clear filters' }).click();

  // The Amount and Last seen headers sort the list; aria-sort says how.
  const seededIndexed = await paydesk.call('getRecord', {
    kind: 'deposit',
    id: String(SEEDED_RECORDS.completedCardDeposit),
  });
  const seededAmount = seededIndexed.ok ? (seededIndexed.data?.amount ?? 0) : 0;
  const [larger, smaller] =
    seededAmount > 123.45
      ? [String(SEEDED_RECORDS.completedCardDeposit), depositId]
      : [depositId, String(SEEDED_RECORDS.completedCardDeposit)];
  const amountHeader = list.getByRole('columnheader', { name: 'Amount' });
  const lastSeenHeader = list.getByRole('columnheader', { name: 'Last seen' });
  await expect(lastSeenHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(amountHeader).toHaveAttribute('aria-sort', 'none');
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(lastSeenHeader).toHaveAttribute('aria-sort', 'none');
  await expect(list.getByTestId('recent-row').first()).toHaveAttribute('data-id', larger);
  await amountHeader.getByRole('button').press('Enter');
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.getByTestId('recent-row').first()).toHaveAttribute('data-id', smaller);
  await expect(app.getByTestId('recent-filter-sort')).toHaveValue('Smallest amount first');
  await lastSeenHeader.getByRole('button').click();
  await expect(lastSeenHeader).toHaveAttribute('aria-sort', 'descending');
  await lastSeenHeader.getByRole('button').click();
  await expect(lastSeenHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.getByTestId('recent-row').first()).toHaveAttribute('data-id', depositId);
  await lastSeenHeader.getByRole('button').click();

  await app.getByTestId('recent-filter-currency').fill('USD');
  await expect(app.getByTestId('recent-empty')).toHaveText(
    'No deposit seen in this environment matches these filters.',
  );
  await app.getByTestId('recent-filter-currency').fill('BRL');
  await expect(row).toBeVisible();

  // Enter on a row's link opens the deposit.
  await row.getByRole('link', { name: `Open deposit ${depositId}` }).focus();
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/deposits/${depositId}$`));

  // The id form takes an invoice id: it searches the index instead of refusing the text.
  await openRoute(app, '/deposits');
  // The form starts afresh for each address: typed before it did, the text would be lost.
  await expect(app.getByTestId('deposit-id-input')).toHaveValue('');
  await app.getByTestId('deposit-id-input').fill(invoiceId);
  await expect(app.getByTestId('deposit-id-input')).toHaveValue(invoiceId);
  await app.getByTestId('deposit-id-input').press('Enter');
  await expect(app).toHaveURL(/#\/deposits\?q=INV-REC-/);
  const match = app.locator(`[data-testid="match"][data-id="${depositId}"]`);
  await expect(match).toHaveAttribute('data-kind', 'deposit');
  await axe();
  await match.getByRole('link', { name: `Open deposit ${depositId}` }).click();
  await expect(app).toHaveURL(new RegExp(`#/deposits/${depositId}$`));

  // Ctrl+K lists the index's matches under the typed text.
  await openRoute(app, '/');
  await app.keyboard.press('Control+K');
  const dialog = app.getByRole('dialog', { name: 'Go to a record' });
  await dialog.getByTestId('jump-input').fill(invoiceId.slice(0, -2));
  const jumpMatch = dialog.locator(`[data-testid="jump-match"][data-id="${depositId}"]`);
  await expect(jumpMatch).toContainText(invoiceId);
  // Down from the field reaches the match, Up goes back; Enter on the match opens it.
  await app.keyboard.press('ArrowDown');
  await expect(jumpMatch.getByRole('link')).toBeFocused();
  await app.keyboard.press('ArrowUp');
  await expect(dialog.getByTestId('jump-input')).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(app).toHaveURL(new RegExp(`#/deposits/${depositId}$`));
});

test('a created refund is in the Refunds list; a looked-up cashout in the Cashouts list, with both ids', async ({
  console: app,
  paydesk,
  axe,
}) => {
  await openRoute(app, '/refunds');
  await expect(app.getByTestId('recent-empty')).toHaveText(
    'No refunds seen yet in this environment: look one up by id, or refund a deposit.',
  );
  const deposit = await paydesk.call('getDeposit', { depositId: SEEDED_RECORDS.completedCardDeposit });
  if (!deposit.ok) throw new Error(deposit.error.message);
  const refund = await paydesk.call('createRefund', {
    body: {
      deposit_id: SEEDED_RECORDS.completedCardDeposit,
      invoice_id: deposit.data.record.invoice_id ?? '',
      amount: 1,
    },
  });
  if (!refund.ok) throw new Error(refund.error.message);
  const refundId = String(refund.data.created.record.refund_id);
  await openRoute(app, '/');
  await openRoute(app, '/refunds');
  const refundRow = app.locator(`[data-testid="recent-row"][data-id="${refundId}"]`);
  await expect(refundRow).toBeVisible();
  await expect(refundRow).toContainText('Created here');

  const cashout = await paydesk.call('getCashoutStatus', {
    cashoutId: SEEDED_RECORDS.pendingCashout,
    externalId: 'payout-7781',
  });
  if (!cashout.ok) throw new Error(cashout.error.message);
  await openRoute(app, '/cashouts');
  const cashoutRow = app.locator(`[data-testid="recent-row"][data-id="${SEEDED_RECORDS.pendingCashout}"]`);
  await expect(cashoutRow).toContainText('payout-7781');
  await expect(cashoutRow.getByRole('link')).toHaveAttribute(
    'href',
    `#/cashouts?cashoutId=${SEEDED_RECORDS.pendingCashout}&externalId=payout-7781`,
  );
  await axe();
  // Its own search box finds it by the external id's beginning.
  await app.getByTestId('record-search-input').fill('payout-77');
  await app.getByTestId('record-search-submit').click();
  await expect(
    app.locator(`[data-testid="match"][data-id="${SEEDED_RECORDS.pendingCashout}"]`),
  ).toBeVisible();
  // A click anywhere on a row opens the record, both ids filled.
  await openRoute(app, '/cashouts');
  await cashoutRow.locator('td').nth(4).click();
  await expect(app).toHaveURL(/#\/cashouts\?cashoutId=11954&externalId=payout-7781$/);
  await expect(app.getByTestId('cancel-external-id')).toHaveValue('payout-7781');
});

/** What the jump box says of a number that only begins ids this console has seen. */
const PREFIX_PROBLEM = {
  en: (text: string) =>
    `No record this console has seen is ${text}; the ones below start with it. Choose one, or type dep ${text} to ask the service for deposit ${text}.`,
  es: (text: string) =>
    `Ningún registro visto por esta consola es ${text}; los de abajo empiezan así. Elija uno o escriba dep ${text} para pedir al servicio el depósito ${text}.`,
  'pt-BR': (text: string) =>
    `Nenhum registro visto por este console é ${text}; os de abaixo começam assim. Escolha um ou digite dep ${text} para pedir ao serviço o depósito ${text}.`,
} as const;

async function jump(app: Page, text: string): Promise<Locator> {
  await app.keyboard.press('Control+K');
  const dialog = app.getByRole('dialog');
  const box = dialog.getByTestId('jump-input');
  await box.fill(text);
  await box.press('Enter');
  return dialog;
}

test('finding without an id: an invoice id opens, a prefix lists, a cashout by its external id comes back', async ({
  console: app,
  paydesk,
  axe,
}) => {
  const invoiceId = `INV-FIND-${Date.now()}`;
  const created = await paydesk.call('createDeposit', {
    body: { amount: 50, country: 'BR', currency: 'BRL', invoice_id: invoiceId },
  });
  if (!created.ok) throw new Error(created.error.message);
  const depositId = created.data.created.record.deposit_id;
  for (const seeded of [SEEDED_RECORDS.completedCardDeposit, SEEDED_RECORDS.pendingVoucherDeposit]) {
    expect((await paydesk.call('getDeposit', { depositId: seeded })).ok).toBe(true);
  }

  // Ctrl+K with the exact invoice id this console knows opens its deposit. The page first: its
  // lookup box takes the focus as it appears, and an Enter sent meanwhile would go to it.
  await openRoute(app, '/refunds');
  await expect(app.getByTestId('refund-lookup-submit')).toBeVisible();
  let dialog = await jump(app, invoiceId);
  // The invoice id is searched in the record index first: on a loaded CI machine that took over 15 s once.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(app).toHaveURL(new RegExp(`#/deposits/${depositId}$`));

  // A number that only begins ids seen here is not taken for a whole deposit id.
  const prefix = '30000000';
  dialog = await jump(app, prefix);
  const box = dialog.getByTestId('jump-input');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(PREFIX_PROBLEM.en(prefix))).toBeVisible();
  await expect(
    dialog.locator(`[data-testid="jump-match"][data-id="${SEEDED_RECORDS.completedCardDeposit}"]`),
  ).toBeVisible();
  await expect(app).toHaveURL(new RegExp(`#/deposits/${depositId}$`));
  await axe();
  // Its kind word says it is a whole id: the service is asked for it.
  await box.fill(`dep ${prefix}`);
  await box.press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/deposits/${prefix}$`));

  // The Deposits form does the same: the start of ids lists them, and offers the whole id too.
  await openRoute(app, '/deposits');
  await expect(app.getByTestId('deposit-id-input')).toHaveValue('');
  await app.getByTestId('deposit-id-input').fill(prefix);
  await expect(app.getByTestId('deposit-id-input')).toHaveValue(prefix);
  await app.getByTestId('deposit-id-input').press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/deposits\\?q=${prefix}$`));
  await expect(
    app.locator(`[data-testid="match"][data-id="${SEEDED_RECORDS.pendingVoucherDeposit}"]`),
  ).toBeVisible();
  await expect(app.getByTestId('matches-ask-service')).toHaveAttribute('href', `#/deposits/${prefix}`);
  // A whole id it knows opens at once.
  await app.getByTestId('deposit-id-input').fill(String(SEEDED_RECORDS.completedCardDeposit));
  await app.getByTestId('deposit-id-input').press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/deposits/${SEEDED_RECORDS.completedCardDeposit}$`));

  // A cashout looked up by its external id alone is found by it again.
  await openRoute(app, '/cashouts?externalId=payout-7781');
  await expect(app.getByTestId('cashout-status')).toBeVisible();
  await openRoute(app, '/');
  dialog = await jump(app, 'payout-7781');
  await expect(dialog).toBeHidden();
  await expect(app).toHaveURL(/#\/cashouts\?externalId=payout-7781$/);
  await openRoute(app, '/cashouts');
  const row = app.locator('[data-testid="recent-row"][data-id="ext:payout-7781"]');
  await expect(row).toContainText('payout-7781');
  await expect(row.getByRole('link')).toHaveAttribute('href', '#/cashouts?externalId=payout-7781');

  // The words differ per language.
  for (const language of ['es', 'pt-BR'] as const) {
    await useLanguage(app, paydesk, language);
    dialog = await jump(app, prefix);
    await expect(dialog.getByText(PREFIX_PROBLEM[language](prefix))).toBeVisible();
    await app.keyboard.press('Escape');
  }
});

test('list filters are kept per screen for the session', async ({ console: app, paydesk }) => {
  expect((await paydesk.call('getDeposit', { depositId: SEEDED_RECORDS.completedCardDeposit })).ok).toBe(
    true,
  );
  expect((await paydesk.call('getDeposit', { depositId: SEEDED_RECORDS.pendingVoucherDeposit })).ok).toBe(
    true,
  );
  await openRoute(app, '/deposits');
  await chooseStatus(app, 'Completed');
  await app.getByTestId('recent-filter-currency').fill('BRL');
  const list = app.getByTestId('recent-list');
  await expect(list.locator(`[data-id="${SEEDED_RECORDS.pendingVoucherDeposit}"]`)).toHaveCount(0);

  // Another screen, with a list of its own, then back.
  await app.locator('[data-nav="refunds"]').click();
  await expect(app.getByTestId('recent-filter-currency')).toHaveValue('');
  await app.locator('[data-nav="audit"]').click();
  await app.getByTestId('audit-filter-action').selectOption('refund.create');
  await app.locator('[data-nav="deposits"]').click();
  await expect(app.getByTestId('recent-filter-status')).toHaveValue('Completed');
  await expect(app.getByTestId('recent-filter-currency')).toHaveValue('BRL');
  await expect(list.locator(`[data-id="${SEEDED_RECORDS.completedCardDeposit}"]`)).toBeVisible();
  await expect(list.locator(`[data-id="${SEEDED_RECORDS.pendingVoucherDeposit}"]`)).toHaveCount(0);
  await app.locator('[data-nav="audit"]').click();
  await expect(app.getByTestId('audit-filter-action')).toHaveValue('refund.create');

  // A new session starts unfiltered.
  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
  await openRoute(app, '/deposits');
  await expect(app.getByTestId('recent-filter-currency')).toHaveValue('');
});
