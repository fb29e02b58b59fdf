import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { startWebBridge } from '../../main/web/start';
import { useLanguage } from './support/console-ui';
import { E2E_SANDBOX_SEED, expect, test } from './fixtures';

/**
 * The console behind the page goes away (`npm run web` stopped): the page says the console itself
 * cannot be reached and what to do, at once and on every screen, instead of a green "Clock in
 * sync", errors that blame the environment's base URL, or "The environments could not be read"
 * after a reload with an earlier start's token. (The desktop app has no such state: its window
 * ends with its main process.)
 */

// Each test stops its bridge.
test.use({ freshBridge: true });

async function lookUp(app: Page, depositId: number): Promise<void> {
  await app.getByTestId('jump-button').click();
  const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
  await box.fill(String(depositId));
  await box.press('Enter');
}

test('when the console stops, the page says so at once, and its errors name the console, not the base URL', async ({
  console: app,
  webBridge,
  axe,
}) => {
  await lookUp(app, SEEDED_RECORDS.completedCardDeposit);
  await expect(app.getByTestId('deposit-detail')).toBeVisible();
  const clock = app.getByTestId('clock-indicator');
  await expect(clock).toHaveAttribute('data-clock-state', 'in_sync');
  await expect(app.getByTestId('console-unreachable-banner')).toHaveCount(0);

  await webBridge.close();
  // No call needed: the page hears the socket close.
  const banner = app.getByTestId('console-unreachable-banner');
  await expect(banner).toHaveText(
    'The console is not reachable: npm run web stopped, or this address is from an earlier start. Start npm run web again and open the address it prints.',
  );
  await expect(clock).toHaveAttribute('data-clock-state', 'unreachable');
  await expect(clock).toHaveText('Clock: not known, console not reachable');

  await lookUp(app, SEEDED_RECORDS.pendingVoucherDeposit);
  const notice = app.locator('[data-error-kind="console_unreachable"]');
  await expect(notice).toContainText('The console is not reachable');
  await expect(notice).toContainText('Start npm run web again');
  await expect(app.locator('main')).not.toContainText('base URL');
  await expect(app.locator('[data-error-kind="network"]')).toHaveCount(0);
  await axe();
});

test("a reload with an earlier start's token says the console cannot be reached, in the page's language", async ({
  console: app,
  paydesk,
  webBridge,
}) => {
  await useLanguage(app, paydesk, 'es');
  const { port, rendererDir } = webBridge;
  await webBridge.close();
  // `npm run web` started again on the same port: a new token, which this page does not have.
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-e2e-lost-'));
  const again = await startWebBridge({
    build: false,
    rendererDir,
    port,
    dataDir,
    vault: 'memory',
    sandboxSeed: E2E_SANDBOX_SEED,
    quiet: true,
  });
  try {
    await app.reload();
    await expect(app.getByTestId('console-unreachable-banner')).toHaveText(
      'No se puede contactar con la consola: npm run web se detuvo, o esta dirección es de un inicio anterior. Vuelva a iniciar npm run web y abra la dirección que muestra.',
    );
    await expect(app.getByTestId('environment-unreadable')).toHaveText(
      'No se puede contactar con la consola',
    );
    await expect(app.getByText('No se pudieron leer los entornos.')).toHaveCount(0);

    await app.evaluate(() => localStorage.clear());
    await app.reload();
    await expect(app.getByTestId('environment-unreadable')).toHaveText('Console not reachable');
    await expect(app.getByTestId('console-unreachable-banner')).toContainText('Start npm run web again');
  } finally {
    await again.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
