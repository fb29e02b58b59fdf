import { test as base, expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConsoleApi } from '../../shared/contract';
import type { WebBridge } from '../../main/web/start';
import { expectAccessible, type AccessibilityOptions } from './support/a11y';
import { discardAllDrafts } from './support/drafts';
import {
  e2eTarget,
  startE2eElectronApp,
  startE2eWebBridge,
  type StartedElectronApp,
  type StartedWebBridge,
} from './support/targets';

/**
 * The e2e fixture every spec under test/e2e imports instead of @playwright/test:
 *
 *   import { test, expect } from './fixtures';
 *   test('looks up a deposit', async ({ console: app, paydesk, axe, saveScreen }) => { … });
 *
 * (`console` shadows the global console inside the test: rename it when destructuring.)
 *
 * - `console`: the app's page, loaded, with `window.paydesk` ready. Web target (default): Debian
 *   Chromium at the bridge's tokened URL. Electron target (PAYDESK_E2E_TARGET=electron): the
 *   built app's first window. Each test gets a new page; the bridge behind it is shared by the
 *   tests of a worker unless the file says `test.use({ freshBridge: true })`.
 * - `paydesk.call(method, arg)`: a contract call made from the page (the same path the screens
 *   use), for setting up or checking state, in both targets.
 * - `webBridge` (web target only): the server, its dispatcher (`webBridge.call`), its URL and
 *   token, and `externalOpens()` (links the page asked to open; the browser build opens none).
 * - `axe(options?)`: fails on any serious or critical axe-core violation of the page.
 * - `saveScreen(name)`: saves test-results/screens/<name>.png (…/<name>.electron.png for Electron)
 *   and answers the path. (`screenshot` is taken: it is Playwright's own on-failure option.)
 *
 * The renderer is built once per run for all workers (support/renderer-build.ts). The embedded
 * sandbox has seed E2E_SANDBOX_SEED; its records are SEEDED_RECORDS of main/sandbox.
 */

export interface PaydeskCaller {
  call<K extends keyof ConsoleApi>(method: K, arg: Parameters<ConsoleApi[K]>[0]): ReturnType<ConsoleApi[K]>;
}

type StartedTarget =
  { kind: 'web'; started: StartedWebBridge } | { kind: 'electron'; started: StartedElectronApp };

interface TestFixtures {
  /** Start a bridge (or app) for this test alone: no state shared with other tests. */
  freshBridge: boolean;
  target: StartedTarget;
  webBridge: WebBridge;
  console: Page;
  paydesk: PaydeskCaller;
  axe: (options?: AccessibilityOptions) => Promise<void>;
  saveScreen: (name: string) => Promise<string>;
}

interface WorkerFixtures {
  sharedTarget: StartedTarget;
}

const screensDir = join(import.meta.dirname, '..', '..', 'test-results', 'screens');

async function startTarget(): Promise<StartedTarget> {
  return e2eTarget() === 'electron'
    ? { kind: 'electron', started: await startE2eElectronApp() }
    : { kind: 'web', started: await startE2eWebBridge() };
}

/** Opens the page at the bridge's tokened URL and waits for the page bridge. */
async function openConsole(page: Page, bridge: WebBridge): Promise<Page> {
  const response = await page.goto(bridge.url);
  expect(response?.status(), 'the web bridge served the page').toBe(200);
  await page.waitForFunction(() => 'paydesk' in window);
  return page;
}

/**
 * Chosen once per process: Playwright reads a fixture's dependencies from its parameter list,
 * and the Electron target must not depend on `page` (that would launch a browser it never uses).
 */
const consoleFixture =
  e2eTarget() === 'electron'
    ? async ({ target }: { target: StartedTarget }, use: (page: Page) => Promise<void>): Promise<void> => {
        if (target.kind !== 'electron') throw new Error('the Electron target did not start the app');
        await discardAllDrafts(target.started.window);
        await use(target.started.window);
      }
    : async (
        { page, target }: { page: Page; target: StartedTarget },
        use: (page: Page) => Promise<void>,
      ): Promise<void> => {
        if (target.kind !== 'web') throw new Error('the web target did not start the bridge');
        const app = await openConsole(page, target.started.bridge);
        // Each test opens the money forms empty, whatever an earlier test of the worker typed.
        await discardAllDrafts(app);
        await use(app);
      };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  freshBridge: [false, { option: true }],

  sharedTarget: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const target = await startTarget();
      await use(target);
      await target.started.stop();
    },
    // The first worker may have to build the renderer.
    { scope: 'worker', timeout: 300_000 },
  ],

  target: async ({ sharedTarget, freshBridge }, use) => {
    if (!freshBridge) return use(sharedTarget);
    const fresh = await startTarget();
    await use(fresh);
    await fresh.started.stop();
  },

  webBridge: async ({ target }, use) => {
    if (target.kind !== 'web')
      throw new Error('webBridge exists in the web target only (PAYDESK_E2E_TARGET=electron)');
    await use(target.started.bridge);
  },

  console: consoleFixture,

  paydesk: async ({ console: app }, use) => {
    await use({
      call: ((method: string, arg: unknown) =>
        app.evaluate(
          ([name, argument]) =>
            (window as unknown as { paydesk: Record<string, (value: unknown) => Promise<unknown>> }).paydesk[
              name
            ]?.(argument),
          [method, arg] as const,
        )) as PaydeskCaller['call'],
    });
  },

  axe: async ({ console: app }, use) => {
    await use((options) => expectAccessible(app, options));
  },

  saveScreen: async ({ console: app }, use) => {
    await use(async (name) => {
      if (!/^[\w.-]+$/.test(name))
        throw new Error(`screenshot name "${name}": letters, digits, dots and dashes only`);
      await mkdir(screensDir, { recursive: true });
      const path = join(screensDir, `${name}${e2eTarget() === 'electron' ? '.electron' : ''}.png`);
      await app.screenshot({ path, fullPage: true });
      return path;
    });
  },
});

export { expect };
export { E2E_SANDBOX_SEED } from './support/targets';
export { expectAccessible, blockingViolations } from './support/a11y';
