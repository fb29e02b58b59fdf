import { expect } from '@playwright/test';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server standing in for the payments service inside a test. It records every
 * request byte for byte, and the checks below recompute signatures with node:crypto on their
 * own, never with the client's signer, so a shared mistake cannot pass unseen.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** Local epoch ms when the whole request had arrived. */
  receivedAt: number;
  /** Which of the double's connections it came on (0, 1, …, in the order they opened). */
  connection: number;
}

type Handler = (request: RecordedRequest, response: ServerResponse, index: number) => void | Promise<void>;

export interface ServiceDouble {
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export async function startDouble(handler: Handler): Promise<ServiceDouble> {
  const requests: RecordedRequest[] = [];
  const connections = new WeakMap<object, number>();
  let opened = 0;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://double');
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        body,
        text: body.toString('utf8'),
        receivedAt: Date.now(),
        connection: connections.get(incoming.socket) ?? -1,
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded, response, requests.length - 1)).catch(() => {
        response.destroy();
      });
    });
  });
  server.on('connection', (socket) => {
    connections.set(socket, opened);
    opened += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(text);
}

export function sendEmpty(response: ServerResponse, status: number): void {
  response.writeHead(status, { 'Content-Length': '0' });
  response.end();
}

/** Made-up credentials, one value per field, as in decisions.md's vectors. */
export const CREDENTIALS = {
  apiKey: 'MerchKey01',
  apiSecret: 'T3st-ApiSignature-000111',
  readOnlyKey: 'ReadOnly-Key-42',
  cashoutLogin: 'coLogin01',
  cashoutPass: 'coPass01',
  cashoutSecret: 'CashoutSecret-XYZ-789',
} as const;

export const hmacHex = (secret: string, bytes: Buffer): string =>
  createHmac('sha256', secret).update(bytes).digest('hex');

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const X_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Headers node:http adds on its own; the rest is what the client chose to send. */
const TRANSPORT_OWN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** The names of the headers the client set, sorted. */
const clientHeaderNames = (request: RecordedRequest): string[] =>
  Object.keys(request.headers)
    .filter((name) => !TRANSPORT_OWN_HEADERS.has(name))
    .sort();

const header = (request: RecordedRequest, name: string): string => {
  const value = request.headers[name];
  expect(typeof value, `header ${name}`).toBe('string');
  return value as string;
};

/** D1/D2: X-Login, X-Date, Content-Type and `SVC <hmac>` over X-Date + X-Login + the exact body bytes. */
export function expectSigned(request: RecordedRequest, options: { post: boolean }): void {
  const xDate = header(request, 'x-date');
  expect(xDate).toMatch(X_DATE);
  expect(header(request, 'x-login')).toBe(CREDENTIALS.apiKey);
  expect(header(request, 'content-type')).toBe('application/json');
  const signed = Buffer.concat([Buffer.from(xDate + CREDENTIALS.apiKey, 'utf8'), request.body]);
  expect(header(request, 'authorization')).toBe(`SVC ${hmacHex(CREDENTIALS.apiSecret, signed)}`);
  const expected = ['accept', 'authorization', 'content-type', 'x-date', 'x-login'];
  if (options.post) {
    expect(header(request, 'x-idempotency-key')).toMatch(UUID_V4);
    expected.push('x-idempotency-key');
  }
  expect(clientHeaderNames(request)).toEqual(expected.sort());
}

/** D4: `Bearer <read-only key>` and nothing else of ours. */
export function expectBearer(request: RecordedRequest): void {
  expect(header(request, 'authorization')).toBe(`Bearer ${CREDENTIALS.readOnlyKey}`);
  expect(clientHeaderNames(request)).toEqual(['accept', 'authorization']);
}

/** D3: Payload-Signature over the exact body bytes with the cashout secret; login and pass in the body. */
export function expectPayloadSigned(request: RecordedRequest, options: { idempotencyKey: boolean }): void {
  expect(header(request, 'content-type')).toBe('application/json');
  expect(header(request, 'payload-signature')).toBe(hmacHex(CREDENTIALS.cashoutSecret, request.body));
  const expected = ['accept', 'content-type', 'payload-signature'];
  if (options.idempotencyKey) {
    expect(header(request, 'x-idempotency-key')).toMatch(UUID_V4);
    expected.push('x-idempotency-key');
  }
  expect(clientHeaderNames(request)).toEqual(expected.sort());
}

/** The request at `index`, failing the test when there is none. */
export function requestAt(double: ServiceDouble, index: number): RecordedRequest {
  const request = double.requests[index];
  if (!request) throw new Error(`expected a request #${index + 1}, got ${double.requests.length}`);
  return request;
}

/**
 * A service that answers every POST (a deposit create) with a hosted checkout at `redirectUrl`,
 * and anything else with "not found": what a console needs to have been sent a link to open.
 */
export function startHostedCheckoutDouble(redirectUrl: string): Promise<ServiceDouble> {
  return startDouble((request, response) => {
    if (request.method === 'POST') {
      sendJson(response, 200, { checkout_type: 'HOSTED', deposit_id: 9, redirect_url: redirectUrl });
    } else sendJson(response, 404, { code: 208, description: 'none' });
  });
}
