import type { IncomingHttpHeaders } from 'node:http';

/**
 * The modules themselves, not their ES module namespaces: building node:http's namespace reads
 * every export, which on Node 26 loads undici with http2, zlib and web streams, ≈ 30 ms of every
 * CLI command's start (docs/performance.md).
 */
const { request: httpRequest } = process.getBuiltinModule('node:http');
const { request: httpsRequest } = process.getBuiltinModule('node:https');

/**
 * One HTTP exchange on the wire: the request the transport built (signed, serialised) goes out,
 * the answer comes back whole or as the reason it did not. The transport owns everything else
 * (time limits, retries, what an error means).
 *
 * Why node:http and not fetch: a fetch of a small JSON answer costs several times the CPU of a
 * node:http request (the Fetch standard's Request, Headers, AbortSignal and WHATWG stream objects
 * around undici; figures in docs/performance.md). A batch of 10,000 status reads is CPU-bound in
 * the console's process, so that is most of its throughput, and it is the same HTTP/1.1
 * on the same kept-alive connections.
 */

/** The request as it goes on the wire. */
export interface WireRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: Buffer;
  /**
   * On a new connection, never a kept-alive one: a server may close an idle connection just as a
   * request is written to it, and a request that is never repeated (cashout cancel) must not
   * turn that race into an unknown outcome.
   */
  freshConnection?: boolean;
}

/** Header names in lower case, as node:http gives them. */
export type WireHeaders = IncomingHttpHeaders;

export type WireResult =
  | { outcome: 'answer'; status: number; headers: WireHeaders; body: Buffer }
  /** The answer was bigger than the cap and was not read. */
  | { outcome: 'too_large'; status: number }
  /**
   * `unsent`: the request could not be built (an invalid header, say), nothing was sent; its
   * error may quote a header value. `request`: no answer came (not connected, or the connection
   * broke before the answer's head). `body`: the answer broke off.
   */
  | { outcome: 'failed'; phase: 'unsent' | 'request' | 'body'; error: unknown };

/** How the transport stops an exchange in flight (its time limit, the caller's signal). */
export interface StopHook {
  /** `stop` runs when the attempt is stopped, at once when it already is. */
  whenStopped(stop: () => void): void;
}

/**
 * Sends one request and reads its answer. A stop drops the connection and settles the exchange
 * as failed at once. Tests and benchmarks pass their own (a wrapper that counts or rewrites
 * requests, then calls httpExchange).
 */
export type Exchange = (
  request: WireRequest,
  maxResponseBytes: number,
  attempt: StopHook,
) => Promise<WireResult>;

/** The real exchange: node:http(s) on Node's global, kept-alive agents. */
export const httpExchange: Exchange = (request, maxResponseBytes, attempt) =>
  new Promise<WireResult>((resolve) => {
    let settled = false;
    const settle = (result: WireResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const send = request.url.startsWith('https:') ? httpsRequest : httpRequest;
    const headers =
      request.body === undefined
        ? request.headers
        : { ...request.headers, 'Content-Length': String(request.body.byteLength) };
    let outgoing: ReturnType<typeof httpRequest>;
    try {
      outgoing = send(request.url, {
        method: request.method,
        headers,
        ...(request.freshConnection && { agent: false }),
      });
    } catch (error) {
      settle({ outcome: 'failed', phase: 'unsent', error });
      return;
    }
    let phase: 'request' | 'body' = 'request';
    outgoing.on('error', (error) => settle({ outcome: 'failed', phase, error }));
    outgoing.on('response', (incoming) => {
      phase = 'body';
      const status = incoming.statusCode ?? 0;
      const declared = Number(incoming.headers['content-length']);
      if (declared > maxResponseBytes) {
        outgoing.destroy();
        settle({ outcome: 'too_large', status });
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      incoming.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total > maxResponseBytes) {
          outgoing.destroy();
          settle({ outcome: 'too_large', status });
          return;
        }
        chunks.push(chunk);
      });
      incoming.on('end', () => {
        const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
        settle({ outcome: 'answer', status, headers: incoming.headers, body });
      });
      incoming.on('error', (error) => settle({ outcome: 'failed', phase: 'body', error }));
      // A connection that closes mid-body ends the answer without 'end' (and, on some Node
      // versions, without an error).
      incoming.on('close', () => {
        if (!incoming.complete) settle({ outcome: 'failed', phase: 'body', error: CUT_SHORT });
      });
    });
    attempt.whenStopped(() => {
      outgoing.destroy();
      settle({ outcome: 'failed', phase, error: STOPPED });
    });
    // Stopped before it was written: nothing goes out.
    if (settled) return;
    try {
      outgoing.end(request.body);
    } catch (error) {
      outgoing.destroy();
      settle({ outcome: 'failed', phase: 'unsent', error });
    }
  });

const CUT_SHORT = Object.assign(new Error('The answer broke off before its end.'), { code: 'ECONNRESET' });
const STOPPED = new Error('The attempt was stopped.');
