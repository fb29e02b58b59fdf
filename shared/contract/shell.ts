/** The desktop around the console: external links, and what only the Electron shell offers. */
import type { Result } from './results';
import type { DeepLinkTarget } from './links';
import { method, type ApiOf } from './method';

/**
 * Where the console keeps its keys (credentials, the drafts' key): the OS keychain, `usable` now
 * or `unavailable` (no Secret Service, locked, keytar missing), or `memory` only for this run
 * (the browser build's --memory-vault, a test switch of the app).
 */
export const KEYCHAIN_STATES = ['usable', 'unavailable', 'memory'] as const;
export type KeychainState = (typeof KEYCHAIN_STATES)[number];

/** How this console was started: what the page says up front, before anything is typed. */
export interface ConsoleSetup {
  /** What started it: the page names that launcher's flags (`web`) or steps (`desktop`). */
  launcher: 'desktop' | 'web';
  /** The data folder (settings, audit journal, drafts) is removed when the console stops. */
  dataFolderTemporary: boolean;
  keychain: KeychainState;
}

export const SHELL_METHODS = {
  /** Only https redirect URLs the service sent, after the user confirmed. */
  openExternal: method<{ url: string }, { opened: boolean }>(),

  getConsoleSetup: method<Record<string, never>, ConsoleSetup>(),

  /**
   * The record or search a `paydesk://` link (or a clicked notification) asked to show, once:
   * the answer empties it, so one link opens one screen, in whichever page asks first. Null when
   * none waits.
   */
  takeOpenedLink: method<Record<string, never>, DeepLinkTarget | null>(),
};
export type ShellApi = ApiOf<typeof SHELL_METHODS>;

// ---------------------------------------------------------------------------------------------
// Desktop shell (Electron only; main/electron/desktop.ts)
// ---------------------------------------------------------------------------------------------

/**
 * `window.paydeskDesktop`, which only the Electron preload adds (the browser build has none).
 * Electron's context-menu event does not say which element was right-clicked, so the page asks
 * for the menu of an id it marked with `data-copy-id` itself; main answers with a native menu.
 */
export interface PaydeskDesktop {
  showIdContextMenu(arg: { id: string; hasSelection: boolean }): Promise<Result<void>>;
}

export const DESKTOP_CHANNELS = {
  showIdContextMenu: 'paydesk:desktop:id-context-menu',
} as const satisfies Record<keyof PaydeskDesktop, `paydesk:${string}`>;
