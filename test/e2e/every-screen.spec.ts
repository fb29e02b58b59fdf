import { expect, test } from './fixtures';
import { chooseTheme, topOf } from './support/console-ui';

/**
 * Every screen in one sweep, in light and in dark, with the not-found screen: axe and
 * a saved screenshot of each (the feature specs check the screens they drive, mostly in light).
 */

test.use({ freshBridge: true });

/** The navbar entries of the screens, and the name their screenshots take. */
const ISSUE_5_SCREENS = [
  ['Lookup', 'lookup'],
  ['Deposits', 'deposits'],
  ['New deposit', 'deposit-create'],
  ['Refunds', 'refunds'],
  ['Cashouts', 'cashouts'],
  ['Reference data', 'reference'],
  ['Sub-merchants', 'sub-merchants'],
  ['Environments', 'environments'],
  ['Sandbox', 'sandbox'],
] as const;

test('every screen, in light and in dark, and the not-found screen: axe-clean, each saved', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  test.slow();
  const nav = app.getByRole('navigation', { name: 'Screens' });
  for (const theme of ['Light', 'Dark'] as const) {
    await chooseTheme(app, theme);
    for (const [entry, name] of ISSUE_5_SCREENS) {
      await nav.getByRole('link', { name: entry, exact: true }).click();
      // A hovered current navbar entry is the shell's own look.
      await app.mouse.move(700, 5);
      await expect(app.getByRole('heading', { level: 2 })).toBeVisible();
      // Checked once what the screen first reads has arrived (a skeleton is not the screen).
      await expect(app.locator('[data-loading="true"]')).toHaveCount(0, { timeout: 15_000 });
      await expect(app.getByText('No such screen')).toHaveCount(0);
      await axe();
      await topOf(app);
      await saveScreen(`screen-${name}-${theme.toLowerCase()}`);
    }
    await app.evaluate(() => {
      window.location.hash = '#/no-such-place';
    });
    await expect(app.getByRole('heading', { level: 2, name: 'No such screen' })).toBeVisible();
    await axe();
    await saveScreen(`screen-not-found-${theme.toLowerCase()}`);
  }
});
