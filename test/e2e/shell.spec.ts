import { CHANNELS, type EnvironmentList, type Result } from '../../preload/contract';
import { readFile } from 'node:fs/promises';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../../main/electron/policy';
import { blockingViolations, expect, test } from './fixtures';
import { e2eTarget } from './support/targets';

/**
 * The shell around the screens, in a real browser: `window.paydesk` as the page sees it, the
 * round trip to the real console runtime, the CSP, and the web bridge's access guard.
 */

type PageWindow = Window & { paydesk: Record<string, unknown> };

test('the page gets a frozen window.paydesk with every CHANNELS method and on', async ({ console: app }) => {
  const shape = await app.evaluate(() => {
    const { paydesk } = window as unknown as PageWindow;
    const descriptor = Object.getOwnPropertyDescriptor(window, 'paydesk');
    return {
      keys: Object.keys(paydesk).sort(),
      allFunctions: Object.values(paydesk).every((value) => typeof value === 'function'),
      frozen: Object.isFrozen(paydesk),
      plainPrototype: Object.getPrototypeOf(paydesk) === Object.prototype,
      replaceable: descriptor?.writable !== false || descriptor.configurable !== false,
    };
  });
  expect(shape).toEqual({
    keys: [...Object.keys(CHANNELS), 'on'].sort(),
    allFunctions: true,
    frozen: true,
    plainPrototype: true,
    replaceable: false,
  });
});

test('page code can neither replace window.paydesk nor change its methods', async ({ console: app }) => {
  const outcome = await app.evaluate(() => {
    const target = window as unknown as PageWindow;
    const original = target.paydesk;
    // Sloppy-mode page code: the assignments fail silently (strict code would get a TypeError).
    try {
      (target as { paydesk: unknown }).paydesk = {};
      original.getDeposit = () => 'hijacked';
      original.sneaky = () => 'added';
    } catch {
      // Either way, nothing may change.
    }
    return {
      same: target.paydesk === original,
      method: typeof original.getDeposit,
      added: 'sneaky' in original,
    };
  });
  expect(outcome.same).toBe(true);
  expect(outcome.method).toBe('function');
  expect(outcome.added).toBe(false);
});

test('a call round-trips to the real runtime: the Local sandbox is listed', async ({ paydesk }) => {
  const list = await paydesk.call('listEnvironments', {});
  expect(list.ok).toBe(true);
  const environments = (list as Extract<Result<EnvironmentList>, { ok: true }>).data;
  expect(environments.activeEnvironmentId).toBe('local-sandbox');
  expect(environments.environments.map(({ name, kind }) => ({ name, kind }))).toEqual([
    { name: 'Local sandbox', kind: 'local-sandbox' },
  ]);
});

test('a seeded deposit is read through the bridge from the embedded sandbox', async ({ paydesk }) => {
  const deposit = await paydesk.call('getDeposit', { depositId: 300000001 });
  expect(deposit.ok && deposit.data.record.deposit_id).toBe(300000001);
});

test('failures arrive as Result values, never as exceptions in the page', async ({ paydesk }) => {
  const invalid = await paydesk.call('getDeposit', { depositId: -1 });
  expect(!invalid.ok && invalid.error.kind).toBe('validation');
  const missing = await paydesk.call('getDeposit', { depositId: 399999999 });
  expect(!missing.ok && missing.error.kind).toBe('not_found');
});

test('an event reaches the page listener as its payload alone', async ({ console: app }) => {
  const received = await app.evaluate(async () => {
    const { paydesk } = window as unknown as {
      paydesk: {
        on(event: string, listener: (...args: unknown[]) => void): () => void;
        useEnvironment(arg: { id: string }): Promise<unknown>;
      };
    };
    const calls: unknown[][] = [];
    const arrived = new Promise<void>((resolve) => {
      const off = paydesk.on('environmentChanged', (...args) => {
        calls.push(args);
        off();
        resolve();
      });
    });
    await paydesk.useEnvironment({ id: 'local-sandbox' });
    await arrived;
    return calls;
  });
  expect(received).toHaveLength(1);
  expect(received[0]).toHaveLength(1);
  expect((received[0]?.[0] as EnvironmentList).activeEnvironmentId).toBe('local-sandbox');
});

test.describe('web target', () => {
  test.skip(e2eTarget() !== 'web', 'the browser build only');

  test('the page is served with the CSP header, and the meta tag agrees', async ({ page, webBridge }) => {
    const response = await page.goto(webBridge.url);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
    await expect(meta).toHaveAttribute('content', META_CONTENT_SECURITY_POLICY);
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
      expect(!result.ok && result.error.kind).toBe('network');
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

  test('a page on another origin cannot call, even with the token', async ({ browser, webBridge }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Same server, other origin (localhost instead of 127.0.0.1): the Origin check refuses it.
      await page.goto(webBridge.url.replace('127.0.0.1', 'localhost'));
      await page.waitForFunction(() => 'paydesk' in window);
      const result = await page.evaluate(() =>
        (
          window as unknown as { paydesk: { listEnvironments(arg: object): Promise<Result<unknown>> } }
        ).paydesk.listEnvironments({}),
      );
      expect(!result.ok && result.error.kind).toBe('network');
    } finally {
      await context.close();
    }
  });

  test('openExternal never opens anything from the browser build', async ({ paydesk, webBridge }) => {
    const refused = await paydesk.call('openExternal', { url: 'https://evil.example/' });
    expect(!refused.ok && refused.error.kind).toBe('not_permitted');
    expect(webBridge.externalOpens()).toEqual([]);
  });
});

test.describe('the harness itself', () => {
  test.skip(e2eTarget() !== 'web', 'needs a browser page');

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
