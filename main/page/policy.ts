/**
 * The window's security policy as plain data and pure predicates. No `electron` import on
 * purpose: the Electron wiring (main/electron: window.ts, security.ts, ipc-router.ts,
 * app-scheme.ts) only applies what is decided here, and test/unit/page asserts it in plain Node.
 * It sits in main/page, outside main/electron, because the web bridge (main/web) serves the same
 * CSP and must not import the Electron shell.
 */

// ---------------------------------------------------------------------------------------------
// Content Security Policy
// ---------------------------------------------------------------------------------------------

/** Directive → sources. One place; the header string and the meta tag are derived from it. */
const CSP_DIRECTIVES = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  // Mantine (and Emotion-style libraries generally) inject <style> elements and style
  // attributes at run time; without 'unsafe-inline' the UI renders unstyled. Styles cannot run
  // code, and scripts stay 'self' only, which is what stops injected code.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Payment-method logos come from the service over https; the QR codes are data: URIs; the
  // local sandbox serves its logos over http on 127.0.0.1.
  'img-src': ["'self'", 'data:', 'https:', 'http://127.0.0.1:*'],
  'font-src': ["'self'"],
  // 'self' also covers ws:// to the page's own host and port (CSP3), which the browser build's
  // bridge socket uses; Electron's page talks to main over IPC only.
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

/** Directives a <meta> CSP cannot carry (the browser ignores them there, with a warning). */
const HEADER_ONLY_DIRECTIVES: ReadonlySet<string> = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

function serialiseCsp(include: (directive: string) => boolean): string {
  return Object.entries(CSP_DIRECTIVES)
    .filter(([directive]) => include(directive))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** The Content-Security-Policy header of every answer our window (and the web bridge) loads. */
export const CONTENT_SECURITY_POLICY = serialiseCsp(() => true);

/**
 * Development only (`npm run dev`: an unpackaged app on the electron-vite dev server): the same
 * policy plus inline scripts, for the React fast-refresh preamble the dev server inlines into
 * index.html. electron.vite.config.ts drops the meta tag in dev for the same reason; a built or
 * packaged app never gets this policy.
 */
export const DEVELOPMENT_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'unsafe-inline'",
);

/** The header policy for where our page comes from. */
export function contentSecurityPolicyFor(page: OwnPage): string {
  return page.kind === 'dev-server' ? DEVELOPMENT_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY;
}

/** The same policy for renderer/index.html's <meta http-equiv> (the header-only part left out). */
export const META_CONTENT_SECURITY_POLICY = serialiseCsp(
  (directive) => !HEADER_ONLY_DIRECTIVES.has(directive),
);

/** Parses a CSP string into directive → sources (lower-cased names, first occurrence wins, as browsers do). */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, sources);
  }
  return directives;
}

/**
 * Response headers with our CSP set, whatever spelling of the header the server used (a
 * server's own, weaker policy is replaced, not merged).
 */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
  policy: string = CONTENT_SECURITY_POLICY,
): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value;
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}

// ---------------------------------------------------------------------------------------------
// Window
// ---------------------------------------------------------------------------------------------

/**
 * webPreferences of every window Paydesk opens (Electron's security checklist). Every value is
 * spelt out, defaults included, so that a change of Electron's defaults cannot loosen one.
 */
export const HARDENED_WEB_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webSecurity: true,
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
  // A middle click (auxclick) on a link asks for a new window; the window-open handler denies
  // those already, this keeps the event from reaching the page at all (Electronegativity's
  // AUXCLICK_JS_CHECK).
  disableBlinkFeatures: 'Auxclick',
} as const);

export function webPreferencesFor(
  preloadPath: string,
): typeof HARDENED_WEB_PREFERENCES & { preload: string } {
  return { ...HARDENED_WEB_PREFERENCES, preload: preloadPath };
}

// ---------------------------------------------------------------------------------------------
// Our own page
// ---------------------------------------------------------------------------------------------

/**
 * Where our page comes from: the built renderer folder, served over our own scheme
 * (paydesk://app/, main/electron/app-scheme.ts), or (development only) the electron-vite dev
 * server. Not file:// (security checklist item 18: a file:// page has privileges over the whole
 * disk that a standard origin has not), and a custom scheme is what Chromium keeps V8's compiled
 * code for between starts (file:// never: every start would compile the bundles again).
 */
export type OwnPage = { kind: 'bundle'; rendererDir: string } | { kind: 'dev-server'; url: string };

/** The scheme and host of the bundled page: its origin is paydesk://app. */
export const APP_SCHEME = 'paydesk';
const APP_HOST = 'app';
const APP_PAGE_PATH = '/index.html';

/**
 * The scheme's privileges, registered before the app is ready. standard: a real origin (so CSP
 * 'self', localStorage and ES module scripts work as on the web); secure: a secure context like
 * https; codeCache: Chromium keeps V8's code cache for it (the reason start-up is quick). Nothing
 * more: no CSP bypass, no CORS, no fetch() or service workers from the page.
 */
export const APP_SCHEME_PRIVILEGES = Object.freeze({
  standard: true,
  secure: true,
  codeCache: true,
} as const);

/**
 * Chromium features the app turns off before it is ready (app-scheme.ts disableChromiumFeatures).
 * BackgroundResourceFetch: with it on, Chromium makes a V8 code cache for an ES module script but
 * never uses it in a later renderer process (traced in Chromium 156: the cache is written on the
 * second start and every start after it compiles the modules from source again; classic scripts
 * are not affected). Every start of the app is a new renderer process and its page is ES modules,
 * so with the feature on, the codeCache privilege above would give the app nothing.
 * test/e2e/web-target.spec.ts checks that Chromium so configured starts the page from the cache.
 */
export const DISABLED_CHROMIUM_FEATURES: readonly string[] = Object.freeze(['BackgroundResourceFetch']);

/**
 * The value for --disable-features with `features` added to what is already there: Chromium
 * honours only the last --disable-features it is given, so a second one would undo the first.
 */
export function withDisabledFeatures(existing: string | undefined, features: readonly string[]): string {
  const listed = (existing ?? '').split(',').filter((feature) => feature !== '');
  return [...new Set([...listed, ...features])].join(',');
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Is `url` our page? For the bundle: exactly paydesk://app/index.html (any query or fragment; the
 * router uses the fragment), never another file of the bundle. For the dev server: its origin
 * (http on loopback).
 */
export function isOwnPageUrl(url: string, page: OwnPage): boolean {
  const candidate = parseUrl(url);
  if (!candidate) return false;
  if (page.kind === 'bundle') return appSchemeRequestPath('GET', url) === APP_PAGE_PATH;
  const server = parseUrl(page.url);
  if (!server || server.protocol !== 'http:') return false;
  return candidate.origin === server.origin;
}

/** The URL to load our page from (the dev server's root, or the bundle's index.html). */
export function ownPageUrl(page: OwnPage): string {
  return page.kind === 'bundle' ? `${APP_SCHEME}://${APP_HOST}${APP_PAGE_PATH}` : page.url;
}

/**
 * What the paydesk:// scheme may answer: GET requests for paydesk://app/<path> only; the path is
 * then resolved inside the renderer folder (renderer-files.ts, beside this file).
 */
export function appSchemeRequestPath(method: string, url: string): string | undefined {
  const candidate = parseUrl(url);
  if (method !== 'GET' || !candidate) return undefined;
  if (candidate.protocol !== `${APP_SCHEME}:` || candidate.host !== APP_HOST) return undefined;
  if (candidate.username !== '' || candidate.password !== '') return undefined;
  return candidate.pathname;
}

// ---------------------------------------------------------------------------------------------
// IPC senders
// ---------------------------------------------------------------------------------------------

const CHANNEL_PREFIX = 'paydesk:';

/** What the router knows about a call before any handler runs (read off the IPC event). */
export interface IpcSenderFacts {
  channel: string;
  /** `webContents.id` of the sender, and of our window (null once our window is gone). */
  senderContentsId: number;
  ownContentsId: number | null;
  /** The sending frame: null when it is already gone (navigated away or destroyed). */
  frame: { isMainFrameOfOwnWindow: boolean; url: string } | null;
}

type SenderDecision = { trusted: true } | { trusted: false; reason: string };

/**
 * The router's gate (architecture: "sender check in one place"): only our channels, only our
 * window, only its main frame, only while it shows our own page. A subframe, another window or
 * our window after it somehow navigated elsewhere are all refused.
 */
export function decideSender(facts: IpcSenderFacts, page: OwnPage): SenderDecision {
  if (!facts.channel.startsWith(CHANNEL_PREFIX)) return { trusted: false, reason: 'not a Paydesk channel' };
  if (facts.ownContentsId === null || facts.senderContentsId !== facts.ownContentsId)
    return { trusted: false, reason: 'the call does not come from the Paydesk window' };
  if (!facts.frame) return { trusted: false, reason: 'the sending frame is gone' };
  if (!facts.frame.isMainFrameOfOwnWindow)
    return { trusted: false, reason: 'the call comes from a frame inside the page' };
  if (!isOwnPageUrl(facts.frame.url, page))
    return { trusted: false, reason: 'the window is not showing the Paydesk page' };
  return { trusted: true };
}

// ---------------------------------------------------------------------------------------------
// Navigation and external links
// ---------------------------------------------------------------------------------------------

/**
 * Whether the window may navigate to `url`: never, except a reload of our own page (the dev
 * server's hot reload, or the same file).
 */
export function mayNavigate(url: string, page: OwnPage): boolean {
  return isOwnPageUrl(url, page);
}

/**
 * Whether a URL may be handed to the operating system's browser: https only, with a host, no
 * credentials in it. The console core decides which https URLs the user may open at all (only
 * the service's redirect URLs, after a confirmation); this is the last gate before the OS.
 */
export function isExternalUrlAllowed(url: string): boolean {
  const parsed = parseUrl(url);
  return (
    parsed !== undefined &&
    parsed.protocol === 'https:' &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

// ---------------------------------------------------------------------------------------------
// Permissions
// ---------------------------------------------------------------------------------------------

/**
 * Permissions our page may use. Only writing plain text to the clipboard, which the copy buttons
 * (digitable lines, references, ids) need: Chromium routes `navigator.clipboard.writeText` through
 * the permission handlers in Electron, so denying it would break them. It cannot read anything.
 * Camera, microphone, notifications, geolocation, clipboard reads, HID/USB/serial… are denied.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Permission request and check handlers answer this: a listed permission, for our own page only. */
export function isPermissionGranted(permission: string, requestingUrl: string, page: OwnPage): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isOwnPageUrl(requestingUrl, page);
}
