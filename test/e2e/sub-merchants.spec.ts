import type { Page } from '@playwright/test';
import type { SubMerchant } from '../../shared/contract';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';

/**
 * Sub-merchants: lookup by id with every field, the balance (absent parts as
 * "—"), the raw answer; watch/unwatch; the watched list of the active environment with status,
 * markup fee and balance per row, each row's own error, and refresh.
 */

async function jumpTo(app: Page, text: string): Promise<void> {
  await app.getByTestId('jump-button').click();
  const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
  await box.fill(text);
  await box.press('Enter');
}

async function subMerchant(paydesk: PaydeskCaller, subMerchantId: number): Promise<SubMerchant> {
  const result = await paydesk.call('getSubMerchant', { subMerchantId });
  if (!result.ok) throw new Error(`getSubMerchant ${subMerchantId}: ${result.error.kind}`);
  return result.data.record;
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);

test('sm 18703 opens the sub-merchant: name, status, markup fee in percent, e-mail, external id, balance, raw answer', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const id = SEEDED_RECORDS.activeSubMerchant;
  const record = await subMerchant(paydesk, id);
  const balance = record.balance;
  if (!balance?.currency || balance.total === undefined)
    throw new Error('the seeded sub-merchant has a balance');

  await jumpTo(app, `sm ${id}`);
  await expect(app).toHaveURL(new RegExp(`#/sub-merchants/${id}$`));
  const detail = app.getByTestId('sub-merchant-detail');
  await expect(detail.getByRole('heading', { name: `Sub-merchant ${id}` })).toBeVisible();
  await expect(detail.locator('[data-field="sub_merchant_id"]')).toHaveText(String(id));
  await expect(detail.locator('[data-field="sub_merchant_name"]')).toHaveText('Loja Exemplo Ltda');
  await expect(detail.locator('[data-field="status"]')).toHaveText('ACTIVE');
  await expect(detail.locator('[data-status="ACTIVE"]')).toHaveText('Active');
  // 2.00 means 2.00 percent (spec).
  await expect(detail.locator('[data-field="markup_fee"]')).toHaveText('2%');
  await expect(detail.locator('[data-field="email"]')).toHaveText('finance@loja-exemplo.example');
  await expect(detail.locator('[data-field="external_submerchant_id"]')).toHaveText('shop-18703');
  await expect(detail.locator('[data-field="balance.currency"]')).toHaveText(balance.currency);
  await expect(detail.locator('[data-field="balance.total"]')).toHaveText(
    money(balance.total, balance.currency),
  );
  await expect(detail.locator('[data-field="balance.usable"]')).toHaveText(
    money(balance.usable ?? Number.NaN, balance.currency),
  );
  await expect(detail.locator('[data-field="balance.available"]')).toHaveText(
    money(balance.available ?? Number.NaN, balance.currency),
  );
  const fetched = await paydesk.call('getSubMerchant', { subMerchantId: id });
  if (!fetched.ok) throw new Error('getSubMerchant');
  await expect(detail.getByTestId('raw-json')).toHaveText(JSON.stringify(fetched.data.raw, null, 2), {
    useInnerText: true,
  });
  await axe();
  await topOf(app);
  await saveScreen('sub-merchant-detail');
});

test('an inactive sub-merchant without a balance: every balance part "—", the 1.5 % fee', async ({
  console: app,
}) => {
  await jumpTo(app, `sm ${SEEDED_RECORDS.inactiveSubMerchant}`);
  const detail = app.getByTestId('sub-merchant-detail');
  await expect(detail.locator('[data-status="INACTIVE"]')).toHaveText('Inactive');
  await expect(detail.locator('[data-field="markup_fee"]')).toHaveText('1.5%');
  await expect(detail.locator('[data-field="external_submerchant_id"]')).toHaveText('—');
  for (const field of ['currency', 'total', 'usable', 'available']) {
    await expect(detail.locator(`[data-field="balance.${field}"]`)).toHaveText('—');
    await expect(detail.locator(`[data-field="balance.${field}"] [data-absent]`)).toHaveCount(1);
  }
});

test('the lookup form: an invalid id is explained inline; an unknown one is "not found" in words', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Sub-merchants' }).click();
  const field = app.getByTestId('sub-merchant-id-input');
  await expect(field).toBeFocused();
  await field.fill('18x03');
  await field.press('Enter');
  await expect(app.getByText('A sub-merchant id is a positive whole number.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('99999');
  await field.press('Enter');
  await expect(app).toHaveURL(/#\/sub-merchants\/99999$/);
  const notice = app.locator('[data-error-kind="not_found"]');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Nothing was found with this id');
  await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible();
  await axe();
  await topOf(app);
  await saveScreen('sub-merchant-not-found');
});

test.describe('the watched list', () => {
  test.use({ freshBridge: true });

  test('watch and unwatch, rows with status, fee and balance, a pin made elsewhere, refresh', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const active = SEEDED_RECORDS.activeSubMerchant;
    const inactive = SEEDED_RECORDS.inactiveSubMerchant;
    const record = await subMerchant(paydesk, active);

    await app.evaluate(() => {
      window.location.hash = '#/sub-merchants';
    });
    const watched = app.getByTestId('watched');
    await expect(watched.getByRole('heading', { name: 'Watched in Local sandbox' })).toBeVisible();
    await expect(watched.getByText('No sub-merchant is watched in this environment yet.')).toBeVisible();
    await axe();
    await saveScreen('sub-merchants-empty');

    // Watch from the record.
    await jumpTo(app, `sm ${active}`);
    const watchButton = app.getByTestId('sub-merchant-watch');
    await expect(watchButton).toHaveText('Watch');
    await watchButton.click();
    await expect(watchButton).toHaveText('Unwatch');
    const activeRow = watched.locator(`tr[data-watched-id="${active}"]`);
    await expect(activeRow).toHaveAttribute('data-row-state', 'ok');
    await expect(activeRow.locator('[data-field="sub_merchant_name"]')).toHaveText('Loja Exemplo Ltda');
    await expect(activeRow.locator('[data-field="status"]')).toHaveText('Active');
    await expect(activeRow.locator('[data-field="markup_fee"]')).toHaveText('2%');
    await expect(activeRow.locator('[data-field="balance.currency"]')).toHaveText('USD');
    await expect(activeRow.locator('[data-field="balance.total"]')).toHaveText(
      money(record.balance?.total ?? Number.NaN, 'USD'),
    );
    await expect(activeRow.locator('[data-field="balance.available"]')).toHaveText(
      money(record.balance?.available ?? Number.NaN, 'USD'),
    );

    await jumpTo(app, `sm ${inactive}`);
    await app.getByTestId('sub-merchant-watch').click();
    const inactiveRow = watched.locator(`tr[data-watched-id="${inactive}"]`);
    await expect(inactiveRow.locator('[data-field="status"]')).toHaveText('Inactive');
    await expect(inactiveRow.locator('[data-field="balance.total"]')).toHaveText('—');

    // Kept on the active environment's watchlist: the Sub-merchants list is a view of it.
    const pins = await paydesk.call('listWatchlist', {});
    if (!pins.ok) throw new Error('listWatchlist');
    expect(pins.data.items.map((item) => [item.kind, item.id])).toEqual([
      ['sub_merchant', String(active)],
      ['sub_merchant', String(inactive)],
    ]);

    // Watched elsewhere (the Watchlist screen, another window): shown once the list is read again.
    const other = 18705;
    expect(await paydesk.call('pinWatch', { kind: 'sub_merchant', id: String(other) })).toMatchObject({
      ok: true,
    });
    await expect(watched.locator('tr[data-watched-id]')).toHaveCount(2);
    await watched.getByTestId('watched-refresh').click();
    const missingRow = watched.locator(`tr[data-watched-id="${other}"]`);
    await expect(missingRow).toHaveAttribute('data-row-state', 'ok');
    await expect(missingRow.locator('[data-field="sub_merchant_name"]')).toHaveText('Mercado Nuevo SpA');
    // The other rows are still read.
    await expect(activeRow).toHaveAttribute('data-row-state', 'ok');
    await expect(watched.getByTestId('watched-read-at')).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('sub-merchants-watched');

    // Keyboard: the row link opens the record.
    await inactiveRow.getByRole('link', { name: String(inactive) }).focus();
    await app.keyboard.press('Enter');
    await expect(app).toHaveURL(new RegExp(`#/sub-merchants/${inactive}$`));
    await expect(app.getByTestId('sub-merchant-detail')).toHaveAttribute(
      'data-sub-merchant-id',
      String(inactive),
    );

    // Unwatch from the list, then from the record.
    await missingRow.getByRole('button', { name: `Unwatch sub-merchant ${other}` }).click();
    await expect(missingRow).toHaveCount(0);
    await expect(app.getByTestId('sub-merchant-watch')).toHaveText('Unwatch');
    await app.getByTestId('sub-merchant-watch').click();
    await expect(app.getByTestId('sub-merchant-watch')).toHaveText('Watch');
    await expect(inactiveRow).toHaveCount(0);
    await expect(watched.locator('tr[data-watched-id]')).toHaveCount(1);

    // The auto-refresh choice is offered with labelled options.
    await expect(watched.getByLabel('Read again automatically').locator('option')).toHaveText([
      'Off',
      'Every 30 seconds',
      'Every minute',
      'Every 5 minutes',
    ]);
  });

  test('each environment keeps its own list', async ({ console: app, paydesk }) => {
    expect(
      await paydesk.call('pinWatch', { kind: 'sub_merchant', id: String(SEEDED_RECORDS.activeSubMerchant) }),
    ).toMatchObject({ ok: true });
    const added = await paydesk.call('addEnvironment', {
      name: 'Staging',
      kind: 'testing',
      baseUrl: 'http://127.0.0.1:9',
    });
    if (!added.ok) throw new Error(`addEnvironment: ${added.error.message}`);
    expect(await paydesk.call('useEnvironment', { id: added.data.id })).toMatchObject({ ok: true });
    await expect(app.getByTestId('environment-switcher')).toContainText('Staging');
    await app.evaluate(() => {
      window.location.hash = '#/sub-merchants';
    });
    const watched = app.getByTestId('watched');
    await expect(watched.getByRole('heading', { name: 'Watched in Staging' })).toBeVisible();
    await expect(watched.getByText('No sub-merchant is watched in this environment yet.')).toBeVisible();
  });

  test('one watch list: watched on Sub-merchants shows on Watchlist, pinned on Watchlist shows on Sub-merchants', async ({
    console: app,
  }) => {
    const active = SEEDED_RECORDS.activeSubMerchant;
    const inactive = SEEDED_RECORDS.inactiveSubMerchant;
    await jumpTo(app, `sm ${active}`);
    await app.getByTestId('sub-merchant-watch').click();
    await expect(app.getByTestId('sub-merchant-watch')).toHaveText('Unwatch');

    await app.locator('[data-nav="watchlist"]').click();
    await expect(app).toHaveURL(/#\/watchlist$/);
    const pinned = app.locator(`[data-testid="watch-item"][data-kind="sub_merchant"][data-id="${active}"]`);
    await expect(pinned).toBeVisible();

    await app.getByLabel('Kind').selectOption('sub_merchant');
    await app.getByLabel('Id', { exact: true }).fill(String(inactive));
    await app.getByTestId('watch-pin-submit').click();
    await expect(
      app.locator(`[data-testid="watch-item"][data-kind="sub_merchant"][data-id="${inactive}"]`),
    ).toBeVisible();

    await app.locator('[data-nav="sub-merchants"]').click();
    const watched = app.getByTestId('watched');
    await expect(watched.locator('tr[data-watched-id]')).toHaveCount(2);
    await expect(watched.locator(`tr[data-watched-id="${inactive}"] [data-field="status"]`)).toHaveText(
      'Inactive',
    );

    // Unwatched here: gone from the Watchlist too.
    await watched.getByRole('button', { name: `Unwatch sub-merchant ${active}` }).click();
    await expect(watched.locator(`tr[data-watched-id="${active}"]`)).toHaveCount(0);
    await app.locator('[data-nav="watchlist"]').click();
    await expect(app.locator('[data-testid="watch-item"]')).toHaveCount(1);
    await expect(pinned).toHaveCount(0);
  });
});
