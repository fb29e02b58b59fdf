import type { PaydeskBridge } from '../../../shared/contract';

/**
 * `window.paydesk`, the renderer's only way to main. Read once at start (main.tsx refuses to
 * start without it), so every other module can take it as present.
 */
let current: PaydeskBridge | undefined;

export function connectBridge(): PaydeskBridge | undefined {
  current = window.paydesk;
  return current;
}

export function paydesk(): PaydeskBridge {
  if (!current) throw new Error('window.paydesk is not available');
  return current;
}

/**
 * Whether the page runs in the desktop app: only its preload adds `window.paydeskDesktop`. The
 * browser build (`npm run web`, development and tests) has no desktop shell, so no system browser
 * to hand a link to and no native menus.
 */
export function inDesktopApp(): boolean {
  return window.paydeskDesktop !== undefined;
}
