import { expect, test } from './fixtures';

/**
 * Start-up (renderer/src/main.tsx): the console renders at once with the last run's language and
 * theme hints (localStorage) instead of waiting for the stored preferences, then adopts the
 * stored ones when main answers. Preferences changed behind the page's back (another window, the
 * CLI, a first run) must still win, and become the next start's hints.
 */
test.use({ freshBridge: true });

test('stored preferences that differ from the start hints are applied when they arrive', async ({
  console: app,
  paydesk,
}) => {
  await expect(app.getByTestId('jump-input')).toBeFocused();
  await expect(app.locator('html')).toHaveAttribute('lang', 'en');
  expect(await paydesk.call('setPreferences', { language: 'es', theme: 'dark' })).toMatchObject({ ok: true });

  // The page still holds the hints of this run (en, system): the reload starts with them.
  await app.reload();
  await expect(app.locator('html')).toHaveAttribute('lang', 'es');
  await expect(app.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(app.getByRole('link', { name: 'Búsqueda', exact: true })).toBeVisible();
  await expect(app.getByTestId('language-menu')).toHaveText('ES');
  await expect(app.getByTestId('jump-input')).toBeFocused();

  // Adopted, not re-saved as a choice: the store still says what was set, and the hints follow.
  expect(await paydesk.call('getPreferences', {})).toEqual({
    ok: true,
    data: { language: 'es', theme: 'dark' },
  });
  expect(
    await app.evaluate(() => [
      localStorage.getItem('paydesk-language-hint'),
      localStorage.getItem('paydesk-theme-hint'),
    ]),
  ).toEqual(['es', 'dark']);

  // Back to the defaults behind the page's back: the hints (es, dark) give way again.
  expect(await paydesk.call('setPreferences', { language: 'en', theme: 'system' })).toMatchObject({
    ok: true,
  });
  await app.reload();
  await expect(app.locator('html')).toHaveAttribute('lang', 'en');
  await expect(app.getByRole('link', { name: 'Lookup', exact: true })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
