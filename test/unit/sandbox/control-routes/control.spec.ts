import { isLoopback } from '../../../../main/sandbox/auth';
import { expect, FULL_PAYER, newKey, SEEDED, test, type JsonRecord } from '../fixtures';

/** The control API: fault injection, reset, and its own rules. */

const body = { amount: 12, country: 'BR', payment_method: 'IX', payer: FULL_PAYER };

test('drop: the connection closes without an answer', async ({ client }) => {
  await client.control('POST', '/faults', { rate: 1, kinds: ['drop'], seed: 1 });
  await expect(client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`)).rejects.toThrow();
  const settings = (await client.control('GET', '/faults')).json as { counters: Record<string, number> };
  expect(settings.counters.drop).toBe(1);
});

test('drop after the change: the answer is lost, and an idempotent retry returns it without duplicating', async ({
  client,
}) => {
  await client.control('POST', '/faults', { rate: 1, kinds: ['drop'], seed: 1 });
  // Find a drop that happened after handling: the deposit exists although no answer came.
  let lost: { key: string; nextId: number } | undefined;
  for (let attempt = 0; attempt < 20 && !lost; attempt += 1) {
    await client.control('POST', '/faults', { rate: 0 });
    const probe = await client.createDeposit({ amount: 1, country: 'BR' });
    await client.control('POST', '/faults', { rate: 1, kinds: ['drop'], seed: attempt + 1 });
    const key = newKey();
    await expect(client.signed('POST', '/v3/deposits', body, { idempotencyKey: key })).rejects.toThrow();
    await client.control('POST', '/faults', { rate: 0 });
    const exists = await client.signed('GET', `/v3/deposits/${Number(probe.deposit_id) + 1}`);
    if (exists.status === 200) lost = { key, nextId: Number(probe.deposit_id) + 1 };
  }
  expect(lost).toBeDefined();
  if (!lost) return;
  const retry = await client.signed('POST', '/v3/deposits', body, { idempotencyKey: lost.key });
  expect(retry.status).toBe(200);
  expect((retry.json as JsonRecord).deposit_id).toBe(lost.nextId);
  expect((await client.signed('GET', `/v3/deposits/${lost.nextId + 1}`)).status).toBe(404);
  const counters = ((await client.control('GET', '/faults')).json as { counters: Record<string, number> })
    .counters;
  expect(counters.requests).toBeGreaterThan(0);
});

test('malformed: the answer does not parse as JSON', async ({ client }) => {
  await client.control('POST', '/faults', { rate: 1, kinds: ['malformed'], seed: 2 });
  const reply = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`);
  expect(reply.headers.get('content-type')).toContain('application/json');
  expect(() => JSON.parse(reply.text)).toThrow();
});

test('http500 and latency are counted; rate 0 turns faults off; the control API is never faulted', async ({
  client,
}) => {
  const set = await client.control('POST', '/faults', {
    rate: 1,
    kinds: ['http500', 'latency'],
    seed: 5,
    max_latency_ms: 20,
  });
  expect(set.json).toMatchObject({ rate: 1, kinds: ['http500', 'latency'], seed: 5 });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1) statuses.push((await client.readOnly('/v3/banks?country=BR')).status);
  const counters = ((await client.control('GET', '/faults')).json as { counters: Record<string, number> })
    .counters;
  expect(counters.requests).toBe(12);
  expect((counters.http500 ?? 0) + (counters.latency ?? 0)).toBe(12);
  expect(statuses.filter((status) => status === 500)).toHaveLength(counters.http500 ?? -1);
  expect(counters.http500).toBeGreaterThan(0);
  expect(counters.latency).toBeGreaterThan(0);
  await client.control('POST', '/faults', { rate: 0 });
  expect((await client.readOnly('/v3/banks?country=BR')).status).toBe(200);
});

test('a partial rate faults some requests, the same way for the same seed', async ({ client }) => {
  const run = async () => {
    await client.control('POST', '/faults', { rate: 0.5, kinds: ['http500'], seed: 77 });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await client.readOnly('/v3/banks?country=BR')).status);
    return statuses;
  };
  const first = await run();
  expect(first).toContain(500);
  expect(first).toContain(200);
  expect(await run()).toEqual(first);
});

test('fault settings are validated', async ({ client }) => {
  for (const settings of [
    { rate: 2 },
    { rate: 0.5, kinds: ['fire'] },
    { kinds: ['drop'] },
    { rate: 0.5, kinds: [] },
  ]) {
    expect((await client.control('POST', '/faults', settings)).status, JSON.stringify(settings)).toBe(400);
  }
});

test('reset puts back the seeded state: records, clock, faults, idempotency and notifications', async ({
  client,
}) => {
  const before = await client.deposit(SEEDED.pendingVoucherDeposit);
  const credentials = client.cashoutCredentials();
  await client.cashout('DELETE', '/v3/cashout/cancel', {
    ...credentials,
    cashout_id: SEEDED.cashout,
    external_id: SEEDED.cashoutExternalId,
  });
  const created = await client.createDeposit(body, { idempotencyKey: 'k-1' });
  await client.advance(3600);
  // Within the 5 s window, so this client (skew 0) still signs on time until the reset.
  expect((await client.control('POST', '/clock/skew', { seconds: 2 })).status).toBe(200);
  await client.control('POST', '/faults', { rate: 0.1, seed: 9 });
  const reset = await client.control('POST', '/reset');
  expect(reset.status).toBe(200);
  expect((await client.control('GET', '/clock')).json).toMatchObject({
    offset_ms: 0,
    authentication: { skew_ms: 0 },
  });
  expect((await client.control('GET', '/faults')).json).toMatchObject({ rate: 0 });
  expect((await client.control('GET', '/notifications')).json).toEqual({ notifications: [] });
  const status = await client.cashout('POST', '/v3/cashout/status', {
    ...credentials,
    cashout_id: SEEDED.cashout,
  });
  expect((status.json as JsonRecord).cashout_status).toBe(0);
  expect((await client.signed('GET', `/v3/deposits/${String(created.deposit_id)}`)).status).toBe(404);
  expect(await client.deposit(SEEDED.pendingVoucherDeposit)).toEqual(before);
  const again = await client.createDeposit(body, { idempotencyKey: 'k-1' });
  expect(again.deposit_id).toBe(created.deposit_id);
});

test('control answers are JSON; unknown control routes 404; bad JSON 400', async ({ client, sandbox }) => {
  const index = await client.control('GET', '/');
  expect((index.json as { routes: string[] }).routes.length).toBeGreaterThan(5);
  const machines = (await client.control('GET', '/state-machines')).json as Record<string, unknown[]>;
  expect(Object.keys(machines)).toEqual(['deposit', 'refund', 'cashout']);
  expect((await client.control('GET', '/nothing')).status).toBe(404);
  const bad = await fetch(`${sandbox.controlUrl}/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{',
  });
  expect(bad.status).toBe(400);
  const view = await client.control('GET', `/deposits/${SEEDED.createdHostedDeposit}`);
  expect(view.json).toMatchObject({
    deposit_id: SEEDED.createdHostedDeposit,
    status: 'CREATED',
    checkout_url: expect.stringContaining('/checkout/'),
  });
});

test('only loopback callers may use the control API', () => {
  for (const address of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1'])
    expect(isLoopback(address), address).toBe(true);
  for (const address of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', '2001:db8::1', undefined])
    expect(isLoopback(address), String(address)).toBe(false);
});
