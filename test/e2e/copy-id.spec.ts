import type { Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import type { WebBridge } from '../../main/web/start';
import { expect, test } from './fixtures';

/**
 * "Copy ID" on right-click, the page's half: ids are marked with data-copy-id, and a
 * right-click on one asks `window.paydeskDesktop` (the Electron preload's object) for the native
 * menu instead of Chromium's. Here the preload's object is stood in for, recording what the page
 * asks; the native menu itself is main's (test/unit/electron/desktop.spec.ts drives that half).
 * Web target only (WEB_ONLY_SPECS): the Electron target has the real preload.
 */

const depositId = SEEDED_RECORDS.completedCardDeposit;

interface Recorded {
  asked: Array<{ id: string; hasSelection: boolean }>;
  /** Whether each right-click reached the window with Chromium's own menu cancelled. */
  prevented: boolean[];
}

async function openDeposit(page: Page, webBridge: WebBridge): Promise<void> {
  await page.goto(webBridge.url);
  await page.waitForFunction(() => 'paydesk' in window);
  await page.evaluate((id) => {
    window.location.hash = `#/deposits/${id}`;
  }, depositId);
  await expect(page.getByTestId('deposit-detail')).toBeVisible();
}

const recorded = (page: Page): Promise<Recorded> =>
  page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);

test('a right-click on a marked id asks the desktop shell for its menu; elsewhere Chromium keeps its own', async ({
  page,
  webBridge,
}) => {
  await page.addInitScript(() => {
    const record: Recorded = { asked: [], prevented: [] };
    Object.assign(window, {
      recorded: record,
      paydeskDesktop: Object.freeze({
        showIdContextMenu(arg: { id: string; hasSelection: boolean }) {
          record.asked.push(arg);
          return Promise.resolve({ ok: true, data: undefined });
        },
      }),
    });
    // Last in the event's path: sees whether the page cancelled Chromium's menu.
    window.addEventListener('contextmenu', (event) => record.prevented.push(event.defaultPrevented));
  });
  await openDeposit(page, webBridge);
  const detail = page.getByTestId('deposit-detail');

  const idValue = detail.locator('[data-field="deposit_id"]');
  await expect(idValue).toHaveAttribute('data-copy-id', String(depositId));
  await idValue.click({ button: 'right' });
  // The heading names the same id.
  await detail.getByRole('heading', { name: new RegExp(String(depositId)) }).click({ button: 'right' });
  // A field that is not an id.
  await detail.locator('[data-field="status"]').click({ button: 'right' });
  // With the id's text selected, main is told so (its menu then offers Copy as well).
  await idValue.selectText();
  await idValue.click({ button: 'right' });

  await expect.poll(async () => (await recorded(page)).prevented).toEqual([true, true, false, true]);
  expect((await recorded(page)).asked).toEqual([
    { id: String(depositId), hasSelection: false },
    { id: String(depositId), hasSelection: false },
    { id: String(depositId), hasSelection: true },
  ]);
});

test('without the desktop shell (the browser build) a marked id keeps the browser menu', async ({
  page,
  webBridge,
}) => {
  await page.addInitScript(() => {
    const record: Recorded = { asked: [], prevented: [] };
    Object.assign(window, { recorded: record });
    window.addEventListener('contextmenu', (event) => record.prevented.push(event.defaultPrevented));
  });
  await openDeposit(page, webBridge);
  await page.getByTestId('deposit-detail').locator('[data-field="deposit_id"]').click({ button: 'right' });
  await expect.poll(async () => (await recorded(page)).prevented).toEqual([false]);
});
