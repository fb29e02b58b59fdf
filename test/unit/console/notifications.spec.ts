import { createHmac } from 'node:crypto';
import { formatXDate } from '../../../main/core/payments/signer';
import { sandboxCredentials } from '../../../main/sandbox/credentials';
import { addEnvironmentFor, dataOf, EMBEDDED_SEED, expect, test } from './console-fixture';

/**
 * verifyNotification through the dispatcher: the keys of every environment the desk knows, the
 * embedded sandbox's only while it runs, and the named record's status read where it was signed.
 */

/** A D11 notification as text, signed here with node:crypto (not with the code under test). */
function notificationText(
  body: string,
  credentials: { apiKey: string; apiSecret: string },
  at = Date.now(),
): string {
  const xDate = formatXDate(at);
  const hex = createHmac('sha256', credentials.apiSecret)
    .update(xDate + credentials.apiKey + body)
    .digest('hex');
  return [
    'POST /ipn HTTP/1.1',
    'Content-Type: application/json',
    `X-Date: ${xDate}`,
    `X-Login: ${credentials.apiKey}`,
    `Authorization: SVC ${hex}`,
    '',
    body,
  ].join('\r\n');
}

/** A seeded COMPLETED deposit of every sandbox world (main/sandbox/seed-data.ts). */
const SEEDED_COMPLETED = 300000001;

test('a notification is genuine for the environment whose key signed it, and its status is read there', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 5 });
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing BR', kind: 'testing', baseUrl: service.baseUrl },
    service.credentials,
  );
  const check = dataOf(
    await console.call('verifyNotification', {
      text: notificationText(`{"deposit_id":${SEEDED_COMPLETED}}`, service.credentials),
    }),
  );
  expect(check).toMatchObject({
    verdict: {
      verdict: 'genuine',
      environmentIds: [testing.id],
      subject: { kind: 'deposit', id: SEEDED_COMPLETED },
    },
    checked: [{ id: testing.id, name: 'Testing BR', kind: 'testing' }],
    current: { environmentId: testing.id, status: { ok: true, data: { status: 'COMPLETED' } } },
  });
  // No embedded sandbox is started for a check: its world would be a new one that sent nothing.
  expect(check.unchecked).toEqual([
    { environmentId: 'local-sandbox', reason: 'The embedded sandbox is not running in this process.' },
  ]);
});

test("once the embedded sandbox runs, its notifications are checked with its key; a testing key's are not its", async ({
  openConsole,
  sandbox,
}) => {
  const console = openConsole();
  dataOf(await console.call('getDeposit', { depositId: SEEDED_COMPLETED }));
  const embedded = sandboxCredentials(EMBEDDED_SEED);
  const genuine = dataOf(
    await console.call('verifyNotification', { text: notificationText('{"refund_id":17}', embedded) }),
  );
  expect(genuine).toMatchObject({
    verdict: { verdict: 'genuine', environmentIds: ['local-sandbox'], subject: { kind: 'refund', id: 17 } },
    unchecked: [],
    current: { environmentId: 'local-sandbox', status: { ok: true } },
  });
  const stranger = await sandbox({ seed: 6 });
  const unknown = dataOf(
    await console.call('verifyNotification', {
      text: notificationText('{"refund_id":17}', stranger.credentials),
    }),
  );
  expect(unknown).toMatchObject({ verdict: { verdict: 'unknown_login' } });
  expect(unknown).not.toHaveProperty('current');
  const old = dataOf(
    await console.call('verifyNotification', {
      text: notificationText('{"refund_id":17}', embedded, Date.now() - 3_600_000),
    }),
  );
  expect(old).toMatchObject({ verdict: { verdict: 'stale', date: { maxAgeSeconds: 300 } } });
});

test('a deposit created on the embedded sandbox carries its receiver, and its payment arrives by itself, once', async ({
  openConsole,
}) => {
  const console = openConsole();
  const created = dataOf(await console.call('createDeposit', { body: { amount: 10, country: 'BR' } }));
  const depositId = created.created.record.deposit_id;
  dataOf(await console.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to: 'PENDING' }));
  const arrived = () =>
    console.events.filter((event) => event.event === 'notificationReceived').map((event) => event.payload);
  await expect.poll(arrived).toEqual([
    expect.objectContaining({
      environmentId: 'local-sandbox',
      subject: { kind: 'deposit', id: depositId },
      status: 'PENDING',
      count: 1,
    }),
  ]);
  expect(dataOf(await console.call('listReceivedNotifications', {}))).toEqual([
    expect.objectContaining({ subject: { kind: 'deposit', id: depositId }, status: 'PENDING', count: 1 }),
  ]);
});

test('a console that does not poll (the CLI) gives no notification_url of its own', async ({
  openConsole,
}) => {
  const console = openConsole({ watch: { polling: false } });
  const created = dataOf(await console.call('createDeposit', { body: { amount: 10, country: 'BR' } }));
  dataOf(
    await console.call('transitionSandboxRecord', {
      entity: 'deposit',
      id: created.created.record.deposit_id,
      to: 'PENDING',
    }),
  );
  // Time enough for a notification to come, had the deposit named a receiver (the test above: ~0.1 s).
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(dataOf(await console.call('listReceivedNotifications', {}))).toEqual([]);
  expect(console.events.some((event) => event.event === 'notificationReceived')).toBe(false);
});

test('a refund made on the embedded sandbox carries the receiver too: its settlement arrives by itself', async ({
  openConsole,
}) => {
  const console = openConsole();
  const created = dataOf(
    await console.call('createDeposit', {
      body: { amount: 30, country: 'BR', invoice_id: 'INV-NOTIFY-REFUND' },
    }),
  );
  const depositId = created.created.record.deposit_id;
  for (const to of ['PENDING', 'COMPLETED']) {
    dataOf(await console.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to }));
  }
  const refund = dataOf(
    await console.call('createRefund', {
      body: {
        deposit_id: depositId,
        invoice_id: 'INV-NOTIFY-REFUND',
        amount: 10,
        bank_account: { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' },
      },
    }),
  );
  const refundId = refund.created.record.refund_id;
  dataOf(await console.call('transitionSandboxRecord', { entity: 'refund', id: refundId, to: 'DELIVERED' }));
  await expect
    .poll(async () => dataOf(await console.call('listReceivedNotifications', {})))
    .toContainEqual(
      expect.objectContaining({ subject: { kind: 'refund', id: refundId }, status: 'DELIVERED', count: 1 }),
    );
});

test('the receiver keeps its port from one run to the next, so a body sent again after a restart is the same', async ({
  openConsole,
}) => {
  const notifiedUrl = async (console: ReturnType<typeof openConsole>): Promise<string | undefined> => {
    const created = dataOf(await console.call('createDeposit', { body: { amount: 10, country: 'BR' } }));
    const depositId = created.created.record.deposit_id;
    dataOf(
      await console.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to: 'PENDING' }),
    );
    await expect
      .poll(async () => dataOf(await console.call('listSandboxNotifications', {})).length)
      .toBeGreaterThan(0);
    return dataOf(await console.call('listSandboxNotifications', {})).at(-1)?.url;
  };
  const first = openConsole();
  const firstUrl = await notifiedUrl(first);
  expect(firstUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notifications$/);
  await first.close();
  const second = openConsole();
  expect(await notifiedUrl(second)).toBe(firstUrl);
});
