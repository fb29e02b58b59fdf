import { expect, FULL_PAYER, SEEDED, test, type JsonRecord } from '../fixtures';

/** Time-driven deposit moves on the sandbox clock: expiry, the 7-day cancel, late manual approval. */

test('a deposit expires at its expiration_date and is CANCELLED 7 days later', async ({ client }) => {
  const created = await client.createDeposit({
    amount: 10,
    country: 'BR',
    payment_method: 'IX',
    payer: FULL_PAYER,
  });
  const id = Number(created.deposit_id);
  const expiry = Date.parse(
    `${String((created.payment_info as JsonRecord).expiration_date).replace(' ', 'T')}Z`,
  );
  const clock = (await client.control('GET', '/clock')).json as { now_ms: number };
  const untilExpiry = Math.ceil((expiry - clock.now_ms) / 1000);
  await client.advance(untilExpiry - 5);
  expect((await client.deposit(id)).status).toBe('PENDING');
  await client.advance(10);
  expect((await client.deposit(id)).status).toBe('EXPIRED');
  await client.advance(7 * 86400 - 60);
  expect((await client.deposit(id)).status).toBe('EXPIRED');
  await client.advance(120);
  expect((await client.deposit(id)).status).toBe('CANCELLED');
  expect((await client.transition('deposits', id, { to: 'COMPLETED' })).status).toBe(200);
  expect((await client.deposit(id)).status).toBe('COMPLETED');
});

test('a HOSTED deposit left CREATED expires too; a long jump applies both moves at once', async ({
  client,
}) => {
  const created = await client.createDeposit({ amount: 10, country: 'BR' });
  await client.advance(9 * 86400);
  expect((await client.deposit(Number(created.deposit_id))).status).toBe('CANCELLED');
});

test('the seeded EXPIRED deposit is CANCELLED 7 days after it expired; completed ones never expire', async ({
  client,
}) => {
  await client.advance(6 * 86400 + 3600);
  expect((await client.deposit(SEEDED.expiredDeposit)).status).toBe('CANCELLED');
  expect((await client.deposit(SEEDED.completedCardDeposit)).status).toBe('COMPLETED');
  expect((await client.deposit(SEEDED.earlyReleasedDeposit)).status).toBe('EARLY RELEASED');
});

test('expiry without any request: the sandbox notices on its own and notifies', async ({ client }) => {
  const created = await client.createDeposit({
    amount: 10,
    country: 'BR',
    payment_method: 'IX',
    notification_url: 'http://127.0.0.1:9/ipn',
  });
  await client.control('POST', '/clock/advance', { seconds: 31 * 60 });
  const notifications = (
    (await client.control('GET', '/notifications')).json as { notifications: JsonRecord[] }
  ).notifications;
  expect(notifications).toContainEqual(
    expect.objectContaining({ record_id: created.deposit_id, record_status: 'EXPIRED' }),
  );
});

test('the clock cannot run backwards', async ({ client }) => {
  expect((await client.control('POST', '/clock/advance', { seconds: -10 })).status).toBe(400);
  expect((await client.control('POST', '/clock/advance', {})).status).toBe(400);
});
