import { app, dialog, type BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../shared/contract';
import type { AppLog } from '../core/logging';
import {
  afterAnswer,
  nextRestartStep,
  RESTART_BUTTONS,
  restartDialogTexts,
  UPDATE_CHECK,
  updatesOn,
} from './update-policy';

/**
 * electron-updater, wired as update-policy.ts decides: looks for an update on a schedule,
 * downloads it, and asks before restarting into it. Thin on purpose; what only a machine with
 * Electron and a feed can check is listed in docs/architecture.md ("Links, one instance and
 * updates").
 */

/** The part of electron-updater's `autoUpdater` (its AppUpdater, 6.x) this app uses. */
interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/**
 * electron-updater's autoUpdater, loaded only in an app that looks for updates: the package and
 * the platform's updater it picks load then, not at every start.
 */
async function loadUpdater(log: AppLog): Promise<UpdaterPort | undefined> {
  try {
    const { autoUpdater } = await import('electron-updater');
    return autoUpdater;
  } catch (error) {
    log.warn('updates off: electron-updater did not load', {
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return undefined;
  }
}

interface UpdatesOptions {
  log: AppLog;
  language(): Language;
  /** The window the dialog belongs to, when one is open. */
  window(): BrowserWindow | undefined;
  /** Whether a restart would cut anything running now (update-policy.ts `workInFlight`). */
  busy(): Promise<boolean>;
}

/** Starts looking for updates when the build set a feed; answers how to stop it. */
export function startUpdates(options: UpdatesOptions): () => void {
  // Electron sets resourcesPath; plain Node (the stand-in electron of the tests) has none.
  const resources: string | undefined = process.resourcesPath;
  const feedFileExists =
    app.isPackaged && resources !== undefined && existsSync(join(resources, 'app-update.yml'));
  if (!updatesOn({ packaged: app.isPackaged, feedFileExists })) {
    return () => undefined;
  }
  const { log } = options;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (run: () => void, ms: number): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };

  void loadUpdater(log).then((updater) => {
    if (!updater || stopped) return;
    updater.logger = null;
    updater.autoDownload = true;
    // "Later" means at the next quit, never a restart the person did not ask for.
    updater.autoInstallOnAppQuit = true;

    let downloaded: string | null = null;
    let declined: string | null = null;
    let asking = false;

    const ask = async (version: string): Promise<void> => {
      asking = true;
      const texts = restartDialogTexts(version, options.language());
      const laterIndex = RESTART_BUTTONS.indexOf('later');
      const dialogOptions = {
        type: 'info' as const,
        message: texts.message,
        detail: texts.detail,
        buttons: texts.buttons,
        defaultId: laterIndex,
        cancelId: laterIndex,
        noLink: true,
      };
      const parent = options.window();
      const { response } = await (parent && !parent.isDestroyed()
        ? dialog.showMessageBox(parent, dialogOptions)
        : dialog.showMessageBox(dialogOptions));
      asking = false;
      const answer = RESTART_BUTTONS[response] ?? 'later';
      const next = afterAnswer(answer, await options.busy());
      log.info('update answer', { version, answer, next });
      if (next === 'install') updater.quitAndInstall(false, true);
      else if (next === 'keep') declined = version;
      else consider();
    };

    const consider = (): void => {
      void options.busy().then((busy) => {
        const step = nextRestartStep({ downloaded, declined, asking, busy });
        if (step.step === 'wait') later(consider, step.retryInMs);
        else if (step.step === 'ask' && downloaded !== null) void ask(downloaded);
      });
    };

    updater.on('update-downloaded', (info) => {
      log.info('update downloaded', { version: info.version });
      downloaded = info.version;
      consider();
    });
    updater.on('error', (error) => {
      log.warn('update check failed', { errorName: error instanceof Error ? error.name : typeof error });
    });

    const check = (): void => {
      updater.checkForUpdates().catch(() => undefined);
      later(check, UPDATE_CHECK.everyMs);
    };
    later(check, UPDATE_CHECK.firstAfterMs);
  });

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
