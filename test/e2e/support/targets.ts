import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeytarBackend } from '../../../main/core/vault';
import { startWebBridge, type WebBridge } from '../../../main/web/start';
import { ensureRendererBuilt } from '../../support/renderer-build';

/**
 * The two things the e2e specs can drive: the browser build (`npm run web`'s server, in-process,
 * with Debian Chromium) and, where an Electron binary exists, the packaged-layout app through
 * Playwright's Electron launcher (PAYDESK_E2E_TARGET=electron). These machines have no Electron
 * binary, so the Electron path is written and type-checked but has NOT been run here.
 */

export { e2eTarget } from './e2e-target';

/** Every e2e bridge's sandbox has this seed: the same credentials and records in every run. */
export const E2E_SANDBOX_SEED = 42;

const root = join(import.meta.dirname, '..', '..', '..');

/** Whether test/global-setup.ts made a Secret Service available to this run. */
const keychainAvailable = (): boolean => process.env.PAYDESK_TEST_KEYCHAIN?.startsWith('available') ?? false;

export interface StartedWebBridge {
  bridge: WebBridge;
  /** Stops the bridge and removes what it left in the keychain. */
  stop(): Promise<void>;
}

/**
 * A browser-build bridge: the shared renderer build, a temp data folder (removed on stop), the
 * sandbox seeded with E2E_SANDBOX_SEED, and the real OS keychain under a `paydesk-test-<random>`
 * service (emptied on stop) when the run has one, else the memory vault. The folder is given as
 * `--data-dir` would give it, so the page has no "temporary data folder" note to show: the specs
 * about that note start a bridge of their own.
 */
export async function startE2eWebBridge(): Promise<StartedWebBridge> {
  const rendererDir = await ensureRendererBuilt();
  const useKeychain = keychainAvailable();
  const vaultService = `paydesk-test-${randomBytes(6).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-e2e-web-'));
  const bridge = await startWebBridge({
    build: false,
    rendererDir,
    dataDir,
    vault: useKeychain ? 'keychain' : 'memory',
    vaultService,
    sandboxSeed: E2E_SANDBOX_SEED,
    quiet: true,
  });
  return {
    bridge,
    async stop() {
      await bridge.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      if (!useKeychain) return;
      const keychain = createKeytarBackend();
      const entries = await keychain.list(vaultService);
      if (entries.ok) for (const { account } of entries.data) await keychain.delete(vaultService, account);
    },
  };
}

export interface StartedElectronApp {
  app: ElectronApplication;
  window: Page;
  stop(): Promise<void>;
}

/**
 * The built app (`npm run build` first) with the test switches main/index.ts honours only when
 * the app is not packaged: a temp data folder and the memory vault. NOT RUN on these machines.
 */
export async function startE2eElectronApp(): Promise<StartedElectronApp> {
  const entry = join(root, 'out', 'main', 'index.js');
  if (!existsSync(entry))
    throw new Error('PAYDESK_E2E_TARGET=electron needs a built app: run `npm run build` first.');
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-e2e-electron-'));
  const app = await _electron.launch({
    args: [entry],
    cwd: root,
    env: {
      ...process.env,
      PAYDESK_DATA_DIR: dataDir,
      PAYDESK_MEMORY_VAULT: '1',
      PAYDESK_SANDBOX_SEED: String(E2E_SANDBOX_SEED),
    },
  });
  const window = await app.firstWindow();
  return {
    app,
    window,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
