import { test, expect } from '@playwright/test';
import { CREDENTIAL_FIELDS, type CredentialField } from '../../../shared/contract';
import { createKeytarBackend } from '../../../main/core/vault/keytar-backend';
import { createVault, type Vault } from '../../../main/core/vault/vault';
import type { SecretBackend } from '../../../main/core/vault/secret-backend';
import { requireKeychain, testService } from '../../support/keychain';

/** Against the real Secret Service (gnome-keyring over D-Bus, see test/global-setup.ts). */

const SECRETS: Record<CredentialField, string> = {
  apiKey: 'MerchKey-0001-abcdef',
  apiSecret: 'T3st-ApiSignature-000111-a1f3',
  readOnlyKey: 'ReadOnly-Key-778899',
  cashoutLogin: 'coLogin01',
  cashoutPass: 'coPass01-with-32-characters-xx',
  cashoutSecret: 'CashoutSecret-XYZ-789',
};

let backend: SecretBackend;
let service: string;
let vault: Vault;
/** Set once a test got past requireKeychain, so a test that failed there does not try to clean up. */
let inUse = false;

test.beforeEach(() => {
  requireKeychain();
  inUse = true;
  backend = createKeytarBackend();
  service = testService();
  vault = createVault({ backend, service, now: () => new Date('2024-03-05T14:07:09.000Z') });
});

test.afterEach(async () => {
  // Leave nothing behind in the keychain of the machine.
  if (!inUse) return;
  inUse = false;
  const entries = await backend.list(service);
  if (entries.ok) for (const { account } of entries.data) await backend.delete(service, account);
});

async function storeAll(environmentId: string): Promise<void> {
  for (const field of CREDENTIAL_FIELDS) {
    const stored = await vault.set(environmentId, field, SECRETS[field]);
    expect(stored.ok, `store ${field}`).toBe(true);
  }
}

test('stores every credential field and reads them back in main', async () => {
  await storeAll('testing-a1b2c3');
  expect(await vault.read('testing-a1b2c3')).toEqual({ ok: true, data: SECRETS });
});

test('a fresh environment reads as empty, with every set missing', async () => {
  expect(await vault.read('nothing-here')).toEqual({ ok: true, data: {} });
  const status = await vault.status('nothing-here');
  expect(status.ok && status.data.sets).toEqual({
    signed: 'missing',
    readOnly: 'missing',
    cashout: 'missing',
  });
  expect(status.ok && status.data.fields.every((field) => !field.set && field.hint === null)).toBe(true);
});

test('overwriting a field replaces the value and its time', async () => {
  await vault.set('testing-a1b2c3', 'apiSecret', 'first-secret-value-0000');
  const later = createVault({ backend, service, now: () => new Date('2025-01-02T03:04:05.000Z') });
  const overwritten = await later.set('testing-a1b2c3', 'apiSecret', 'second-secret-value-9999');
  expect(overwritten).toEqual({
    ok: true,
    data: { field: 'apiSecret', set: true, hint: '…9999', setAt: '2025-01-02T03:04:05.000Z' },
  });
  expect(await vault.read('testing-a1b2c3')).toEqual({
    ok: true,
    data: { apiSecret: 'second-secret-value-9999' },
  });
  const entries = await backend.list(service);
  expect(entries.ok && entries.data.length).toBe(1);
});

test('clearing a field removes only that field; clearing it again is not an error', async () => {
  await storeAll('testing-a1b2c3');
  expect(await vault.clear('testing-a1b2c3', 'apiSecret')).toEqual({
    ok: true,
    data: { field: 'apiSecret', set: false, hint: null, setAt: null },
  });
  const { apiSecret: _cleared, ...rest } = SECRETS;
  expect(await vault.read('testing-a1b2c3')).toEqual({ ok: true, data: rest });
  const status = await vault.status('testing-a1b2c3');
  expect(status.ok && status.data.sets).toEqual({
    signed: 'partial',
    readOnly: 'complete',
    cashout: 'complete',
  });
  expect((await vault.clear('testing-a1b2c3', 'apiSecret')).ok).toBe(true);
});

test('clearAll removes every field of one environment and answers which were set', async () => {
  await vault.set('testing-a1b2c3', 'apiKey', SECRETS.apiKey);
  await vault.set('testing-a1b2c3', 'readOnlyKey', SECRETS.readOnlyKey);
  expect(await vault.clearAll('testing-a1b2c3')).toEqual({ ok: true, data: ['apiKey', 'readOnlyKey'] });
  expect(await vault.read('testing-a1b2c3')).toEqual({ ok: true, data: {} });
  expect(await vault.clearAll('testing-a1b2c3')).toEqual({ ok: true, data: [] });
});

test('two environments are kept apart: listing, reading and clearing are per environment', async () => {
  await storeAll('testing-a1b2c3');
  await vault.set('production-d4e5f6', 'apiKey', 'ProdKey-0000000001');
  await vault.set('production-d4e5f6', 'apiSecret', 'Prod-Secret-Value-zz99');

  expect(await vault.read('production-d4e5f6')).toEqual({
    ok: true,
    data: { apiKey: 'ProdKey-0000000001', apiSecret: 'Prod-Secret-Value-zz99' },
  });
  expect(await vault.environmentIds()).toEqual({ ok: true, data: ['production-d4e5f6', 'testing-a1b2c3'] });
  const production = await vault.status('production-d4e5f6');
  expect(production.ok && production.data.fields.filter((f) => f.set).map((f) => f.field)).toEqual([
    'apiKey',
    'apiSecret',
  ]);

  await vault.clearAll('production-d4e5f6');
  expect(await vault.read('testing-a1b2c3')).toEqual({ ok: true, data: SECRETS });
  expect(await vault.environmentIds()).toEqual({ ok: true, data: ['testing-a1b2c3'] });
});

test('an environment whose id is a prefix of another does not see its entries', async () => {
  await vault.set('prod-1', 'apiKey', 'KeyOfProdOne');
  await vault.set('prod-10', 'apiKey', 'KeyOfProdTen');
  expect(await vault.read('prod-1')).toEqual({ ok: true, data: { apiKey: 'KeyOfProdOne' } });
});

test('status shows masked hints that never equal or contain the secret', async () => {
  await storeAll('testing-a1b2c3');
  const status = await vault.status('testing-a1b2c3');
  expect(status.ok).toBe(true);
  if (!status.ok) return;
  expect(status.data).toEqual({
    environmentId: 'testing-a1b2c3',
    source: 'keychain',
    fields: [
      { field: 'apiKey', set: true, hint: '…cdef', setAt: '2024-03-05T14:07:09.000Z' },
      { field: 'apiSecret', set: true, hint: '…a1f3', setAt: '2024-03-05T14:07:09.000Z' },
      { field: 'readOnlyKey', set: true, hint: '…8899', setAt: '2024-03-05T14:07:09.000Z' },
      // 9 characters: 4 of them would reveal too much.
      { field: 'cashoutLogin', set: true, hint: '…', setAt: '2024-03-05T14:07:09.000Z' },
      { field: 'cashoutPass', set: true, hint: '…s-xx', setAt: '2024-03-05T14:07:09.000Z' },
      { field: 'cashoutSecret', set: true, hint: '…-789', setAt: '2024-03-05T14:07:09.000Z' },
    ],
    sets: { signed: 'complete', readOnly: 'complete', cashout: 'complete' },
  });
  const answer = JSON.stringify(status.data);
  for (const secret of Object.values(SECRETS)) expect(answer).not.toContain(secret);
});

test('the keychain holds a versioned record, and a record written by hand in that format is read', async () => {
  await vault.set('testing-a1b2c3', 'apiKey', SECRETS.apiKey);
  const raw = await backend.get(service, 'testing-a1b2c3/apiKey');
  expect(raw.ok && JSON.parse(raw.data ?? '')).toEqual({
    v: 1,
    secret: SECRETS.apiKey,
    setAt: '2024-03-05T14:07:09.000Z',
  });

  await backend.set(
    service,
    'testing-a1b2c3/readOnlyKey',
    JSON.stringify({ v: 1, secret: 'Hand-Written-Key-42', setAt: '2023-12-31T23:59:59Z' }),
  );
  expect(await vault.read('testing-a1b2c3')).toEqual({
    ok: true,
    data: { apiKey: SECRETS.apiKey, readOnlyKey: 'Hand-Written-Key-42' },
  });
});

for (const [what, stored] of [
  ['a bare secret (not JSON)', 'BareSecretValue-123'],
  ['JSON without a version', JSON.stringify({ secret: 'BareSecretValue-123' })],
  ['an unknown version', JSON.stringify({ v: 2, secret: 'BareSecretValue-123', sealed: true })],
  ['a record missing its time', JSON.stringify({ v: 1, secret: 'BareSecretValue-123' })],
] as const) {
  test(`a malformed entry (${what}) is a typed storage error, not a crash`, async () => {
    await vault.set('testing-a1b2c3', 'apiKey', SECRETS.apiKey);
    await backend.set(service, 'testing-a1b2c3/apiSecret', stored);

    const read = await vault.read('testing-a1b2c3');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toMatchObject({ kind: 'storage', field: 'apiSecret' });
    expect(read.error.message).toContain('apiSecret');
    expect(read.error.message).not.toContain('BareSecretValue');

    // Status still answers, marking the one entry, so the user can see what to clear.
    const status = await vault.status('testing-a1b2c3');
    expect(status.ok && status.data.fields.find((f) => f.field === 'apiSecret')).toEqual({
      field: 'apiSecret',
      set: true,
      hint: null,
      setAt: null,
      unreadable: true,
    });
    expect(status.ok && status.data.sets.signed).toBe('partial');

    await vault.clear('testing-a1b2c3', 'apiSecret');
    expect(await vault.read('testing-a1b2c3')).toEqual({ ok: true, data: { apiKey: SECRETS.apiKey } });
  });
}

test('a refused value is never stored and the error does not quote it', async () => {
  const refused = await vault.set('testing-a1b2c3', 'cashoutPass', 'x'.repeat(33));
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.error.message).not.toContain('x'.repeat(33));
  expect(await backend.list(service)).toEqual({ ok: true, data: [] });
});
