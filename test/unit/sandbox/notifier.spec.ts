import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { d1Signature, expect, FULL_PAYER, test, type JsonRecord, type ServiceClient } from './fixtures';

/** D11: signed POSTs to notification_url on every deposit and refund status change, with retries. */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A merchant endpoint: answers the statuses in `script` in turn (200 once it runs out). */
async function receiver(
  script: number[] = [],
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = script.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ipn`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Checks the notification as a merchant must (spec Events rule 3): recompute D1 over the raw body. */
function verify(client: ServiceClient, message: Received): boolean {
  const xDate = String(message.headers['x-date']);
  const login = String(message.headers['x-login']);
  return (
    login === client.credentials.apiKey &&
    message.headers.authorization ===
      `SVC ${d1Signature(client.credentials.apiSecret, xDate, login, message.body)}`
  );
}

async function notificationsOf(client: ServiceClient): Promise<JsonRecord[]> {
  return ((await client.control('GET', '/notifications')).json as { notifications: JsonRecord[] })
    .notifications;
}

test('a deposit status change is notified with {"deposit_id":N}, signed as D1', async ({ client }) => {
  const merchant = await receiver();
  try {
    const created = await client.createDeposit({
      amount: 15,
      country: 'BR',
      payment_method: 'IX',
      payer: FULL_PAYER,
      notification_url: merchant.url,
    });
    const id = Number(created.deposit_id);
    expect(merchant.received).toHaveLength(0);
    await client.transition('deposits', id, { to: 'COMPLETED' });
    await expect.poll(() => merchant.received.length).toBe(1);
    const message = merchant.received[0];
    if (!message) throw new Error('no notification');
    expect(message.body).toBe(`{"deposit_id":${id}}`);
    expect(message.headers['content-type']).toContain('application/json');
    expect(String(message.headers['x-date'])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(verify(client, message)).toBe(true);
    expect(verify(client, { ...message, body: `{"deposit_id":${id + 1}}` })).toBe(false);
    const log = await notificationsOf(client);
    expect(log).toEqual([
      expect.objectContaining({
        subject: 'deposit',
        record_id: id,
        record_status: 'COMPLETED',
        url: merchant.url,
        state: 'delivered',
        attempts: [expect.objectContaining({ attempt: 1, http_status: 200, at: expect.any(String) })],
      }),
    ]);
    expect(JSON.stringify(log)).not.toContain(client.credentials.apiSecret);
  } finally {
    await merchant.close();
  }
});

test('a refund status change is notified with {"refund_id":N}', async ({ client }) => {
  const merchant = await receiver();
  try {
    const created = await client.createDeposit({
      amount: 15,
      country: 'BR',
      payment_method: 'VI',
      payer: FULL_PAYER,
    });
    await client.transition('deposits', Number(created.deposit_id), { to: 'COMPLETED' });
    const refund = await client.signed('POST', '/v3/refunds', {
      deposit_id: created.deposit_id,
      invoice_id: created.merchant_invoice_id,
      notification_url: merchant.url,
    });
    const id = Number((refund.json as JsonRecord).refund_id);
    for (const to of ['DELIVERED', 'COMPLETED']) await client.transition('refunds', id, { to });
    await expect.poll(() => merchant.received.length).toBe(2);
    for (const message of merchant.received) {
      expect(message.body).toBe(`{"refund_id":${id}}`);
      expect(verify(client, message)).toBe(true);
    }
  } finally {
    await merchant.close();
  }
});

test.describe('the retry schedule', () => {
  // Gaps compared with their schedule, not with each other: timers fire late under load (CI saw
  // a first gap of 51 ms and a second of 43 ms with a 20 ms base) but never early. A 150 ms base
  // keeps a schedule that does not double (150, 150) well apart from one that does (150, 300).
  const retryBaseMs = 150;
  test.use({ sandboxOptions: { seed: 1, notificationRetryBaseMs: retryBaseMs } });

  test('a non-2xx answer is retried with growing gaps until it is accepted', async ({ client }) => {
    const merchant = await receiver([500, 503]);
    try {
      const created = await client.createDeposit({
        amount: 15,
        country: 'BR',
        notification_url: merchant.url,
      });
      await client.transition('deposits', Number(created.deposit_id), { to: 'PENDING' });
      await expect.poll(() => merchant.received.length).toBe(3);
      const [entry] = await notificationsOf(client);
      const attempts = (entry?.attempts ?? []) as Array<{ http_status: number; at: string }>;
      expect(attempts.map((attempt) => attempt.http_status)).toEqual([500, 503, 200]);
      expect(entry?.state).toBe('delivered');
      const times = attempts.map((attempt) => Date.parse(attempt.at));
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
      // 1 ms of slack: `at` is in whole milliseconds.
      expect(gaps[0]).toBeGreaterThanOrEqual(retryBaseMs - 1);
      expect(gaps[1]).toBeGreaterThanOrEqual(2 * retryBaseMs - 1);
    } finally {
      await merchant.close();
    }
  });
});

test('after 5 retries (6 attempts) a failing endpoint is given up; an unreachable one too', async ({
  client,
}) => {
  const merchant = await receiver(Array.from({ length: 10 }, () => 500));
  const gone = await receiver();
  await gone.close();
  try {
    const failing = await client.createDeposit({ amount: 15, country: 'BR', notification_url: merchant.url });
    const unreachable = await client.createDeposit({ amount: 16, country: 'BR', notification_url: gone.url });
    await client.transition('deposits', Number(failing.deposit_id), { to: 'PENDING' });
    await client.transition('deposits', Number(unreachable.deposit_id), { to: 'PENDING' });
    await expect
      .poll(async () => (await notificationsOf(client)).map((entry) => entry.state), { timeout: 15_000 })
      .toEqual(['failed', 'failed']);
    expect(merchant.received).toHaveLength(6);
    const [first, second] = await notificationsOf(client);
    expect((first?.attempts as unknown[]).length).toBe(6);
    expect(second?.attempts).toEqual(
      Array.from({ length: 6 }, (_, index) =>
        expect.objectContaining({ attempt: index + 1, error: 'network failure' }),
      ),
    );
  } finally {
    await merchant.close();
  }
});
