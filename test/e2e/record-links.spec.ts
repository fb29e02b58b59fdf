import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';

/**
 * `paydesk://` links, the page's half: a link main accepted lands on its record (in the desktop
 * app it comes from the launch's arguments, a second launch or macOS's open-url, which only a
 * machine with Electron can drive; here it is handed to the same runtime the web bridge serves). Web target only
 * (WEB_ONLY_SPECS): it reaches the runtime behind the bridge.
 */

const DEPOSIT = SEEDED_RECORDS.completedCardDeposit;

test('an opened link lands on its record; a refused one changes nothing', async ({
  console: app,
  webBridge,
}) => {
  await expect(app.getByTestId('jump-input')).toBeVisible();
  expect(webBridge.runtime.links.openLink(`paydesk://deposit/${DEPOSIT}/../1`).ok).toBe(false);
  expect(webBridge.runtime.links.openLink('paydesk://refund/17').ok).toBe(true);
  await expect(app.getByTestId('refund-detail')).toHaveAttribute('data-refund-id', '17');

  expect(webBridge.runtime.links.openLink(`paydesk://deposit/${DEPOSIT}`).ok).toBe(true);
  await expect(app.getByTestId('deposit-detail')).toHaveAttribute('data-deposit-id', String(DEPOSIT));
  await expect(app).toHaveURL(new RegExp(`#/deposits/${DEPOSIT}$`));

  // A search link opens the jump box with its text and what the index matches to it.
  expect(webBridge.runtime.links.openLink('paydesk://search?q=INV-300000001').ok).toBe(true);
  await expect(app.getByTestId('jump-input')).toHaveValue('INV-300000001');
});

test('a link that came before the page opens when the page starts, once', async ({ page, webBridge }) => {
  expect(
    webBridge.runtime.links.openLink(`paydesk://sub-merchant/${SEEDED_RECORDS.activeSubMerchant}`).ok,
  ).toBe(true);
  await page.goto(webBridge.url);
  await expect(page.getByTestId('sub-merchant-detail')).toHaveAttribute(
    'data-sub-merchant-id',
    String(SEEDED_RECORDS.activeSubMerchant),
  );
  // Taken: a reload of the start page stays there.
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  await page.reload();
  await expect(page.getByTestId('jump-input')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});
