import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * Where Paydesk keeps its files, shared by the desktop app and the CLI so that both see the same
 * profiles and the same audit journal. It is the folder Electron calls `userData` for the
 * productName `Paydesk`: `<appData>/Paydesk`, where appData is `%APPDATA%` on Windows,
 * `~/Library/Application Support` on macOS and `$XDG_CONFIG_HOME` (or `~/.config`) elsewhere.
 * `PAYDESK_DATA_DIR` replaces it (tests, portable installs, a second profile set).
 */

export const APP_FOLDER_NAME = 'Paydesk';
const DATA_DIR_VARIABLE = 'PAYDESK_DATA_DIR';

/** The settings document (the same file the electron-store adapter writes: `settings.json`). */
const SETTINGS_FILE_NAME = 'settings.json';
/** The audit journal's folder (journal.jsonl, its lock and the pending-request spool). */
const AUDIT_FOLDER_NAME = 'audit';
/** V8's compiled code of the command line, kept between runs (main/cli/index.ts). */
export const CLI_CODE_CACHE_FOLDER_NAME = 'cli-code-cache';

type Variables = Readonly<Record<string, string | undefined>>;

interface DataDirPlatform {
  /** `process.platform`. */
  platform: NodeJS.Platform;
  /** The user's home folder (`os.homedir()`). */
  home: string;
}

const currentPlatform = (): DataDirPlatform => ({ platform: process.platform, home: homedir() });

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined;

/** Electron's `appData` for this platform. */
function appDataFolder(variables: Variables, { platform, home }: DataDirPlatform): string {
  if (platform === 'win32') return nonEmpty(variables.APPDATA) ?? join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  const xdg = nonEmpty(variables.XDG_CONFIG_HOME);
  // The XDG spec ignores a relative value; so does Electron.
  return xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.config');
}

/** The per-OS default, ignoring PAYDESK_DATA_DIR. */
export function defaultDataDir(
  variables: Variables = process.env,
  platform: DataDirPlatform = currentPlatform(),
): string {
  return join(appDataFolder(variables, platform), APP_FOLDER_NAME);
}

/** PAYDESK_DATA_DIR (made absolute) when set, else the per-OS default. */
export function resolveDataDir(
  variables: Variables = process.env,
  platform: DataDirPlatform = currentPlatform(),
): string {
  const chosen = nonEmpty(variables[DATA_DIR_VARIABLE]);
  return chosen !== undefined ? resolve(chosen) : defaultDataDir(variables, platform);
}

export interface DataPaths {
  dir: string;
  settings: string;
  audit: string;
}

export function dataPaths(dir: string): DataPaths {
  return { dir, settings: join(dir, SETTINGS_FILE_NAME), audit: join(dir, AUDIT_FOLDER_NAME) };
}
