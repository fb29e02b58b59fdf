import { shell, type App, type Session, type WebContents } from 'electron';
import {
  contentSecurityPolicyFor,
  isExternalUrlAllowed,
  isPermissionGranted,
  mayNavigate,
  withContentSecurityPolicy,
  type OwnPage,
} from '../page/policy';

/**
 * Applies main/page/policy.ts to Electron objects. Thin on purpose: every decision is a pure function
 * there, tested in Node; what only a machine with Electron can check is listed in the E2 report.
 */

/** The CSP header on every answer the session loads, and permission handlers. */
export function hardenSession(session: Session, page: OwnPage): void {
  const policy = contentSecurityPolicyFor(page);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(details.isMainFrame && isPermissionGranted(permission, details.requestingUrl, page));
  });
  session.setPermissionCheckHandler(
    (_contents, permission, _origin, details) =>
      details.isMainFrame && isPermissionGranted(permission, details.requestingUrl ?? '', page),
  );
  // USB/HID/serial device access: never.
  session.setDevicePermissionHandler(() => false);
}

/**
 * Guards for one webContents: no navigation away, no new windows, no webviews.
 * @public the security checklist test (test/integration/security) calls it through a module namespace.
 */
export function guardWebContents(contents: WebContents, page: OwnPage): void {
  contents.on('will-navigate', (event, url) => {
    if (!mayNavigate(url, page)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!mayNavigate(url, page)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // A link the user may follow goes through window.paydesk.openExternal (confirmation, allow-list);
  // window.open and target=_blank open nothing.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Every webContents the app ever creates gets the guards, including any we did not expect. */
export function guardApp(app: App, page: OwnPage): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, page));
}

/**
 * The runtime's openExternal port. The core has already allow-listed the URL (a redirect URL the
 * service sent in this session, confirmed by the user); this refuses anything but https once more
 * before the OS sees it. A refusal throws, which the runtime answers as a failed Result.
 */
export async function openExternalHttps(url: string): Promise<boolean> {
  if (!isExternalUrlAllowed(url)) throw new Error('only https links are opened');
  // Electronegativity's OPEN_EXTERNAL_JS_CHECK ("review the use") is accepted here, in
  // .ci/electronegativity/accepted.mjs: the URL is allow-listed twice before this line.
  await shell.openExternal(url);
  return true;
}
