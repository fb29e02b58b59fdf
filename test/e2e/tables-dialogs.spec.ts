import type { Locator, Page } from '@playwright/test';
import { CREDENTIAL_FIELDS, type Language } from '../../shared/contract';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';

/**
 * Issue 28, tables and dialogs at 1280 × 800: the batch results and the audit journal fit (the
 * page never scrolls sideways, the columns that matter are in view), the columns chosen are kept
 * after a reload, the id stays in view when a table scrolls inside its box; no label is cut
 * (Doctor badge, Sandbox selects) in any language; confirm dialogs name both actions and say what
 * is true of the cashout; no refund offered on a cancelled deposit; a malformed id marks the
 * record still shown as the previous one.
 */

test.use({ freshBridge: true, viewport: { width: 1280, height: 800 } });

const PENDING_CASHOUT = { cashoutId: SEEDED_RECORDS.pendingCashout, externalId: 'payout-7781' };

async function go(app: Page, hash: string): Promise<void> {
  await app.evaluate((target) => {
    window.location.hash = target;
  }, hash);
}

async function reload(app: Page): Promise<void> {
  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
}

async function useLanguage(app: Page, paydesk: PaydeskCaller, language: Language): Promise<void> {
  expect(await paydesk.call('setPreferences', { language })).toMatchObject({ ok: true });
  await reload(app);
  await expect(app.locator('html')).toHaveAttribute('lang', language);
}

/** The page itself never scrolls sideways (a wide table scrolls inside its own box). */
async function expectNoSidewaysScroll(app: Page): Promise<void> {
  const sizes = await app.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.client);
}

/** Each named header cell lies inside the box's visible part, without scrolling it. */
async function expectColumnsInView(box: Locator, columns: readonly string[]): Promise<void> {
  const boxRect = await box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  for (const column of columns) {
    const header = box.locator(`th[data-column="${column}"]`);
    await expect(header, column).toBeVisible();
    const rect = await header.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    expect(rect.left, `${column} starts in view`).toBeGreaterThanOrEqual(boxRect.left - 1);
    expect(rect.right, `${column} ends in view`).toBeLessThanOrEqual(boxRect.right + 1);
  }
}

/** Ticks or unticks a column in a table's "Columns" menu. */
async function chooseColumn(app: Page, menu: string, label: string, show: boolean): Promise<void> {
  const list = app.getByTestId(`${menu}-list`);
  if (!(await list.isVisible())) await app.getByTestId(menu).click();
  const box = list.getByRole('checkbox', { name: label, exact: true });
  if (show) await box.check();
  else await box.uncheck();
}

async function closeMenu(app: Page, menu: string): Promise<void> {
  await app.keyboard.press('Escape');
  await expect(app.getByTestId(`${menu}-list`)).toBeHidden();
}

test('batch results fit at 1280 × 800; columns chosen are kept after a reload; the id stays in view', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  const ids = [
    SEEDED_RECORDS.completedCardDeposit,
    SEEDED_RECORDS.cancelledDeposit,
    SEEDED_RECORDS.pendingVoucherDeposit,
    999_999_991,
  ];
  await go(app, '#/batch');
  await app.getByLabel('Paste ids').fill(ids.join('\n'));
  await app.getByTestId('batch-parse').click();
  await expect(app.getByTestId('batch-parsed')).toBeVisible();
  await app.getByTestId('batch-start').click();
  const current = app.getByTestId('batch-current');
  await expect(current.getByTestId('batch-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const results = app.getByTestId('batch-results');
  await expect(results.getByTestId('batch-row')).toHaveCount(4);

  await expectNoSidewaysScroll(app);
  await expectColumnsInView(results, [
    'index',
    'id',
    'state',
    'status',
    'change',
    'amount',
    'invoiceId',
    'error',
  ]);
  // Each id has a copy button (its whole value also in the cell's tooltip).
  const firstId = results.locator(`[data-testid="batch-row"][data-id="${ids[0]}"] td[data-copy-id]`);
  await expect(firstId).toHaveAttribute('title', String(ids[0]));
  await expect(firstId.getByRole('button', { name: 'Copy this id' })).toBeVisible();
  await saveScreen('tables-batch-1280');
  await axe();

  // Country shown, "Since the last run" hidden: kept in the preferences, so after a reload too.
  await chooseColumn(app, 'batch-columns', 'Country', true);
  await chooseColumn(app, 'batch-columns', 'Since the last run', false);
  // The id cannot be hidden.
  await expect(
    app.getByTestId('batch-columns-list').getByRole('checkbox', { name: 'Id', exact: true }),
  ).toBeDisabled();
  await closeMenu(app, 'batch-columns');
  await expect(results.locator('th[data-column="country"]')).toBeVisible();
  await expect(results.locator('th[data-column="change"]')).toHaveCount(0);
  await reload(app);
  await go(app, '#/batch');
  const again = app.getByTestId('batch-results');
  await expect(again.getByTestId('batch-row')).toHaveCount(4);
  await expect(again.locator('th[data-column="country"]')).toBeVisible();
  await expect(again.locator('th[data-column="change"]')).toHaveCount(0);

  // Every column: wider than the box, which scrolls sideways inside itself; the id stays in view.
  for (const label of ['Since the last run', 'Amount in USD', 'Method']) {
    await chooseColumn(app, 'batch-columns', label, true);
  }
  await closeMenu(app, 'batch-columns');
  await expect(again.locator('th[data-column="paymentMethod"]')).toBeVisible();
  expect(await again.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(app);
  await again.evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  await expect.poll(() => again.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expectColumnsInView(again, ['id', 'error']);
});

test('the audit journal fits at 1280 × 800: keys on one line with copy, the service code in view; columns kept', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  expect((await paydesk.call('cancelCashout', { ...PENDING_CASHOUT, reason: 'Ticket 28' })).ok).toBe(true);
  expect((await paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } })).ok).toBe(true);

  await reload(app);
  await go(app, '#/audit');
  const box = app.getByTestId('audit-table-box');
  await expect(app.getByTestId('audit-row').first()).toBeVisible();
  await expectNoSidewaysScroll(app);
  await expectColumnsInView(box, [
    'ids',
    'time',
    'action',
    'key',
    'outcome',
    'state',
    'error',
    'serviceCode',
  ]);
  // An idempotency key is one short line, its whole value copied by its button.
  const key = app.locator('[data-testid="audit-row"] [data-field="idempotencyKey"]').first();
  const keyHeight = await key
    .locator('[data-clipped]')
    .evaluate((element) => element.getBoundingClientRect().height);
  expect(keyHeight).toBeLessThan(24);
  await expect(key.getByRole('button', { name: 'Copy idempotency key' })).toBeVisible();
  await saveScreen('tables-audit-1280');
  await axe();

  await chooseColumn(app, 'audit-columns', 'User', true);
  await chooseColumn(app, 'audit-columns', 'Line', false);
  await closeMenu(app, 'audit-columns');
  await reload(app);
  await go(app, '#/audit');
  await expect(app.getByTestId('audit-row').first()).toBeVisible();
  await expect(box.locator('th[data-column="user"]')).toBeVisible();
  await expect(box.locator('th[data-column="type"]')).toHaveCount(0);
});

test('the cancel dialog names both actions and says what is true of a delivered cashout', async ({
  console: app,
  paydesk,
  axe,
}) => {
  const moved = await paydesk.call('sandboxTransition', {
    entity: 'cashout',
    id: PENDING_CASHOUT.cashoutId,
    to: 'DELIVERED',
  });
  expect(moved.ok, 'moved to DELIVERED').toBe(true);
  await go(app, `#/cashouts?cashoutId=${PENDING_CASHOUT.cashoutId}&externalId=${PENDING_CASHOUT.externalId}`);
  await app.getByTestId('cancel-cashout').click();
  const dialog = app.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Keep the cashout', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel the cashout', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  const consequence = dialog.getByTestId('cancel-confirm-consequence');
  await expect(consequence).toHaveAttribute('data-consequence', 'delivered');
  await expect(consequence).toContainText('already sent to the bank');
  await expect(dialog).not.toContainText('will not be paid');
  await axe();
  await dialog.getByRole('button', { name: 'Keep the cashout' }).click();
  await expect(dialog).toBeHidden();
});

test('a cancelled deposit offers no refund, and says why; a completed one does', async ({ console: app }) => {
  await go(app, `#/deposits/${SEEDED_RECORDS.cancelledDeposit}`);
  const detail = app.getByTestId('deposit-detail');
  await expect(detail.getByTestId('deposit-refund-blocked')).toContainText('CANCELLED');
  await expect(detail.getByTestId('deposit-refund')).toHaveCount(0);
  await go(app, `#/deposits/${SEEDED_RECORDS.completedCardDeposit}`);
  await expect(app.getByTestId('deposit-refund')).toBeVisible();
  await expect(app.getByTestId('deposit-refund-blocked')).toHaveCount(0);
});

test('a malformed id leaves no record of the previous one unmarked, on the lookup screens', async ({
  console: app,
}) => {
  // The deposit and refund lookups search any other text, so only an empty field is refused there.
  const screens = [
    {
      hash: `#/sub-merchants/${SEEDED_RECORDS.activeSubMerchant}`,
      input: 'sub-merchant-id-input',
      submit: 'sub-merchant-lookup-submit',
      typed: '12x',
      id: SEEDED_RECORDS.activeSubMerchant,
    },
    {
      hash: `#/refunds/new?depositId=${SEEDED_RECORDS.completedCardDeposit}`,
      input: 'refund-deposit-input',
      submit: 'refund-deposit-submit',
      typed: '12x',
      id: SEEDED_RECORDS.completedCardDeposit,
    },
    {
      hash: `#/deposits/${SEEDED_RECORDS.completedCardDeposit}`,
      input: 'deposit-id-input',
      submit: 'deposit-lookup-submit',
      typed: ' ',
      id: SEEDED_RECORDS.completedCardDeposit,
    },
    {
      hash: `#/refunds/${SEEDED_RECORDS.completedRefund}`,
      input: 'refund-id-input',
      submit: 'refund-lookup-submit',
      typed: ' ',
      id: SEEDED_RECORDS.completedRefund,
    },
  ];
  for (const screen of screens) {
    await go(app, screen.hash);
    const input = app.getByTestId(screen.input);
    await expect(input).toHaveValue(String(screen.id));
    await expect(app.getByTestId('previous-record')).toHaveCount(0);
    await input.fill(screen.typed);
    await app.getByTestId(screen.submit).click();
    await expect(input, screen.hash).toHaveAttribute('aria-invalid', 'true');
    const previous = app.getByTestId('previous-record');
    await expect(previous, screen.hash).toHaveAttribute('data-previous-id', String(screen.id));
    await expect(previous.getByRole('status').first()).toContainText(
      `Still showing ${screen.id}, the previous lookup`,
    );
    // Typing again: the mark goes with the refused text.
    await input.fill(String(screen.id));
    await expect(app.getByTestId('previous-record')).toHaveCount(0);
  }
});

/** The option texts of a native select that do not fit its box (text wider than the room inside). */
async function cutOptions(select: Locator): Promise<string[]> {
  return select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas'];
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [...field.options]
      .map((option) => option.text)
      .filter((text) => context.measureText(text).width > room);
  });
}

async function addUnreachable(paydesk: PaydeskCaller): Promise<void> {
  const added = await paydesk.call('addEnvironment', {
    name: 'Nobody home',
    kind: 'testing',
    baseUrl: 'http://127.0.0.1:9',
  });
  if (!added.ok) throw new Error(added.error.message);
  for (const field of CREDENTIAL_FIELDS) {
    await paydesk.call('setCredential', {
      environmentId: added.data.id,
      field,
      value: `${field}-value-0000`,
    });
  }
}

test('no label is cut: the Doctor badge and the Sandbox selects, in en, es and pt-BR', async ({
  console: app,
  paydesk,
}) => {
  await addUnreachable(paydesk);
  for (const language of ['en', 'es', 'pt-BR'] as const) {
    await useLanguage(app, paydesk, language);
    await go(app, '#/environments');
    const card = app.locator('[data-environment-card]', {
      has: app.getByRole('heading', { name: 'Nobody home', exact: true }),
    });
    const toggle = card.getByTestId('toggle-environment-details');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await card.getByTestId('run-doctor').click();
    const signed = card.locator('[data-doctor-set="signed"]');
    await expect(signed).toHaveAttribute('data-verdict', 'host_unreachable', { timeout: 30_000 });
    for (const label of await card.locator('[data-verdict] .mantine-Badge-label').all()) {
      const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, `${language}: "${await label.textContent()}" is cut`).toBe(false);
    }

    await go(app, '#/sandbox');
    for (const testId of [
      'transition-entity',
      'transition-to',
      'cashout-country',
      'cashout-currency',
      'cashout-status',
    ]) {
      const select = app.getByTestId(testId);
      await expect(select).toBeVisible();
      expect(await cutOptions(select), `${language}: ${testId}`).toEqual([]);
    }
  }
});
