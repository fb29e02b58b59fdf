import { BrowserWindow } from 'electron';
import { ownPageUrl, webPreferencesFor, type OwnPage } from '../page/policy';
import { WINDOW_SIZING, type WindowState } from './window-state';

interface MainWindowOptions {
  page: OwnPage;
  /** Absolute path of the bundled preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Where to open (desktop.ts: the last run's place, put back on a display); Electron's default place without. */
  state?: WindowState;
}

/** The one Paydesk window, hardened by main/page/policy.ts; guards are added by security.ts. */
export function createMainWindow({ page, preloadPath, state }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: WINDOW_SIZING.width,
    height: WINDOW_SIZING.height,
    ...state?.bounds,
    minWidth: WINDOW_SIZING.minWidth,
    minHeight: WINDOW_SIZING.minHeight,
    show: false,
    title: 'Paydesk',
    // Electronegativity flags CONTEXT_ISOLATION_JS_CHECK, SANDBOX_JS_CHECK and AUXCLICK_JS_CHECK
    // here because it cannot follow this call to the literal values (HARDENED_WEB_PREFERENCES in
    // main/page/policy.ts). Accepted in .ci/electronegativity/accepted.mjs; the values are asserted by
    // test/integration/security/checklist.spec.ts against this very factory.
    webPreferences: webPreferencesFor(preloadPath),
  });
  window.once('ready-to-show', () => {
    // Maximised over the saved normal bounds, so that un-maximising returns to them.
    if (state?.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(ownPageUrl(page));
  return window;
}
