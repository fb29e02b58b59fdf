import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ServiceDouble } from '../../unit/payments/http-double';
import {
  CREDENTIALS,
  UUID_V4,
  expectSigned,
  hmacHex,
  sendJson,
  startDouble,
  requestAt,
} from '../../unit/payments/http-double';
import { clientFor } from '../../unit/payments/client-for';
import { listBanks } from '../../../main/core/payments/banks';

/** Retries, idempotency (D6), timeouts, cancellation, lost answers and the size cap. */

const STATUS = { deposit_id: 5, status: 'PENDING' };
const CREATED = { checkout_type: 'HOSTED', deposit_id: 5, redirect_url: 'https://pay.example/r/5' };

const doubles: ServiceDouble[] = [];
async function double(handler: Parameters<typeof startDouble>[0]): Promise<ServiceDouble> {
  const started = await startDouble(handler);
  doubles.push(started);
  return started;
}
test.afterEach(async () => {
  await Promise.all(doubles.splice(0).map((started) => started.close()));
});

/** A port on which nothing listens: the connection is refused before anything is sent. */
async function refusedBaseUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

test.describe('reads', () => {
  test('are retried on 5xx and 429, then succeed', async () => {
    const service = await double((_request, response, index) => {
      if (index === 0) sendJson(response, 503, { code: 1, description: 'busy' });
      else if (index === 1) sendJson(response, 429, {}, { 'Retry-After': '0' });
      else sendJson(response, 200, STATUS);
    });
    const result = await clientFor(service.baseUrl).getDeposit(5);
    expect(result.ok).toBe(true);
    expect(service.requests).toHaveLength(3);
    for (const request of service.requests) expectSigned(request, { post: false });
  });

  test('give up after the configured attempts with the last answer’s kind', async () => {
    const service = await double((_request, response) =>
      sendJson(response, 500, { code: 9, description: 'down' }),
    );
    const result = await clientFor(service.baseUrl, {
      retry: { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 },
    }).read(listBanks, 'BR');
    expect(result.ok || result.error).toMatchObject({ kind: 'server', httpStatus: 500 });
    expect(service.requests).toHaveLength(4);
  });

  test('are retried when the connection breaks, and a lost read ends as network', async () => {
    const service = await double((_request, response) => {
      response.socket?.destroy();
    });
    const result = await clientFor(service.baseUrl).getRefund(5);
    expect(result.ok || result.error.kind).toBe('network');
    expect(service.requests).toHaveLength(3);
  });

  test('a 4xx answer is not retried', async () => {
    const service = await double((_request, response) =>
      sendJson(response, 404, { code: 208, description: 'no' }),
    );
    await clientFor(service.baseUrl).getRefund(5);
    expect(service.requests).toHaveLength(1);
  });

  test('a Retry-After longer than the backoff ceiling ends the call as rate_limited at once', async () => {
    const service = await double((_request, response) =>
      sendJson(response, 429, {}, { 'Retry-After': '120' }),
    );
    const result = await clientFor(service.baseUrl).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('rate_limited');
    expect(service.requests).toHaveLength(1);
  });

  test('the cashout-status POST is retried as a read, each attempt with its own key', async () => {
    const service = await double((_request, response, index) =>
      index === 0
        ? sendJson(response, 502, {})
        : sendJson(response, 200, { cashout_status: 0, cashout_status_description: 'Pending' }),
    );
    const result = await clientFor(service.baseUrl).getCashoutStatus({ cashoutId: 9 });
    expect(result.ok).toBe(true);
    expect(service.requests).toHaveLength(2);
    const keys = service.requests.map((request) => request.headers['x-idempotency-key']);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test('a refused connection is network, after the retries', async () => {
    const result = await clientFor(await refusedBaseUrl()).getDeposit(5);
    expect(result.ok || result.error).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });
});

test.describe('creates (D6)', () => {
  test('a lost answer is retried with the same key and a fresh, re-signed X-Date', async () => {
    const service = await double(async (_request, response, index) => {
      if (index === 0) {
        // Hold the first attempt past a second boundary, then lose its answer.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        response.socket?.destroy();
      } else {
        sendJson(response, 200, CREATED);
      }
    });
    const result = await clientFor(service.baseUrl).createDeposit({ amount: '10.00', country: 'BR' });
    expect(result.ok).toBe(true);
    const [first, second] = [requestAt(service, 0), requestAt(service, 1)];
    expect(service.requests).toHaveLength(2);
    expectSigned(first, { post: true });
    expectSigned(second, { post: true });
    expect(second.headers['x-idempotency-key']).toBe(first.headers['x-idempotency-key']);
    expect(result.ok && result.data.idempotencyKey).toBe(first.headers['x-idempotency-key']);
    expect(second.text).toBe(first.text);
    expect(second.headers['x-date']).not.toBe(first.headers['x-date']);
    expect(second.headers.authorization).not.toBe(first.headers.authorization);
  });

  test('when every answer is lost the result is outcome_unknown with the key', async () => {
    const service = await double((_request, response) => {
      response.socket?.destroy();
    });
    const key = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    const result = await clientFor(service.baseUrl).createRefund(
      { deposit_id: 5, invoice_id: 'INV-5' },
      { idempotencyKey: key },
    );
    expect(result.ok || result.error).toMatchObject({ kind: 'outcome_unknown', idempotencyKey: key });
    expect(service.requests).toHaveLength(3);
    for (const request of service.requests) expect(request.headers['x-idempotency-key']).toBe(key);
  });

  test('a 5xx answer is not retried and its outcome is unknown: the service may have acted (D6, D16)', async () => {
    const service = await double((_request, response) =>
      sendJson(response, 500, { code: 1, description: 'boom' }),
    );
    const result = await clientFor(service.baseUrl).createDeposit({ amount: 10, country: 'BR' });
    expect(result.ok || result.error).toMatchObject({
      kind: 'outcome_unknown',
      httpStatus: 500,
      idempotencyKey: expect.stringMatching(UUID_V4),
    });
    expect(service.requests).toHaveLength(1);
  });

  test('an answer the spec does not describe is unknown; a specified refusal or a 429 is definite (D16)', async () => {
    const answers: Array<[number, unknown]> = [
      [403, '<html>Forbidden by the gateway</html>'],
      [400, { code: 202, description: 'amount', type: 'INVALID_REQUEST_BODY' }],
      [429, { message: 'slow down' }],
    ];
    const kinds: string[] = [];
    for (const [status, body] of answers) {
      const service = await double((_request, response) => {
        if (typeof body !== 'string') return sendJson(response, status, body);
        response.writeHead(status, { 'content-type': 'text/html' });
        response.end(body);
      });
      const result = await clientFor(service.baseUrl, { retry: { attempts: 1 } }).createDeposit({
        amount: 10,
        country: 'BR',
      });
      kinds.push(result.ok ? 'ok' : result.error.kind);
    }
    expect(kinds).toEqual(['outcome_unknown', 'validation', 'rate_limited']);
  });

  test('a timeout is retried with the same key and ends as outcome_unknown', async () => {
    const service = await double(() => undefined);
    const result = await clientFor(service.baseUrl, {
      timeoutMs: 150,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    }).createDeposit({
      amount: 10,
      country: 'BR',
    });
    expect(result.ok || result.error.kind).toBe('outcome_unknown');
    expect(service.requests).toHaveLength(2);
    expect(requestAt(service, 1).headers['x-idempotency-key']).toBe(
      requestAt(service, 0).headers['x-idempotency-key'],
    );
  });

  test('a create whose connection was refused every time is network (nothing was sent)', async () => {
    const result = await clientFor(await refusedBaseUrl()).createDeposit({ amount: 10, country: 'BR' });
    expect(result.ok || result.error).toMatchObject({
      kind: 'network',
      idempotencyKey: expect.stringMatching(UUID_V4),
    });
  });

  test('a caller key that is not a v4 UUID is refused before any call', async () => {
    const service = await double((_request, response) => sendJson(response, 200, CREATED));
    const result = await clientFor(service.baseUrl).createDeposit(
      { amount: 10, country: 'BR' },
      { idempotencyKey: 'abc' },
    );
    expect(result.ok || result.error).toMatchObject({ kind: 'validation', field: 'idempotencyKey' });
    expect(service.requests).toHaveLength(0);
  });
});

test.describe('cashout cancel is never repeated', () => {
  test('the server reads the request and destroys the socket: outcome_unknown, one request', async () => {
    const service = await double((_request, response) => {
      response.socket?.destroy();
    });
    const result = await clientFor(service.baseUrl).cancelCashout({ cashoutId: 7, externalId: 'x-7' });
    expect(result.ok || result.error.kind).toBe('outcome_unknown');
    expect(result.ok || result.error.message).toMatch(/read the current status/);
    expect(service.requests).toHaveLength(1);
  });

  test('a timeout is outcome_unknown, one request', async () => {
    const service = await double(() => undefined);
    const result = await clientFor(service.baseUrl, { timeoutMs: 150 }).cancelCashout({
      cashoutId: 7,
      externalId: 'x-7',
    });
    expect(result.ok || result.error.kind).toBe('outcome_unknown');
    // On a busy machine the server may read the request after the client gave up on it.
    await expect.poll(() => service.requests.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.requests).toHaveLength(1);
  });

  test('a 5xx is not repeated either, and leaves the outcome unknown (D16)', async () => {
    const service = await double((_request, response) => sendJson(response, 503, {}));
    const result = await clientFor(service.baseUrl).cancelCashout({ cashoutId: 7, externalId: 'x-7' });
    expect(result.ok || result.error.kind).toBe('outcome_unknown');
    expect(service.requests).toHaveLength(1);
  });

  test('goes out on a connection of its own, never on a kept-alive one the server may be closing', async () => {
    const service = await double((request, response) =>
      request.method === 'DELETE'
        ? sendJson(response, 200, { cashout_status: 3, cashout_status_description: 'Cancelled' })
        : sendJson(response, 200, STATUS),
    );
    const client = clientFor(service.baseUrl);
    expect((await client.getDeposit(5)).ok).toBe(true);
    expect((await client.cancelCashout({ cashoutId: 7, externalId: 'x-7' })).ok).toBe(true);
    expect((await client.getDeposit(5)).ok).toBe(true);
    const [firstRead, cancel, secondRead] = service.requests.map((request) => request.connection);
    // Reads share the kept-alive connection; the cancel opened one of its own.
    expect(secondRead).toBe(firstRead);
    expect(cancel).not.toBe(firstRead);
    expect(service.requests[1]?.headers.connection).toBe('close');
  });

  test('a connection refused before anything was sent is plain network', async () => {
    const result = await clientFor(await refusedBaseUrl()).cancelCashout({ cashoutId: 7, externalId: 'x-7' });
    expect(result.ok || result.error.kind).toBe('network');
  });
});

/** When the server side of an answer's connection closed: how a test sees the client let go. */
function whenClosed(response: ServerResponse): Promise<number> {
  return new Promise((resolve) => response.once('close', () => resolve(Date.now())));
}

/** The value, or 'still waiting' when it has not come within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => setTimeout(resolve, ms, 'still waiting')),
  ]);
}

test.describe('timeouts and cancellation', () => {
  test('a read that never answers ends as timeout after its attempts', async () => {
    const service = await double(() => undefined);
    const started = Date.now();
    const result = await clientFor(service.baseUrl, {
      timeoutMs: 120,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    }).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('timeout');
    expect(service.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  test('the timeout also covers a body that stalls half-way', async () => {
    const service = await double((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"deposit_id":');
    });
    const result = await clientFor(service.baseUrl, { timeoutMs: 150, retry: { attempts: 1 } }).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('timeout');
  });

  test('a body that keeps dripping is cut at the limit and its connection dropped', async () => {
    let closed: Promise<number> | undefined;
    const service = await double((_request, response) => {
      closed = whenClosed(response);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"deposit_id":5,');
      const drip = setInterval(() => response.write(' '), 20);
      response.once('close', () => clearInterval(drip));
    });
    const started = Date.now();
    const result = await clientFor(service.baseUrl, { timeoutMs: 200, retry: { attempts: 1 } }).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await within(closed ?? Promise.reject(new Error('no request')), 2_000)).toEqual(
      expect.any(Number),
    );
  });

  test('a server that is silent past the limit: timeout, and the connection is dropped at the limit', async () => {
    // The limit drops the request's connection itself (InFlight), with or without a caller's
    // signal: the server sees the close before the answer it would have sent a second later.
    let closed: Promise<{ at: number; answerSent: boolean }> | undefined;
    let answerSent = false;
    const service = await double((_request, response) => {
      closed = whenClosed(response).then((at) => ({ at, answerSent }));
      setTimeout(() => {
        if (response.destroyed) return;
        answerSent = true;
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write('{"deposit_id":5,');
      }, 1_000);
    });
    const result = await clientFor(service.baseUrl, { timeoutMs: 150, retry: { attempts: 1 } }).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('timeout');
    const close = await within(closed ?? Promise.reject(new Error('no request')), 4_000);
    expect(close).toMatchObject({ at: expect.any(Number), answerSent: false });
  });

  test('with a caller’s signal, the limit aborts the request itself', async () => {
    let closed: Promise<number> | undefined;
    const service = await double((_request, response) => {
      closed = whenClosed(response);
    });
    const result = await clientFor(service.baseUrl, { timeoutMs: 150, retry: { attempts: 1 } }).getDeposit(
      5,
      {
        signal: new AbortController().signal,
      },
    );
    expect(result.ok || result.error.kind).toBe('timeout');
    expect(await within(closed ?? Promise.reject(new Error('no request')), 2_000)).toEqual(
      expect.any(Number),
    );
  });

  test('calls started at different times each end at their own limit', async () => {
    const service = await double(() => undefined);
    const client = clientFor(service.baseUrl, { timeoutMs: 300, retry: { attempts: 1 } });
    const timed = async (delayMs: number) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const started = Date.now();
      const result = await client.getDeposit(5);
      return { kind: result.ok || result.error.kind, took: Date.now() - started, endedAt: Date.now() };
    };
    const [first, second, third] = await Promise.all([timed(0), timed(120), timed(240)]);
    for (const call of [first, second, third]) {
      expect(call.kind).toBe('timeout');
      expect(call.took).toBeGreaterThanOrEqual(290);
      expect(call.took).toBeLessThan(2_000);
    }
    expect(first?.endedAt).toBeLessThan(second?.endedAt ?? 0);
    expect(second?.endedAt).toBeLessThan(third?.endedAt ?? 0);
  });

  test('a finished call’s time limit does not keep the process alive', async () => {
    const service = await double((_request, response) => sendJson(response, 200, STATUS));
    const root = join(import.meta.dirname, '..', '..', '..');
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-deadline-'));
    try {
      const script = join(dir, 'one-call.mts');
      const client = pathToFileURL(join(root, 'main', 'core', 'payments', 'index.ts')).href;
      writeFileSync(
        script,
        [
          `import { createPaymentsClient } from ${JSON.stringify(client)};`,
          `const created = createPaymentsClient({ baseUrl: process.env.BASE_URL ?? '', timeoutMs: 120_000,`,
          `  credentials: { apiKey: 'MerchKey01', apiSecret: 'T3st-ApiSignature-000111' } });`,
          `if (!created.ok) process.exit(3);`,
          `const result = await created.data.getDeposit(5);`,
          `console.log(result.ok ? 'ok' : result.error.kind);`,
        ].join('\n'),
      );
      const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [script], {
        cwd: root,
        env: { ...process.env, BASE_URL: service.baseUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const code = await within(exited, 20_000);
      if (code === 'still waiting') child.kill();
      expect(code).toBe(0);
      expect(stdout.trim()).toBe('ok');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the caller’s signal drops the connection of a call in flight', async () => {
    let closed: Promise<number> | undefined;
    const controller = new AbortController();
    // Cancelled once the service holds the request, however long a busy machine took to send it.
    const service = await double((_request, response) => {
      closed = whenClosed(response);
      controller.abort();
    });
    const result = await clientFor(service.baseUrl).getDeposit(5, { signal: controller.signal });
    expect(result.ok || result.error.kind).toBe('cancelled');
    expect(await within(closed ?? Promise.reject(new Error('no request')), 2_000)).toEqual(
      expect.any(Number),
    );
  });

  test('the caller’s signal cancels a call in flight', async () => {
    const controller = new AbortController();
    // Cancelled once the service holds the request, however long a busy machine took to send it.
    const service = await double(() => controller.abort());
    const result = await clientFor(service.baseUrl).getDeposit(5, { signal: controller.signal });
    expect(result.ok || result.error.kind).toBe('cancelled');
    expect(service.requests).toHaveLength(1);
  });

  test('one signal shared by many calls (a batch) cancels every call in flight and drops each connection', async () => {
    const closed: Array<Promise<number>> = [];
    const service = await double((request, response) => {
      // The first calls end at once, so the signal has already served calls that finished.
      if (request.path.endsWith('/1')) sendJson(response, 200, { deposit_id: 1, status: 'PENDING' });
      else closed.push(whenClosed(response));
    });
    const client = clientFor(service.baseUrl);
    const controller = new AbortController();
    for (let round = 0; round < 3; round += 1) {
      expect((await client.getDeposit(1, { signal: controller.signal })).ok).toBe(true);
    }
    const calls = [2, 3, 4, 5].map((id) => client.getDeposit(id, { signal: controller.signal }));
    await expect.poll(() => service.requests.length, { timeout: 5_000 }).toBe(7);
    controller.abort();
    const results = await Promise.all(calls);
    expect(results.map((result) => result.ok || result.error.kind)).toEqual(Array(4).fill('cancelled'));
    const closes = await within(Promise.all(closed), 2_000);
    expect(closes).toEqual(Array(4).fill(expect.any(Number)));
    expect(service.requests).toHaveLength(7);
  });

  test('an already aborted signal sends nothing', async () => {
    const service = await double((_request, response) => sendJson(response, 200, STATUS));
    const result = await clientFor(service.baseUrl).getDeposit(5, { signal: AbortSignal.abort() });
    expect(result.ok || result.error.kind).toBe('cancelled');
    expect(service.requests).toHaveLength(0);
  });

  test('cancelling during the backoff stops the retries', async () => {
    const service = await double((_request, response) => sendJson(response, 503, {}));
    const controller = new AbortController();
    const client = clientFor(service.baseUrl, {
      retry: { attempts: 5, baseDelayMs: 5_000, maxDelayMs: 5_000 },
    });
    setTimeout(() => controller.abort(), 150);
    const result = await client.getDeposit(5, { signal: controller.signal });
    expect(result.ok || result.error.kind).toBe('cancelled');
    expect(service.requests).toHaveLength(1);
  });

  test('a cancelled create keeps its key and says the request may have arrived', async () => {
    const controller = new AbortController();
    // Cancelled once the request has reached the server and no answer is coming: not after a
    // fixed delay, which a loaded machine can outrun before the request is even sent.
    const service = await double(() => {
      controller.abort();
    });
    const result = await clientFor(service.baseUrl).createDeposit(
      { amount: 1, country: 'BR' },
      { signal: controller.signal },
    );
    expect(result.ok || result.error).toMatchObject({
      kind: 'cancelled',
      idempotencyKey: service.requests[0]?.headers['x-idempotency-key'],
      message: expect.stringMatching(/may already have reached/),
    });
  });
});

test.describe('response size cap', () => {
  test('a streamed answer over the cap is bad_response (default 5 MB)', async () => {
    const service = await double((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      for (let sent = 0; sent < 6 * 1024 * 1024; sent += chunk.length) response.write(chunk);
      response.end();
    });
    const result = await clientFor(service.baseUrl).getDeposit(5);
    expect(result.ok || result.error).toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('5242880'),
    });
    expect(service.requests).toHaveLength(1);
  });

  test('a 2xx answer to a create over the cap is an unknown outcome with its key; a refusal over the cap is bad_response', async () => {
    const huge =
      (status: number): Parameters<typeof startDouble>[0] =>
      (_request, response) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(Buffer.alloc(2 * 1024, 0x20));
      };
    const accepted = await double(huge(200));
    const created = await clientFor(accepted.baseUrl, { maxResponseBytes: 1024 }).createDeposit({
      amount: 10,
      country: 'BR',
    });
    expect(created.ok || created.error).toMatchObject({
      kind: 'outcome_unknown',
      idempotencyKey: accepted.requests[0]?.headers['x-idempotency-key'],
    });
    expect(accepted.requests).toHaveLength(1);

    const refused = await double(huge(400));
    const answer = await clientFor(refused.baseUrl, { maxResponseBytes: 1024 }).createDeposit({
      amount: 10,
      country: 'BR',
    });
    expect(answer.ok || answer.error.kind).toBe('bad_response');
  });

  test('a declared Content-Length over a configured cap is refused before reading', async () => {
    const service = await double((_request, response) => {
      const body = JSON.stringify({ ...STATUS, padding: 'x'.repeat(2_000) });
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
      });
      response.end(body);
    });
    const result = await clientFor(service.baseUrl, { maxResponseBytes: 1_024 }).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('bad_response');
  });

  test('an answer in several chunks is decoded whole, a character split across chunks included', async () => {
    const body = Buffer.from(
      JSON.stringify({ ...STATUS, payer: { address: { city: 'São Paulo' } } }),
      'utf8',
    );
    const split = body.indexOf(Buffer.from('ã', 'utf8')) + 1;
    const service = await double(async (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write(body.subarray(0, split));
      await new Promise((resolve) => setTimeout(resolve, 30));
      response.end(body.subarray(split));
    });
    const result = await clientFor(service.baseUrl).getDeposit(5);
    expect(result.ok && result.data.record.payer?.address?.city).toBe('São Paulo');
  });

  test('an answer under the cap is read whole', async () => {
    const service = await double((_request, response) =>
      sendJson(response, 200, { ...STATUS, padding: 'x'.repeat(900) }),
    );
    const result = await clientFor(service.baseUrl, { maxResponseBytes: 1_024 }).getDeposit(5);
    expect(result.ok && result.data.unknownFields).toEqual(['padding']);
  });
});

test('a TLS handshake failure is tls, never retried', async () => {
  // An https URL aimed at a plain-HTTP double: the handshake cannot complete.
  const service = await double((_request, response) => sendJson(response, 200, STATUS));
  const result = await clientFor(`https://127.0.0.1:${service.port}`).getDeposit(5);
  expect(result.ok || result.error.kind).toBe('tls');
});

test('secrets never appear in an error', async () => {
  const service = await double((_request, response) => {
    response.socket?.destroy();
  });
  const client = clientFor(service.baseUrl);
  const results = await Promise.all([
    client.createDeposit({ amount: 1, country: 'BR' }),
    client.cancelCashout({ cashoutId: 1, externalId: 'a' }),
    client.getCashoutStatus({ cashoutId: 1 }),
  ]);
  const text = JSON.stringify(results);
  for (const secret of Object.values(CREDENTIALS)) expect(text).not.toContain(secret);
  expect(text).not.toContain(hmacHex(CREDENTIALS.cashoutSecret, Buffer.from('')));
});
