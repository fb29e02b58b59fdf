import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Result } from '../../../shared/contract';
import type { Credentials, Exchange } from '../../../main/core/payments';
import { httpExchange } from '../../../main/core/payments';
import type { ServiceDouble } from './http-double';
import { CREDENTIALS, UUID_V4, hmacHex, requestAt, sendJson, startDouble } from './http-double';
import { clientFor } from './client-for';
import { listBanks } from '../../../main/core/payments/banks';

/** Credentials come from a provider per call; a missing one names its set, never a value. */

let service: ServiceDouble;
test.beforeEach(async () => {
  service = await startDouble((_request, response) =>
    sendJson(response, 200, { deposit_id: 1, status: 'PENDING' }),
  );
});
test.afterEach(() => service.close());

test('a missing credential is credentials_missing naming the set and the field, and nothing is sent', async () => {
  const { apiSecret: _secret, ...withoutSecret } = CREDENTIALS;
  const client = clientFor(service.baseUrl, { credentials: withoutSecret });
  const result = await client.getDeposit(1);
  expect(result).toMatchObject({
    ok: false,
    error: {
      kind: 'credentials_missing',
      field: 'apiSecret',
      message: expect.stringContaining('signed-call credentials'),
    },
  });
  expect(JSON.stringify(result)).not.toContain(CREDENTIALS.apiKey);
  expect(service.requests).toHaveLength(0);
});

test('each call needs only its own set', async () => {
  const client = clientFor(service.baseUrl, { credentials: { readOnlyKey: CREDENTIALS.readOnlyKey } });
  expect(await client.getCashoutStatus({ cashoutId: 1 })).toMatchObject({
    error: {
      kind: 'credentials_missing',
      message: expect.stringMatching(
        /cashout credentials.*cashoutLogin, cashoutPass, cashoutSecret are not set/,
      ),
    },
  });
  expect(await client.getSubMerchant(1)).toMatchObject({
    error: { kind: 'credentials_missing', field: 'apiKey' },
  });
  expect(await client.createDeposit({ amount: 1, country: 'BR' })).toMatchObject({
    error: { kind: 'credentials_missing' },
  });
  expect(service.requests).toHaveLength(0);
  const readOnly = clientFor(service.baseUrl, { credentials: { apiKey: 'k', apiSecret: 's' } });
  expect(await readOnly.read(listBanks, 'BR')).toMatchObject({
    error: { kind: 'credentials_missing', field: 'readOnlyKey' },
  });
  expect(
    await clientFor(service.baseUrl, { credentials: { ...CREDENTIALS, readOnlyKey: '' } }).read(
      listBanks,
      'BR',
    ),
  ).toMatchObject({
    error: { kind: 'credentials_missing' },
  });
});

test('a creation refused for missing credentials still answers with its idempotency key (D6)', async () => {
  const { apiSecret: _secret, ...withoutSecret } = CREDENTIALS;
  const client = clientFor(service.baseUrl, { credentials: withoutSecret });
  const idempotencyKey = randomUUID();
  expect(await client.createDeposit({ amount: 1, country: 'BR' }, { idempotencyKey })).toMatchObject({
    ok: false,
    error: { kind: 'credentials_missing', idempotencyKey },
  });
  expect(await client.createRefund({ deposit_id: 1, invoice_id: 'r-1' })).toMatchObject({
    ok: false,
    error: { kind: 'credentials_missing', idempotencyKey: expect.stringMatching(UUID_V4) },
  });
  expect(service.requests).toHaveLength(0);
});

test('a provider is asked on every call, so a changed secret takes effect at once', async () => {
  let calls = 0;
  const provider = async (): Promise<Result<Credentials>> => {
    calls += 1;
    return { ok: true, data: { ...CREDENTIALS, apiKey: `key-${calls}` } };
  };
  const client = clientFor(service.baseUrl, { credentials: provider });
  await client.getDeposit(1);
  await client.getDeposit(1);
  expect(calls).toBe(2);
  expect(service.requests.map((request) => request.headers['x-login'])).toEqual(['key-1', 'key-2']);
});

test('a changed key or secret is never signed with the previous one, even within the same second', async () => {
  const sets = [
    { apiKey: 'key-A', apiSecret: 'secret-A' },
    { apiKey: 'key-A', apiSecret: 'secret-B' },
    { apiKey: 'key-C', apiSecret: 'secret-B' },
  ];
  let call = 0;
  const client = clientFor(service.baseUrl, {
    credentials: async () => ({ ok: true, data: sets[call++] ?? {} }),
  });
  for (let index = 0; index < sets.length; index += 1) await client.getDeposit(1);
  sets.forEach((set, index) => {
    const request = requestAt(service, index);
    const xDate = String(request.headers['x-date']);
    expect(request.headers['x-login']).toBe(set.apiKey);
    expect(request.headers.authorization).toBe(
      `SVC ${hmacHex(set.apiSecret, Buffer.from(xDate + set.apiKey))}`,
    );
  });
});

test('a plain object changed between calls is read and checked again, never served from before', async () => {
  const credentials: Credentials = { ...CREDENTIALS };
  const client = clientFor(service.baseUrl, { credentials });
  expect((await client.getDeposit(1)).ok).toBe(true);
  credentials.apiSecret = 'secret-B';
  expect((await client.getDeposit(1)).ok).toBe(true);
  credentials.apiKey = 'Merch\nKey';
  expect(await client.getDeposit(1)).toMatchObject({
    ok: false,
    error: { kind: 'validation', field: 'apiKey' },
  });
  delete credentials.apiSecret;
  credentials.apiKey = CREDENTIALS.apiKey;
  expect(await client.getDeposit(1)).toMatchObject({
    ok: false,
    error: { kind: 'credentials_missing', field: 'apiSecret' },
  });
  expect(service.requests).toHaveLength(2);
  const second = requestAt(service, 1);
  expect(second.headers.authorization).toBe(
    `SVC ${hmacHex('secret-B', Buffer.from(String(second.headers['x-date']) + CREDENTIALS.apiKey))}`,
  );
});

test('a provider’s own failure comes back as it is; a throwing provider is internal, never thrown', async () => {
  const failing = clientFor(service.baseUrl, {
    credentials: async () => ({
      ok: false,
      error: { kind: 'keychain_unavailable', message: 'The keychain is locked.' },
    }),
  });
  expect(await failing.getDeposit(1)).toEqual({
    ok: false,
    error: { kind: 'keychain_unavailable', message: 'The keychain is locked.' },
  });
  const throwing = clientFor(service.baseUrl, {
    credentials: async () => {
      throw new Error(`boom ${CREDENTIALS.apiSecret}`);
    },
  });
  const result = await throwing.getDeposit(1);
  expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
  expect(JSON.stringify(result)).not.toContain(CREDENTIALS.apiSecret);
  expect(service.requests).toHaveLength(0);
});

test('a key that cannot travel in a header is refused by name before any call, without its value', async () => {
  const badKey = 'Merch\nKey';
  const signed = clientFor(service.baseUrl, { credentials: { ...CREDENTIALS, apiKey: badKey } });
  const result = await signed.getDeposit(1);
  expect(result).toMatchObject({ ok: false, error: { kind: 'validation', field: 'apiKey' } });
  expect(JSON.stringify(result)).not.toContain(badKey);
  const readOnly = clientFor(service.baseUrl, {
    credentials: { ...CREDENTIALS, readOnlyKey: 'key with spaces' },
  });
  expect(await readOnly.read(listBanks, 'BR')).toMatchObject({
    error: { kind: 'validation', field: 'readOnlyKey' },
  });
  expect(service.requests).toHaveLength(0);
});

test('a request node:http refuses to build is internal (nothing sent), never outcome_unknown, and quotes nothing', async () => {
  // As a broken proxy setting would: a header value node:http refuses (it holds a line break).
  const refusing: Exchange = (request, maxResponseBytes, attempt) =>
    httpExchange(
      { ...request, headers: { ...request.headers, 'X-Broken': `${CREDENTIALS.cashoutSecret}\n` } },
      maxResponseBytes,
      attempt,
    );
  const result = await clientFor(service.baseUrl, { exchange: refusing }).cancelCashout({
    cashoutId: 1,
    externalId: 'a',
  });
  expect(service.requests).toHaveLength(0);
  expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
  expect(JSON.stringify(result)).not.toContain(CREDENTIALS.cashoutSecret);
});
