import type { PaydeskBridge, Result } from '../shared/contract';
import { BRIDGE_PATH, TOKEN_PARAMETER, type BridgeServerFrame } from '../shared/web-protocol';
import { buildBridge, type BridgeTransport } from './bridge';

/**
 * `window.paydesk` in the browser build (`npm run web`, dev and test only): the SAME factory as
 * the Electron preload, over one WebSocket to the web bridge server. No reconnection: once the
 * socket closes, every pending and later call answers a `console_unreachable` Result and the page
 * hears `consoleUnreachable` once, so it never hangs on, nor looks alive over, a server that went
 * away. A socket refused at the start (the server is gone, or the token is an earlier start's)
 * closes the same way.
 *
 * Type-checked with the main program, which has no DOM types (main must not lean on them), so
 * the few browser objects used are described here, and a WebSocket from the `ws` package fits
 * them too (the unit tests drive this code in Node with one).
 */

/** The part of a browser WebSocket this bridge uses. */
export interface PageSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

const OPEN = 1;
const CONNECTING = 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseServerFrame(data: unknown): BridgeServerFrame | undefined {
  if (typeof data !== 'string') return;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return;
  }
  if (!isRecord(frame)) return;
  if (frame.type === 'result' && (typeof frame.id === 'number' || frame.id === null))
    return { type: 'result', id: frame.id, result: frame.result };
  if (frame.type === 'event' && typeof frame.name === 'string')
    return { type: 'event', name: frame.name, payload: frame.payload };
  return;
}

const CLOSED_MESSAGE =
  "the connection to the console is closed: `npm run web` stopped, or this page holds an earlier start's token (start it again and open the URL it prints, with its #token=…)";

/** What the transport tells its listeners once the socket is gone. */
const UNREACHABLE_EVENT = { name: 'consoleUnreachable', payload: {} } as const;

/** A BridgeTransport over one socket: request ids, pending calls, events, no reconnection. */
export function createSocketTransport(socket: PageSocket): BridgeTransport {
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<(message: unknown) => void>();
  const waitingForOpen: Array<() => void> = [];

  const closeAll = (): void => {
    if (closed) return;
    closed = true;
    for (const flush of waitingForOpen.splice(0)) flush();
    for (const call of pending.values()) call.reject(new Error(CLOSED_MESSAGE));
    pending.clear();
    for (const listener of [...listeners]) listener(UNREACHABLE_EVENT);
  };

  socket.addEventListener('open', () => {
    for (const flush of waitingForOpen.splice(0)) flush();
  });
  socket.addEventListener('close', closeAll);
  socket.addEventListener('error', closeAll);
  socket.addEventListener('message', (event) => {
    const frame = parseServerFrame(event.data);
    if (!frame) return;
    if (frame.type === 'event') {
      for (const listener of [...listeners]) listener({ name: frame.name, payload: frame.payload });
      return;
    }
    if (frame.id === null) return;
    const call = pending.get(frame.id);
    if (!call) return;
    pending.delete(frame.id);
    call.resolve(frame.result);
  });

  const send = (id: number, text: string): void => {
    if (closed || socket.readyState !== OPEN) {
      pending.get(id)?.reject(new Error(CLOSED_MESSAGE));
      pending.delete(id);
      return;
    }
    socket.send(text);
  };

  return {
    failureKind: 'console_unreachable',
    lost: () => closed,
    invoke(channel, arg) {
      if (closed) return Promise.reject(new Error(CLOSED_MESSAGE));
      let text: string;
      const id = nextId++;
      try {
        text = JSON.stringify({ id, channel, arg });
      } catch {
        const refused: Result<never> = {
          ok: false,
          error: { kind: 'validation', message: 'The argument is not plain JSON data and cannot be sent.' },
        };
        return Promise.resolve(refused);
      }
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (socket.readyState === CONNECTING) waitingForOpen.push(() => send(id, text));
        else send(id, text);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------

/** The browser objects the page entry uses. */
interface PageGlobals {
  WebSocket: new (url: string) => PageSocket;
  location: { protocol: string; host: string; pathname: string; search: string; hash: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

const TOKEN_STORAGE_KEY = 'paydesk-web-bridge-token';

/**
 * Takes the access token out of the URL fragment (so the app's router, screenshots and the
 * history never see it) and keeps it in this tab's sessionStorage so a reload still connects.
 */
function takeToken(globals: PageGlobals): string {
  const { location } = globals;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const fromUrl = fragment.get(TOKEN_PARAMETER);
  if (fromUrl !== null) {
    fragment.delete(TOKEN_PARAMETER);
    const rest = fragment.toString();
    globals.history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
    try {
      globals.sessionStorage?.setItem(TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the page then simply needs the tokened URL again after a reload.
    }
    return fromUrl;
  }
  try {
    return globals.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function bridgeSocketUrl(location: PageGlobals['location'], token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${BRIDGE_PATH}?${TOKEN_PARAMETER}=${encodeURIComponent(token)}`;
}

/**
 * Builds `window.paydesk` and defines it as Electron's contextBridge does: read-only, not
 * configurable. Without a token the socket is still opened (and refused by the server), so the
 * page learns it through the same `network` Results as any other closed connection.
 * @public main/web/page-bundle.ts bundles a call of it written in a string.
 */
export function installWebBridge(globals: PageGlobals & object): PaydeskBridge {
  const socket = new globals.WebSocket(bridgeSocketUrl(globals.location, takeToken(globals)));
  const bridge = buildBridge(createSocketTransport(socket));
  Object.defineProperty(globals, 'paydesk', {
    value: bridge,
    writable: false,
    configurable: false,
    enumerable: true,
  });
  return bridge;
}
