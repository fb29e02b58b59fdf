import { test, expect } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './electron-loader';
import type * as FakeElectron from './fake-electron';
import {
  CHANNELS,
  DESKTOP_CHANNELS,
  EVENT_CHANNEL,
  type EnvironmentList,
  type PaydeskBridge,
  type PaydeskDesktop,
  type Result,
} from '../../../shared/contract';
import { CONTENT_SECURITY_POLICY, HARDENED_WEB_PREFERENCES } from '../../../main/page/policy';

/**
 * The Electron composition (main/index.ts with the real router, guards, window and runtime, and
 * preload/index.ts) run in Node against fake-electron.ts, as far as that can go without an
 * Electron binary: what the wiring registers, what it refuses, and a page's call travelling
 * preload → IPC → sender gate → dispatcher → the real console runtime and back.
 */

test.describe.configure({ mode: 'serial' });

let fake: typeof FakeElectron;
let window: FakeElectron.BrowserWindow;
let dataDir: string;

const notPermitted = {
  ok: false,
  error: { kind: 'not_permitted', message: 'This call was refused: it does not come from the Paydesk page.' },
};

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-electron-wiring-'));
  process.env.PAYDESK_DATA_DIR = dataDir;
  process.env.PAYDESK_MEMORY_VAULT = '1';
  process.env.PAYDESK_SANDBOX_SEED = '42';
  fake = await import('./fake-electron');
  await import('../../../main/index');
  // main/index.ts builds everything once app.whenReady() resolves.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const created = fake.BrowserWindow.created[0];
  if (!created) throw new Error('main/index.ts created no window');
  window = created;
});

test.afterAll(async () => {
  delete process.env.PAYDESK_DATA_DIR;
  delete process.env.PAYDESK_MEMORY_VAULT;
  delete process.env.PAYDESK_SANDBOX_SEED;
  await rm(dataDir, { recursive: true, force: true });
});

const invoke = (frame: FakeElectron.FakeFrame | null, channel: string, arg: unknown = {}): Promise<unknown> =>
  fake.ipcMain.invokeFrom(window.webContents, frame, channel, arg);

test('the app is sandboxed and its data folder is the test switch (unpackaged)', () => {
  expect(fake.app.sandboxEnabled).toBe(true);
  expect(fake.app.getPath('userData')).toBe(dataDir);
});

test('one window, hardened, loading the built page with the bundled preload', () => {
  expect(fake.BrowserWindow.created).toHaveLength(1);
  const preferences = window.options.webPreferences ?? {};
  expect({ ...preferences, preload: undefined }).toEqual({ ...HARDENED_WEB_PREFERENCES, preload: undefined });
  expect(String(preferences.preload)).toMatch(/[\\/]preload[\\/]index\.cjs$/);
  expect(window.loaded).toEqual({ url: 'paydesk://app/index.html' });
});

test('the window is created hidden and shown once its first frame is ready (ready-to-show)', () => {
  expect(window.options.show).toBe(false);
  expect(window.shown).toBe(false);
  window.emit('ready-to-show');
  expect(window.shown).toBe(true);
  // No saved state says maximised: the window keeps its normal bounds.
  expect(window.maximized).toBe(false);
});

test('the page comes from the privileged paydesk:// scheme, which serves the renderer folder only', async () => {
  expect(fake.protocol.privileged).toEqual([
    { scheme: 'paydesk', privileges: { standard: true, secure: true, codeCache: true } },
  ]);
  // Without it Chromium would never use the scheme's code cache for the page's modules (policy.ts).
  expect(fake.app.commandLine.switches.get('disable-features')).toBe('BackgroundResourceFetch');
  const handler = fake.session.defaultSession.protocolHandlers.get('paydesk');
  if (!handler) throw new Error('no paydesk: handler on the default session');
  const page = await handler(new Request('paydesk://app/index.html'));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(await page.text()).toMatch(/<div id="root">/);
  for (const outside of [
    'paydesk://app/%2e%2e/package.json',
    'paydesk://app/..%2fpackage.json',
    'paydesk://other/index.html',
  ])
    expect((await handler(new Request(outside))).status, outside).toBe(404);
  expect((await handler(new Request('paydesk://app/index.html', { method: 'POST', body: 'x' }))).status).toBe(
    404,
  );
});

const ALL_CHANNELS = [...Object.values(CHANNELS), ...Object.values(DESKTOP_CHANNELS)].sort();

test('exactly one handler per CHANNELS and DESKTOP_CHANNELS value', () => {
  expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(ALL_CHANNELS);
});

test("a call from our window's main frame reaches the real runtime", async () => {
  const answer = (await invoke(
    window.webContents.mainFrame,
    CHANNELS.listEnvironments,
  )) as Result<EnvironmentList>;
  expect(answer.ok && answer.data.environments.map((environment) => environment.id)).toEqual([
    'local-sandbox',
  ]);
  const deposit = (await invoke(window.webContents.mainFrame, CHANNELS.getDeposit, {
    depositId: 300000001,
  })) as Result<{
    record: { deposit_id: number };
  }>;
  expect(deposit.ok && deposit.data.record.deposit_id).toBe(300000001);
});

test('the dispatcher validates the argument after the gate', async () => {
  const answer = (await invoke(window.webContents.mainFrame, CHANNELS.getDeposit, {
    depositId: 'x',
  })) as Result<never>;
  expect(!answer.ok && answer.error).toMatchObject({ kind: 'validation', field: 'depositId' });
});

test('a subframe of our page is refused before any handler runs', async () => {
  const subframe = fake.newFrame(window.webContents.mainFrame.url, window.webContents.mainFrame);
  expect(await invoke(subframe, CHANNELS.listEnvironments)).toEqual(notPermitted);
});

test('a main frame that is not our main frame node (e.g. a fenced frame root) is refused', async () => {
  const otherRoot = fake.newFrame(window.webContents.mainFrame.url);
  expect(await invoke(otherRoot, CHANNELS.listEnvironments)).toEqual(notPermitted);
});

test('a detached frame is refused, even one that was our main frame', async () => {
  const detached = { ...window.webContents.mainFrame, detached: true };
  expect(await invoke(detached, CHANNELS.listEnvironments)).toEqual(notPermitted);
});

test('a frame that is gone, or another window, is refused', async () => {
  expect(await invoke(null, CHANNELS.listEnvironments)).toEqual(notPermitted);
  const other = new fake.FakeWebContents();
  other.mainFrame.url = window.webContents.mainFrame.url;
  expect(await fake.ipcMain.invokeFrom(other, other.mainFrame, CHANNELS.listEnvironments, {})).toEqual(
    notPermitted,
  );
});

test('runtime events go to our window on EVENT_CHANNEL as { name, payload }', async () => {
  window.webContents.sent.length = 0;
  await invoke(window.webContents.mainFrame, CHANNELS.useEnvironment, { id: 'local-sandbox' });
  const event = window.webContents.sent.find(
    ({ message }) => (message as { name?: string }).name === 'environmentChanged',
  );
  expect(event?.channel).toBe(EVENT_CHANNEL);
  expect((event?.message as { payload: EnvironmentList }).payload.activeEnvironmentId).toBe('local-sandbox');
});

test.describe('the preload', () => {
  let bridge: PaydeskBridge;

  test.beforeAll(async () => {
    fake.preloadHost.contents = window.webContents;
    fake.preloadHost.frame = window.webContents.mainFrame;
    await import('../../../preload/index');
    bridge = fake.contextBridge.exposed.get('paydesk') as PaydeskBridge;
  });

  test('exposes only window.paydesk (the frozen bridge with every method) and window.paydeskDesktop', () => {
    expect([...fake.contextBridge.exposed.keys()]).toEqual(['paydesk', 'paydeskDesktop']);
    const desktop = fake.contextBridge.exposed.get('paydeskDesktop') as Record<string, unknown>;
    expect(Object.isFrozen(desktop)).toBe(true);
    expect(Object.keys(desktop)).toEqual(Object.keys(DESKTOP_CHANNELS));
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual([...Object.keys(CHANNELS), 'on'].sort());
  });

  test('a page call goes preload → router → runtime and back', async () => {
    const list = await bridge.listEnvironments({});
    expect(list.ok && list.data.activeEnvironmentId).toBe('local-sandbox');
  });

  test('a page event listener gets the payload only, never the IPC event', async () => {
    const received: unknown[][] = [];
    const off = bridge.on('environmentChanged', (...args: unknown[]) => received.push(args));
    await bridge.useEnvironment({ id: 'local-sandbox' });
    off();
    await bridge.useEnvironment({ id: 'local-sandbox' });
    expect(received).toHaveLength(1);
    expect(received[0]).toHaveLength(1);
    expect((received[0]?.[0] as EnvironmentList).activeEnvironmentId).toBe('local-sandbox');
  });

  test('the same preload in a subframe gets not_permitted Results, never a throw', async () => {
    fake.preloadHost.frame = fake.newFrame(window.webContents.mainFrame.url, window.webContents.mainFrame);
    try {
      expect(await bridge.listEnvironments({})).toEqual(notPermitted);
    } finally {
      fake.preloadHost.frame = window.webContents.mainFrame;
    }
  });
});

test.describe('guards', () => {
  test('navigation away from our page is blocked, a reload of it is not', () => {
    const own = window.webContents.mainFrame.url;
    expect(window.webContents.navigate('will-navigate', 'https://evil.example/')).toBe(false);
    expect(window.webContents.navigate('will-redirect', 'file:///etc/passwd')).toBe(false);
    expect(window.webContents.mainFrame.url).toBe(own);
    expect(window.webContents.navigate('will-navigate', `${own}#/deposits`)).toBe(true);
    window.webContents.mainFrame.url = own;
  });

  test('window.open is denied and webviews are prevented', () => {
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
    const attach = new fake.FakeEvent();
    window.webContents.emit('will-attach-webview', attach, {}, {});
    expect(attach.defaultPrevented).toBe(true);
  });

  test('any webContents created later gets the same guards', () => {
    const stray = new fake.FakeWebContents();
    fake.app.emit('web-contents-created', new fake.FakeEvent(), stray);
    expect(stray.navigate('will-navigate', 'https://evil.example/')).toBe(false);
    expect(stray.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  test('every answer gets our CSP header, replacing the server one', () => {
    const listener = fake.session.defaultSession.headersListener;
    let headers: Record<string, string | string[]> | undefined;
    listener?.(
      { url: 'file:///x', responseHeaders: { 'content-security-policy': ['default-src *'] } },
      (response) => {
        headers = response.responseHeaders;
      },
    );
    expect(headers).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  test('permission requests and checks are denied (a clipboard write from our page excepted)', () => {
    const { permissionRequest, permissionCheck, devicePermission } = fake.session.defaultSession;
    const own = window.webContents.mainFrame.url;
    const answers: boolean[] = [];
    permissionRequest?.(window.webContents, 'media', (granted) => answers.push(granted), {
      requestingUrl: own,
      isMainFrame: true,
    });
    permissionRequest?.(window.webContents, 'clipboard-sanitized-write', (granted) => answers.push(granted), {
      requestingUrl: 'https://evil.example/',
      isMainFrame: true,
    });
    permissionRequest?.(window.webContents, 'clipboard-sanitized-write', (granted) => answers.push(granted), {
      requestingUrl: own,
      isMainFrame: true,
    });
    expect(answers).toEqual([false, false, true]);
    expect(
      permissionCheck?.(window.webContents, 'geolocation', 'file://', {
        requestingUrl: own,
        isMainFrame: true,
      }),
    ).toBe(false);
    expect(
      permissionCheck?.(window.webContents, 'clipboard-sanitized-write', 'file://', {
        requestingUrl: own,
        isMainFrame: false,
      }),
    ).toBe(false);
    expect(devicePermission?.({})).toBe(false);
  });

  test('openExternal hands only https URLs to the OS', async () => {
    const { openExternalHttps } = await import('../../../main/electron/security');
    await openExternalHttps('https://checkout.example/pay');
    await expect(openExternalHttps('http://checkout.example/pay')).rejects.toThrow();
    await expect(openExternalHttps('file:///etc/passwd')).rejects.toThrow();
    expect(fake.shell.opened).toEqual(['https://checkout.example/pay']);
  });
});

test('a watchlist change becomes a desktop notification; COMPLETED → REJECTED is critical', async () => {
  const call = (channel: string, arg: unknown = {}): Promise<unknown> =>
    invoke(window.webContents.mainFrame, channel, arg);
  const refund = await call(CHANNELS.getRefund, { refundId: 17 });
  expect(refund).toMatchObject({ ok: true });
  await call(CHANNELS.transitionSandboxRecord, { entity: 'refund', id: 17, to: 'DELIVERED' });
  await call(CHANNELS.transitionSandboxRecord, { entity: 'refund', id: 17, to: 'COMPLETED' });
  expect(await call(CHANNELS.pinWatch, { kind: 'refund', id: '17' })).toMatchObject({ ok: true });
  fake.Notification.shown.length = 0;
  await call(CHANNELS.transitionSandboxRecord, { entity: 'refund', id: 17, to: 'REJECTED' });
  expect(await call(CHANNELS.pollWatchlistNow)).toMatchObject({ ok: true });
  expect(fake.Notification.shown).toEqual([
    expect.objectContaining({ title: 'ALARM: Refund 17 COMPLETED → REJECTED', urgency: 'critical' }),
  ]);

  // Clicked, it brings the window up and hands the page the record it is about.
  window.webContents.sent.length = 0;
  fake.Notification.instances.at(-1)?.emit('click');
  await expect
    .poll(() => call(CHANNELS.takeOpenedLink))
    .toEqual({ ok: true, data: { kind: 'refund', refundId: 17 } });
  expect(window.webContents.sent.map(({ message }) => (message as { name: string }).name)).toContain(
    'linkOpened',
  );
});

test('a link from a second launch or from macOS waits for the page, once; a refused one opens nothing', async () => {
  const take = (): Promise<unknown> => invoke(window.webContents.mainFrame, CHANNELS.takeOpenedLink);
  // A development run does not claim the scheme from the installed app.
  expect(fake.app.protocolClients).toEqual([]);
  expect(await take()).toEqual({ ok: true, data: null });

  window.webContents.sent.length = 0;
  fake.app.emit('second-instance', new fake.FakeEvent(), [
    '/opt/Paydesk/paydesk',
    '--original-process-start-time=1',
    'paydesk://deposit/300000001',
  ]);
  expect(window.webContents.sent).toEqual([
    { channel: EVENT_CHANNEL, message: { name: 'linkOpened', payload: {} } },
  ]);
  expect(await take()).toEqual({ ok: true, data: { kind: 'deposit', depositId: 300000001 } });
  expect(await take()).toEqual({ ok: true, data: null });

  const openUrl = new fake.FakeEvent();
  fake.app.emit('open-url', openUrl, 'paydesk://search?q=INV-2024-0042');
  expect(openUrl.defaultPrevented).toBe(true);
  expect(await take()).toEqual({ ok: true, data: { kind: 'search', text: 'INV-2024-0042' } });

  window.webContents.sent.length = 0;
  fake.app.emit('open-url', new fake.FakeEvent(), 'paydesk://deposit/01');
  fake.app.emit('second-instance', new fake.FakeEvent(), [
    'paydesk',
    'paydesk://refund/1',
    'paydesk://refund/2',
  ]);
  expect(window.webContents.sent).toEqual([]);
  expect(await take()).toEqual({ ok: true, data: null });
});

test.describe('the desktop shell', () => {
  const appMenu = (): FakeElectron.FakeMenuItem[] => {
    const menu = fake.Menu.application;
    if (!menu) throw new Error('no application menu');
    return menu.template;
  };
  const roles = (items: readonly FakeElectron.FakeMenuItem[]): string[] =>
    items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);
  const lastPopup = (): FakeElectron.FakeMenuItem[] => fake.Menu.popups.at(-1)?.menu.template ?? [];
  const shape = (items: readonly FakeElectron.FakeMenuItem[]) =>
    items.map((item) => (item.type === 'separator' ? '—' : (item.role ?? item.label)));
  const contextMenu = (params: Record<string, unknown>): void => {
    const editFlags = { canCut: false, canCopy: false, canPaste: false, canSelectAll: false };
    window.webContents.emit('context-menu', new fake.FakeEvent(), {
      isEditable: false,
      selectionText: '',
      formControlType: 'none',
      editFlags,
      ...params,
    });
  };

  test("the application menu replaces Electron's: this development build keeps reload and developer tools", () => {
    expect(appMenu().map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(appMenu())).toEqual(
      expect.arrayContaining(['copy', 'paste', 'selectAll', 'reload', 'toggleDevTools']),
    );
    expect(fake.app.aboutPanel).toMatchObject({
      applicationName: 'Paydesk',
      applicationVersion: '0.0.0-test',
    });
  });

  test('choosing another language in the preferences re-labels the menus', async () => {
    const bridge = fake.contextBridge.exposed.get('paydesk') as PaydeskBridge;
    expect((await bridge.setPreferences({ language: 'es' })).ok).toBe(true);
    expect(appMenu().map((item) => item.label)).toEqual(['Archivo', 'Edición', 'Ver', 'Ventana', 'Ayuda']);
    expect((await bridge.setPreferences({ language: 'en' })).ok).toBe(true);
    expect(appMenu()[0]?.label).toBe('File');
  });

  test('Help: Open Logs Folder opens the log folder; Copy Diagnostics puts the text on the clipboard', async () => {
    const help = appMenu().find((item) => item.label === 'Help')?.submenu ?? [];
    help.find((item) => item.label === 'Open Logs Folder')?.click?.();
    await expect.poll(() => fake.shell.openedPaths).toEqual([join(dataDir, 'logs')]);
    fake.clipboard.written.length = 0;
    help.find((item) => item.label === 'Copy Diagnostics')?.click?.();
    await expect.poll(() => fake.clipboard.written.length).toBe(1);
    expect(fake.clipboard.written[0]).toContain('* local-sandbox [local-sandbox] embedded sandbox');
    expect(fake.clipboard.written[0]).toContain('(development build)');
  });

  test('right-click: Copy on a selection, Paste in a field, no Copy in a password field, nothing elsewhere', () => {
    const before = fake.Menu.popups.length;
    contextMenu({});
    expect(fake.Menu.popups.length).toBe(before);
    contextMenu({
      selectionText: '300000001',
      editFlags: { canCut: false, canCopy: true, canPaste: false, canSelectAll: true },
    });
    expect(shape(lastPopup())).toEqual(['copy']);
    expect(fake.Menu.popups.at(-1)?.window).toBe(window);
    contextMenu({ isEditable: true, formControlType: 'input-text' });
    expect(shape(lastPopup())).toEqual(['cut', 'copy', 'paste', '—', 'selectAll']);
    contextMenu({ isEditable: true, formControlType: 'input-password', selectionText: 'typed secret' });
    expect(shape(lastPopup())).toEqual(['paste', '—', 'selectAll']);
  });

  test('a marked id: the page asks through the preload and the gate, Copy ID copies exactly it', async () => {
    const desktop = fake.contextBridge.exposed.get('paydeskDesktop') as PaydeskDesktop;
    fake.clipboard.written.length = 0;
    // The preload passes on the two fields only.
    const answer = await desktop.showIdContextMenu({
      id: '300000001',
      hasSelection: false,
      extra: 'x',
    } as never);
    expect(answer).toEqual({ ok: true, data: undefined });
    expect(shape(lastPopup())).toEqual(['Copy ID']);
    lastPopup()[0]?.click?.();
    await expect.poll(() => fake.clipboard.written).toEqual(['300000001']);

    expect(await desktop.showIdContextMenu({ id: 'two words', hasSelection: false })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'id' },
    });
    fake.preloadHost.frame = fake.newFrame(window.webContents.mainFrame.url, window.webContents.mainFrame);
    try {
      expect(await desktop.showIdContextMenu({ id: '1', hasSelection: false })).toEqual(notPermitted);
    } finally {
      fake.preloadHost.frame = window.webContents.mainFrame;
    }
  });

  test('the log file in the logs folder: the start, every call, no argument it must not keep', async () => {
    const bridge = fake.contextBridge.exposed.get('paydesk') as PaydeskBridge;
    await bridge.setCredential({
      environmentId: 'local-sandbox',
      field: 'apiSecret',
      value: 'secret-wiring-Zr8Nw3Kd6P',
    });
    // The log writes asynchronously: wait for the last call's entry.
    await expect
      .poll(() => readFile(join(dataDir, 'logs', 'main.log'), 'utf8'))
      .toContain(CHANNELS.setCredential);
    const text = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8');
    const entries = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries[0]).toMatchObject({ event: 'app started', version: '0.0.0-test', packaged: false });
    expect(entries).toContainEqual(
      expect.objectContaining({ event: 'call', channel: CHANNELS.listEnvironments }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'refused a call',
        refusal: 'the call comes from a frame inside the page',
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'call',
        channel: CHANNELS.setCredential,
        arg: expect.objectContaining({ value: '[redacted]' }),
      }),
    );
    expect(text).not.toContain('secret-wiring');
  });
});

test.describe('closing the window', () => {
  const platform = Object.getOwnPropertyDescriptor(process, 'platform');
  const pretend = (value: NodeJS.Platform): void =>
    void Object.defineProperty(process, 'platform', { ...platform, value });
  test.afterAll(() => {
    if (platform) Object.defineProperty(process, 'platform', platform);
  });

  test('macOS: the app keeps running without a window; the dock icon opens one where the last one was', async () => {
    pretend('darwin');
    const first = window;
    first.bounds = { x: 120, y: 90, width: 1100, height: 720 };
    first.maximized = true;
    first.close();
    expect(fake.app.quitCalls).toBe(0);
    expect(fake.ipcMain.handlers.size).toBe(0);
    const saved = JSON.parse(await readFile(join(dataDir, 'window-state.json'), 'utf8')) as unknown;
    expect(saved).toEqual({ bounds: { x: 120, y: 90, width: 1100, height: 720 }, maximized: true });

    fake.app.emit('activate');
    expect(fake.BrowserWindow.created).toHaveLength(2);
    const second = fake.BrowserWindow.created[1];
    if (!second) throw new Error('no second window');
    window = second;
    expect(second.options).toMatchObject({
      x: 120,
      y: 90,
      width: 1100,
      height: 720,
      minWidth: 900,
      minHeight: 600,
    });
    second.emit('ready-to-show');
    expect(second.maximized).toBe(true);
    // The router serves the new window, not the old one.
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(ALL_CHANNELS);
    expect(await invoke(second.webContents.mainFrame, CHANNELS.listEnvironments)).toMatchObject({ ok: true });
    expect(
      await fake.ipcMain.invokeFrom(
        first.webContents,
        first.webContents.mainFrame,
        CHANNELS.listEnvironments,
        {},
      ),
    ).toEqual(notPermitted);
    // Activating again with a window open opens no other.
    fake.app.emit('activate');
    expect(fake.BrowserWindow.created).toHaveLength(2);
  });

  test('a saved place on a display that is gone: the window opens on the display there is', async () => {
    pretend('darwin');
    // Read when the next window is made (here by a second launch of the app).
    const saved = join(dataDir, 'window-state.json');
    const { writeFile } = await import('node:fs/promises');
    const realWindow = window;
    realWindow.close();
    await writeFile(
      saved,
      JSON.stringify({ bounds: { x: 4000, y: 200, width: 1300, height: 900 }, maximized: false }),
    );
    fake.app.emit('second-instance', {}, ['/opt/Paydesk/paydesk']);
    const third = fake.BrowserWindow.created[2];
    if (!third) throw new Error('no third window');
    window = third;
    expect(third.options).toMatchObject({ x: 310, y: 90, width: 1300, height: 900 });
  });

  test('Windows and Linux: closing the last window quits; the runtime closes first, the handlers go', async () => {
    pretend('linux');
    window.close();
    await expect.poll(() => fake.app.quitCalls).toBe(2);
    expect(fake.ipcMain.handlers.size).toBe(0);
    const text = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8');
    expect(text.trim().split('\n').at(-1)).toContain('"event":"app quit"');
  });
});
