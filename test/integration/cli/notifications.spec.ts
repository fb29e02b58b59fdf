import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBackend } from '../../../main/core/vault';
import { startSandbox, type SandboxHandle } from '../../../main/sandbox';
import { clientFor, controlOk, FULL_PAYER, unwrap } from '../../contract/fixtures';
import { cliVariables } from '../../support/cli-variables';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../support/in-process-cli';
import { runPaydeskBin } from '../../support/paydesk-bin';
import { formatXDate } from '../../../main/core/payments/signer';

/**
 * `paydesk notifications verify` on notifications the sandbox really sent (D11): captured by a
 * plain node:http receiver as the bytes that came, saved as an HTTP request, then checked by the
 * CLI against the environment's key with the record's status read from the same sandbox.
 */

let sandbox: SandboxHandle;
let dataDir: string;
let captured: string[];
let closeReceiver: () => Promise<void>;
let receiverUrl: string;

test.beforeEach(async () => {
  sandbox = await startSandbox({ seed: 7, notificationRetryBaseMs: 25 });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-notify-cli-'));
  captured = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const head = [`${request.method} ${request.url} HTTP/1.1`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) {
        head.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      }
      captured.push(`${head.join('\r\n')}\r\n\r\n${Buffer.concat(chunks).toString('utf8')}`);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ipn`;
  closeReceiver = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
test.afterEach(async () => {
  await closeReceiver();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A deposit made with `notificationUrl`, moved to COMPLETED: the sandbox sends one notification. */
async function completedDeposit(notificationUrl: string): Promise<number> {
  const created = unwrap(
    await clientFor(sandbox).createDeposit({
      amount: 42,
      country: 'BR',
      payer: FULL_PAYER,
      payment_method: 'BL',
      notification_url: notificationUrl,
    }),
  ).record;
  await controlOk(sandbox, 'POST', `/deposits/${created.deposit_id}/transition`, { to: 'COMPLETED' });
  return created.deposit_id;
}

/** The capturing receiver's copy of a completed deposit's notification. */
async function completedDepositNotification(): Promise<{ depositId: number; saved: string }> {
  const depositId = await completedDeposit(receiverUrl);
  await expect.poll(() => captured.length).toBe(1);
  return { depositId, saved: captured[0] ?? '' };
}

async function verify(
  saved: string,
  options: { credentials?: SandboxHandle['credentials']; now?: () => number; json?: boolean } = {},
): Promise<CliRun> {
  const file = join(dataDir, 'notification.http');
  await writeFile(file, saved);
  return runCliInProcess(
    ['notifications', 'verify', file, ...(options.json === false ? [] : ['--json'])],
    {
      env: {
        PAYDESK_DATA_DIR: dataDir,
        ...cliVariables(sandbox.baseUrl, options.credentials ?? sandbox.credentials),
      },
    },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-notify' },
      sandbox: false,
      ...(options.now && { now: options.now }),
    },
  );
}

const expectNoSecret = (run: CliRun): void => {
  expect(run.stdout + run.stderr).not.toContain(sandbox.credentials.apiSecret);
};

test('a notification the sandbox sent is genuine, names its deposit, and its status is read now', async () => {
  const { depositId, saved } = await completedDepositNotification();
  const run = await verify(saved);
  expect(run.code).toBe(0);
  const check = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(check).toMatchObject({
    verdict: { verdict: 'genuine', subject: { kind: 'deposit', id: depositId } },
    current: { status: { ok: true, data: { status: 'COMPLETED' } } },
  });
  expectNoSecret(run);

  const human = await verify(saved, { json: false });
  expect(human.code).toBe(0);
  expect(human.stdout).toContain('verdict: genuine: signed with the key of');
  expect(human.stdout).toContain(`record: deposit ${depositId}`);
  expect(human.stdout).toContain('status now: COMPLETED');
  expectNoSecret(human);
});

test('a tampered body, another account key and an old date each get their verdict (exit 1)', async () => {
  const { depositId, saved } = await completedDepositNotification();
  const tampered = await verify(saved.replace(`"deposit_id":${depositId}`, `"deposit_id":${depositId + 1}`));
  expect(tampered.code).toBe(1);
  expect(JSON.parse(tampered.stdout)).toMatchObject({ verdict: { verdict: 'bad_signature' } });
  expect(JSON.parse(tampered.stdout)).not.toHaveProperty('current');

  const otherAccount = { ...sandbox.credentials, apiKey: 'other-key', apiSecret: 'other-secret' };
  const other = await verify(saved, { credentials: otherAccount });
  expect(other.code).toBe(1);
  expect(JSON.parse(other.stdout)).toMatchObject({ verdict: { verdict: 'unknown_login' } });

  const anHourLater = await verify(saved, { now: () => Date.now() + 3_600_000 });
  expect(anHourLater.code).toBe(1);
  expect(JSON.parse(anHourLater.stdout)).toMatchObject({
    verdict: { verdict: 'stale', subject: { kind: 'deposit', id: depositId } },
  });
});

test('text that is no notification cannot be checked (exit 2)', async () => {
  const run = await verify('{"deposit_id":5}');
  expect(run.code).toBe(2);
  expect(JSON.parse(run.stdout)).toMatchObject({ verdict: { verdict: 'malformed', problem: 'request' } });
});

test('the paydesk bin reads the notification from stdin', async () => {
  const { saved } = await completedDepositNotification();
  const run = await runPaydeskBin(
    ['notifications', 'verify', '-'],
    { PAYDESK_DATA_DIR: dataDir, ...cliVariables(sandbox.baseUrl, sandbox.credentials) },
    saved,
  );
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('verdict: genuine');
  expect(run.stdout).toContain('status now: COMPLETED');
});

/** POSTs a notification as the service would, signed here with node:crypto (over `signedBody` when given). */
async function post(
  url: string,
  body: string,
  options: { at?: number; signedBody?: string; method?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const xDate = formatXDate(options.at ?? Date.now());
  const hex = createHmac('sha256', sandbox.credentials.apiSecret)
    .update(xDate + sandbox.credentials.apiKey + (options.signedBody ?? body))
    .digest('hex');
  const response = await fetch(url, {
    method: options.method ?? 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Date': xDate,
      'X-Login': sandbox.credentials.apiKey,
      Authorization: `SVC ${hex}`,
    },
    ...(options.method === 'GET' ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

test('receive: the sandbox notification is taken once, repeats are counted, hostile ones refused by type', async () => {
  const stop = new AbortController();
  let stderr = '';
  const running = runCliInProcess(
    ['notifications', 'receive', '--port', '0', '--json'],
    {
      env: { PAYDESK_DATA_DIR: dataDir, ...cliVariables(sandbox.baseUrl, sandbox.credentials) },
      signal: stop.signal,
      onStderr: (text) => (stderr += text),
    },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-notify' },
      sandbox: false,
    },
  );
  try {
    await expect.poll(() => /listening on (http:\/\/\S+?);/.exec(stderr)?.[1]).toBeTruthy();
    const url = /listening on (http:\/\/\S+?);/.exec(stderr)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notifications$/);
    const depositId = await completedDeposit(url);
    const delivered = async (): Promise<unknown> => {
      const log = (await controlOk(sandbox, 'GET', '/notifications')).notifications as Array<{
        state: string;
        attempts: Array<{ http_status?: number }>;
      }>;
      return log.map((entry) => [entry.state, entry.attempts.map((attempt) => attempt.http_status)]);
    };
    await expect.poll(delivered).toEqual([['delivered', [200]]]);

    const body = `{"deposit_id":${depositId}}`;
    expect(await post(url, body)).toEqual({ status: 200, json: { taken: true, count: 2 } });
    expect((await post(url, `{"deposit_id":${depositId + 1}}`, { signedBody: body })).json).toMatchObject({
      refused: 'not_genuine',
    });
    expect((await post(url, body, { at: Date.now() - 3_600_000 })).status).toBe(401);
    expect((await post(url, '{"deposit_id":', {})).json).toMatchObject({ refused: 'malformed' });
    expect((await post(url, `{"deposit_id":1,"pad":"${'x'.repeat(10_000)}"}`)).status).toBe(413);
    expect((await post(url, body, { method: 'GET' })).status).toBe(405);
    expect((await post(url, '{"deposit_id":999999999}')).json).toMatchObject({ refused: 'status_unread' });
  } finally {
    stop.abort();
  }
  const run = await running;
  expect(run.code).toBe(0);
  const lines = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { received: { status: string; count: number } });
  expect(lines.map((line) => [line.received.status, line.received.count])).toEqual([
    ['COMPLETED', 1],
    ['COMPLETED', 2],
  ]);
  expect(run.stdout + run.stderr).not.toContain(sandbox.credentials.apiSecret);
});
