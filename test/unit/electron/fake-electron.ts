import { EventEmitter } from 'node:events';

/**
 * A stand-in for the `electron` module, so the shell's wiring (main/index.ts, ipc-router.ts,
 * security.ts, window.ts, desktop.ts, preload/index.ts) runs in plain Node: no Electron binary can be
 * installed on these machines. Electron is not our code; the stand-in records what the wiring
 * asks of it, and lets a test play the page (frames, IPC invokes, navigations). What it cannot
 * prove (Chromium really enforcing the switches) is listed in the E2 report.
 *
 * Loaded instead of `electron` by electron-loader.ts.
 */

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
  frameTreeNodeId: number;
  detached?: boolean;
}

let nextFrameTreeNodeId = 1;
/** A frame of its own (a new frame tree node): a subframe when `parent` is given. */
export const newFrame = (url: string, parent: FakeFrame | null = null): FakeFrame => ({
  url,
  parent,
  frameTreeNodeId: nextFrameTreeNodeId++,
});

/** What a listener's `event` argument needs in the wiring: preventDefault and its record. */
export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame: FakeFrame = newFrame('');
  readonly sent: Array<{ channel: string; message: unknown }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;

  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message: structuredClone(message) });
    // The page hosting the preload receives it, with the raw IPC event first, as in Electron.
    if (preloadHost.contents === this)
      ipcRenderer.emit(channel, { sender: 'the raw IPC event' }, structuredClone(message));
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Plays a navigation the page starts; answers whether the wiring let it happen. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    const fake = new FakeEvent();
    this.emit(event, fake, url);
    if (!fake.defaultPrevented) this.mainFrame.url = url;
    return !fake.defaultPrevented;
  }
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  sandboxEnabled: false,
  paths: new Map<string, string>(),
  quitCalls: 0,
  aboutPanel: undefined as Record<string, unknown> | undefined,
  setAboutPanelOptions(options: Record<string, unknown>): void {
    app.aboutPanel = options;
  },
  setAppLogsPath(path: string): void {
    app.paths.set('logs', path);
  },
  enableSandbox(): void {
    app.sandboxEnabled = true;
  },
  setPath(name: string, value: string): void {
    app.paths.set(name, value);
  },
  getPath(name: string): string {
    return app.paths.get(name) ?? `/fake/${name}`;
  },
  /** Chromium's switches as the app set them (Electron keeps the last value of each). */
  commandLine: {
    switches: new Map<string, string>(),
    appendSwitch(name: string, value = ''): void {
      app.commandLine.switches.set(name, value);
    },
    getSwitchValue(name: string): string {
      return app.commandLine.switches.get(name) ?? '';
    },
  },
  getVersion: (): string => '0.0.0-test',
  requestSingleInstanceLock: (): boolean => true,
  /** Schemes the app asked the OS to hand it (setAsDefaultProtocolClient). */
  protocolClients: [] as string[],
  setAsDefaultProtocolClient(scheme: string): boolean {
    app.protocolClients.push(scheme);
    return true;
  },
  whenReady: (): Promise<void> => Promise.resolve(),
  quit(): void {
    app.quitCalls++;
    const event = new FakeEvent();
    app.emit('will-quit', event);
  },
});

export interface FakeRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: { file?: string; url?: string } = {};
  destroyed = false;
  /** Its normal bounds (as the user left them) and whether it is maximised. */
  bounds: FakeRect;
  maximized = false;

  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    super();
    const number = (value: unknown, fallback: number): number =>
      typeof value === 'number' ? value : fallback;
    this.bounds = {
      x: number(options.x, 0),
      y: number(options.y, 0),
      width: number(options.width, 800),
      height: number(options.height, 600),
    };
    BrowserWindow.created.push(this);
    app.emit('web-contents-created', new FakeEvent(), this.webContents);
  }
  getNormalBounds(): FakeRect {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
  }
  /** Plays the user closing the window, with Electron's events in Electron's order. */
  close(): void {
    const event = new FakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
    if (BrowserWindow.created.every((window) => window.destroyed)) app.emit('window-all-closed');
  }
  async loadFile(path: string): Promise<void> {
    this.loaded = { file: path };
    this.webContents.mainFrame.url = new URL(`file://${path}`).href;
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = { url };
    this.webContents.mainFrame.url = url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized = (): boolean => false;
  restore(): void {}
  focus(): void {}
  /** Whether show() was called (the window is created hidden: main/electron/window.ts). */
  shown = false;
  show(): void {
    this.shown = true;
  }
}

type Handler = (event: unknown, arg: unknown) => unknown;

export const ipcMain = Object.assign(new EventEmitter(), {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler): void {
    if (ipcMain.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    ipcMain.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    ipcMain.handlers.delete(channel);
  },
  /** Plays `ipcRenderer.invoke` from `frame` of `contents`. */
  invokeFrom(
    contents: FakeWebContents,
    frame: FakeFrame | null,
    channel: string,
    arg: unknown,
  ): Promise<unknown> {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    // IPC arguments travel by structured clone, as in Electron.
    return Promise.resolve(handler({ sender: contents, senderFrame: frame }, structuredClone(arg)));
  },
});

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void;

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: object,
) => void;
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: object,
) => boolean;

type ProtocolHandler = (request: Request) => Response | Promise<Response>;

interface FakeSession {
  headersListener: HeadersListener | undefined;
  protocolHandlers: Map<string, ProtocolHandler>;
  protocol: { handle(scheme: string, handler: ProtocolHandler): void };
  permissionRequest: PermissionRequestHandler | undefined;
  permissionCheck: PermissionCheckHandler | undefined;
  devicePermission: ((details: object) => boolean) | undefined;
  webRequest: { onHeadersReceived(listener: HeadersListener): void };
  setPermissionRequestHandler(handler: PermissionRequestHandler): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler): void;
  setDevicePermissionHandler(handler: (details: object) => boolean): void;
}

const defaultSession: FakeSession = {
  headersListener: undefined,
  protocolHandlers: new Map(),
  protocol: {
    handle(scheme, handler) {
      if (defaultSession.protocolHandlers.has(scheme)) throw new Error(`second handler for ${scheme}:`);
      defaultSession.protocolHandlers.set(scheme, handler);
    },
  },
  permissionRequest: undefined,
  permissionCheck: undefined,
  devicePermission: undefined,
  webRequest: {
    onHeadersReceived(listener) {
      defaultSession.headersListener = listener;
    },
  },
  setPermissionRequestHandler(handler) {
    defaultSession.permissionRequest = handler;
  },
  setPermissionCheckHandler(handler) {
    defaultSession.permissionCheck = handler;
  },
  setDevicePermissionHandler(handler) {
    defaultSession.devicePermission = handler;
  },
};

export const session = { defaultSession };

/** Schemes registered as privileged (Electron allows it before the app is ready only). */
export const protocol = {
  privileged: [] as Array<{ scheme: string; privileges?: Record<string, boolean> }>,
  registerSchemesAsPrivileged(
    schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>,
  ): void {
    protocol.privileged.push(...schemes);
  },
};

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  async openExternal(url: string): Promise<void> {
    shell.opened.push(url);
  },
  async openPath(path: string): Promise<string> {
    shell.openedPaths.push(path);
    return '';
  },
};

/** A menu item as the wiring builds it (Electron's MenuItemConstructorOptions, loosely). */
export interface FakeMenuItem {
  label?: string;
  role?: string;
  type?: string;
  enabled?: boolean;
  click?: () => void;
  submenu?: FakeMenuItem[];
}

export class Menu {
  static application: Menu | null = null;
  static readonly popups: Array<{ menu: Menu; window: unknown }> = [];
  constructor(readonly template: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]): Menu {
    return new Menu(template);
  }
  static setApplicationMenu(menu: Menu | null): void {
    Menu.application = menu;
  }
  popup(options: { window?: unknown } = {}): void {
    Menu.popups.push({ menu: this, window: options.window });
  }
}

/** The displays connected now; a test may change them. */
export const screen = {
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } as FakeRect }],
  getAllDisplays(): Array<{ workArea: FakeRect }> {
    return screen.displays;
  },
  getPrimaryDisplay(): { workArea: FakeRect } {
    const [primary] = screen.displays;
    if (!primary) throw new Error('no display');
    return primary;
  },
};

export const clipboard = {
  written: [] as string[],
  async writeText(text: string): Promise<void> {
    clipboard.written.push(text);
  },
};

/** Message boxes the app showed; each answers the button at `answer`. */
export const dialog = {
  shown: [] as Array<Record<string, unknown>>,
  answer: 0,
  showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    dialog.shown.push(args.at(-1) as Record<string, unknown>);
    return Promise.resolve({ response: dialog.answer, checkboxChecked: false });
  },
};

/** Desktop notifications the app showed, in order. */
export class Notification extends EventEmitter {
  static shown: Array<{ title: string; body: string; urgency?: string }> = [];
  /** The shown notifications themselves, to click one. */
  static instances: Notification[] = [];
  static isSupported(): boolean {
    return true;
  }
  constructor(private readonly options: { title: string; body: string; urgency?: string }) {
    super();
  }
  show(): void {
    Notification.shown.push(this.options);
    Notification.instances.push(this);
  }
}

// -- The renderer side, for preload/index.ts -------------------------------------------------

/** The page whose preload runs: its webContents and the frame the preload lives in. */
export const preloadHost: { contents: FakeWebContents | undefined; frame: FakeFrame | undefined } = {
  contents: undefined,
  frame: undefined,
};

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    contextBridge.exposed.set(key, api);
  },
};

export const ipcRenderer = Object.assign(new EventEmitter(), {
  invoke(channel: string, arg: unknown): Promise<unknown> {
    const { contents, frame } = preloadHost;
    if (!contents || !frame) return Promise.reject(new Error('no page hosts the preload'));
    return ipcMain.invokeFrom(contents, frame, channel, arg);
  },
});

export default {
  app,
  BrowserWindow,
  Menu,
  Notification,
  clipboard,
  dialog,
  ipcMain,
  ipcRenderer,
  contextBridge,
  screen,
  session,
  shell,
};
