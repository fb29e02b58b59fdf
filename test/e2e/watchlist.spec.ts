import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { chooseTheme, topOf } from './support/console-ui';

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

  const moved = await paydesk.call('sandboxTransition', {
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
  const view = await paydesk.call('watchList', {});
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
  const moved = await paydesk.call('sandboxTransition', { entity: 'refund', id: refundId, to: 'REJECTED' });
  expect(moved).toMatchObject({ ok: true });
  expect(await paydesk.call('watchPollNow', {})).toMatchObject({ ok: true });

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
