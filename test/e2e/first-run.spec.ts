import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language, PaydeskBridge } from '../../shared/contract';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { ensureRendererBuilt } from '../support/renderer-build';
import { E2E_SANDBOX_SEED, expect, expectAccessible, test } from './fixtures';

/**
 * `npm run web` as a newcomer starts it, as a process of its own: without --data-dir (the data
 * folder is temporary) and on a machine without a D-Bus session (no OS keychain). Both are said at
 * start-up, in the terminal and on the page, each with the flag that changes it; the money forms
 * say up front that their drafts last only while the console runs, and keep them across screens.
 * With --memory-vault, a restart finds no draft and nothing "set aside", and a batch that was
 * running comes back stopped, to be resumed.
 */

const root = join(import.meta.dirname, '..', '..');
const DEPOSIT = SEEDED_RECORDS.completedCardDeposit;

interface WebProcess {
  url: string;
  dataDir: string;
  /** Everything it printed on stdout so far. */
  printed(): string;
  /** Ctrl-C, then its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `npm run web` (its own entry, the e2e renderer build) with no D-Bus session nor display. */
async function startWeb(flags: string[]): Promise<WebProcess> {
  const rendererDir = await ensureRendererBuilt();
  // No session bus and no display: libsecret can neither reach nor start a Secret Service.
  const {
    DBUS_SESSION_BUS_ADDRESS: _bus,
    DISPLAY: _display,
    WAYLAND_DISPLAY: _wayland,
    ...env
  } = process.env;
  const child = spawn(
    join(root, 'node_modules', '.bin', 'tsx'),
    [
      'main/web/cli.ts',
      '--no-build',
      '--renderer-dir',
      rendererDir,
      '--seed',
      String(E2E_SANDBOX_SEED),
      ...flags,
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await expect
    .poll(() => (child.exitCode === null ? stdout : `exited ${child.exitCode}: ${stderr}`), {
      timeout: 60_000,
    })
    .toContain('Ctrl-C stops.');
  const url = /http:\/\/127\.0\.0\.1:\d+\/#token=\S+/.exec(stdout)?.[0];
  const dataDir = /^Data folder: (.+?)( \(temporary, removed on exit\))?$/m.exec(stdout)?.[1];
  if (!url || !dataDir) throw new Error(`npm run web printed no URL or data folder:\n${stdout}`);
  return {
    url,
    dataDir,
    printed: () => stdout,
    async stop() {
      child.kill('SIGINT');
      return exited;
    },
  };
}

async function open(page: Page, web: WebProcess): Promise<void> {
  await page.goto(web.url);
  await page.waitForFunction(() => 'paydesk' in window);
  await expect(page.getByTestId('environment-switcher')).toBeVisible();
}

/** Stores the language through the page's own bridge and reloads into it. */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate(
    (chosen) =>
      (window as unknown as { paydesk: PaydeskBridge }).paydesk.setPreferences({ language: chosen }),
    language,
  );
  await page.reload();
  await page.waitForFunction(() => 'paydesk' in window);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Opens an in-app address (the hash router's part after `#`). */
async function openRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

test.describe('a first run without --data-dir, on a machine without a keychain', () => {
  test.describe.configure({ mode: 'serial' });
  let web: WebProcess;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    web = await startWeb([]);
  });
  test.afterAll(async () => {
    await web.stop();
  });

  test('the terminal and the page say both, each with its flag, in every language', async ({ page }) => {
    const printed = web.printed();
    expect(printed).toContain('Note: the data folder is temporary');
    expect(printed).toContain('npm run web -- --data-dir');
    expect(printed).toMatch(/Note: the OS keychain cannot be used \(.+\)\./);
    expect(printed).toContain('npm run web -- --memory-vault');

    await open(page, web);
    const notes = page.getByTestId('start-notes');
    await expect(notes).toHaveAccessibleName('Before you start');
    await expect(notes.locator('[data-note="data-folder-temporary"]')).toHaveText(
      'The data folder is temporary: the audit journal, settings and drafts are deleted when npm run web stops. To keep them, start it with --data-dir and a folder.',
    );
    await expect(notes.locator('[data-note="keychain-unavailable"]')).toContainText(
      'The system keychain cannot be used: credentials cannot be stored',
    );
    await expect(notes.locator('[data-note="keychain-unavailable"]')).toContainText('--memory-vault');
    await expectAccessible(page);

    const said: Partial<Record<Language, [string, string]>> = {
      es: ['La carpeta de datos es temporal', 'No se puede usar el llavero del sistema'],
      'pt-BR': ['A pasta de dados é temporária', 'O chaveiro do sistema não pode ser usado'],
    };
    for (const [language, [folder, keychain]] of Object.entries(said) as Array<
      [Language, [string, string]]
    >) {
      await useLanguage(page, language);
      await expect(notes.locator('[data-note="data-folder-temporary"]')).toContainText(folder);
      await expect(notes.locator('[data-note="data-folder-temporary"]')).toContainText('--data-dir');
      await expect(notes.locator('[data-note="keychain-unavailable"]')).toContainText(keychain);
      await expect(notes.locator('[data-note="keychain-unavailable"]')).toContainText('--memory-vault');
    }
    await useLanguage(page, 'en');

    // Hidden on request, for this page.
    await notes.getByRole('button', { name: 'Hide these notes' }).click();
    await expect(notes).toHaveCount(0);
  });

  test('a refund form says up front that its draft lasts only while the console runs, and keeps it across screens', async ({
    page,
  }) => {
    await open(page, web);
    await openRoute(page, `/refunds/new?depositId=${DEPOSIT}`);
    const form = page.getByTestId('refund-form');
    const bar = form.getByTestId('draft-bar');
    // Before anything is typed, and without an error in the middle of the form.
    await expect(bar).toHaveAttribute('data-keeping', 'keychain_unavailable');
    await expect(form.getByTestId('draft-status')).toHaveText(
      'What you type is kept as a draft until it is sent or discarded, but only while this console runs: the system keychain, which holds the key that seals drafts on disk, cannot be used, so a restart loses them.',
    );
    await expect(form.getByRole('alert')).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Amount to refund', exact: true }).fill('10');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Ticket 77: charged twice');
    await expect(bar).toHaveAttribute('data-draft', 'saved');
    await expect(form.getByTestId('draft-status')).toContainText('a restart loses it');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Deposits', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Deposits', level: 2 })).toBeVisible();
    await openRoute(page, `/refunds/new?depositId=${DEPOSIT}`);
    await expect(form.getByRole('textbox', { name: 'Amount to refund', exact: true })).toHaveValue('10');
    await expect(form.getByRole('textbox', { name: 'Reason' })).toHaveValue('Ticket 77: charged twice');
    await expect(bar).toHaveAttribute('data-draft', 'saved');
    await expect(form.getByRole('alert')).toHaveCount(0);

    await useLanguage(page, 'es');
    await openRoute(page, `/refunds/new?depositId=${DEPOSIT}`);
    await form.getByTestId('draft-discard').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar borrador' }).click();
    await expect(form.getByTestId('draft-status')).toContainText(
      'solo mientras esta consola funcione: no se puede usar el llavero del sistema',
    );
    await useLanguage(page, 'pt-BR');
    await openRoute(page, `/refunds/new?depositId=${DEPOSIT}`);
    await expect(form.getByTestId('draft-status')).toContainText(
      'só enquanto este console estiver rodando: o chaveiro do sistema',
    );
    await useLanguage(page, 'en');
  });

  test('Ctrl-C removes the temporary data folder, as the notes said', async () => {
    expect(existsSync(web.dataDir)).toBe(true);
    expect(await web.stop()).toBe(0);
    expect(existsSync(web.dataDir)).toBe(false);
  });
});

test('with --memory-vault a restart finds no draft and sets nothing aside; a running batch comes back to resume', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-e2e-first-run-'));
  try {
    let web = await startWeb(['--memory-vault', '--data-dir', dataDir]);
    expect(web.printed()).not.toContain('Note:');
    await open(page, web);
    await expect(page.getByTestId('start-notes')).toHaveCount(0);
    await openRoute(page, `/refunds/new?depositId=${DEPOSIT}`);
    let form = page.getByTestId('refund-form');
    await expect(form.getByTestId('draft-bar')).toHaveAttribute('data-keeping', 'memory_vault');
    await expect(form.getByTestId('draft-status')).toContainText('it keeps its keys in memory only');
    await form.getByRole('textbox', { name: 'Amount to refund', exact: true }).fill('10');
    await expect(form.getByTestId('draft-bar')).toHaveAttribute('data-draft', 'saved');
    const ids = Array.from({ length: 40 }, (_, index) => String(400_000_001 + index));
    const started = await page.evaluate(
      (batchIds) =>
        (window as unknown as { paydesk: PaydeskBridge }).paydesk.startBatch({
          kind: 'deposits',
          ids: batchIds,
          concurrency: 1,
          ratePerSecond: 2,
        }),
      ids,
    );
    expect(started.ok).toBe(true);
    expect(await web.stop()).toBe(0);

    web = await startWeb(['--memory-vault', '--data-dir', dataDir]);
    try {
      await open(page, web);
      await openRoute(page, `/refunds/new?depositId=${DEPOSIT}`);
      form = page.getByTestId('refund-form');
      await expect(form.getByTestId('draft-bar')).toHaveAttribute('data-draft', 'none');
      await expect(form.getByTestId('draft-status')).toContainText('a restart loses them');
      await expect(form.getByTestId('draft-set-aside')).toHaveCount(0);
      await expect(form.getByTestId('draft-sealed-earlier')).toHaveCount(0);
      await expect(form.getByRole('textbox', { name: 'Amount to refund', exact: true })).toHaveValue('');

      await page.getByRole('link', { name: 'Batch lookup', exact: true }).click();
      // The only batch, shown at once.
      await expect(page.getByTestId('batch-list').locator('tbody tr')).toHaveCount(1);
      const current = page.locator('[data-testid="batch-current"][data-batch-id]');
      await expect(current).toHaveAttribute('data-state', 'cancelled');
      await expect(current.getByTestId('batch-cancel-reason')).toHaveText(
        'Stopped because the console stopped while it ran. Its ids and the answers already in were kept: Resume looks up the rest.',
      );
      await expect(current.getByTestId('batch-progress-text')).toHaveAttribute('data-total', '40');
      await expect(current.getByTestId('batch-resume')).toBeVisible();
      await expectAccessible(page);
    } finally {
      await web.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
