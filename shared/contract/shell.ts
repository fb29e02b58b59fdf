/** The desktop around the console: external links, and what only the Electron shell offers. */
import type { Result } from './results';

export interface ShellApi {
  /** Only https redirect URLs the service sent, after the user confirmed. */
  openExternal(arg: { url: string }): Promise<Result<{ opened: boolean }>>;
}

export const SHELL_CHANNELS = {
  openExternal: 'paydesk:shell:open-external',
} as const satisfies { [K in keyof ShellApi]: `paydesk:${string}` };

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
