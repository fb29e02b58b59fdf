import { startSandbox } from '../../../main/sandbox/index';
import { expect, FULL_PAYER, ServiceClient, test } from './fixtures';

/** One seed, one world: two sandboxes started with the same seed hold the same data. */

async function snapshot(seed: number): Promise<unknown[]> {
  const sandbox = await startSandbox({ seed });
  try {
    const client = new ServiceClient(sandbox);
    const facts: unknown[] = [sandbox.credentials];
    for (let id = 300000001; id <= 300000011; id += 1) facts.push(await client.deposit(id));
    for (const id of [17, 18, 19]) facts.push((await client.signed('GET', `/v3/refunds/${id}`)).json);
    facts.push((await client.signed('GET', '/sub_merchants/18703')).json);
    for (const body of [
      { amount: 10, country: 'BR' },
      { amount: 20, country: 'BR', payment_method: 'BL', payer: FULL_PAYER },
      { amount: 30, country: 'MX', payment_method: 'SE', payer: { id: 'abc' } },
    ]) {
      const created = await client.createDeposit(body);
      const info = created.payment_info as Record<string, unknown> | undefined;
      // Timestamps follow the wall clock; everything else must follow the seed.
      facts.push({
        ...created,
        payment_info: info ? { ...info, created_at: 'x', expiration_date: 'x' } : undefined,
      });
    }
    const refundDeposit = await client.createDeposit({
      amount: 10,
      country: 'BR',
      payment_method: 'VI',
      payer: FULL_PAYER,
    });
    await client.transition('deposits', Number(refundDeposit.deposit_id), { to: 'COMPLETED' });
    facts.push(await client.deposit(Number(refundDeposit.deposit_id)));
    facts.push(
      (
        await client.signed('POST', '/v3/refunds', {
          deposit_id: refundDeposit.deposit_id,
          invoice_id: refundDeposit.merchant_invoice_id,
        })
      ).json,
    );
    facts.push((await client.control('POST', '/cashouts', {})).json);
    // The port differs between the two; the rest of every URL must not.
    return JSON.parse(JSON.stringify(facts).replaceAll(sandbox.baseUrl, 'BASE_URL')) as unknown[];
  } finally {
    await sandbox.close();
  }
}

test('two sandboxes with the same seed give the same credentials, records and new ids', async () => {
  const [first, second] = await Promise.all([snapshot(424242), snapshot(424242)]);
  expect(second).toEqual(first);
});

test('another seed gives other credentials and ids, the same fixed seeded ids', async () => {
  const [first, second] = await Promise.all([snapshot(1), snapshot(2)]);
  expect(second[0]).not.toEqual(first[0]);
  expect((second[1] as { deposit_id: number }).deposit_id).toBe(
    (first[1] as { deposit_id: number }).deposit_id,
  );
  expect(second.at(-1)).not.toEqual(first.at(-1));
});

test('credentials given as options replace the generated ones', async () => {
  const sandbox = await startSandbox({ seed: 3, credentials: { apiKey: 'my-key', cashoutLogin: 'me' } });
  try {
    expect(Object.keys(sandbox.credentials).sort()).toEqual([
      'apiKey',
      'apiSecret',
      'cashoutLogin',
      'cashoutPass',
      'cashoutSecret',
      'readOnlyKey',
    ]);
    expect(sandbox.credentials).toMatchObject({ apiKey: 'my-key', cashoutLogin: 'me' });
    expect((await new ServiceClient(sandbox).signed('GET', '/v3/deposits/300000001')).status).toBe(200);
  } finally {
    await sandbox.close();
  }
});

test('bad options are refused before listening', async () => {
  await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow();
  await expect(startSandbox({ credentials: { cashoutPass: 'x'.repeat(33) } })).rejects.toThrow();
  await expect(startSandbox({ seed: -1 })).rejects.toThrow();
});

test('the embedded sandbox listens on an ephemeral loopback port and closes cleanly', async () => {
  const sandbox = await startSandbox();
  expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(sandbox.controlUrl).toBe(`${sandbox.baseUrl}/__sandbox`);
  await sandbox.close();
  await sandbox.close();
  await expect(fetch(`${sandbox.baseUrl}/__sandbox/clock`)).rejects.toThrow();
});
