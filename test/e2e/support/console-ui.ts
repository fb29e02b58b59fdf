import { expect, type Page } from '@playwright/test';
import type { Language } from '../../../shared/contract';
import type { PaydeskCaller } from '../fixtures';

/** Scrolls the console back to its top, so a saved screenshot starts where the user would. */
export async function topOf(app: Page): Promise<void> {
  await app.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Picks a theme from the header menu and waits until the scheme is applied and the menu has
 * closed: a menu caught mid-close is a listbox without options, which axe rightly reports.
 */
export async function chooseTheme(app: Page, theme: 'Light' | 'Dark' | 'System'): Promise<void> {
  await app.getByTestId('theme-menu').click();
  await app.getByRole('menuitem', { name: theme }).click();
  if (theme !== 'System') {
    await expect(app.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme.toLowerCase());
  }
  await expect(app.getByRole('menu')).toHaveCount(0);
}

/**
 * Stores `language` in the preferences and reloads, so the console starts in it (quicker and
 * steadier than the header menu when a test only needs the language set).
 */
export async function useLanguage(app: Page, paydesk: PaydeskCaller, language: Language): Promise<void> {
  expect(await paydesk.call('setPreferences', { language })).toMatchObject({ ok: true });
  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
  await expect(app.locator('html')).toHaveAttribute('lang', language);
}
