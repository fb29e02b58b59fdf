import type { Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { blockingViolations, expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';

/**
 * The layout sweep: every screen of the navbar and the dialogs that matter, in English,
 * Spanish and Brazilian Portuguese at 1280×800. On each: the page never scrolls sideways, every
 * table cell is on screen or inside a box that scrolls, axe is clean, and a screenshot is saved
 * (test-results/screens/lang-<language>-<screen>.png). Problems are collected softly, so one run
 * lists every screen that breaks, in every language.
 */

test.use({ freshBridge: true, viewport: { width: 1280, height: 800 } });

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['pt-BR', 'Português (Brasil)'],
] as const;

/** What breaks the layout: a page wider than the window, or a table cell cut off outside any scroll box. */
async function layoutProblems(app: Page): Promise<string[]> {
  return app.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);
    }
    const label = (element: Element): string =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const cell of Array.from(document.querySelectorAll('td, th'))) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      let scrolls = false;
      let clippedBy: Element | null = null;
      for (
        let parent = cell.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') {
          scrolls = true;
          break;
        }
        if ((overflowX === 'hidden' || overflowX === 'clip') && clippedBy === null) {
          const edge = parent.getBoundingClientRect();
          if (box.right > edge.right + 1 || box.left < edge.left - 1) clippedBy = parent;
        }
      }
      if (scrolls) continue;
      if (clippedBy) problems.push(`${label(cell)} is cut off by ${label(clippedBy).slice(0, 30)}`);
      else if (box.right > root.clientWidth + 1 || box.left < -1) {
        problems.push(`${label(cell)} is off screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      }
    }
    return problems;
  });
}

async function settled(app: Page): Promise<void> {
  // A hovered navbar entry is the shell's own look; what the screen first reads must have arrived.
  await app.mouse.move(700, 5);
  await expect(app.locator('[data-loading="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Checks the page as it is now, softly, and saves it as `lang-<language>-<name>`. */
async function sweep(app: Page, language: string, name: string): Promise<void> {
  await settled(app);
  expect.soft(await layoutProblems(app), `${language} ${name}: layout`).toEqual([]);
  const violations = await blockingViolations(app);
  expect
    .soft(
      violations.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`),
      `${language} ${name}: axe`,
    )
    .toEqual([]);
  await topOf(app);
  await app.screenshot({ path: `test-results/screens/lang-${language}-${name}.png`, fullPage: true });
}

async function go(app: Page, hash: string): Promise<void> {
  await app.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await expect(app.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

async function chooseLanguage(app: Page, code: string, name: string): Promise<void> {
  await app.getByTestId('language-menu').click();
  // By its code: the current choice's name carries "(current)", and "Español" is also the start of
  // "Español (México)".
  const item = app.locator(`[role="menuitem"][data-language="${code}"]`);
  await expect(item).toContainText(name);
  await item.click();
  await expect(app.locator('html')).toHaveAttribute('lang', code);
  await expect(app.getByRole('menu')).toHaveCount(0);
}

async function ok<T>(
  answer: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** What the dialogs and journal need: a deposit created (journal entries), a pending cashout, a typed New deposit. */
async function prepare(paydesk: PaydeskCaller): Promise<{ cashoutId: number; externalId: string }> {
  const { activeEnvironmentId } = await ok(paydesk.call('listEnvironments', {}));
  await ok(paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } }));
  await ok(
    paydesk.call('saveDraft', {
      environmentId: activeEnvironmentId,
      form: 'deposit-create',
      values: {
        mode: 'one_shot',
        crypto: false,
        amount: '1250',
        country: 'BR',
        currency: 'BRL',
        payment_method: 'IX',
        description: 'Pedido 2026-11-27 de la tienda de demostración con una descripción larga',
        'payer.first_name': 'Ana Carolina',
        'payer.last_name': 'de Souza Albuquerque',
        'payer.document_type': 'CPF',
        'payer.document': '84932568207',
        'payer.email': 'ana.carolina.albuquerque@example.com',
      },
    }),
  );
  return ok(paydesk.call('createSandboxCashout', { externalId: 'sweep-cancel-pending' }));
}

for (const [code, name] of LANGUAGES) {
  test(`every screen and the dialogs that matter in ${code} at 1280×800: no sideways scroll, cells visible, axe-clean, saved`, async ({
    console: app,
    paydesk,
  }) => {
    test.setTimeout(300_000);
    const cashout = await prepare(paydesk);
    await chooseLanguage(app, code, name);

    // Every screen of the navbar, as the navbar lists them.
    const screens = await app
      .locator('[data-nav]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-nav') ?? ''));
    expect(screens.length).toBeGreaterThan(8);
    for (const screen of screens) {
      await app.locator(`[data-nav="${screen}"]`).click();
      await expect(app.getByRole('heading', { level: 2 }).first()).toBeVisible();
      // Exactly one navbar entry is current (New deposit is not Deposits as well).
      await expect(app.locator('[data-nav][data-active]')).toHaveAttribute('data-nav', screen);
      await expect(app.locator('[data-nav][aria-current="page"]')).toHaveAttribute('data-nav', screen);
      await sweep(app, code, `screen-${screen}`);
    }

    // A deposit, and a refund created from it.
    await go(app, `#/deposits/${SEEDED_RECORDS.completedCardDeposit}`);
    await expect(app.locator('[data-field="local_amount"]').first()).toBeVisible();
    await sweep(app, code, 'deposit');
    await go(app, `#/refunds/new?depositId=${SEEDED_RECORDS.completedCardDeposit}`);
    await sweep(app, code, 'refund-create');

    // New deposit, filled (the draft saved above).
    await app.locator('[data-nav="deposit-create"]').click();
    await expect(app.getByTestId('draft-bar')).toHaveAttribute('data-draft', 'saved');
    await sweep(app, code, 'deposit-create-filled');

    // The cashout cancel confirmation.
    await app.locator('[data-nav="cashouts"]').click();
    await app.getByTestId('cancel-cashout-id').fill(String(cashout.cashoutId));
    await app.getByTestId('cancel-external-id').fill(cashout.externalId);
    await app.getByTestId('cancel-cashout').click();
    const confirm = app.getByRole('dialog');
    await expect(confirm.getByTestId('cancel-confirm-summary')).toBeVisible();
    await sweep(app, code, 'cashout-cancel-confirm');
    await app.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);

    // A batch with its results.
    await app.locator('[data-nav="batch"]').click();
    const ids = Array.from({ length: 11 }, (_, index) => SEEDED_RECORDS.completedCardDeposit + index);
    // By its test id: the Cashouts screen just left has a textarea too (the reason), and may still
    // be on screen while the Batch screen's code arrives.
    const batchText = app.getByTestId('batch-text');
    await batchText.fill(ids.join('\n'));
    await expect(batchText).toHaveValue(ids.join('\n'));
    await app.getByTestId('batch-parse').click();
    await app.getByTestId('batch-start').click();
    await expect(app.getByTestId('batch-current').getByTestId('batch-state')).toHaveAttribute(
      'data-state',
      'done',
      { timeout: 30_000 },
    );
    await expect(app.getByTestId('batch-results').getByTestId('batch-row').first()).toBeVisible();
    await sweep(app, code, 'batch-results');

    // The audit journal with entries.
    await app.locator('[data-nav="audit"]').click();
    await expect(app.locator('table tbody tr').first()).toBeVisible();
    await sweep(app, code, 'audit-journal');

    // Environments with the details open.
    await app.locator('[data-nav="environments"]').click();
    const toggle = app.getByTestId('toggle-environment-details').first();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(app.locator('[data-credential-field]').first()).toBeVisible();
    await sweep(app, code, 'environments-details');

    // The jump box, with matches.
    await app.getByTestId('jump-button').click();
    const jump = app.getByRole('dialog');
    await jump.getByTestId('jump-input').fill('3000000');
    await expect(jump.getByTestId('jump-matches')).toBeVisible();
    await sweep(app, code, 'jump-box');
  });
}
