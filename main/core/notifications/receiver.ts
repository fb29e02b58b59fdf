import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenBucket } from '../batch/rate-limiter';
import { NOTIFICATION_BODY_MAX_BYTES, type NotificationRequest } from './verify';

/**
 * The HTTP face of the notification receiver (D11): node:http, on loopback unless told
 * otherwise (a real environment reaches it through the merchant's HTTPS reverse proxy, README
 * "Notifications"). Everything hostile is refused here, typed, before the core sees a byte too
 * many: a body over the cap, a request slower than the time limit, a flood over the rate. What
 * it lets through is judged by `handle` (verify, read the status, record once).
 */

/** Why a notification was not taken; the answer's JSON says it as `refused`. */
export type ReceiverRefusal =
  | 'method'
  | 'too_large'
  | 'timeout'
  | 'rate_limited'
  | 'busy'
  | 'malformed'
  | 'not_genuine'
  | 'stale'
  | 'status_unread'
  | 'not_recorded';

/** What `handle` answers: taken (2xx) or refused; the service retries any non-2xx (D11). */
export type ReceiverAnswer =
  { taken: true; count: number } | { taken: false; refused: ReceiverRefusal; message: string };

const STATUS_OF: Record<ReceiverRefusal, number> = {
  method: 405,
  too_large: 413,
  timeout: 408,
  rate_limited: 429,
  busy: 503,
  malformed: 400,
  not_genuine: 401,
  stale: 401,
  // Genuine, but not yet acted on: a 503 makes the service send it again later.
  status_unread: 503,
  not_recorded: 503,
};

export interface ReceiverOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0: any free port. */
  port: number;
  /** Time for one request, headers to body's end (default 10 s). */
  requestTimeoutMs?: number;
  /** Requests taken per second, with `burst` saved up (default 20/s, burst 40). */
  ratePerSecond?: number;
  burst?: number;
  /** Requests judged at once (default 8); more are answered 503 at once. */
  concurrency?: number;
  handle(request: NotificationRequest): Promise<ReceiverAnswer>;
  /** Told of every refusal (a terminal's log line); never given the request's bytes. */
  onRefusal?: (refused: ReceiverRefusal, message: string) => void;
}

export interface NotificationReceiver {
  /** `http://<host>:<port>/notifications`: the notification_url to give the service. */
  url: string;
  port: number;
  close(): Promise<void>;
}

function answer(
  response: ServerResponse,
  result: ReceiverAnswer,
  extraHeaders: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  const status = result.taken ? 200 : STATUS_OF[result.refused];
  const body = result.taken
    ? { taken: true, count: result.count }
    : { refused: result.refused, message: result.message };
  response.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close', ...extraHeaders });
  response.end(JSON.stringify(body));
}

const refusal = (refused: ReceiverRefusal, message: string): ReceiverAnswer => ({
  taken: false,
  refused,
  message,
});

/** The body, up to the cap; null when the request passed it (answered and cut already). */
function readBody(
  request: IncomingMessage,
  refuse: (result: ReceiverAnswer) => void,
): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > NOTIFICATION_BODY_MAX_BYTES) {
      refuse(refusal('too_large', `A notification body is at most ${NOTIFICATION_BODY_MAX_BYTES} bytes.`));
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (cut) return;
      if (size > NOTIFICATION_BODY_MAX_BYTES) {
        cut = true;
        refuse(refusal('too_large', `A notification body is at most ${NOTIFICATION_BODY_MAX_BYTES} bytes.`));
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => resolve(null));
    request.on('close', () => resolve(null));
  });
}

export async function startNotificationReceiver(options: ReceiverOptions): Promise<NotificationReceiver> {
  const host = options.host ?? '127.0.0.1';
  const bucket = new TokenBucket({ ratePerSecond: options.ratePerSecond ?? 20, burst: options.burst ?? 40 });
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  let running = 0;

  const send = (response: ServerResponse, result: ReceiverAnswer, headers?: Record<string, string>): void => {
    if (!result.taken) options.onRefusal?.(result.refused, result.message);
    answer(response, result, headers);
  };
  const server = createServer((request, response) => {
    if (!bucket.tryTake()) {
      send(response, refusal('rate_limited', 'Too many requests: try again in a second.'), {
        'Retry-After': '1',
      });
      request.resume();
      return;
    }
    if (request.method !== 'POST') {
      send(response, refusal('method', 'Notifications are POSTed.'), { Allow: 'POST' });
      request.resume();
      return;
    }
    if (running >= concurrency) {
      send(response, refusal('busy', 'Too many notifications at once: try again later.'), {
        'Retry-After': '1',
      });
      request.resume();
      return;
    }
    running += 1;
    const timer = setTimeout(() => {
      send(response, refusal('timeout', `A notification must arrive within ${timeoutMs} ms.`));
      request.destroy();
    }, timeoutMs);
    void (async () => {
      try {
        const body = await readBody(request, (result) => {
          send(response, result);
          // Cut only once the refusal is out, so the sender reads why instead of a reset.
          response.once('finish', () => request.destroy());
        });
        if (body === null) return;
        const headers: Record<string, string[]> = {};
        for (const [name, values] of Object.entries(request.headersDistinct)) {
          if (values) headers[name] = values;
        }
        send(response, await options.handle({ headers, body }));
      } catch {
        send(response, refusal('not_recorded', 'The notification could not be handled.'));
      } finally {
        clearTimeout(timer);
        running -= 1;
      }
    })();
  });
  server.headersTimeout = timeoutMs;
  server.requestTimeout = timeoutMs;
  server.maxHeadersCount = 64;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/notifications`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
