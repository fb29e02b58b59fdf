import { BrowserWindow } from 'electron';
import { ownPageUrl, webPreferencesFor, type OwnPage } from './policy';

export interface MainWindowOptions {
  page: OwnPage;
  /** Absolute path of the bundled preload (out/preload/index.cjs). */
  preloadPath: string;
}

/** The one Paydesk window, hardened by policy.ts; guards are added by security.ts. */
export function createMainWindow({ page, preloadPath }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Paydesk',
    // Electronegativity flags CONTEXT_ISOLATION_JS_CHECK, SANDBOX_JS_CHECK and AUXCLICK_JS_CHECK
    // here because it cannot follow this call to the literal values (HARDENED_WEB_PREFERENCES in
    // policy.ts). Accepted in .ci/electronegativity/accepted.mjs; the values are asserted by
    // test/unit/security/checklist.spec.ts against this very factory.
    webPreferences: webPreferencesFor(preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(ownPageUrl(page));
  return window;
}
