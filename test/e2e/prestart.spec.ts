import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The pre-start shell (renderer/src/prestart): index.html carries the first screen as HTML,
 * rendered at build time by the app's own components, and a small classic script shows it in the
 * user's language while the app's JavaScript is still on its way. The lookup box takes typing
 * from then on; when the app takes over, its box continues from what was typed, the caret (or
 * selection), and an Enter pressed meanwhile. That is all it carries over: focus elsewhere, header
 * buttons and shortcuts wait for the app. Each test holds the app's entry script back (as a slow
 * start would) to look at the page before the app has run.
 */

/** Holds the app's entry script until the answer is called; the pre-start script is not held. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const root = (page: Page) => page.locator('#root');

async function startHeld(page: Page): Promise<() => void> {
  const release = await holdAppScript(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(root(page)).toHaveAttribute('data-prestart', /.+/);
  return release;
}

/**
 * Until the parser has passed the pre-start script, which runs as the parser reaches it: the page
 * is then "interactive" while the held entry module has not run yet.
 */
async function parsedWhileHeld(page: Page): Promise<void> {
  await page.waitForFunction(() => document.readyState !== 'loading');
}

async function tookOver(page: Page): Promise<void> {
  await expect(root(page)).not.toHaveAttribute('data-prestart');
  await page.unrouteAll();
}

test('before the app has run, the lookup box is on screen, focused, and takes typing; the app keeps it all', async ({
  console: app,
}) => {
  const release = await startHeld(app);
  await expect(root(app)).toHaveAttribute('data-prestart', 'en');
  await expect(app.getByRole('heading', { name: 'Lookup', level: 2 })).toBeVisible();
  const box = app.getByTestId('jump-input');
  await expect(box).toBeFocused();
  await app.keyboard.type('ref 17');
  await app.keyboard.press('ArrowLeft');
  await app.keyboard.press('ArrowLeft');

  release();
  await tookOver(app);
  await expect(box).toHaveValue('ref 17');
  await expect(box).toBeFocused();
  // The caret where it was left: typing goes on in the same place.
  expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual(
    [4, 4],
  );
  await app.keyboard.type('1');
  await expect(box).toHaveValue('ref 117');
  // The copies have served: the page is the app's alone.
  await expect(app.locator('template')).toHaveCount(0);
  await expect(app).toHaveURL((url) => url.hash === '' || url.hash === '#/');
});

test('typing on while the app takes over loses no keystroke', async ({ console: app }) => {
  const release = await startHeld(app);
  await app.keyboard.type('co ');
  release();
  // The app's script arrives, runs and renders meanwhile: some keys reach the pre-start box,
  // the rest the app's.
  await app.keyboard.type('11954', { delay: 60 });
  await tookOver(app);
  await expect(app.getByTestId('jump-input')).toHaveValue('co 11954');
});

test('a selection made before the app has run is still selected in the app: typing replaces it', async ({
  console: app,
}) => {
  const release = await startHeld(app);
  const box = app.getByTestId('jump-input');
  await app.keyboard.type('xx 300000001');
  await app.keyboard.press('Home');
  for (let step = 0; step < 3; step += 1) await app.keyboard.press('Shift+ArrowRight');

  release();
  await tookOver(app);
  await expect(box).toBeFocused();
  expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual(
    [0, 3],
  );
  await app.keyboard.type('dep ');
  await expect(box).toHaveValue('dep 300000001');
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL((url) => url.hash === '#/deposits/300000001');
});

test('Enter pressed before the app has run opens what was typed once it takes over', async ({
  console: app,
}) => {
  const release = await startHeld(app);
  const lookup = app.url();
  await app.keyboard.type('300000001');
  await app.keyboard.press('Enter');
  // Nothing can open it yet, and the page goes nowhere (the form's submit is kept, not sent).
  await expect(app.getByRole('heading', { name: 'Lookup', level: 2 })).toBeVisible();
  expect(app.url()).toBe(lookup);
  await expect(app.getByTestId('jump-input')).toHaveValue('300000001');

  release();
  await tookOver(app);
  await expect(app).toHaveURL((url) => url.hash === '#/deposits/300000001');
  await expect(app.getByTestId('deposit-detail')).toBeVisible();
});

test("the copy's Open button counts as Enter; what is not an id gets the app's explanation", async ({
  console: app,
}) => {
  const release = await startHeld(app);
  await app.keyboard.type('payout 7781');
  await app.getByRole('search').getByRole('button', { name: 'Open' }).click();
  release();
  await tookOver(app);
  // The app's own check of what was typed, on the lookup screen it stays on.
  await expect(app.getByTestId('jump-input')).toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByTestId('jump-input')).toHaveValue('payout 7781');
  await expect(app).toHaveURL((url) => url.hash === '' || url.hash === '#/');
});

test("the pre-start copy is the app's first render: same texts, same elements, the box in the same place", async ({
  console: app,
}) => {
  // Main answers nothing: the app stays on its first render, the state the copy was made in.
  await app.routeWebSocket(/./, () => {});
  const release = await startHeld(app);
  const look = () =>
    app.evaluate(() => {
      const shell = document.getElementById('root') as HTMLElement;
      const box = shell.querySelector('[data-testid="jump-input"]') as HTMLElement;
      const place = box.getBoundingClientRect();
      return {
        text: shell.innerText,
        elements: shell.querySelectorAll('*').length,
        box: [place.x, place.y, place.width, place.height],
      };
    });
  const before = await look();
  expect(before.text).toContain('Id to open');

  release();
  await tookOver(app);
  expect(await look()).toEqual(before);
});

test('the copy is in the language of the last run, and dark when the system is', async ({ console: app }) => {
  await app.evaluate(() => localStorage.setItem('paydesk-language-hint', 'es'));
  await app.emulateMedia({ colorScheme: 'dark' });
  const release = await startHeld(app);
  await expect(root(app)).toHaveAttribute('data-prestart', 'es');
  await expect(app.locator('html')).toHaveAttribute('lang', 'es');
  await expect(app.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(app.getByLabel('Id a abrir')).toBeFocused();
  release();
  await tookOver(app);
  // Then main's stored preferences (English, the system theme) win, as without the copy.
  await expect(app.getByLabel('Id to open')).toBeFocused();
  await expect(app.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('no copy where it would differ from the first render: a chosen theme, another screen', async ({
  console: app,
}) => {
  // The header names a chosen theme; the copy is made for the system theme only.
  await app.evaluate(() => localStorage.setItem('paydesk-theme-hint', 'dark'));
  let release = await holdAppScript(app);
  await app.reload({ waitUntil: 'commit' });
  await parsedWhileHeld(app);
  await expect(app.locator('#root template, #root *')).toHaveCount(0);
  await expect(root(app)).not.toHaveAttribute('data-prestart');
  release();
  await expect(app.getByTestId('jump-input')).toBeFocused();
  await app.unrouteAll();

  // A reload on another screen starts there, not on the lookup screen.
  await app.evaluate(() => localStorage.setItem('paydesk-theme-hint', 'system'));
  await app.goto(new URL('#/deposits', app.url()).href);
  release = await holdAppScript(app);
  await app.reload({ waitUntil: 'commit' });
  await parsedWhileHeld(app);
  await expect(app.locator('#root *')).toHaveCount(0);
  await expect(root(app)).not.toHaveAttribute('data-prestart');
  release();
  await expect(app.getByTestId('deposit-id-input')).toBeVisible();
  await app.unrouteAll();
});

test('the pre-start page is accessible', async ({ console: app, axe }) => {
  const release = await startHeld(app);
  await axe();
  release();
  await tookOver(app);
});
