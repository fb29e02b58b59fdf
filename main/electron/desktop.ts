import { app, clipboard, Menu, screen, shell, type BrowserWindow } from 'electron';
import Store from 'electron-store';
import { homedir, release } from 'node:os';
import {
  DESKTOP_CHANNELS,
  LANGUAGES,
  type ConsoleApi,
  type Language,
  type Result,
} from '../../shared/contract';
import type { Dispatcher } from '../core/console';
import { APP_FOLDER_NAME } from '../core/data-dir';
import { diagnosticsText, gatherDiagnostics, type ShellFacts } from '../core/diagnostics';
import { openLogFile, UNLOGGED, type AppLog } from '../core/logging';
import {
  buildContextMenuTemplate,
  buildMenuTemplate,
  contextMenuFactsForId,
  contextMenuFactsFrom,
  idContextMenuRequestSchema,
  languageSetBy,
  menuLabelsFor,
  type ContextMenuFacts,
  type MenuLabels,
} from './menus';
import { parseWindowState, restoreWindowBounds, type WindowState } from './window-state';

/**
 * The desktop shell around the window: the application menu, the context menu, the window's
 * remembered place, the log file and Help's actions. Thin on purpose: every decision is in
 * menus.ts, window-state.ts, main/core/logging and main/core/diagnostics, tested in Node; this
 * file hands their answers to Electron (what only a machine with Electron can check is listed in
 * docs/architecture.md, "What only a machine with Electron can check").
 */

/** The product name (the data folder carries it too), shown in the menus. */
const APP_NAME = APP_FOLDER_NAME;

/**
 * The app's log in `app.getPath('logs')` (~/Library/Logs/Paydesk on macOS, <userData>/logs
 * elsewhere). Opened once the app is ready; a log that cannot be opened leaves the app unlogged.
 */
export function openAppLog(): { log: AppLog; folder: string | null } {
  let folder: string | null = null;
  try {
    folder = app.getPath('logs');
  } catch {
    // No logs folder on this system: run unlogged.
  }
  const log = folder === null ? UNLOGGED : openLogFile({ dir: folder });
  log.info('app started', {
    version: app.getVersion(),
    packaged: app.isPackaged,
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    platform: process.platform,
    arch: process.arch,
  });
  app.on('child-process-gone', (_event, details) =>
    log.error('child process gone', {
      kind: details.type,
      goneReason: details.reason,
      exitCode: details.exitCode,
    }),
  );
  return { log, folder: log.file === null ? null : folder };
}

interface DesktopShellOptions {
  /** Where window-state.json is kept (the data folder). */
  dataDir: string;
  log: AppLog;
  logsFolder: string | null;
  api: Pick<ConsoleApi, 'listEnvironments' | 'getCredentialStatus' | 'getClockStatus' | 'getPreferences'>;
}

interface DesktopShell {
  /** Bounds and maximised state for the next window (the saved ones, put back on a display). */
  windowState(): WindowState;
  /** Context menu, remembered bounds and crash logging for a new window. */
  attach(window: BrowserWindow): void;
  /** `dispatch`, with the menus following a language the user picks. */
  followLanguage(dispatch: Dispatcher): Dispatcher;
  /** The user's language as the menus follow it, for the desktop notifications. */
  language(): Language;
  /** The router's handler of DESKTOP_CHANNELS. */
  dispatch: Dispatcher;
}

const refusedId: Result<never> = {
  ok: false,
  error: { kind: 'validation', field: 'id', message: 'This is not an id that can be copied.' },
};

const unknownCall: Result<never> = {
  ok: false,
  error: { kind: 'internal', message: 'The desktop shell has no such call.' },
};

/**
 * The window's last place, in window-state.json beside the settings (its own file: the settings
 * document belongs to core/settings and is shared with the CLI, which has no window).
 */
function windowStateFile(dataDir: string, log: AppLog): { read(): unknown; write(state: WindowState): void } {
  let store: Store<Record<string, unknown>> | undefined;
  // electron-store reads the file when it is built; clearInvalidConfig starts over on broken JSON.
  const open = (): Store<Record<string, unknown>> =>
    (store ??= new Store<Record<string, unknown>>({
      cwd: dataDir,
      name: 'window-state',
      clearInvalidConfig: true,
    }));
  return {
    read() {
      try {
        return open().store;
      } catch {
        return undefined;
      }
    },
    write(state) {
      try {
        open().store = { ...state };
      } catch (error) {
        log.warn('window state not saved', { errorName: error instanceof Error ? error.name : typeof error });
      }
    },
  };
}

export function createDesktopShell({ dataDir, log, logsFolder, api }: DesktopShellOptions): DesktopShell {
  let labels: MenuLabels = menuLabelsFor(undefined);
  let language: Language = 'en';
  let current: BrowserWindow | undefined;

  const stateFile = windowStateFile(dataDir, log);

  const copyText = (text: string): void => {
    clipboard.writeText(text).catch(() => log.warn('clipboard write failed'));
  };

  const popupFor = (window: BrowserWindow, facts: ContextMenuFacts): void => {
    const template = buildContextMenuTemplate(facts, labels, copyText);
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window });
  };

  const copyDiagnostics = async (): Promise<void> => {
    const facts: ShellFacts = {
      appName: APP_NAME,
      appVersion: app.getVersion(),
      packaged: app.isPackaged,
      versions: {
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        node: process.versions.node,
      },
      os: { platform: process.platform, release: release(), arch: process.arch },
      logsFolder,
      homeFolder: homedir(),
      generatedAt: new Date(),
    };
    await clipboard.writeText(diagnosticsText(await gatherDiagnostics(api, facts)));
    log.info('diagnostics copied');
  };

  const applyMenu = (): void => {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          platform: process.platform,
          packaged: app.isPackaged,
          appName: APP_NAME,
          labels,
          actions: {
            openLogsFolder: () => {
              if (logsFolder === null) return;
              void shell.openPath(logsFolder).then((problem) => {
                if (problem !== '') log.warn('logs folder not opened', { detail: problem });
              });
            },
            copyDiagnostics: () => {
              copyDiagnostics().catch((error: unknown) =>
                log.error('diagnostics failed', {
                  errorName: error instanceof Error ? error.name : typeof error,
                }),
              );
            },
          },
        }),
      ),
    );
  };

  const setLanguage = (chosen: string | undefined): void => {
    labels = menuLabelsFor(chosen);
    language = (LANGUAGES as readonly unknown[]).includes(chosen) ? (chosen as Language) : 'en';
    applyMenu();
  };

  app.setAboutPanelOptions({ applicationName: APP_NAME, applicationVersion: app.getVersion() });
  applyMenu();
  void api.getPreferences({}).then((preferences) => {
    if (preferences.ok) setLanguage(preferences.data.language);
  });

  return {
    windowState() {
      return restoreWindowBounds(
        parseWindowState(stateFile.read()),
        screen.getAllDisplays().map((display) => display.workArea),
        screen.getPrimaryDisplay().workArea,
      );
    },

    attach(window) {
      current = window;
      window.webContents.on('context-menu', (_event, params) =>
        popupFor(window, contextMenuFactsFrom(params)),
      );
      window.webContents.on('render-process-gone', (_event, details) =>
        log.error('renderer gone', { goneReason: details.reason, exitCode: details.exitCode }),
      );
      window.on('close', () =>
        stateFile.write({ bounds: window.getNormalBounds(), maximized: window.isMaximized() }),
      );
      window.on('closed', () => {
        if (current === window) current = undefined;
      });
    },

    language: () => language,

    followLanguage(dispatch) {
      return async (channel, arg) => {
        const answer = await dispatch(channel, arg);
        const language = languageSetBy(channel, answer);
        if (language !== undefined) setLanguage(language);
        return answer;
      };
    },

    async dispatch(channel, arg) {
      if (channel !== DESKTOP_CHANNELS.showIdContextMenu) return unknownCall;
      const request = idContextMenuRequestSchema.safeParse(arg);
      if (!request.success) return refusedId;
      if (current && !current.isDestroyed()) popupFor(current, contextMenuFactsForId(request.data));
      return { ok: true, data: undefined };
    },
  };
}
