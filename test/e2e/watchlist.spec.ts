import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { chooseTheme, topOf, useLanguage } from './support/console-ui';

/**
 * Watchlist (brief F4): pin objects (a deposit by id, a cashout by `ext:` external id), move one
 * in the sandbox, poll now → the row, the timeline and a toast show the change; a refund going
 * COMPLETED → REJECTED is an alarm: a red toast that stays until dismissed (on any screen) and an
 * alarm row. Each test has its own bridge: the watchlist file lives in that bridge's data folder.
 */

test.use({ freshBridge: true });

async function openWatchlist(app: Page): Promise<void> {
  await app.locator('[data-nav="watchlist"]').click();
  await expect(app).toHaveURL(/#\/watchlist$/);
  await expect(app.getByRole('heading', { level: 2, name: 'Watchlist' })).toBeVisible();
}

async function pin(app: Page, kind: string, id: string): Promise<Locator> {
  await app.getByLabel('Kind').selectOption(kind);
  await app.getByLabel('Id', { exact: true }).fill(id);
  await app.getByTestId('watch-pin-submit').click();
  const item = app.locator(`[data-testid="watch-item"][data-kind="${kind}"][data-id="${id}"]`);
  await expect(item).toBeVisible();
  return item;
}

test('pin, the object moves, poll now: the row, the timeline and a toast show the change', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const depositId = SEEDED_RECORDS.pendingVoucherDeposit;
  await openWatchlist(app);
  await expect(app.getByTestId('watch-empty')).toHaveText('Nothing is pinned in this environment yet.');
  await expect(app.getByTestId('watch-poll-times')).toHaveText(
    'Not read yet in this session. Nothing is pinned, so nothing is read.',
  );
  await axe();

  // A cashout by its external id, with the `ext:` syntax.
  const cashout = await pin(app, 'cashout', 'ext:payout-7781');
  await expect(cashout.locator('[data-field="status"] [data-status]').first()).toHaveAttribute(
    'data-status',
    'PENDING',
  );
  const deposit = await pin(app, 'deposit', String(depositId));
  await expect(app.getByText(`Deposit ${depositId} is on the watchlist.`)).toBeVisible();
  await expect(deposit.locator('[data-field="status"] [data-status]').first()).toHaveAttribute(
    'data-status',
    'PENDING',
  );
  await expect(deposit.getByRole('link', { name: String(depositId) })).toHaveAttribute(
    'href',
    `#/deposits/${depositId}`,
  );
  // Pinning opens the object's timeline: the first sighting.
  const timeline = app.locator('[data-section="watch-timeline"]');
  await expect(timeline.getByRole('heading', { name: `Timeline of Deposit ${depositId}` })).toBeVisible();
  await expect(timeline.getByTestId('watch-timeline-text')).toHaveText(['First seen: PENDING']);

  // An id that names nothing is refused, in words.
  await app.getByLabel('Kind').selectOption('refund');
  await app.getByLabel('Id', { exact: true }).fill('999999');
  await app.getByTestId('watch-pin-submit').click();
  await expect(app.locator('[data-error-kind="not_found"]').first()).toContainText(
    'Nothing was found with this id',
  );

  const moved = await paydesk.call('transitionSandboxRecord', {
    entity: 'deposit',
    id: depositId,
    to: 'COMPLETED',
  });
  expect(moved).toMatchObject({ ok: true });
  await app.getByTestId('watch-poll-now').click();

  await expect(deposit.locator('[data-field="status"] [data-status]').first()).toHaveAttribute(
    'data-status',
    'COMPLETED',
  );
  await expect(deposit.locator('[data-field="changes"]')).toHaveText('1');
  await expect(deposit).toHaveAttribute('data-alarm', 'false');
  await expect(timeline.getByTestId('watch-timeline-text')).toHaveText([
    'PENDING → COMPLETED',
    'First seen: PENDING',
  ]);
  const toast = app.locator(`[data-testid="watch-toast"][data-id="${depositId}"]`);
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-severity', 'info');
  await expect(toast).toContainText('Watchlist: a status changed');
  await expect(toast).toContainText(`Deposit ${depositId}: PENDING → COMPLETED`);
  await expect(app.getByTestId('watch-poll-times')).toContainText('Last read');
  await axe();
  await topOf(app);
  await saveScreen('watchlist');

  // Another interval is kept by main.
  await app.getByLabel('Read again every').selectOption('300');
  await expect(app.getByLabel('Read again every')).toHaveValue('300');
  const view = await paydesk.call('listWatchlist', {});
  expect(view.ok && view.data.intervalSeconds).toBe(300);

  await deposit.getByRole('button', { name: `Unpin Deposit ${depositId}` }).click();
  await expect(deposit).toHaveCount(0);
  await expect(timeline).toHaveCount(0);
  await expect(cashout).toBeVisible();
});

test('a refund rejected after it was completed: a red toast that stays on any screen, an alarm row', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const refundId = SEEDED_RECORDS.completedRefund;
  await openWatchlist(app);
  const refund = await pin(app, 'refund', String(refundId));
  await expect(refund.locator('[data-field="status"] [data-status]').first()).toHaveAttribute(
    'data-status',
    'COMPLETED',
  );

  // Elsewhere in the console when it happens.
  await app.locator('[data-nav="lookup"]').click();
  const moved = await paydesk.call('transitionSandboxRecord', {
    entity: 'refund',
    id: refundId,
    to: 'REJECTED',
  });
  expect(moved).toMatchObject({ ok: true });
  expect(await paydesk.call('pollWatchlistNow', {})).toMatchObject({ ok: true });

  const toast = app.locator(`[data-testid="watch-toast"][data-id="${refundId}"]`);
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-severity', 'alarm');
  await expect(toast).toContainText('Alarm: rejected after it was completed');
  await expect(toast).toContainText(`Refund ${refundId}: COMPLETED → REJECTED`);
  await expect(toast).toHaveAttribute('style', /--mantine-color-red/);
  await axe();

  // It stays: longer than a plain change's toast lasts (10 s), it is still there.
  await app.waitForTimeout(11_000);
  await expect(toast).toBeVisible();

  await openWatchlist(app);
  await expect(refund).toHaveAttribute('data-alarm', 'true');
  await expect(refund.getByTestId('watch-alarm')).toHaveText('Alarm');
  await refund.getByRole('button', { name: `Timeline of Refund ${refundId}` }).click();
  const entries = app.locator('[data-section="watch-timeline"]').getByTestId('watch-timeline-entry');
  await expect(entries.first()).toHaveAttribute('data-severity', 'alarm');
  await expect(entries.first()).toContainText('COMPLETED → REJECTED');
  await axe();
  await topOf(app);
  await saveScreen('watchlist-alarm');

  // The alarm row and toast stay readable in the dark theme too.
  await chooseTheme(app, 'Dark');
  await axe();
  await topOf(app);
  await saveScreen('watchlist-alarm-dark');

  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
});

/** The board's words that differ per language: the column, and what each total adds up. */
const BOARD_WORDS = {
  en: { column: 'Amount or balance', balances: 'Sub-merchant balances', deposits: 'Deposit amounts' },
  es: { column: 'Importe o saldo', balances: 'Saldos de subcomercios', deposits: 'Importes de depósitos' },
  'pt-BR': {
    column: 'Valor ou saldo',
    balances: 'Saldos de subcomerciantes',
    deposits: 'Valores de depósitos',
  },
} as const;

test('the board says how much: a balance or amount per pin, totals per currency; every column reachable at 1024 × 768', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const deposits = [SEEDED_RECORDS.completedCardDeposit, SEEDED_RECORDS.refundedBankDeposit];
  const pins: Array<[string, string]> = [
    ['deposit', String(deposits[0])],
    ['deposit', String(deposits[1])],
    ['deposit', String(SEEDED_RECORDS.cancelledDeposit)],
    ['sub_merchant', String(SEEDED_RECORDS.activeSubMerchant)],
    ['cashout', String(SEEDED_RECORDS.pendingCashout)],
  ];
  for (const [kind, id] of pins) {
    expect((await paydesk.call('pinWatch', { kind: kind as 'deposit', id })).ok, `${kind} ${id}`).toBe(true);
  }
  // What the service says, to compare with.
  const amounts: number[] = [];
  for (const depositId of deposits) {
    const read = await paydesk.call('getDeposit', { depositId });
    if (!read.ok) throw new Error(read.error.message);
    amounts.push(read.data.record.local_amount ?? read.data.record.amount ?? 0);
  }
  const subMerchant = await paydesk.call('getSubMerchant', {
    subMerchantId: SEEDED_RECORDS.activeSubMerchant,
  });
  if (!subMerchant.ok || subMerchant.data.record.balance === undefined) throw new Error('no balance');
  const balance = subMerchant.data.record.balance;
  const chilean = await paydesk.call('getDeposit', { depositId: SEEDED_RECORDS.cancelledDeposit });
  if (!chilean.ok) throw new Error(chilean.error.message);
  const pesos = chilean.data.record.local_amount ?? chilean.data.record.amount ?? 0;
  const money = (amount: number, currency: string, digits: number) =>
    `${currency} ${new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount)}`;

  await app.setViewportSize({ width: 1024, height: 768 });
  await openWatchlist(app);
  const box = app.getByTestId('watch-table-box');
  const row = (kind: string, id: string | number) =>
    box.locator(`[data-testid="watch-item"][data-kind="${kind}"][data-id="${id}"]`);
  await expect(
    row('sub_merchant', SEEDED_RECORDS.activeSubMerchant).locator('[data-field="amount"]'),
  ).toHaveText(money(balance.total ?? 0, balance.currency ?? '', 2));
  await expect(row('deposit', deposits[0] ?? 0).locator('[data-field="amount"]')).toHaveText(
    money(amounts[0] ?? 0, 'BRL', 2),
  );
  // A Chilean peso has no decimals, here as everywhere.
  await expect(row('deposit', SEEDED_RECORDS.cancelledDeposit).locator('[data-field="amount"]')).toHaveText(
    money(Math.round(pesos), 'CLP', 0),
  );
  await expect(row('cashout', SEEDED_RECORDS.pendingCashout).locator('[data-field="amount"]')).toHaveText(
    '—',
  );

  // The totals, per kind and currency: balances apart from deposit amounts.
  const totals = app.getByTestId('watch-totals');
  const total = (kind: string, currency: string) =>
    totals.locator(`[data-testid="watch-total"][data-kind="${kind}"][data-currency="${currency}"]`);
  await expect(total('deposit', 'BRL').locator('[data-field="total"]')).toHaveText(
    money((amounts[0] ?? 0) + (amounts[1] ?? 0), 'BRL', 2),
  );
  await expect(total('deposit', 'BRL').locator('[data-field="count"]')).toHaveText('2');
  await expect(total('deposit', 'CLP').locator('[data-field="total"]')).toHaveText(
    money(Math.round(pesos), 'CLP', 0),
  );
  await expect(total('sub_merchant', balance.currency ?? '').locator('[data-field="total"]')).toHaveText(
    money(balance.total ?? 0, balance.currency ?? '', 2),
  );
  await expect(totals.getByTestId('watch-total')).toHaveCount(3);

  // At 1024 × 768 the page does not scroll sideways; the table does, inside its box, with every
  // column reachable and the object it names kept in view.
  const page = await app.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(page[0], 'the page scrolls sideways').toBeLessThanOrEqual(page[1] ?? 0);
  for (const column of ['object', 'status', 'amount', 'actions']) {
    const header = box.locator(`th[data-column="${column}"]`);
    await header.scrollIntoViewIfNeeded();
    const [cell, region] = await Promise.all([
      header.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    ]);
    expect(cell.right, `${column} can be scrolled into the box`).toBeLessThanOrEqual(region.right + 1);
    const object = await box
      .locator('th[data-column="object"]')
      .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    expect(object.left, 'the object column stays in view').toBeGreaterThanOrEqual(region.left - 1);
  }
  // The last column's buttons can be reached and used there.
  const unpin = row('cashout', SEEDED_RECORDS.pendingCashout).getByRole('button', { name: /Unpin/ });
  await unpin.scrollIntoViewIfNeeded();
  await expect(unpin).toBeInViewport({ ratio: 1 });
  await axe();
  await topOf(app);
  await saveScreen('watchlist-totals-1024');

  for (const language of ['es', 'pt-BR', 'en'] as const) {
    await useLanguage(app, paydesk, language);
    await openWatchlistByRoute(app);
    await expect(box.locator('th[data-column="amount"]')).toHaveText(BOARD_WORDS[language].column);
    await expect(
      total('sub_merchant', balance.currency ?? '')
        .locator('td')
        .first(),
    ).toHaveText(BOARD_WORDS[language].balances);
    await expect(total('deposit', 'BRL').locator('td').first()).toHaveText(BOARD_WORDS[language].deposits);
  }
});

async function openWatchlistByRoute(app: Page): Promise<void> {
  await app.evaluate(() => {
    window.location.hash = '/watchlist';
  });
  await expect(app.getByTestId('watch-table')).toBeVisible();
}
