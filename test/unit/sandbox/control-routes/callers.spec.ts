import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { isLoopbackHost } from '../../../../main/sandbox/control-routes';
import { startSandbox, type SandboxHandle } from '../../../../main/sandbox/index';
import { expect, test } from '../fixtures';

/**
 * Who the control API answers: a web page in the user's browser can reach 127.0.0.1 as well as
 * curl can, so every request such a page could make (a cross-site "simple" POST, a request from
 * a foreign Origin, a DNS-rebound name in Host) is refused and changes nothing.
 */

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  json: unknown;
}

/** node:http, because fetch will not let a test choose the Host header. */
function raw(
  sandbox: SandboxHandle,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${sandbox.controlUrl}${path}`,
      {
        method,
        headers: {
          ...headers,
          ...(body !== undefined && { 'Content-Length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, json });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const FAULTS = JSON.stringify({ rate: 1, kinds: ['http500'], seed: 3 });
const ADVANCE = JSON.stringify({ seconds: 3600 });

/** What a refusal must leave as it was: the fault settings and the clock. */
async function settings(sandbox: SandboxHandle): Promise<{ rate: unknown; offset: unknown }> {
  const faults = await raw(sandbox, 'GET', '/faults', {});
  const clock = await raw(sandbox, 'GET', '/clock', {});
  expect(faults.status).toBe(200);
  expect(clock.status).toBe(200);
  return {
    rate: (faults.json as { rate: unknown }).rate,
    offset: (clock.json as { offset_ms: unknown }).offset_ms,
  };
}

const UNCHANGED = { rate: 0, offset: 0 };

test('a cross-site simple POST (text/plain, form, multipart) is refused and changes nothing', async ({
  sandbox,
}) => {
  for (const contentType of [
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ]) {
    for (const [path, body] of [
      ['/faults', FAULTS],
      ['/clock/advance', ADVANCE],
    ] as const) {
      const foreign = await raw(
        sandbox,
        'POST',
        path,
        { 'Content-Type': contentType, Origin: 'http://evil.example' },
        body,
      );
      expect(foreign.status, `${contentType} ${path}`).toBe(403);
      expect(foreign.json).toEqual({ error: expect.any(String) });
    }
  }
  expect(await settings(sandbox)).toEqual(UNCHANGED);
});

test('a change without the JSON content type is refused even with no Origin', async ({ sandbox }) => {
  // Browsers send Origin on cross-site POSTs, but the content type must not rely on that alone.
  for (const headers of [{ 'Content-Type': 'text/plain' }, {}] as Array<Record<string, string>>) {
    for (const [path, body] of [
      ['/faults', FAULTS],
      ['/clock/advance', ADVANCE],
      ['/reset', undefined],
    ] as const) {
      const reply = await raw(sandbox, 'POST', path, headers, body);
      expect(reply.status, `${JSON.stringify(headers)} ${path}`).toBe(415);
      expect(reply.json).toEqual({ error: 'Content-Type: must be application/json' });
    }
  }
  expect(await settings(sandbox)).toEqual(UNCHANGED);
});

test('a JSON request from a foreign Origin is refused, GETs included', async ({ sandbox }) => {
  for (const origin of [
    'http://evil.example',
    'null',
    `http://127.0.0.1:${sandbox.port + 1}`,
    `https://127.0.0.1:${sandbox.port}`,
  ]) {
    for (const [path, body] of [
      ['/faults', FAULTS],
      ['/clock/advance', ADVANCE],
    ] as const) {
      const reply = await raw(sandbox, 'POST', path, { ...JSON_TYPE, Origin: origin }, body);
      expect(reply.status, `${origin} ${path}`).toBe(403);
      expect(reply.json).toEqual({ error: 'the control API does not answer requests from web pages' });
    }
    expect((await raw(sandbox, 'GET', '/notifications', { Origin: origin })).status, origin).toBe(403);
  }
  expect(await settings(sandbox)).toEqual(UNCHANGED);
});

test('a Host that is not a loopback name with our port is refused (DNS rebinding)', async ({ sandbox }) => {
  for (const host of [
    `evil.example:${sandbox.port}`,
    `127.0.0.1.evil.example:${sandbox.port}`,
    `127.0.0.1:${sandbox.port + 1}`,
    '127.0.0.1',
    `10.0.0.1:${sandbox.port}`,
  ]) {
    for (const [path, body] of [
      ['/faults', FAULTS],
      ['/clock/advance', ADVANCE],
    ] as const) {
      const reply = await raw(sandbox, 'POST', path, { ...JSON_TYPE, Host: host }, body);
      expect(reply.status, `${host} ${path}`).toBe(403);
      expect(reply.json).toEqual({ error: expect.stringContaining('127.0.0.1, localhost or [::1]') });
    }
    // The rebound page could read what a GET answers, so GETs are refused too.
    expect((await raw(sandbox, 'GET', '/notifications', { Host: host })).status, host).toBe(403);
  }
  expect(await settings(sandbox)).toEqual(UNCHANGED);
});

test('a JSON POST with no Origin (curl, the console) is accepted under every loopback name', async ({
  sandbox,
}) => {
  for (const host of [
    `127.0.0.1:${sandbox.port}`,
    `localhost:${sandbox.port}`,
    `LocalHost:${sandbox.port}`,
    `[::1]:${sandbox.port}`,
  ]) {
    const reply = await raw(sandbox, 'POST', '/clock/advance', { ...JSON_TYPE, Host: host }, ADVANCE);
    expect(reply.status, host).toBe(200);
  }
  const faults = await raw(
    sandbox,
    'POST',
    '/faults',
    { 'Content-Type': 'application/json; charset=utf-8' },
    FAULTS,
  );
  expect(faults.status).toBe(200);
  // A bodiless change says JSON too.
  const reset = await raw(sandbox, 'POST', '/reset', JSON_TYPE);
  expect(reset.status).toBe(200);
  expect(await settings(sandbox)).toEqual(UNCHANGED);
  // Our own origin is no web page of anyone else's.
  const own = await raw(
    sandbox,
    'POST',
    '/clock/advance',
    { ...JSON_TYPE, Origin: sandbox.baseUrl },
    ADVANCE,
  );
  expect(own.status).toBe(200);
  expect((await settings(sandbox)).offset).toBe(3_600_000);
});

test('a CORS preflight is never granted', async ({ sandbox }) => {
  for (const path of ['/faults', '/clock/advance', '/reset', '/notifications']) {
    const reply = await raw(sandbox, 'OPTIONS', path, {
      Origin: 'http://evil.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(reply.status, path).toBeGreaterThanOrEqual(400);
    expect(
      Object.keys(reply.headers).filter((name) => name.startsWith('access-control-')),
      path,
    ).toEqual([]);
  }
  // Nor does any answer name an allowed origin.
  const answer = await raw(sandbox, 'GET', '/faults', {});
  expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
});

test('a sandbox started on localhost answers its own controlUrl', async () => {
  const sandbox = await startSandbox({ seed: 1, host: 'localhost' });
  try {
    const response = await fetch(`${sandbox.controlUrl}/clock/advance`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: ADVANCE,
    });
    expect(response.status).toBe(200);
  } finally {
    await sandbox.close();
  }
});

test('loopback names: localhost, 127.x.x.x and [::1], with the port', () => {
  for (const host of ['127.0.0.1:4010', '127.8.0.1:4010', 'localhost:4010', 'LOCALHOST:4010', '[::1]:4010'])
    expect(isLoopbackHost(host, 4010), host).toBe(true);
  expect(isLoopbackHost('localhost', 80)).toBe(true);
  for (const host of [
    undefined,
    '',
    'localhost',
    '127.0.0.1:4011',
    'localhost.evil.example:4010',
    'evil.example:4010',
    '127.0.0.1.nip.io:4010',
    '127.300.0.1:4010',
    '[::2]:4010',
    '[2001:db8::1]:4010',
    'user@127.0.0.1:4010',
    '127.0.0.1:4010/x',
    '10.0.0.1:4010',
  ])
    expect(isLoopbackHost(host, 4010), String(host)).toBe(false);
});
