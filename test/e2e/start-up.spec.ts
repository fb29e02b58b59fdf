import { expect, test } from './fixtures';

interface FirstSight {
  inputFocused: boolean;
  languageButton: boolean;
  languageMenuWired: boolean;
  toastHost: boolean;
}

/**
 * Start-up order (renderer/src/shell/first-paint.tsx): the first render holds the shell and the
 * screen only; Mantine's overlays (the header's menus, the jump dialog, the toast host) mount in a
 * task of their own after it, so their extra renders never stand between the first paint and the
 * first keystroke. Nothing is lost by it: the same buttons open their menus a moment later.
 */
test('the lookup box is up before the overlays mount, and they work a moment later', async ({
  console: app,
}) => {
  await app.addInitScript(() => {
    const page = window as unknown as { __firstSight?: FirstSight };
    const observer = new MutationObserver(() => {
      const input = document.querySelector('[data-testid="jump-input"]');
      if (!input || page.__firstSight) return;
      const languageButton = document.querySelector('[data-testid="language-menu"]');
      page.__firstSight = {
        inputFocused: document.activeElement === input,
        languageButton: languageButton !== null,
        languageMenuWired: languageButton?.hasAttribute('aria-haspopup') ?? false,
        toastHost: document.querySelector('.mantine-Notifications-root') !== null,
      };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);

  expect(await app.evaluate(() => (window as unknown as { __firstSight?: FirstSight }).__firstSight)).toEqual(
    {
      inputFocused: true,
      languageButton: true,
      languageMenuWired: false,
      toastHost: false,
    },
  );

  // A moment later: the same button is a menu button, the toast host is in, typing goes on.
  await expect(app.getByTestId('language-menu')).toHaveAttribute('aria-haspopup', 'menu');
  await expect(app.locator('.mantine-Notifications-root').first()).toBeAttached();
  await app.keyboard.type('300000001');
  await expect(app.getByTestId('jump-input')).toHaveValue('300000001');
  await app.getByTestId('language-menu').click();
  await expect(app.getByRole('menu')).toBeVisible();
  await app.keyboard.press('Escape');
  await app.keyboard.press('Control+k');
  await expect(app.getByRole('dialog')).toBeVisible();
});
