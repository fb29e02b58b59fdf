import { test, expect } from '@playwright/test';
import { CREDENTIAL_FIELDS, type CredentialField } from '../../../shared/contract';
import { maskedHint, validateCredentialValue } from '../../../main/core/vault/credential-rules';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import { createVault } from '../../../main/core/vault/vault';

test('a hint shows the last 4 characters only from 12 characters on', () => {
  expect(maskedHint('abcdefghijk')).toBe('…');
  expect(maskedHint('abcdefgha1f3')).toBe('…a1f3');
  expect(maskedHint('x')).toBe('…');
});

const refusals: Array<[CredentialField, unknown, string]> = [
  ['apiKey', '', 'must not be empty'],
  ['apiSecret', ' leading-space-secret', 'whitespace'],
  ['apiSecret', 'trailing-newline-secret\n', 'whitespace'],
  ['apiSecret', 'inner\u0000null-secret', 'control'],
  ['apiSecret', 'zero\u200Bwidth-secret', 'control or invisible'],
  ['apiSecret', 'lone-\uD800-surrogate', 'control or invisible'],
  ['apiSecret', 'x'.repeat(257), 'at most 256'],
  ['cashoutLogin', 'l'.repeat(33), 'at most 32'],
  ['cashoutPass', 'p'.repeat(33), 'at most 32'],
  ['apiKey', 'key with space', 'printable ASCII'],
  ['readOnlyKey', 'clé-non-ascii', 'printable ASCII'],
  ['apiKey', 42, 'must be text'],
];

for (const [field, value, rule] of refusals) {
  test(`${field} refuses ${JSON.stringify(value).slice(0, 30)}: ${rule}`, () => {
    const checked = validateCredentialValue(field, value);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error).toMatchObject({ kind: 'validation', field });
    expect(checked.error.message).toContain(rule);
    if (typeof value === 'string' && value.trim().length > 3)
      expect(checked.error.message).not.toContain(value.trim());
  });
}

test('values at the limits are accepted', () => {
  expect(validateCredentialValue('cashoutLogin', 'l'.repeat(32))).toEqual({ ok: true, data: 'l'.repeat(32) });
  expect(validateCredentialValue('apiSecret', 's'.repeat(256)).ok).toBe(true);
  // Secrets and passes are not headers: inner spaces and non-ASCII are theirs to have.
  expect(validateCredentialValue('cashoutPass', 'pass phrase ñ').ok).toBe(true);
  expect(validateCredentialValue('apiSecret', 'T3st-ApiSignature-000111').ok).toBe(true);
});

test('the vault refuses bad environment ids and field names before touching the backend', async () => {
  const backend = createMemoryBackend();
  const vault = createVault({ backend, service: 'paydesk-test-rules' });
  for (const id of ['', 'Upper', 'with/slash', '-leading', 'a'.repeat(65)]) {
    const answer = await vault.set(id, 'apiKey', 'MerchKey-0001');
    expect(answer.ok ? 'stored' : answer.error.field).toBe('environmentId');
  }
  const badField = await vault.set('testing', 'password' as CredentialField, 'MerchKey-0001');
  expect(badField.ok ? 'stored' : badField.error.field).toBe('field');
  expect(await backend.list('paydesk-test-rules')).toEqual({ ok: true, data: [] });
});

test('every field of CREDENTIAL_FIELDS round-trips through the vault in memory', async () => {
  const vault = createVault({ backend: createMemoryBackend(), service: 'paydesk-test-memory' });
  for (const field of CREDENTIAL_FIELDS)
    expect((await vault.set('env-1', field, `${field}-value`)).ok).toBe(true);
  const read = await vault.read('env-1');
  expect(read.ok && Object.keys(read.data)).toEqual([...CREDENTIAL_FIELDS]);
});
