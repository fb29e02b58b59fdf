import { app, Notification, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { DeepLinkTarget } from '../shared/contract';
import {
  createConsoleRuntime,
  createDispatcher,
  sqliteRecordIndexStarter,
  trackCalls,
  type ConsoleRuntime,
  type TrackedDispatcher,
} from './core/console';
import { defaultDataDir, resolveDataDir } from './core/data-dir';
import { linkInArguments } from './core/deep-links';
import { withCallLog, type AppLog } from './core/logging';
import { TRANSPORT_DEFAULTS } from './core/payments';
import { createKeytarBackend, createMemoryBackend } from './core/vault';
import { embeddedSandboxStarter } from './sandbox/starter';
import { disableChromiumFeatures, registerAppScheme, serveBundle } from './electron/app-scheme';
import { createDesktopShell, openAppLog } from './electron/desktop';
import { registerIpcRouter } from './electron/ipc-router';
import { claimLinkScheme } from './electron/link-scheme';
import { workInFlight } from './electron/update-policy';
import { startUpdates } from './electron/updates';
import type { OwnPage } from './page/policy';
import { guardApp, hardenSession, openExternalHttps } from './electron/security';
import { approvalNotificationContent, approvalNotificationTarget } from './electron/approval-notification';
import { watchNotificationContent, watchNotificationTarget } from './electron/watch-notification';
import { createElectronSettingsStore } from './electron/settings-store';
import { createMainWindow } from './electron/window';
import { quitsWhenAllWindowsClosed } from './electron/window-state';

/**
 * The composition root: one instance, one window, the console runtime built with plain
 * constructors, the IPC router between them. Everything with a decision in it lives elsewhere
 * (main/core, main/page/policy.ts); this file only wires.
 */

/**
 * Test switches, honoured only in an unpackaged app (`npm start`, the e2e Electron target):
 * PAYDESK_DATA_DIR (a temp data folder, with the log in its logs/), PAYDESK_MEMORY_VAULT=1 (no
 * OS keychain), PAYDESK_SANDBOX_SEED (the embedded sandbox's seed). A packaged app ignores them all.
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
if (testSwitches && process.env.PAYDESK_DATA_DIR) app.setAppLogsPath(join(dataDir, 'logs'));
guardApp(app, page);

/** How long quitting waits for calls still running: one answer within the transport's deadline. */
const QUIT_WAITS_FOR_CALLS_MS = TRANSPORT_DEFAULTS.timeoutMs + 5_000;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  let runtime: ConsoleRuntime | undefined;
  let unregister: (() => void) | undefined;
  let calls: TrackedDispatcher | undefined;
  let openWindow: (() => void) | undefined;
  let log: AppLog | undefined;
  let stopUpdates: (() => void) | undefined;

  const showWindow = (): void => {
    if (!window || window.isDestroyed()) return openWindow?.();
    if (window.isMinimized()) window.restore();
    window.focus();
  };

  // A `paydesk://` link: in this launch's own arguments (Windows, Linux), handed over by a second
  // launch that then quits (second-instance), or from macOS (open-url, which can come before the
  // app is ready). One that comes before the console waits for it; the page takes it when it
  // starts (docs/architecture.md, "Links, one instance and updates").
  let linkBeforeStart = linkInArguments(process.argv);
  const openLink = (link: string | undefined): void => {
    if (link === undefined) return;
    if (!runtime) {
      linkBeforeStart = link;
      return;
    }
    const read = runtime.links.openLink(link);
    // The reason only: the link is text from outside (a search text can be anything).
    if (!read.ok) log?.warn('link refused', { refusal: read.refusal });
  };
  claimLinkScheme();

  app.on('second-instance', (_event, argv) => {
    showWindow();
    openLink(linkInArguments(argv));
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    showWindow();
    openLink(url);
  });

  void app.whenReady().then(() => {
    const opened = openAppLog();
    log = opened.log;
    hardenSession(session.defaultSession, page);
    serveBundle(session.defaultSession, page);
    const memoryVault = testSwitches && process.env.PAYDESK_MEMORY_VAULT === '1';
    const core = createConsoleRuntime({
      dataDir,
      settingsStore: createElectronSettingsStore(dataDir),
      vault: {
        backend: memoryVault ? createMemoryBackend() : createKeytarBackend(),
        keptAcrossRuns: !memoryVault,
      },
      launch: { launcher: 'desktop', dataFolderTemporary: false },
      embeddedSandbox: embeddedSandboxStarter(sandboxSeed === undefined ? {} : { seed: sandboxSeed }),
      openExternal: openExternalHttps,
      recordIndex: sqliteRecordIndexStarter(dataDir),
      keepUnfinishedBatches: true,
      log: opened.log,
    });
    runtime = core;
    openLink(linkBeforeStart);
    const desktop = createDesktopShell({
      dataDir,
      log: opened.log,
      logsFolder: opened.folder,
      api: core.api,
    });
    calls = trackCalls(desktop.followLanguage(withCallLog(createDispatcher(core.api), opened.log)));
    const dispatch = calls.dispatch;

    // One window at a time; on macOS it may be closed and opened again from the dock.
    openWindow = () => {
      const created = createMainWindow({
        page,
        preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
        state: desktop.windowState(),
      });
      desktop.attach(created);
      unregister = registerIpcRouter({
        window: created,
        page,
        dispatch,
        events: core.events,
        desktopDispatch: desktop.dispatch,
        log: opened.log,
      });
      created.on('closed', () => {
        unregister?.();
        unregister = undefined;
        window = undefined;
      });
      window = created;
    };
    openWindow();
    stopUpdates = startUpdates({
      log: opened.log,
      language: () => desktop.language(),
      window: () => window,
      async busy() {
        const [batches, runs] = await Promise.all([core.api.listBatches({}), core.api.listReconcileRuns({})]);
        return workInFlight({
          calls: calls?.running() ?? 0,
          batches: batches.ok ? batches.data : null,
          reconcileRuns: runs.ok ? runs.data : null,
        });
      },
    });
    // Kept until closed or clicked: a notification Electron no longer references can be
    // collected, and its click would then reach nobody.
    const shown = new Set<Notification>();
    const notify = (
      content: ConstructorParameters<typeof Notification>[0],
      targetAtClick: (activeEnvironmentId: string | null) => DeepLinkTarget | null,
    ): void => {
      if (!Notification.isSupported()) return;
      const notification = new Notification(content);
      notification.on('close', () => shown.delete(notification));
      notification.on('click', () => {
        shown.delete(notification);
        showWindow();
        // Asked at the click: the person may have changed environment since it was shown.
        void core.api.listEnvironments({}).then((list) => {
          const target = targetAtClick(list.ok ? list.data.activeEnvironmentId : null);
          if (target) core.links.openTarget(target);
        });
      });
      shown.add(notification);
      notification.show();
    };
    core.events.on('watchChanged', (change) =>
      notify(watchNotificationContent(change, desktop.language()), (active) =>
        watchNotificationTarget(change, active),
      ),
    );
    core.events.on('approvalNotice', (notice) =>
      notify(approvalNotificationContent(notice, desktop.language()), (active) =>
        approvalNotificationTarget(notice, active),
      ),
    );
  });

  app.on('window-all-closed', () => {
    if (quitsWhenAllWindowsClosed(process.platform)) app.quit();
  });
  app.on('activate', () => {
    if (!window || window.isDestroyed()) openWindow?.();
  });

  // The calls already running answer first (a change already sent records its outcome), then the
  // runtime stops the embedded sandbox and closes the journal before the process ends.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !runtime) return;
    const closing = runtime;
    event.preventDefault();
    closed = true;
    stopUpdates?.();
    unregister?.();
    void (calls?.settled(QUIT_WAITS_FOR_CALLS_MS) ?? Promise.resolve())
      .then(() => closing.close())
      .finally(async () => {
        log?.info('app quit');
        // The log writes asynchronously: its last entries are on disk before the process ends.
        await log?.close();
        app.quit();
      });
  });
}
