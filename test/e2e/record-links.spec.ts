import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';

/**
 * `paydesk://` links, the page's half: a link main accepted lands on its record (in the desktop
 * app it comes from the launch's arguments, a second launch or macOS's open-url, which only a
 * machine with Electron can drive; here it is handed to the same runtime the web bridge serves),
 * and each record screen's "Copy link" copies the link that opens it. Web target only
 * (WEB_ONLY_SPECS): it reaches the runtime behind the bridge.
 */

// A bridge of its own: a link this file opens and no page took would be taken by the next
// file's page on the same bridge, which would then open that record instead of its own.
test.use({ permissions: ['clipboard-read', 'clipboard-write'], freshBridge: true });

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

test('"Copy link" on each record screen copies, from the keyboard, the link that opens it', async ({
  console: app,
  webBridge,
  axe,
}) => {
  const records = [
    { hash: `#/deposits/${DEPOSIT}`, detail: 'deposit-detail', link: `paydesk://deposit/${DEPOSIT}` },
    { hash: '#/refunds/17', detail: 'refund-detail', link: 'paydesk://refund/17' },
    {
      hash: `#/cashouts?cashoutId=${SEEDED_RECORDS.pendingCashout}`,
      detail: 'cashout-status',
      link: `paydesk://cashout/${SEEDED_RECORDS.pendingCashout}`,
    },
    {
      hash: `#/sub-merchants/${SEEDED_RECORDS.activeSubMerchant}`,
      detail: 'sub-merchant-detail',
      link: `paydesk://sub-merchant/${SEEDED_RECORDS.activeSubMerchant}`,
    },
  ];
  for (const record of records) {
    await app.evaluate((hash) => {
      window.location.hash = hash;
    }, record.hash);
    await expect(app.getByTestId(record.detail)).toBeVisible();
    const button = app.getByRole('button', { name: 'Copy link' });
    await button.focus();
    await app.keyboard.press('Enter');
    await expect(app.getByTestId('copy-link')).toContainText('Link copied');
    const copied = await app.evaluate(() => navigator.clipboard.readText());
    expect(copied, record.hash).toBe(record.link);
    await axe();
    // The copied link, opened, comes back to this very record.
    await app.evaluate(() => {
      window.location.hash = '#/';
    });
    expect(webBridge.runtime.links.openLink(copied).ok).toBe(true);
    await expect(app.getByTestId(record.detail)).toBeVisible();
    await expect.poll(() => new URL(app.url()).hash).toBe(record.hash);
  }
});
