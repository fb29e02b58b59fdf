import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

/** A temp folder per test, removed afterwards, and the settings file path inside it. */
export const test = base.extend<{ folder: string; settingsPath: string }>({
  // Playwright fixtures take their dependencies by destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  folder: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-settings-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
  settingsPath: async ({ folder }, use) => {
    await use(join(folder, 'settings.json'));
  },
});
export { expect } from '@playwright/test';
