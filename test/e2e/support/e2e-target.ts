/**
 * Which build the e2e specs drive: the browser build (default) or, where an Electron binary
 * exists, the app through Playwright's Electron launcher (PAYDESK_E2E_TARGET=electron). Free of
 * imports so playwright.config.ts can choose the spec files by it.
 */
type E2eTarget = 'web' | 'electron';

export function e2eTarget(): E2eTarget {
  return process.env.PAYDESK_E2E_TARGET === 'electron' ? 'electron' : 'web';
}

/**
 * Specs that only the browser build can run: its server, its page bridge, plain pages, and a
 * stand-in for the desktop preload (copy-id; the Electron target has the real preload).
 */
export const WEB_ONLY_SPECS = [
  '**/web-target.spec.ts',
  '**/copy-id.spec.ts',
  // Hands links to the runtime behind the web bridge.
  '**/record-links.spec.ts',
  // `npm run web` as a process, and its server going away: the desktop app has neither.
  '**/first-run.spec.ts',
  '**/console-lost.spec.ts',
];
