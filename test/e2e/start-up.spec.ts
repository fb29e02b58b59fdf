import { expect, test } from './fixtures';

interface FirstSight {
  inputFocused: boolean;
  languageButton: boolean;
  languageMenuWired: boolean;
  toastHost: boolean;
}

/**
 * Start-up order (renderer/src/components/overlays.tsx): the first render holds the shell and the
 * screen only; the code of Mantine's overlays (the header's menus, the clock's popover, dialogs,
 * the toast host) loads after it and they mount in a task of their own, so neither that code nor
 * their extra renders stand between the first paint and the first keystroke. Nothing is lost by
 * it: the same buttons open their menus a moment later.
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

/**
 * main.tsx renders the first screen in the task that runs the app's script (flushSync), not in a
 * task React would schedule after it, between which the browser paints an empty page. Module
 * scripts run before DOMContentLoaded, so the lookup box is there when that event fires.
 */
test("the first screen is rendered in the app script's own task: the lookup box is there at DOMContentLoaded", async ({
  console: app,
}) => {
  await app.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __lookupBoxAtDomContentLoaded?: boolean }).__lookupBoxAtDomContentLoaded =
        document.querySelector('[data-testid="jump-input"]') !== null;
    });
  });
  await app.reload();
  await expect(app.getByTestId('jump-input')).toBeFocused();
  expect(
    await app.evaluate(
      () => (window as unknown as { __lookupBoxAtDomContentLoaded?: boolean }).__lookupBoxAtDomContentLoaded,
    ),
  ).toBe(true);
});

test("a click or Ctrl+K while the overlays' code is still on its way is kept, and acted on when it arrives", async ({
  console: app,
}) => {
  const holdOverlayCode = async (): Promise<() => void> => {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await app.unrouteAll();
    await app.route(/\/assets\/overlay-code-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };

  let release = await holdOverlayCode();
  await app.reload();
  await expect(app.getByTestId('jump-input')).toBeFocused();
  await app.getByTestId('language-menu').click();
  await expect(app.getByTestId('language-menu')).not.toHaveAttribute('aria-haspopup');
  await expect(app.getByRole('menu')).toHaveCount(0);
  release();
  await expect(app.getByRole('menu')).toBeVisible();
  await expect(app.getByRole('menuitem', { name: 'Español', exact: true })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('menu')).toBeHidden();

  release = await holdOverlayCode();
  await app.reload();
  await expect(app.getByTestId('jump-input')).toBeFocused();
  await app.keyboard.press('Control+k');
  await expect(app.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(app.getByRole('dialog')).toBeVisible();
  await expect(app.getByRole('dialog').getByTestId('jump-input')).toBeFocused();
  await app.keyboard.press('Escape');

  // A keyboard user already on a header button stays there when the menu takes it over.
  release = await holdOverlayCode();
  await app.reload();
  await expect(app.getByTestId('jump-input')).toBeFocused();
  await app.getByTestId('theme-menu').focus();
  release();
  await expect(app.getByTestId('theme-menu')).toHaveAttribute('aria-haspopup', 'menu');
  await expect(app.getByTestId('theme-menu')).toBeFocused();
  await expect(app.getByRole('menu')).toHaveCount(0);
  await app.unrouteAll();
});

test("if the overlays' code cannot be loaded the user is told so, the lookup still works, and a reload brings the menus", async ({
  console: app,
}) => {
  await app.route(/\/assets\/overlay-code-[^/]+\.js$/, (route) => route.abort());
  await app.reload();
  const notice = app.getByTestId('overlays-failed');
  await expect(notice).toHaveRole('alert');
  await expect(notice).toContainText('Menus and dialogs could not be loaded');
  await expect(app.getByTestId('jump-input')).toBeFocused();
  await app.keyboard.type('300000001');
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL((url) => url.hash === '#/deposits/300000001');

  await app.unrouteAll();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(app.getByTestId('language-menu')).toHaveAttribute('aria-haspopup', 'menu');
  await expect(notice).toHaveCount(0);
});
