import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CONTENT_SECURITY_POLICY,
  DEVELOPMENT_CONTENT_SECURITY_POLICY,
  contentSecurityPolicyFor,
  HARDENED_WEB_PREFERENCES,
  META_CONTENT_SECURITY_POLICY,
  decideSender,
  isExternalUrlAllowed,
  isOwnPageUrl,
  isPermissionGranted,
  appSchemeRequestPath,
  APP_SCHEME_PRIVILEGES,
  ownPageUrl,
  mayNavigate,
  parseCsp,
  webPreferencesFor,
  withContentSecurityPolicy,
  withDisabledFeatures,
  type IpcSenderFacts,
  type OwnPage,
} from '../../../main/page/policy';

/** Electron's security checklist, item by item, on the pure policy the Electron wiring applies. */

const root = join(import.meta.dirname, '..', '..', '..');
const bundlePage: OwnPage = { kind: 'bundle', rendererDir: join(root, 'out', 'renderer') };
const pageUrl = 'paydesk://app/index.html';
const devPage: OwnPage = { kind: 'dev-server', url: 'http://localhost:5173/' };

test.describe('webPreferences', () => {
  test('every hardening switch is spelt out with its safe value', () => {
    expect(HARDENED_WEB_PREFERENCES).toMatchObject({
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
    });
  });

  test('the preload path is added without changing any switch', () => {
    const preferences = webPreferencesFor('/app/out/preload/index.cjs');
    expect(preferences.preload).toBe('/app/out/preload/index.cjs');
    expect({ ...preferences, preload: undefined }).toEqual({
      ...HARDENED_WEB_PREFERENCES,
      preload: undefined,
    });
  });

  test('the values are frozen at run time, not only typed as constants', () => {
    expect(Object.isFrozen(HARDENED_WEB_PREFERENCES)).toBe(true);
  });
});

test.describe('Content Security Policy', () => {
  const csp = parseCsp(CONTENT_SECURITY_POLICY);

  test('scripts only from our own origin, nothing by default', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
  });

  test('no unsafe source for scripts anywhere; inline styles only (Mantine)', () => {
    for (const [directive, sources] of csp) {
      if (directive === 'style-src') continue;
      expect(
        sources.filter((source) => source.startsWith("'unsafe")),
        directive,
      ).toEqual([]);
    }
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  test('images: self, data: (QR codes), https (logos) and the loopback sandbox', () => {
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:*']);
  });

  test('the meta tag carries the same policy minus what a meta tag cannot carry', () => {
    const meta = parseCsp(META_CONTENT_SECURITY_POLICY);
    expect(meta.has('frame-ancestors')).toBe(false);
    for (const [directive, sources] of meta) expect(csp.get(directive)).toEqual(sources);
    expect(meta.size).toBe(csp.size - 1);
  });

  test('renderer/index.html declares exactly the meta policy', () => {
    const html = readFileSync(join(root, 'renderer', 'index.html'), 'utf8');
    const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(match?.[1]).toBe(META_CONTENT_SECURITY_POLICY);
  });

  test('a server-sent policy is replaced, whatever the header spelling, other headers kept', () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': ['default-src *'],
      'X-Other': ['1'],
    });
    expect(headers).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(withContentSecurityPolicy(undefined)).toEqual({
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });

  test('only the dev server page gets inline scripts (the fast-refresh preamble); the built page never', () => {
    expect(contentSecurityPolicyFor(bundlePage)).toBe(CONTENT_SECURITY_POLICY);
    const development = parseCsp(contentSecurityPolicyFor(devPage));
    expect(development.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    for (const [directive, sources] of development) {
      if (directive !== 'script-src') expect(sources, directive).toEqual(csp.get(directive));
    }
    expect(DEVELOPMENT_CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  test('parseCsp keeps the first of a repeated directive, like browsers', () => {
    const parsed = parseCsp("script-src 'self'; SCRIPT-SRC *; ;img-src  data: ");
    expect(parsed.get('script-src')).toEqual(["'self'"]);
    expect(parsed.get('img-src')).toEqual(['data:']);
  });
});

test.describe('our own page', () => {
  test("the bundle's index.html on our scheme, with any fragment or query, is ours", () => {
    expect(ownPageUrl(bundlePage)).toBe(pageUrl);
    expect(isOwnPageUrl(pageUrl, bundlePage)).toBe(true);
    expect(isOwnPageUrl(`${pageUrl}#/deposits/300000001`, bundlePage)).toBe(true);
    expect(isOwnPageUrl(`${pageUrl}?lang=es`, bundlePage)).toBe(true);
  });

  test('another file, another scheme or garbage is not', () => {
    expect(isOwnPageUrl('paydesk://app/other.html', bundlePage)).toBe(false);
    expect(isOwnPageUrl('paydesk://app/assets/index.html', bundlePage)).toBe(false);
    expect(isOwnPageUrl('paydesk://other/index.html', bundlePage)).toBe(false);
    expect(isOwnPageUrl('paydesk://user:secret@app/index.html', bundlePage)).toBe(false);
    // The page as a file is not ours any more: only the scheme serves it.
    expect(isOwnPageUrl(pathToFileURL(join(root, 'out', 'renderer', 'index.html')).href, bundlePage)).toBe(
      false,
    );
    expect(isOwnPageUrl(pathToFileURL('/etc/passwd').href, bundlePage)).toBe(false);
    expect(isOwnPageUrl('https://evil.example/index.html', bundlePage)).toBe(false);
    expect(isOwnPageUrl('about:blank', bundlePage)).toBe(false);
    expect(isOwnPageUrl('not a url', bundlePage)).toBe(false);
    expect(isOwnPageUrl('', bundlePage)).toBe(false);
  });

  test('in development, any path of the dev server origin, and nothing else', () => {
    expect(isOwnPageUrl('http://localhost:5173/', devPage)).toBe(true);
    expect(isOwnPageUrl('http://localhost:5173/src/main.tsx', devPage)).toBe(true);
    expect(isOwnPageUrl('http://localhost:5174/', devPage)).toBe(false);
    expect(isOwnPageUrl('https://localhost:5173/', devPage)).toBe(false);
    expect(isOwnPageUrl('http://127.0.0.1:5173/', devPage)).toBe(false);
    expect(isOwnPageUrl(pageUrl, devPage)).toBe(false);
  });

  test('the paydesk:// scheme answers GET requests for paydesk://app/… only, and is privileged no further', () => {
    expect(appSchemeRequestPath('GET', 'paydesk://app/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(appSchemeRequestPath('GET', 'paydesk://app/index.html#/refunds')).toBe('/index.html');
    // The URL parser takes encoded dot segments as dots: the path stays under the root, and the
    // renderer folder (renderer-files.ts) is what bounds it.
    expect(appSchemeRequestPath('GET', 'paydesk://app/%2e%2e/%2e%2e/etc/passwd')).toBe('/etc/passwd');
    expect(appSchemeRequestPath('POST', 'paydesk://app/index.html')).toBeUndefined();
    expect(appSchemeRequestPath('GET', 'paydesk://elsewhere/index.html')).toBeUndefined();
    expect(appSchemeRequestPath('GET', 'paydesk://user@app/index.html')).toBeUndefined();
    expect(appSchemeRequestPath('GET', 'https://app/index.html')).toBeUndefined();
    expect(appSchemeRequestPath('GET', 'not a url')).toBeUndefined();
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, codeCache: true });
  });

  test('navigation: only to our own page', () => {
    expect(mayNavigate(`${pageUrl}#/refunds`, bundlePage)).toBe(true);
    expect(mayNavigate('https://checkout.example/pay', bundlePage)).toBe(false);
    expect(mayNavigate('file:///tmp/index.html', bundlePage)).toBe(false);
  });
});

test.describe('IPC sender gate', () => {
  const trusted: IpcSenderFacts = {
    channel: 'paydesk:getDeposit',
    senderContentsId: 7,
    ownContentsId: 7,
    frame: { isMainFrameOfOwnWindow: true, url: pageUrl },
  };

  test('our window, its main frame, our page, our channel: trusted', () => {
    expect(decideSender(trusted, bundlePage)).toEqual({ trusted: true });
  });

  test('a subframe of our own window is refused', () => {
    const decision = decideSender(
      { ...trusted, frame: { isMainFrameOfOwnWindow: false, url: pageUrl } },
      bundlePage,
    );
    expect(decision).toEqual({ trusted: false, reason: 'the call comes from a frame inside the page' });
  });

  test('a foreign frame (another page loaded in the main frame) is refused', () => {
    const decision = decideSender(
      { ...trusted, frame: { isMainFrameOfOwnWindow: true, url: 'https://evil.example/' } },
      bundlePage,
    );
    expect(decision.trusted).toBe(false);
  });

  test('another webContents is refused, as is any call once our window is gone', () => {
    expect(decideSender({ ...trusted, senderContentsId: 8 }, bundlePage).trusted).toBe(false);
    expect(decideSender({ ...trusted, ownContentsId: null }, bundlePage).trusted).toBe(false);
  });

  test('a frame that is already gone is refused', () => {
    expect(decideSender({ ...trusted, frame: null }, bundlePage)).toEqual({
      trusted: false,
      reason: 'the sending frame is gone',
    });
  });

  test('a channel without the paydesk: prefix is refused before anything else', () => {
    expect(decideSender({ ...trusted, channel: 'ELECTRON_BROWSER_REQUIRE' }, bundlePage)).toEqual({
      trusted: false,
      reason: 'not a Paydesk channel',
    });
  });

  test('in development the dev server page is trusted, the built file is not', () => {
    const devFacts = { ...trusted, frame: { isMainFrameOfOwnWindow: true, url: 'http://localhost:5173/' } };
    expect(decideSender(devFacts, devPage)).toEqual({ trusted: true });
    expect(decideSender(trusted, devPage).trusted).toBe(false);
  });
});

test.describe('external links and permissions', () => {
  test('only https URLs with a host and no credentials reach the OS browser', () => {
    expect(isExternalUrlAllowed('https://checkout.example/pay/abc?x=1')).toBe(true);
    for (const url of [
      'http://checkout.example/pay',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pass@checkout.example/',
      'https://',
      'not a url',
    ]) {
      expect(isExternalUrlAllowed(url), url).toBe(false);
    }
  });

  test('every permission is denied, except a clipboard write from our own page', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'hid',
    ]) {
      expect(isPermissionGranted(permission, pageUrl, bundlePage), permission).toBe(false);
    }
    expect(isPermissionGranted('clipboard-sanitized-write', pageUrl, bundlePage)).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://evil.example/', bundlePage)).toBe(false);
  });
});

test.describe('Chromium switches', () => {
  test('features to disable join the ones already listed instead of replacing them', () => {
    expect(withDisabledFeatures(undefined, ['BackgroundResourceFetch'])).toBe('BackgroundResourceFetch');
    expect(withDisabledFeatures('', ['BackgroundResourceFetch'])).toBe('BackgroundResourceFetch');
    expect(withDisabledFeatures('PaintHolding,MediaRouter', ['BackgroundResourceFetch'])).toBe(
      'PaintHolding,MediaRouter,BackgroundResourceFetch',
    );
    expect(withDisabledFeatures('BackgroundResourceFetch', ['BackgroundResourceFetch'])).toBe(
      'BackgroundResourceFetch',
    );
  });
});
