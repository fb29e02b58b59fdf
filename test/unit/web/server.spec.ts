import { test as base, expect } from '@playwright/test';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildBridge } from '../../../preload/bridge';
import { CHANNELS, type EnvironmentList } from '../../../shared/contract';
import { createSocketTransport, type PageSocket } from '../../../preload/web-bridge';
import { CONTENT_SECURITY_POLICY } from '../../../main/page/policy';
import { injectBridgeScript, tokenMatches } from '../../../main/web/server';
import { startWebBridge, type WebBridge } from '../../../main/web/start';

/**
 * The web bridge server with the real console runtime behind it (memory vault, temp data
 * folder, no renderer build: a two-file page stands in for the built renderer).
 */

const test = base.extend<{ bridge: WebBridge }>({
  // eslint-disable-next-line no-empty-pattern
  bridge: async ({}, use) => {
    const rendererDir = await mkdtemp(join(tmpdir(), 'paydesk-web-renderer-'));
    await mkdir(join(rendererDir, 'assets'));
    await writeFile(
      join(rendererDir, 'index.html'),
      '<!doctype html><html><head><title>t</title>\n    <script type="module" src="./assets/app.js"></script></head><body></body></html>',
    );
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
    const bridge = await startWebBridge({ build: false, rendererDir, vault: 'memory', quiet: true });
    await use(bridge);
    await bridge.close();
    await rm(rendererDir, { recursive: true, force: true });
  },
});

const socketUrl = (bridge: WebBridge, token: string | null = bridge.token): string =>
  `ws://127.0.0.1:${bridge.port}/bridge${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;

/** Opens a socket; resolves with it once open, or with the HTTP status the upgrade was refused with. */
function connect(
  url: string,
  origin: string | undefined,
  host?: string,
): Promise<{ socket: WebSocket } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      ...(origin !== undefined && { origin }),
      ...(host !== undefined && { headers: { host } }),
    });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

async function open(bridge: WebBridge): Promise<WebSocket> {
  const connected = await connect(socketUrl(bridge), bridge.origin);
  if (!('socket' in connected)) throw new Error(`refused with ${connected.refused}`);
  return connected.socket;
}

/** The next frame the socket receives, parsed. */
const nextFrame = (socket: WebSocket): Promise<Record<string, unknown>> =>
  new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));

function get(
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

test.describe('the socket guard', () => {
  test('without the token the upgrade is refused', async ({ bridge }) => {
    expect(await connect(socketUrl(bridge, null), bridge.origin)).toEqual({ refused: 401 });
  });

  test('a wrong token, or the right one with a byte changed, is refused', async ({ bridge }) => {
    expect(await connect(socketUrl(bridge, 'guess'), bridge.origin)).toEqual({ refused: 401 });
    const altered = `${bridge.token.slice(0, -1)}${bridge.token.endsWith('A') ? 'B' : 'A'}`;
    expect(await connect(socketUrl(bridge, altered), bridge.origin)).toEqual({ refused: 401 });
  });

  test('the right token from another Origin is refused, as is no Origin at all', async ({ bridge }) => {
    expect(await connect(socketUrl(bridge), 'http://evil.example')).toEqual({ refused: 403 });
    expect(await connect(socketUrl(bridge), `http://localhost:${bridge.port}`)).toEqual({ refused: 403 });
    expect(await connect(socketUrl(bridge), `http://127.0.0.1:${bridge.port + 1}`)).toEqual({ refused: 403 });
    expect(await connect(socketUrl(bridge), undefined)).toEqual({ refused: 403 });
  });

  test('the right token and Origin under another Host are refused (DNS rebinding)', async ({ bridge }) => {
    for (const host of [
      `evil.example:${bridge.port}`,
      `localhost:${bridge.port}`,
      `127.0.0.1:${bridge.port + 1}`,
    ])
      expect(await connect(socketUrl(bridge), bridge.origin, host), host).toEqual({ refused: 403 });
    const ok = await connect(socketUrl(bridge), bridge.origin, `127.0.0.1:${bridge.port}`);
    expect('socket' in ok).toBe(true);
    if ('socket' in ok) ok.socket.close();
  });

  test('another path is not the bridge', async ({ bridge }) => {
    const url = `ws://127.0.0.1:${bridge.port}/other?token=${bridge.token}`;
    expect(await connect(url, bridge.origin)).toEqual({ refused: 404 });
  });

  test('the printed URL carries the token in its fragment only', ({ bridge }) => {
    const url = new URL(bridge.url);
    expect(url.origin).toBe(bridge.origin);
    expect(url.hash).toBe(`#token=${bridge.token}`);
    expect(url.search).toBe('');
    expect(bridge.token.length).toBeGreaterThanOrEqual(40);
  });

  test('tokens are compared whole', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abcd')).toBe(false);
    expect(tokenMatches('abc', '')).toBe(false);
    expect(tokenMatches('abc', null)).toBe(false);
  });
});

test.describe('frames', () => {
  test('a frame that is not JSON is answered with a validation Result', async ({ bridge }) => {
    const socket = await open(bridge);
    const answer = nextFrame(socket);
    socket.send('{not json');
    expect(await answer).toEqual({
      type: 'result',
      id: null,
      result: { ok: false, error: { kind: 'validation', message: 'The frame is not valid JSON.' } },
    });
    socket.close();
  });

  test('a JSON frame that is not a call is answered under its id, naming the field', async ({ bridge }) => {
    const socket = await open(bridge);
    const answer = nextFrame(socket);
    socket.send(JSON.stringify({ id: 7, arg: {} }));
    expect(await answer).toEqual({
      type: 'result',
      id: 7,
      result: {
        ok: false,
        error: { kind: 'validation', message: 'The frame is not a bridge call (channel).', field: 'channel' },
      },
    });
    const extra = nextFrame(socket);
    socket.send(JSON.stringify({ id: 8, channel: CHANNELS.listEnvironments, arg: {}, sneaky: true }));
    expect(((await extra).result as { ok: boolean }).ok).toBe(false);
    socket.close();
  });

  test('binary frames are refused with a validation Result', async ({ bridge }) => {
    const socket = await open(bridge);
    const answer = nextFrame(socket);
    socket.send(Buffer.from('{"id":1}'), { binary: true });
    const frame = await answer;
    expect(frame.id).toBeNull();
    expect((frame.result as { error: { kind: string } }).error.kind).toBe('validation');
    socket.close();
  });
});

test.describe('the dispatcher behind the socket', () => {
  test('a call reaches the real console: the Local sandbox is listed', async ({ bridge }) => {
    const socket = await open(bridge);
    const answer = nextFrame(socket);
    socket.send(JSON.stringify({ id: 1, channel: CHANNELS.listEnvironments, arg: {} }));
    const frame = await answer;
    expect(frame.id).toBe(1);
    const result = frame.result as { ok: true; data: EnvironmentList };
    expect(result.ok).toBe(true);
    expect(result.data.activeEnvironmentId).toBe('local-sandbox');
    expect(result.data.environments.map((environment) => environment.name)).toEqual(['Local sandbox']);
    socket.close();
  });

  test('closing waits for the calls in flight: they all answer, then the data folder goes', async ({
    bridge,
  }) => {
    // A lookup starts the embedded sandbox and then writes the record index; preferences write settings.
    const calls: Array<Promise<{ ok: boolean }>> = [
      bridge.call('getDeposit', { depositId: 300000001 }),
      ...Array.from({ length: 10 }, (_, index) =>
        bridge.call('setPreferences', { theme: index % 2 === 0 ? 'dark' : 'light' }),
      ),
    ];
    await bridge.close();
    const answers = await Promise.all(calls);
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    await expect(stat(bridge.dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test("the dispatcher's own validation answers come back as they are", async ({ bridge }) => {
    const socket = await open(bridge);
    const unknown = nextFrame(socket);
    socket.send(JSON.stringify({ id: 2, channel: 'paydesk:nothing', arg: {} }));
    expect(((await unknown).result as { error: { kind: string; field: string } }).error).toMatchObject({
      kind: 'validation',
      field: 'channel',
    });
    const badArg = nextFrame(socket);
    socket.send(JSON.stringify({ id: 3, channel: CHANNELS.getDeposit, arg: { depositId: 'x' } }));
    expect(((await badArg).result as { error: { kind: string; field: string } }).error).toMatchObject({
      kind: 'validation',
      field: 'depositId',
    });
    socket.close();
  });

  test('runtime events are pushed to every open page', async ({ bridge }) => {
    const first = await open(bridge);
    const second = await open(bridge);
    const events = (socket: WebSocket): Promise<Record<string, unknown>> =>
      new Promise((resolve) =>
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data)) as Record<string, unknown>;
          if (frame.type === 'event' && frame.name === 'environmentChanged') resolve(frame);
        }),
      );
    const received = Promise.all([events(first), events(second)]);
    const used = await bridge.call('useEnvironment', { id: 'local-sandbox' });
    expect(used.ok).toBe(true);
    for (const frame of await received) {
      expect((frame.payload as EnvironmentList).activeEnvironmentId).toBe('local-sandbox');
    }
    first.close();
    second.close();
  });

  test('openExternal: the sandbox checkout (http) is refused by the runtime and nothing is recorded', async ({
    bridge,
  }) => {
    const created = await bridge.call('createDeposit', {
      body: { amount: 100, country: 'BR', currency: 'BRL' },
    });
    expect(created.ok).toBe(true);
    const redirect = created.ok ? created.data.created.record.redirect_url : undefined;
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
    const answer = await bridge.call('openExternal', { url: redirect ?? '' });
    expect(!answer.ok && answer.error.kind).toBe('not_permitted');
    expect(bridge.externalOpens()).toEqual([]);
  });
});

test.describe('the page bridge over the socket', () => {
  test('window.paydesk built by the shared factory round-trips calls', async ({ bridge }) => {
    const socket = new WebSocket(socketUrl(bridge), { origin: bridge.origin });
    // Calls made before the socket opens wait for it.
    const paydesk = buildBridge(createSocketTransport(socket as unknown as PageSocket));
    const [list, deposit] = await Promise.all([
      paydesk.listEnvironments({}),
      paydesk.getDeposit({ depositId: 300000001 }),
    ]);
    expect(list.ok && list.data.activeEnvironmentId).toBe('local-sandbox');
    expect(deposit.ok && deposit.data.record.deposit_id).toBe(300000001);
    socket.close();
  });

  test('events reach the page as payloads', async ({ bridge }) => {
    const socket = new WebSocket(socketUrl(bridge), { origin: bridge.origin });
    const paydesk = buildBridge(createSocketTransport(socket as unknown as PageSocket));
    const payload = new Promise<EnvironmentList>((resolve) => paydesk.on('environmentChanged', resolve));
    await paydesk.listEnvironments({});
    await paydesk.useEnvironment({ id: 'local-sandbox' });
    expect((await payload).activeEnvironmentId).toBe('local-sandbox');
    socket.close();
  });

  test('a socket cut with a call in flight answers it, and every later call, with console_unreachable', async ({
    bridge,
  }) => {
    const socket = new WebSocket(socketUrl(bridge), { origin: bridge.origin });
    const paydesk = buildBridge(createSocketTransport(socket as unknown as PageSocket));
    expect((await paydesk.listEnvironments({})).ok).toBe(true);
    const pending = paydesk.runDoctor({ environmentId: 'local-sandbox' });
    socket.terminate();
    for (const result of [await pending, await paydesk.listEnvironments({})]) {
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.kind).toBe('console_unreachable');
    }
  });

  test('when the server goes away, the page hears it at once, and again when it listens later', async ({
    bridge,
  }) => {
    const socket = new WebSocket(socketUrl(bridge), { origin: bridge.origin });
    const paydesk = buildBridge(createSocketTransport(socket as unknown as PageSocket));
    expect((await paydesk.listEnvironments({})).ok).toBe(true);
    const heard: string[] = [];
    paydesk.on('consoleUnreachable', () => heard.push('early'));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await bridge.close();
    await closed;
    // No call needed: the page learns it when the socket closes, once.
    expect(heard).toEqual(['early']);
    const late = await new Promise<string>((resolve) =>
      paydesk.on('consoleUnreachable', () => resolve('late')),
    );
    expect(late).toBe('late');
    expect(heard).toEqual(['early']);
    const later = await paydesk.listEnvironments({});
    expect(!later.ok && later.error.kind).toBe('console_unreachable');
  });

  test("a refused socket (no token, or an earlier start's) answers every call with console_unreachable", async ({
    bridge,
  }) => {
    const socket = new WebSocket(socketUrl(bridge, null), { origin: bridge.origin });
    socket.on('error', () => undefined);
    const paydesk = buildBridge(createSocketTransport(socket as unknown as PageSocket));
    const result = await paydesk.listEnvironments({});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('console_unreachable');
    // A page that starts listening only after the refusal is still told.
    await new Promise<void>((resolve) => paydesk.on('consoleUnreachable', () => resolve()));
  });

  test('an argument that is not JSON data is refused before it is sent', async ({ bridge }) => {
    const socket = new WebSocket(socketUrl(bridge), { origin: bridge.origin });
    const paydesk = buildBridge(createSocketTransport(socket as unknown as PageSocket));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = await paydesk.getDeposit(cyclic as unknown as { depositId: number });
    expect(!result.ok && result.error.kind).toBe('validation');
    socket.close();
  });
});

test.describe('static files', () => {
  test('index.html carries the CSP header and the bridge script before the app script', async ({
    bridge,
  }) => {
    const page = await get(`${bridge.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body.indexOf('<script src="/paydesk-bridge.js" defer></script>')).toBeGreaterThan(0);
    expect(page.body.indexOf('/paydesk-bridge.js')).toBeLessThan(page.body.indexOf('./assets/app.js'));
  });

  test('the page, the bridge script and app routes are never cached; content-hashed assets may be', async ({
    bridge,
  }) => {
    for (const path of ['/', '/paydesk-bridge.js', '/deposits/300000001', '/assets/missing.js'])
      expect((await get(`${bridge.origin}${path}`)).headers['cache-control'], path).toBe('no-store');
    expect((await get(`${bridge.origin}/assets/app.js`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  test('assets and the bridge script are served with the CSP too', async ({ bridge }) => {
    const asset = await get(`${bridge.origin}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const script = await get(`${bridge.origin}/paydesk-bridge.js`);
    expect(script.status).toBe(200);
    expect(script.body).toContain('paydesk');
    // The page bridge never carries the token: the page reads it from its own URL.
    expect(script.body).not.toContain(bridge.token);
  });

  test('a route of the app falls back to index.html; a missing file is 404', async ({ bridge }) => {
    expect((await get(`${bridge.origin}/deposits/300000001`)).body).toContain('/paydesk-bridge.js');
    expect((await get(`${bridge.origin}/assets/missing.js`)).status).toBe(404);
  });

  test('nothing outside the renderer folder is served', async ({ bridge }) => {
    for (const path of [
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/hostname',
      '/assets/..%2f..%2f..%2fetc%2fhostname',
    ]) {
      const answer = await get(`${bridge.origin}${path}`);
      expect(answer.body, path).not.toContain('root:');
      expect([200, 404], path).toContain(answer.status);
      if (answer.status === 200) expect(answer.body, path).toContain('/paydesk-bridge.js');
    }
  });

  test('a request under another Host (a DNS-rebound page) gets 403 and no file', async ({ bridge }) => {
    for (const host of [
      `evil.example:${bridge.port}`,
      `localhost:${bridge.port}`,
      `127.0.0.1:${bridge.port + 1}`,
    ]) {
      for (const path of ['/', '/assets/app.js', '/paydesk-bridge.js', '/deposits/300000001']) {
        const answer = await get(`${bridge.origin}${path}`, 'GET', { Host: host });
        expect(answer.status, `${host} ${path}`).toBe(403);
        expect(answer.body, `${host} ${path}`).not.toContain('paydesk');
        expect(answer.body, `${host} ${path}`).not.toContain('console.log');
      }
    }
    // The same request under our own Host is served.
    const own = await get(`${bridge.origin}/assets/app.js`, 'GET', { Host: `127.0.0.1:${bridge.port}` });
    expect(own.status).toBe(200);
    expect(own.body).toContain('console.log');
  });

  test('only GET and HEAD', async ({ bridge }) => {
    expect((await get(`${bridge.origin}/`, 'POST')).status).toBe(405);
    const head = await get(`${bridge.origin}/`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});

test.describe('injectBridgeScript', () => {
  test('before the first script, else before </head>, else at the top', () => {
    expect(injectBridgeScript('<head><script type="module" src="a.js"></script></head>')).toBe(
      '<head><script src="/paydesk-bridge.js" defer></script>\n    <script type="module" src="a.js"></script></head>',
    );
    expect(injectBridgeScript('<head><title>x</title></head>')).toBe(
      '<head><title>x</title><script src="/paydesk-bridge.js" defer></script>\n</head>',
    );
    expect(injectBridgeScript('<p>x</p>')).toBe('<script src="/paydesk-bridge.js" defer></script>\n<p>x</p>');
  });
});
