import { expect, SEEDED, test, type JsonRecord } from './fixtures';

/** Cashout status and cancel (spec endpoints 7 and 8, D7). */

test('status by cashout_id, by external_id, or both naming the same cashout', async ({ client }) => {
  const credentials = client.cashoutCredentials();
  for (const ids of [
    { cashout_id: SEEDED.cashout },
    { external_id: SEEDED.cashoutExternalId },
    { cashout_id: SEEDED.cashout, external_id: SEEDED.cashoutExternalId },
  ]) {
    const reply = await client.cashout('POST', '/v3/cashout/status', { ...credentials, ...ids });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ cashout_status: 0, cashout_status_description: 'Pending' });
  }
});

test('status of an unknown cashout, or of two ids naming different cashouts, gets 412/509', async ({
  client,
}) => {
  const credentials = client.cashoutCredentials();
  for (const ids of [
    { cashout_id: 1 },
    { external_id: 'nope' },
    { cashout_id: SEEDED.cashout, external_id: 'payout-7782' },
  ]) {
    const reply = await client.cashout('POST', '/v3/cashout/status', { ...credentials, ...ids });
    expect(reply.status).toBe(412);
    expect(reply.json).toEqual({ code: 509, message: expect.any(String) });
  }
});

test('a seeded rejected cashout carries rejection_code and rejection_reason', async ({ client }) => {
  const reply = await client.cashout('POST', '/v3/cashout/status', {
    ...client.cashoutCredentials(),
    external_id: 'payout-7785',
  });
  const body = reply.json as JsonRecord;
  expect(body).toMatchObject({
    cashout_status: 3,
    cashout_status_description: 'Rejected',
    rejection_reason: expect.any(String),
  });
  expect(body.rejection_code).toBeGreaterThanOrEqual(800);
  expect(body.rejection_code).toBeLessThanOrEqual(826);
});

test('cancel of a PENDING cashout: 200 {2, Canceled}, then 412/510 on a second cancel', async ({
  client,
}) => {
  const body = {
    ...client.cashoutCredentials(),
    cashout_id: SEEDED.cashout,
    external_id: SEEDED.cashoutExternalId,
  };
  const cancelled = await client.cashout('DELETE', '/v3/cashout/cancel', body);
  expect(cancelled.status).toBe(200);
  expect(cancelled.json).toEqual({ cashout_status: 2, cashout_status_description: 'Canceled' });
  const again = await client.cashout('DELETE', '/v3/cashout/cancel', body);
  expect(again.status).toBe(412);
  expect(again.json).toEqual({ code: 510, message: 'Invalid status transition' });
  const status = await client.cashout('POST', '/v3/cashout/status', {
    ...client.cashoutCredentials(),
    cashout_id: SEEDED.cashout,
  });
  expect((status.json as JsonRecord).cashout_status).toBe(2);
});

test('cancel refuses every status but PENDING with 412/510 (ON_HOLD included: the endpoint accepts only PENDING)', async ({
  client,
}) => {
  for (const status of ['ON_HOLD', 'DELIVERED', 'COMPLETED', 'REJECTED', 'CANCELLED']) {
    const created = (await client.control('POST', '/cashouts', { status })).json as {
      cashout_id: number;
      external_id: string;
    };
    const reply = await client.cashout('DELETE', '/v3/cashout/cancel', {
      ...client.cashoutCredentials(),
      cashout_id: created.cashout_id,
      external_id: created.external_id,
    });
    expect(reply.status, status).toBe(412);
    expect((reply.json as JsonRecord).code).toBe(510);
  }
});

test('cancel needs both ids naming the same cashout: mismatch or unknown → 412/509; a missing one → 400/300', async ({
  client,
}) => {
  const credentials = client.cashoutCredentials();
  const mismatch = await client.cashout('DELETE', '/v3/cashout/cancel', {
    ...credentials,
    cashout_id: SEEDED.cashout,
    external_id: 'payout-7782',
  });
  expect(mismatch.status).toBe(412);
  expect((mismatch.json as JsonRecord).code).toBe(509);
  const unknown = await client.cashout('DELETE', '/v3/cashout/cancel', {
    ...credentials,
    cashout_id: 5,
    external_id: 'nope',
  });
  expect(unknown.json).toMatchObject({ code: 509 });
  for (const body of [
    { ...credentials, cashout_id: SEEDED.cashout },
    { ...credentials, external_id: SEEDED.cashoutExternalId },
  ]) {
    const reply = await client.cashout('DELETE', '/v3/cashout/cancel', body);
    expect(reply.status).toBe(400);
    expect((reply.json as JsonRecord).code).toBe(300);
  }
  const status = await client.cashout('POST', '/v3/cashout/status', {
    ...credentials,
    cashout_id: SEEDED.cashout,
  });
  expect((status.json as JsonRecord).cashout_status).toBe(0);
});

test('the control API creates cashouts with a given or generated external_id; a duplicate external_id is refused', async ({
  client,
}) => {
  const created = await client.control('POST', '/cashouts', {
    external_id: 'my-payout-1',
    amount: 120.5,
    currency: 'MXN',
    country: 'MX',
  });
  expect(created.status).toBe(200);
  expect(created.json).toMatchObject({ cashout_id: expect.any(Number), external_id: 'my-payout-1' });
  const generated = (await client.control('POST', '/cashouts', {})).json as JsonRecord;
  expect(typeof generated.external_id).toBe('string');
  const onHold = (await client.control('POST', '/cashouts', { on_hold: true })).json as JsonRecord;
  expect(onHold.status).toBe('ON_HOLD');
  expect((await client.control('POST', '/cashouts', { external_id: 'my-payout-1' })).status).toBe(409);
  expect((await client.control('POST', '/cashouts', { status: 'LOST' })).status).toBe(400);
  expect((await client.control('POST', '/cashouts', { amount: 1.001 })).status).toBe(400);
  const status = await client.cashout('POST', '/v3/cashout/status', {
    ...client.cashoutCredentials(),
    external_id: 'my-payout-1',
  });
  expect(status.json).toEqual({ cashout_status: 0, cashout_status_description: 'Pending' });
});

test('X-Idempotency-Key has no effect on the DELETE cancel', async ({ client }) => {
  const key = 'same-key';
  const first = (await client.control('POST', '/cashouts', {})).json as {
    cashout_id: number;
    external_id: string;
  };
  const second = (await client.control('POST', '/cashouts', {})).json as {
    cashout_id: number;
    external_id: string;
  };
  const cancel = (c: { cashout_id: number; external_id: string }) =>
    client.cashout(
      'DELETE',
      '/v3/cashout/cancel',
      { ...client.cashoutCredentials(), ...c },
      { idempotencyKey: key },
    );
  expect((await cancel(first)).status).toBe(200);
  expect((await cancel(second)).status).toBe(200);
  expect((await cancel(second)).status).toBe(412);
});
