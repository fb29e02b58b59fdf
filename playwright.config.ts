import { defineConfig } from '@playwright/test';
import { e2eTarget, WEB_ONLY_SPECS } from './test/e2e/support/e2e-target';

/** Debian's Chromium: Playwright's own browser download cannot run on these machines. */
export const chromiumLaunch = {
  executablePath: process.env.PAYDESK_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  /** A real Secret Service (private D-Bus + gnome-keyring) for the keychain suites. */
  globalSetup: './test/global-setup.ts',
  timeout: 30_000,
  projects: [
    /** In-process and quick (each file under about 3 s on one worker): no app build, no child process. */
    { name: 'unit', testDir: 'test/unit' },
    /**
     * What needs a real outside piece or takes seconds: app builds and electron-builder, the OS
     * keychain, child processes that crash or share files, CLI processes, the operator model.
     */
    { name: 'integration', testDir: 'test/integration' },
    { name: 'contract', testDir: 'test/contract' },
    /** Fuzzing of every contract entry, hostile servers, CLI and CSV (PAYDESK_FUZZ_RUNS). */
    { name: 'fuzz', testDir: 'test/fuzz', timeout: 600_000 },
    /** 1,000 mutating intents against a sandbox with 20% faults. */
    { name: 'soak', testDir: 'test/soak', timeout: 600_000 },
    {
      name: 'e2e',
      testDir: 'test/e2e',
      // The Electron target has no web server or page bridge to check: those specs are left out.
      testIgnore: e2eTarget() === 'web' ? [] : WEB_ONLY_SPECS,
      // CI runs every project on two workers at once; on a two-core machine beside the fuzzers an
      // e2e step takes several times as long as alone (docs/performance.md), and its waits must
      // allow for that.
      timeout: 120_000,
      expect: { timeout: 15_000 },
      use: {
        browserName: 'chromium',
        launchOptions: chromiumLaunch,
        screenshot: 'only-on-failure',
        trace: 'retain-on-failure',
      },
    },
  ],
});
