import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { Result } from '../../shared/contract';
import {
  BRIDGE_PATH,
  BRIDGE_SCRIPT_PATH,
  TOKEN_PARAMETER,
  type BridgeServerFrame,
} from '../../shared/web-protocol';
import { CONTENT_SECURITY_POLICY } from '../page/policy';
import { CONTENT_TYPES, PLAIN_TEXT, resolveRendererFile } from '../page/renderer-files';

/**
 * The web bridge server (dev and test only, never imported by main/index.ts): serves a built
 * renderer on 127.0.0.1 with the app's CSP, injects the page bridge script, and answers the
 * contract over a token-guarded WebSocket by handing every call to the console's dispatcher.
 * It knows nothing of the runtime; main/web/start.ts composes the two.
 */

export type Dispatch = (channel: string, arg: unknown) => Promise<Result<unknown>>;

/** The part of the runtime's event bus the server forwards (main/core/console/events.ts). */
interface EventSource {
  onAny(listener: (name: string, payload: unknown) => void): () => void;
}

interface WebBridgeServerOptions {
  /** A built renderer (index.html + assets). */
  rendererDir: string;
  /** The page bridge, bundled (see page-bundle.ts). */
  bridgeScript: string;
  dispatch: Dispatch;
  events?: EventSource;
  /** 0 (default): an ephemeral port. */
  port?: number;
  /** A fixed token (tests); random otherwise. */
  token?: string;
}

export interface WebBridgeServer {
  /** The page to open: `http://127.0.0.1:<port>/#token=…`. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Larger than any contract argument (a deposit body, a CSV) by far; stops a runaway frame. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The page and the bridge script must never come from a cache (the e2e harness rebuilds between
 * runs). Vite names every file under assets/ by its content hash, so a rebuilt file is a new URL:
 * those may be kept, which is what lets Chromium keep their compiled code between loads as the
 * desktop app's session does.
 */
const NO_STORE = 'no-store';
const CONTENT_ADDRESSED = 'public, max-age=31536000, immutable';
const ASSETS_PREFIX = '/assets/';

/**
 * index.html with the page bridge's classic script placed before the app's first script. It is
 * deferred like the app's module script, and deferred scripts run in document order, so
 * `window.paydesk` exists when the app starts, exactly as with Electron's preload. Not a
 * parser-blocking script: while one is pending in the head, Chromium holds back the module
 * script and its preloads, so every start waited for the bridge script's round trip first.
 */
export function injectBridgeScript(html: string): string {
  const tag = `<script src="${BRIDGE_SCRIPT_PATH}" defer></script>`;
  const firstScript = html.search(/<script\b/i);
  if (firstScript >= 0) return `${html.slice(0, firstScript)}${tag}\n    ${html.slice(firstScript)}`;
  const headEnd = html.search(/<\/head>/i);
  if (headEnd >= 0) return `${html.slice(0, headEnd)}${tag}\n${html.slice(headEnd)}`;
  return `${tag}\n${html}`;
}

/** Constant-time token comparison (a timing leak would let a local page guess it byte by byte). */
export function tokenMatches(expected: string, given: string | null): boolean {
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a request's Host names this server as its own page does (`127.0.0.1:<port>`). A page
 * whose DNS name an attacker rebinds to 127.0.0.1 reaches this port with its own name in Host,
 * and must not read the renderer nor the bridge script.
 */
function isOwnHost(host: string | undefined, origin: string): boolean {
  return host !== undefined && host.toLowerCase() === new URL(origin).host;
}

/**
 * Whether an upgrade request may open the bridge: our path, our Host, our exact token, and an
 * Origin that is our own page's (a page on another port or site must not reach the console, even
 * with the token, and a non-browser client without an Origin is refused too).
 */
function checkUpgrade(
  request: { url?: string; headers: { origin?: string; host?: string } },
  expected: { origin: string; token: string },
): { allowed: true } | { allowed: false; status: 400 | 401 | 403 | 404; reason: string } {
  const url = new URL(request.url ?? '/', expected.origin);
  if (url.pathname !== BRIDGE_PATH) return { allowed: false, status: 404, reason: 'not the bridge path' };
  if (!isOwnHost(request.headers.host, expected.origin))
    return { allowed: false, status: 403, reason: 'the Host is not this server' };
  if (request.headers.origin !== expected.origin)
    return { allowed: false, status: 403, reason: 'the Origin is not this page' };
  if (!tokenMatches(expected.token, url.searchParams.get(TOKEN_PARAMETER)))
    return { allowed: false, status: 401, reason: 'missing or wrong token' };
  return { allowed: true };
}

const requestFrameSchema = z
  .object({
    id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    channel: z.string().min(1).max(200),
    arg: z.unknown().optional(),
  })
  .strict();

const validation = (message: string, field?: string): Result<never> => ({
  ok: false,
  error: field === undefined ? { kind: 'validation', message } : { kind: 'validation', message, field },
});

/**
 * Reads one frame into a call, or the Result to answer at once (with the frame's id when one can
 * be read, so the page's pending call is not left hanging).
 */
function readRequestFrame(
  data: RawData,
  isBinary: boolean,
):
  | { ok: true; id: number; channel: string; arg: unknown }
  | { ok: false; id: number | null; result: Result<never> } {
  if (isBinary) return { ok: false, id: null, result: validation('The bridge takes JSON text frames only.') };
  let frame: unknown;
  try {
    frame = JSON.parse(rawToString(data));
  } catch {
    return { ok: false, id: null, result: validation('The frame is not valid JSON.') };
  }
  const parsed = requestFrameSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? issue.path.map(String).join('.') : undefined;
    const id =
      typeof frame === 'object' &&
      frame !== null &&
      'id' in frame &&
      typeof frame.id === 'number' &&
      Number.isSafeInteger(frame.id)
        ? frame.id
        : null;
    return {
      ok: false,
      id,
      result: validation(`The frame is not a bridge call${field ? ` (${field})` : ''}.`, field || undefined),
    };
  }
  return { ok: true, id: parsed.data.id, channel: parsed.data.channel, arg: parsed.data.arg };
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

const internalFailure: Result<never> = {
  ok: false,
  error: { kind: 'internal', message: 'The console failed while handling this call.' },
};

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const phrase =
    { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${phrase}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

export async function startWebBridgeServer(options: WebBridgeServerOptions): Promise<WebBridgeServer> {
  const rendererDir = resolve(options.rendererDir);
  const token = options.token ?? randomBytes(32).toString('base64url');
  const sockets = new Set<WebSocket>();
  let origin = '';

  const send = (socket: WebSocket, frame: BridgeServerFrame): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  const serveFile = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!isOwnHost(request.headers.host, origin)) {
      response
        .writeHead(403, { ...SECURITY_HEADERS, 'Cache-Control': NO_STORE, 'Content-Type': PLAIN_TEXT })
        .end('The Host is not this server.');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...SECURITY_HEADERS, 'Cache-Control': NO_STORE, Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(request.url ?? '/', origin);
    const answer = (status: number, type: string, body: string | Buffer, cache = NO_STORE): void => {
      response.writeHead(status, { ...SECURITY_HEADERS, 'Cache-Control': cache, 'Content-Type': type });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (url.pathname === BRIDGE_SCRIPT_PATH)
      return answer(200, CONTENT_TYPES['.js'] ?? '', options.bridgeScript);

    const found = await resolveRendererFile(rendererDir, url.pathname);
    if (found.kind === 'refused') return answer(found.status, PLAIN_TEXT, found.reason);
    const { path: target, contentType: type } = found;
    try {
      const content = await readFile(target);
      if (target.endsWith('.html')) return answer(200, type, injectBridgeScript(content.toString('utf8')));
      return answer(
        200,
        type,
        content,
        url.pathname.startsWith(ASSETS_PREFIX) ? CONTENT_ADDRESSED : NO_STORE,
      );
    } catch {
      return answer(404, PLAIN_TEXT, 'Not found');
    }
  };

  const server = createServer((request, response) => {
    serveFile(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { ...SECURITY_HEADERS, 'Cache-Control': NO_STORE });
      response.end();
    });
  });

  const socketServer = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const check = checkUpgrade(request, { origin, token });
    if (!check.allowed) return refuseUpgrade(socket, check.status, check.reason);
    socketServer.handleUpgrade(request, socket, head, (ws) => socketServer.emit('connection', ws, request));
  });

  socketServer.on('connection', (socket: WebSocket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.terminate());
    socket.on('message', (data, isBinary) => {
      const call = readRequestFrame(data, isBinary);
      if (!call.ok) return send(socket, { type: 'result', id: call.id, result: call.result });
      void (async () => {
        let result: Result<unknown>;
        try {
          result = await options.dispatch(call.channel, call.arg);
        } catch (error) {
          const reason = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
          console.error(`paydesk web bridge: ${call.channel} threw (${reason})`);
          result = internalFailure;
        }
        send(socket, { type: 'result', id: call.id, result });
      })();
    });
  });

  const unsubscribe = options.events?.onAny((name, payload) => {
    for (const socket of sockets) send(socket, { type: 'event', name, payload });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/#${TOKEN_PARAMETER}=${token}`,
    origin,
    port,
    token,
    close() {
      closing ??= (async () => {
        unsubscribe?.();
        for (const socket of sockets) socket.terminate();
        socketServer.close();
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
      })();
      return closing;
    },
  };
}
