import { expect, type Page } from '@playwright/test';

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
