import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SEEDED, advanceClock, controlOk, expect, test } from './fixtures';
import { SpecOnlyClient, type SpecReply } from './spec-only-client';

/**
 * D13 from the outside: a client that knows only the spec signs with its own wall clock and
 * keeps working across time travel, while the business clock still expires what it should. An
 * explicit skew is what makes it fail the 5-second rule.
 */

type Json = Record<string, unknown>;

test('the spec-only client imports nothing but node built-ins (no code shared with main/)', () => {
  const source = readFileSync(new URL('./spec-only-client.ts', import.meta.url), 'utf8');
  const imported = [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
  expect(imported.length).toBeGreaterThan(0);
  expect(imported.filter((name) => !name?.startsWith('node:'))).toEqual([]);
});

/** Whether the answer's Date header is this machine's time (the authentication clock, no skew). */
const dateIsWallTime = (reply: SpecReply): boolean =>
  Math.abs(Date.parse(reply.headers.get('date') ?? '') - Date.now()) < 3000;

test('signing with its own clock, the client reads and creates before and after an hour and 8 days of time travel', async ({
  sandbox,
}) => {
  const client = new SpecOnlyClient(sandbox.baseUrl, sandbox.credentials);
  const works = async (): Promise<void> => {
    const banks = await client.readOnly('/v3/banks?country=BR');
    expect(banks.status).toBe(200);
    const seeded = await client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`);
    expect(seeded.status, JSON.stringify(seeded.json)).toBe(200);
    expect(dateIsWallTime(seeded)).toBe(true);
    const created = await client.signed(
      'POST',
      '/v3/deposits',
      { amount: '10.00', country: 'MX' },
      randomUUID(),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const sub = await client.signed('GET', `/sub_merchants/${SEEDED.activeSubMerchant}`);
    expect(sub.status).toBe(200);
  };

  await works();
  // Instant payment (BR IX) with no payer: QuickPay ONE_SHOT, PENDING, expiring within the hour.
  const before = await client.signed(
    'POST',
    '/v3/deposits',
    { amount: 10, country: 'BR', payment_method: 'IX' },
    randomUUID(),
  );
  expect(before.status).toBe(200);
  const id = (before.json as Json).deposit_id as number;
  const statusOf = async (): Promise<unknown> =>
    ((await client.signed('GET', `/v3/deposits/${id}`)).json as Json).status;
  expect(await statusOf()).toBe('PENDING');

  await advanceClock(sandbox, 3600);
  await works();
  expect(await statusOf()).toBe('EXPIRED');

  await advanceClock(sandbox, 8 * 86_400);
  await works();
  expect(await statusOf()).toBe('CANCELLED');

  const clock = await controlOk(sandbox, 'GET', '/clock');
  expect(Math.abs((clock.now_ms as number) - Date.now() - (3600 + 8 * 86_400) * 1000)).toBeLessThan(3000);
  expect(clock.authentication).toMatchObject({ skew_ms: 0 });
});

test('an explicit skew is what the 5-second rule sees: 4 s accepted, 7 s refused with 103, either sign', async ({
  sandbox,
}) => {
  const client = new SpecOnlyClient(sandbox.baseUrl, sandbox.credentials);
  const read = () => client.signed('GET', `/v3/deposits/${SEEDED.completedCardDeposit}`);
  for (const seconds of [4, -4]) {
    await controlOk(sandbox, 'POST', '/clock/skew', { seconds });
    expect((await read()).status).toBe(200);
  }
  for (const seconds of [7, -7]) {
    const clock = await controlOk(sandbox, 'POST', '/clock/skew', { seconds });
    expect(clock.authentication).toMatchObject({ skew_ms: seconds * 1000 });
    const refused = await read();
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 103, type: 'INVALID_DATE_RANGE' });
    // The Date header shows the skew, so a correcting client can measure it.
    expect(
      Math.abs(Date.parse(refused.headers.get('date') ?? '') - Date.now() - seconds * 1000),
    ).toBeLessThan(2000);
  }
  await controlOk(sandbox, 'POST', '/clock/skew', { seconds: 0 });
  expect((await read()).status).toBe(200);
});

test('the skew route refuses what is not a number of seconds (400) and changes nothing', async ({
  sandbox,
}) => {
  for (const body of [{}, { seconds: 'ten' }, { seconds: 1e12 }, { seconds: 5, extra: 1 }]) {
    const response = await fetch(`${sandbox.controlUrl}/clock/skew`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, JSON.stringify(body)).toBe(400);
  }
  expect((await controlOk(sandbox, 'GET', '/clock')).authentication).toMatchObject({ skew_ms: 0 });
});
