import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxHandle } from '../../main/sandbox';
import { FULL_PAYER, SEEDED, controlOk, expect, sandboxAuthNow, test, unwrap } from './fixtures';

/**
 * D11 notifications received by a test receiver (node:http on 127.0.0.1, ephemeral port): the
 * body names the record, the signature is recomputed here with node:crypto as D1 describes it
 * (independently of the client's signer), and the status read through the client is the truth.
 */

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Answers each notification with the next status of `answers` (then 200). */
async function startReceiver(answers: number[] = []): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ipn`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/** D11 = D1 over the raw body: `SVC ` + hex HMAC-SHA256(API secret, X-Date + X-Login + body). */
function signatureHolds(notification: Received, apiSecret: string): boolean {
  const xDate = header(notification.headers, 'x-date');
  const xLogin = header(notification.headers, 'x-login');
  const expected = Buffer.from(
    `SVC ${createHmac('sha256', apiSecret).update(`${xDate}${xLogin}${notification.body}`, 'utf8').digest('hex')}`,
  );
  const given = Buffer.from(header(notification.headers, 'authorization'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Everything a merchant checks before acting on a notification. */
async function expectAuthentic(notification: Received, sandbox: SandboxHandle): Promise<void> {
  expect(notification.method).toBe('POST');
  expect(notification.path).toBe('/ipn');
  expect(header(notification.headers, 'content-type')).toMatch(/^application\/json/);
  expect(header(notification.headers, 'x-login')).toBe(sandbox.credentials.apiKey);
  const xDate = header(notification.headers, 'x-date');
  expect(xDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  // Stamped by the service's authentication clock (D13), within D2's window of it: a merchant
  // checks it against its own wall clock, whatever time travel did.
  expect(Math.abs(Date.parse(xDate) - (await sandboxAuthNow(sandbox)))).toBeLessThanOrEqual(5_000);
  expect(header(notification.headers, 'authorization')).toMatch(/^SVC [0-9a-f]{64}$/);
  expect(signatureHolds(notification, sandbox.credentials.apiSecret)).toBe(true);
  // The check can fail: a changed body or another secret no longer verifies.
  expect(
    signatureHolds({ ...notification, body: `${notification.body} ` }, sandbox.credentials.apiSecret),
  ).toBe(false);
  expect(signatureHolds(notification, `${sandbox.credentials.apiSecret}x`)).toBe(false);
}

let receiver: Receiver;
test.afterEach(() => receiver.close());

test('a deposit notification: {"deposit_id":N}, D11-signed, only on a status change; the read is the truth', async ({
  sandbox,
  client,
}) => {
  receiver = await startReceiver();
  const created = unwrap(
    await client.createDeposit({
      amount: 42,
      country: 'BR',
      payer: FULL_PAYER,
      payment_method: 'BL',
      notification_url: receiver.url,
    }),
  ).record;
  await controlOk(sandbox, 'POST', `/deposits/${created.deposit_id}/transition`, { to: 'COMPLETED' });
  await expect.poll(() => receiver.received.length).toBe(1);
  const [notification] = receiver.received;
  if (!notification) throw new Error('no notification');
  expect(JSON.parse(notification.body)).toEqual({ deposit_id: created.deposit_id });
  expect(notification.body).toBe(`{"deposit_id":${created.deposit_id}}`);
  await expectAuthentic(notification, sandbox);
  // Creation sent nothing: the one notification is the move to COMPLETED.
  const log = (await controlOk(sandbox, 'GET', '/notifications')).notifications as unknown[];
  expect(log).toHaveLength(1);
  // D11: a notification is only a trigger; the status read through the client is the truth.
  expect(unwrap(await client.getDeposit(created.deposit_id)).record.status).toBe('COMPLETED');
});

test('a refund notification: {"refund_id":N}, D11-signed, on each status change', async ({
  sandbox,
  client,
}) => {
  receiver = await startReceiver();
  const refundId = unwrap(
    await client.createRefund({
      deposit_id: SEEDED.completedCardDeposit,
      invoice_id: `INV-${SEEDED.completedCardDeposit}`,
      amount: 5,
      notification_url: receiver.url,
    }),
  ).record.refund_id;
  for (const to of ['DELIVERED', 'COMPLETED']) {
    await controlOk(sandbox, 'POST', `/refunds/${refundId}/transition`, { to });
  }
  await expect.poll(() => receiver.received.length).toBe(2);
  for (const notification of receiver.received) {
    expect(notification.body).toBe(`{"refund_id":${refundId}}`);
    await expectAuthentic(notification, sandbox);
  }
  expect(unwrap(await client.getRefund(refundId)).record.status).toBe('COMPLETED');
  // D8: the deposit reads refunded once one of its refunds is COMPLETED.
  expect(unwrap(await client.getDeposit(SEEDED.completedCardDeposit)).record.refunded).toBe(true);
});

test('a receiver that answers non-2xx gets the notification again, signed afresh (D11 retries)', async ({
  sandbox,
  client,
}) => {
  receiver = await startReceiver([500, 503]);
  const created = unwrap(
    await client.createDeposit({ amount: 9, country: 'MX', notification_url: receiver.url }),
  ).record;
  expect(created.checkout_type).toBe('HOSTED');
  await controlOk(sandbox, 'POST', `/deposits/${created.deposit_id}/transition`, { to: 'PENDING' });
  await expect.poll(() => receiver.received.length).toBe(3);
  for (const notification of receiver.received) {
    expect(notification.body).toBe(`{"deposit_id":${created.deposit_id}}`);
    expect(signatureHolds(notification, sandbox.credentials.apiSecret)).toBe(true);
  }
  // Rule 2 of Events: the same deposit may be notified several times; the read says PENDING.
  expect(unwrap(await client.getDeposit(created.deposit_id)).record.status).toBe('PENDING');
  await expect
    .poll(async () => {
      const [entry] = (await controlOk(sandbox, 'GET', '/notifications')).notifications as Array<{
        state: string;
      }>;
      return entry?.state;
    })
    .toBe('delivered');
});
