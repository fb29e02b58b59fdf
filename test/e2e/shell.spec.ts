import { SEEDED_RECORDS } from '../../main/sandbox';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseTheme, topOf } from './support/console-ui';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * The renderer shell: lookup home, jump box (Ctrl/Cmd+K), navbar, language and theme
 * switches (persisted with setPreferences), the production banner with arming, axe on each view.
 */

/** Full-page screenshots are taken from the top, so the fixed header sits where it belongs. */
test.describe('lookup home and jump box', () => {
  test('the lookup box is focused on load and opens a seeded deposit', async ({
    console: app,
    axe,
    saveScreen,
  }) => {
    const box = app.getByTestId('jump-input');
    await expect(box).toBeFocused();
    await expect(app.getByRole('heading', { level: 2, name: 'Lookup' })).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('lookup');

    await box.fill(String(SEEDED_RECORDS.completedCardDeposit));
    await box.press('Enter');
    await expect(app).toHaveURL(/#\/deposits\/300000001$/);
    await expect(app.getByTestId('deposit-detail')).toHaveAttribute('data-deposit-id', '300000001');
  });

  test('Ctrl+K opens the jump box from anywhere, even while typing in another field', async ({
    console: app,
    axe,
    saveScreen,
  }) => {
    await app.getByRole('link', { name: 'Deposits' }).click();
    const depositField = app.getByTestId('deposit-id-input');
    await depositField.click();
    await depositField.press('Control+k');
    const dialog = app.getByRole('dialog', { name: 'Go to a record' });
    await expect(dialog).toBeVisible();
    const box = dialog.getByTestId('jump-input');
    await expect(box).toBeFocused();
    await axe();
    await topOf(app);
    await saveScreen('jump-dialog');

    await box.fill('dep 300000011');
    await box.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(app).toHaveURL(/#\/deposits\/300000011$/);
    await expect(app.getByTestId('deposit-detail')).toHaveAttribute('data-deposit-id', '300000011');
  });

  test('the header button opens the same box', async ({ console: app }) => {
    await app.getByTestId('jump-button').click();
    await expect(app.getByRole('dialog', { name: 'Go to a record' })).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(app.getByRole('dialog')).toBeHidden();
  });

  test('invalid input is explained inline, and nothing is opened', async ({ console: app, axe }) => {
    const box = app.getByTestId('jump-input');
    const cases: Array<[string, RegExp]> = [
      ['', /Type an id/],
      ['inv 12', /"inv" is not a kind of id/],
      ['payout-7781', /type ext payout-7781/],
      ['ref 1.5', /"1\.5" is not a refund id/],
      ['dep', /Add the deposit id/],
      [`ext ${'x'.repeat(33)}`, /at most 32 characters/],
    ];
    for (const [typed, explanation] of cases) {
      await box.fill(typed);
      await box.press('Enter');
      await expect(app.getByText(explanation)).toBeVisible();
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(app).toHaveURL(/^[^#]*(#\/?)?$/);
    }
    await axe();
    // Typing again clears the explanation.
    await box.fill('3');
    await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('every navbar entry opens a real screen; an unknown address says so', async ({
    console: app,
    axe,
  }) => {
    const nav = app.getByRole('navigation', { name: 'Screens' });
    const entries = await nav.getByRole('link').allTextContents();
    expect(entries).toEqual(expect.arrayContaining(['Lookup', 'Deposits', 'Environments']));
    for (const entry of entries) {
      await nav.getByRole('link', { name: entry, exact: true }).click();
      await expect(app.getByRole('heading', { level: 2 })).toBeVisible();
      await expect(app.getByText('No such screen')).toHaveCount(0);
    }
    await app.evaluate(() => {
      window.location.hash = '#/no-such-place';
    });
    await expect(app.getByRole('heading', { level: 2, name: 'No such screen' })).toBeVisible();
    await axe();
    await app.getByRole('link', { name: 'Back to Lookup' }).click();
    await expect(app.getByTestId('jump-input')).toBeVisible();
  });

  test('a screen that fails to render says so inside the shell, which keeps working', async ({
    console: app,
    axe,
  }) => {
    // The Reference data screen's code cannot be loaded (as when the network drops).
    await app.route('**/assets/ReferenceScreen-*.js', (route) => route.abort());
    const nav = app.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('link', { name: 'Reference data' }).click();
    await expect(app.getByTestId('screen-failed')).toBeVisible();
    await expect(app.getByRole('alert').filter({ hasText: 'This screen failed' })).toBeVisible();
    await expect(app.getByRole('banner')).toBeVisible();
    await axe();
    // Another screen opens normally, and the notice is gone.
    await nav.getByRole('link', { name: 'Deposits' }).click();
    await expect(app.getByTestId('deposit-id-input')).toBeVisible();
    await expect(app.getByTestId('screen-failed')).toHaveCount(0);
  });

  test('landmarks and the skip link', async ({ console: app }) => {
    await expect(app.getByRole('banner')).toBeVisible();
    await expect(app.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    await expect(app.getByRole('main')).toBeVisible();
    await app.keyboard.press('Shift+Tab');
    await app.getByRole('link', { name: 'Skip to content' }).focus();
    await expect(app.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('main')).toBeFocused();
  });
});

test.describe('moving between screens', () => {
  // A bridge of its own: no earlier test's answer has measured the clock yet.
  test.use({ freshBridge: true });

  test('no clock badge before an answer measured it; each screen starts at its top with the focus on its heading', async ({
    console: app,
    axe,
  }) => {
    const focused = () =>
      app.evaluate(() => {
        const active = document.activeElement;
        return active === null || active === document.body
          ? 'body'
          : `${active.tagName}:${active.textContent ?? ''}`;
      });
    await expect(app.getByTestId('jump-input')).toBeFocused();
    // Nothing was asked of the service yet: no "not measured" badge on the first screen.
    await expect(app.getByTestId('clock-indicator')).toHaveCount(0);

    // The jump box's screen goes away with the focus in it: the focus goes to the new screen's
    // heading, never to <body>.
    await app.getByTestId('jump-input').fill(String(SEEDED_RECORDS.completedCardDeposit));
    await app.getByTestId('jump-input').press('Enter');
    await expect(app.getByTestId('deposit-detail')).toBeVisible();
    await expect(app.getByRole('main').getByRole('heading', { level: 2, name: 'Deposits' })).toBeFocused();
    // The deposit's read measured the clock: now the badge says how it stands.
    await expect(app.getByTestId('clock-indicator')).toHaveAttribute('data-clock-state', 'in_sync');
    // The next Tab reaches a control of this screen, not a stop that does nothing.
    await app.keyboard.press('Tab');
    expect(await focused()).not.toBe('body');
    await expect(app.getByRole('main').locator(':focus')).toHaveCount(1);

    // From the bottom of a long screen, the next one starts at its top, its title in view.
    const nav = app.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('link', { name: 'New deposit', exact: true }).click();
    await expect(app.getByRole('heading', { level: 2, name: 'New deposit' })).toBeFocused();
    await app.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await app.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await nav.getByRole('link', { name: 'Sandbox', exact: true }).click();
    const sandbox = app.getByRole('heading', { level: 2, name: 'Sandbox controls' });
    await expect(sandbox).toBeFocused();
    await expect(sandbox).toBeInViewport();
    expect(await app.evaluate(() => window.scrollY)).toBe(0);
    // A screen that focuses its own input on arrival keeps it.
    await nav.getByRole('link', { name: 'Deposits', exact: true }).click();
    await expect(app.getByTestId('deposit-id-input')).toBeFocused();
    await axe();
  });
});

/**
 * Mantine's styles, imported the documented way (@mantine/core/styles.css and each package's own
 * in renderer/src): no component on any screen may be left without its rules, and Mantine's
 * global rules must precede every component's, as in Mantine's own stylesheet.
 */
test.describe('styles per component', () => {
  /** Mantine classes (m_…) used in the page that no loaded stylesheet defines. */
  const unstyledClasses = (app: Page): Promise<string[]> =>
    app.evaluate(() => {
      const defined = new Set<string>();
      const visit = (rules: CSSRuleList): void => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule)
            for (const found of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) defined.add(found[1] ?? '');
          if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) visit(rule.cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
      const used = new Set<string>();
      for (const element of Array.from(document.querySelectorAll('[class*="m_"]')))
        for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]+$/.test(name)) used.add(name);
      return [...used].filter((name) => !defined.has(name));
    });

  test('every Mantine component on every screen has its styles, after the global rules', async ({
    console: app,
  }) => {
    const order = await app.evaluate(() => {
      const sheets = Array.from(document.styleSheets);
      const texts = sheets.map((sheet) =>
        Array.from(sheet.cssRules)
          .map((rule) => rule.cssText)
          .join('\n'),
      );
      return {
        global: texts.findIndex((text) => text.includes('.mantine-focus-auto:focus-visible')),
        firstComponent: texts.findIndex((text) => /\.m_[0-9a-f]+/.test(text)),
      };
    });
    expect(order.global).toBeGreaterThanOrEqual(0);
    expect(order.global).toBeLessThanOrEqual(order.firstComponent);
    expect(await unstyledClasses(app)).toEqual([]);

    // The header's menus and dialog, open.
    for (const opener of ['language-menu', 'theme-menu', 'environment-switcher', 'jump-button']) {
      await app.getByTestId(opener).click();
      await expect(app.getByRole(opener === 'jump-button' ? 'dialog' : 'menu')).toBeVisible();
      expect(await unstyledClasses(app), opener).toEqual([]);
      await app.keyboard.press('Escape');
      await expect(app.getByRole(opener === 'jump-button' ? 'dialog' : 'menu')).toBeHidden();
    }
    // Every screen, each bringing its own components' styles when it loads.
    const nav = app.getByRole('navigation', { name: 'Screens' });
    const heading = app.getByRole('main').getByRole('heading', { level: 2 });
    for (const link of await nav.getByRole('link').all()) {
      const href = (await link.getAttribute('href')) ?? '';
      const before = await heading.first().textContent();
      await link.click();
      await expect(app).toHaveURL((url) => url.hash === href);
      // The router keeps the previous screen up while the next one's code loads.
      if (href !== '#/') await expect(heading.first()).not.toHaveText(before ?? '');
      await app.waitForLoadState('networkidle');
      expect(await unstyledClasses(app), href).toEqual([]);
    }
  });
});

test.describe('language and theme (persisted preferences)', () => {
  test.use({ freshBridge: true });

  test('the language switch changes the texts and the number format, and is kept', async ({
    console: app,
    paydesk,
    axe,
  }) => {
    const box = app.getByTestId('jump-input');
    await box.fill('300000001');
    await box.press('Enter');
    const localAmount = app.locator('[data-field="local_amount"]');
    await expect(localAmount).toHaveText('BRL 150.00');

    await app.getByTestId('language-menu').click();
    await app.getByRole('menuitem', { name: 'Español', exact: true }).click();
    await expect(app.locator('html')).toHaveAttribute('lang', 'es');
    await expect(app.getByRole('link', { name: 'Búsqueda', exact: true })).toBeVisible();
    await expect(app.getByRole('heading', { level: 3, name: 'Importes' })).toBeVisible();
    await expect(localAmount).toHaveText(/^150,00\sBRL$/);
    await expect(app.locator('[data-field="refunded"]')).toHaveText('No');
    await expect(app.locator('[data-status="COMPLETED"]')).toHaveText('Completado');
    expect(await paydesk.call('getPreferences', {})).toEqual({
      ok: true,
      data: { language: 'es', theme: 'system' },
    });
    await axe();

    await app.reload();
    await expect(app.getByRole('heading', { level: 3, name: 'Importes' })).toBeVisible();
    await expect(app.locator('html')).toHaveAttribute('lang', 'es');

    await app.getByTestId('language-menu').click();
    await app.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await expect(app.getByRole('link', { name: 'Consulta', exact: true })).toBeVisible();
    await expect(app.getByRole('heading', { level: 3, name: 'Valores' })).toBeVisible();
    await expect(localAmount).toHaveText(/^BRL\s150,00$/);
    await expect(app.locator('[data-field="refunded"]')).toHaveText('Não');

    await app.getByTestId('language-menu').click();
    await app.getByRole('menuitem', { name: 'English' }).click();
    await expect(app.getByRole('link', { name: 'Lookup', exact: true })).toBeVisible();
    expect(await paydesk.call('getPreferences', {})).toEqual({
      ok: true,
      data: { language: 'en', theme: 'system' },
    });
  });

  test('the theme switch applies light and dark, and is kept', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const html = app.locator('html');
    await chooseTheme(app, 'Dark');
    expect(await paydesk.call('getPreferences', {})).toMatchObject({ ok: true, data: { theme: 'dark' } });
    await axe();
    await topOf(app);
    await saveScreen('lookup-dark');

    const box = app.getByTestId('jump-input');
    await box.fill('300000011');
    await box.press('Enter');
    await expect(app.getByTestId('deposit-detail')).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('deposit-detail-dark');

    await app
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Environments' })
      .click();
    await app.getByTestId('run-doctor').click();
    await expect(app.getByTestId('doctor-report')).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('environments-dark');

    await app.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await chooseTheme(app, 'Light');
    await chooseTheme(app, 'System');
    expect(await paydesk.call('getPreferences', {})).toMatchObject({ ok: true, data: { theme: 'system' } });
  });
});

test.describe('production', () => {
  test.use({ freshBridge: true });
  const production = sandboxPerDescribe({ seed: 9001 });

  test('a production environment is unmistakable: red, a PRODUCTION banner, read-only until armed by name', async ({
    console: app,
    axe,
    saveScreen,
  }) => {
    await app.getByRole('link', { name: 'Environments' }).click();
    await app.getByTestId('add-environment').click();
    const form = app.getByRole('dialog', { name: 'Add an environment' });
    await form.getByTestId('environment-name').fill('Prod EU');
    await form.getByText('Production', { exact: true }).click();
    await expect(form.getByText('Production is always shown in red.')).toBeVisible();
    await expect(form.getByTestId('environment-color')).toHaveCount(0);
    await form.getByTestId('environment-base-url').fill(production().baseUrl);
    await form.getByTestId('environment-save').click();
    await expect(form).toBeHidden();

    const card = app.locator('[data-environment-card]', { hasText: 'Prod EU' });
    await card.getByTestId('use-environment').click();
    const switcher = app.getByTestId('environment-switcher');
    await expect(switcher).toHaveAttribute('data-environment-kind', 'production');
    await expect(switcher).toContainText('Prod EU');

    const banner = app.getByTestId('production-banner');
    await expect(banner).toContainText('PRODUCTION');
    await expect(banner).toContainText('Read-only: not armed for changes.');
    await expect(banner.locator('[data-armed]')).toHaveAttribute('data-armed', 'false');
    await axe();
    await topOf(app);
    await saveScreen('production-banner');

    await banner.getByRole('button', { name: 'Arm for changes…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Arm Prod EU for changes' });
    const confirm = dialog.getByRole('button', { name: 'Arm production' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Prod EU to confirm').fill('prod eu');
    await expect(confirm).toBeDisabled();
    await axe();
    await topOf(app);
    await saveScreen('production-arm-dialog');
    await dialog.getByLabel('Type Prod EU to confirm').fill('Prod EU');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(banner).toContainText('Armed for changes.');
    await expect(banner.locator('[data-armed]')).toHaveAttribute('data-armed', 'true');
    await expect(banner.getByRole('timer')).toHaveText(/^00:(09:[0-5]\d|10:00)$/);
    await topOf(app);
    await saveScreen('production-armed');

    await banner.getByRole('button', { name: 'Disarm' }).click();
    await expect(banner).toContainText('Read-only: not armed for changes.');

    // Leaving production removes the banner.
    await switcher.click();
    await app.getByRole('menuitem', { name: /Local sandbox/ }).click();
    await expect(switcher).toHaveAttribute('data-environment-kind', 'local-sandbox');
    await expect(banner).toHaveCount(0);
  });
});
