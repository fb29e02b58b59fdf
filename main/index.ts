import { app, Notification, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createConsoleRuntime, createDispatcher, type ConsoleRuntime } from './core/console';
import { defaultDataDir, resolveDataDir } from './core/data-dir';
import { createKeytarBackend, createMemoryBackend } from './core/vault';
import { disableChromiumFeatures, registerAppScheme, serveBundle } from './electron/app-scheme';
import { registerIpcRouter } from './electron/ipc-router';
import type { OwnPage } from './electron/policy';
import { guardApp, hardenSession, openExternalHttps } from './electron/security';
import { watchNotificationContent } from './electron/watch-notification';
import { createElectronSettingsStore } from './electron/settings-store';
import { createMainWindow } from './electron/window';

/**
 * The composition root: one instance, one window, the console runtime built with plain
 * constructors, the IPC router between them. Everything with a decision in it lives elsewhere
 * (main/core, main/electron/policy.ts); this file only wires.
 */

/**
 * Test switches, honoured only in an unpackaged app (`npm start`, the e2e Electron target):
 * PAYDESK_DATA_DIR (a temp data folder), PAYDESK_MEMORY_VAULT=1 (no OS keychain),
 * PAYDESK_SANDBOX_SEED (the embedded sandbox's seed). A packaged app ignores them all.
 */
const testSwitches = !app.isPackaged;
const seedText = testSwitches ? process.env.PAYDESK_SANDBOX_SEED : undefined;
const sandboxSeed = seedText !== undefined && /^\d{1,10}$/.test(seedText) ? Number(seedText) : undefined;

const dataDir = testSwitches ? resolveDataDir() : defaultDataDir();
const page: OwnPage =
  testSwitches && process.env.ELECTRON_RENDERER_URL
    ? { kind: 'dev-server', url: process.env.ELECTRON_RENDERER_URL }
    : { kind: 'bundle', rendererDir: join(import.meta.dirname, '../renderer') };

// Every renderer sandboxed, whatever a window asks for.
app.enableSandbox();
registerAppScheme();
disableChromiumFeatures();
app.setPath('userData', dataDir);
guardApp(app, page);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  let runtime: ConsoleRuntime | undefined;
  let unregister: (() => void) | undefined;

  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  void app.whenReady().then(() => {
    hardenSession(session.defaultSession, page);
    serveBundle(session.defaultSession, page);
    runtime = createConsoleRuntime({
      dataDir,
      settingsStore: createElectronSettingsStore(dataDir),
      vault: {
        backend:
          testSwitches && process.env.PAYDESK_MEMORY_VAULT === '1'
            ? createMemoryBackend()
            : createKeytarBackend(),
      },
      embeddedSandbox: sandboxSeed === undefined ? {} : { seed: sandboxSeed },
      openExternal: openExternalHttps,
    });
    window = createMainWindow({ page, preloadPath: join(import.meta.dirname, '../preload/index.cjs') });
    unregister = registerIpcRouter({
      window,
      page,
      dispatch: createDispatcher(runtime.api),
      events: runtime.events,
    });
    runtime.events.on('watchChanged', (change) => {
      if (Notification.isSupported()) new Notification(watchNotificationContent(change)).show();
    });
  });

  app.on('window-all-closed', () => app.quit());

  // The runtime stops the embedded sandbox and closes the journal before the process ends.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !runtime) return;
    event.preventDefault();
    closed = true;
    unregister?.();
    void runtime.close().finally(() => app.quit());
  });
}
