import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import type { Result } from '../../shared/contract';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../../main/page/policy';
import {
  codeCacheableStartUpScripts,
  codeCacheConsumedDuring,
  desktopChromiumLaunch,
  startInNewProcess,
} from '../support/desktop-chromium';
import { ensureRendererBuilt } from '../support/renderer-build';
import { blockingViolations, expect, test } from './fixtures';

/**
 * What only the browser build has: the web server's headers and its page bridge's access guard,
 * and the harness checks that need a plain browser page. playwright.config.ts runs this file only
 * for the web target (not under PAYDESK_E2E_TARGET=electron), so nothing here is ever skipped.
 */

test.describe('web target', () => {
  test('the page is served with the CSP header, and the meta tag agrees', async ({ page, webBridge }) => {
    const response = await page.goto(webBridge.url);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
    await expect(meta).toHaveAttribute('content', META_CONTENT_SECURITY_POLICY);
  });

  test('the bridge script holds back none of the app: its scripts are asked for at once, and it still runs first', async ({
    page,
    webBridge,
  }) => {
    // What index.html itself asks for (lazy code, e.g. the overlays', comes once the app runs).
    const html = await (await page.request.get(webBridge.url)).text();
    const startUpFiles = new Set([...html.matchAll(/"\.(\/assets\/[^"]+)"/g)].map((match) => match[1]));
    const asked = new Set<string>();
    let allAsked: () => void = () => undefined;
    const everyStartUpFileAsked = new Promise<void>((resolve) => (allAsked = resolve));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!startUpFiles.has(path)) return;
      asked.add(path);
      if (asked.size === startUpFiles.size) allAsked();
    });
    let askedWhileBridgeHeld: string[] = [];
    await page.route('**/paydesk-bridge.js', async (route) => {
      // Held back until every start-up script has been asked for (or 15 s: a loaded CI machine
      // can be slow to parse the page). Scripts that waited for the bridge would be missing here.
      await Promise.race([everyStartUpFileAsked, sleep(15_000, undefined, { ref: false })]);
      askedWhileBridgeHeld = [...asked].sort();
      await route.continue();
    });
    await page.goto(webBridge.url);
    // Started with window.paydesk in place (main.tsx says so plainly when it is missing).
    await expect(page.getByTestId('jump-input')).toBeFocused();
    expect(askedWhileBridgeHeld).toEqual([...startUpFiles].sort());
  });

  test('the CSP blocks inline script in the page', async ({ console: app }) => {
    const outcome = await app.evaluate(async () => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        }),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      return { directive: await violation, ran: '__inlineRan' in window };
    });
    expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
  });

  test('the token leaves the address bar once read, and a reload still connects', async ({
    console: app,
  }) => {
    expect(new URL(app.url()).hash).not.toContain('token');
    await app.reload();
    await app.waitForFunction(() => 'paydesk' in window);
    const list = await app.evaluate(() =>
      (
        window as unknown as { paydesk: { listEnvironments(arg: object): Promise<{ ok: boolean }> } }
      ).paydesk.listEnvironments({}),
    );
    expect(list.ok).toBe(true);
  });

  test('a page opened without the token cannot call', async ({ browser, webBridge }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${webBridge.origin}/`);
      await page.waitForFunction(() => 'paydesk' in window);
      const result = await page.evaluate(() =>
        (
          window as unknown as { paydesk: { listEnvironments(arg: object): Promise<Result<unknown>> } }
        ).paydesk.listEnvironments({}),
      );
      expect(result.ok).toBe(false);
      // Refused at the start, the socket closes as a console that went away: not reachable, start again.
      expect(!result.ok && result.error.kind).toBe('console_unreachable');
      // A raw socket without the token is refused too: it never opens.
      const opened = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const socket = new WebSocket(`ws://${location.host}/bridge`);
            socket.onopen = () => resolve(true);
            socket.onclose = () => resolve(false);
          }),
      );
      expect(opened).toBe(false);
    } finally {
      await context.close();
    }
  });

  test('the console under another host name is refused, and a page on another origin cannot open the bridge even with the token', async ({
    browser,
    webBridge,
  }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // The same server under another name, as a DNS-rebinding page reaches it: no page at all.
      const response = await page.goto(webBridge.url.replace('127.0.0.1', 'localhost'));
      expect(response?.status()).toBe(403);
      expect(await page.evaluate(() => 'paydesk' in window)).toBe(false);
      // A page of another origin that has learnt the token: the socket's Origin check refuses it.
      await context.route('http://elsewhere.test/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }),
      );
      await page.goto('http://elsewhere.test/');
      const opened = await page.evaluate(
        ({ origin, token }) =>
          new Promise<boolean>((resolve) => {
            const socket = new WebSocket(
              `${origin.replace(/^http/, 'ws')}/bridge?token=${encodeURIComponent(token)}`,
            );
            socket.onopen = () => resolve(true);
            socket.onclose = () => resolve(false);
          }),
        { origin: webBridge.origin, token: webBridge.token },
      );
      expect(opened).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("with the desktop app's Chromium switches, later starts take the start-up modules from V8's code cache", async ({
    webBridge,
  }) => {
    // A profile on disk and a new renderer process per start, as the desktop app has (policy.ts
    // DISABLED_CHROMIUM_FEATURES says why the switches matter; without them no start ever does).
    const profile = await mkdtemp(join(tmpdir(), 'paydesk-code-cache-'));
    const context = await chromium.launchPersistentContext(profile, await desktopChromiumLaunch());
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const start = async (): Promise<void> => {
        await startInNewProcess(page, webBridge.url);
        await expect(page.getByTestId('jump-input')).toBeFocused();
      };
      // The build the bridge serves (ensureRendererBuilt answers the same folder for the same sources).
      const startUpScripts = (await codeCacheableStartUpScripts(await ensureRendererBuilt())).map(
        (path) => new URL(path, webBridge.url).href,
      );
      expect(startUpScripts.length).toBeGreaterThan(1);
      // Chromium writes a script's cache on its second load, and in the background: the first start
      // that can use it is the third, or a later one when the write is slow.
      await start();
      await start();
      let consumed = new Map<string, number>();
      for (let attempt = 0; attempt < 4; attempt += 1) {
        consumed = await codeCacheConsumedDuring(context, page, start);
        if (startUpScripts.every((url) => (consumed.get(url) ?? 0) > 0)) break;
      }
      expect(Object.fromEntries(startUpScripts.map((url) => [url, (consumed.get(url) ?? 0) > 0]))).toEqual(
        Object.fromEntries(startUpScripts.map((url) => [url, true])),
      );
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('openExternal never opens anything from the browser build', async ({ paydesk, webBridge }) => {
    const refused = await paydesk.call('openExternal', { url: 'https://evil.example/' });
    expect(!refused.ok && refused.error.kind).toBe('not_permitted');
    expect(webBridge.externalOpens()).toEqual([]);
  });
});

test.describe('the harness itself', () => {
  test('the axe helper finds a critical violation and passes a clean page', async ({ page }) => {
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><img src="x.png"></main></body></html>',
    );
    const violations = await blockingViolations(page);
    expect(violations.map((violation) => violation.id)).toContain('image-alt');
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><h1>Fine</h1><img src="x.png" alt="A logo"></main></body></html>',
    );
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('saveScreen writes a PNG under test-results/screens', async ({ saveScreen }) => {
    const path = await saveScreen('shell-harness');
    expect(path).toMatch(/test-results\/screens\/shell-harness\.png$/);
    const bytes = await readFile(path);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });
});
