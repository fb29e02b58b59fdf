import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSealedFileBackend, parseVaultKey } from '../../../main/core/vault/sealed-file-backend';
import { dataOf } from '../../support/result';

/** main/core/vault/sealed-file-backend.ts: secrets sealed at rest, a wrong key or damage refused, nothing lost. */

let folder = '';
test.beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paydesk-sealed-'));
});
test.afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const SECRET = 'T3st-ApiSignature-000111';

test('what is set is read back by another instance, listed, deleted; the file holds no secret in plain text', async () => {
  const key = randomBytes(32);
  const file = join(folder, 'secrets.sealed');
  const backend = createSealedFileBackend(file, key);
  expect(dataOf(await backend.get('paydesk', 'env-1/apiSecret'))).toBeNull();
  dataOf(await backend.set('paydesk', 'env-1/apiSecret', SECRET));
  dataOf(await backend.set('paydesk', 'env-1/apiKey', 'MerchKey01'));
  dataOf(await backend.set('other', 'x', 'y'));
  const text = await readFile(file, 'utf8');
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('MerchKey01');
  expect(text).not.toContain('env-1');

  const again = createSealedFileBackend(file, key);
  expect(dataOf(await again.get('paydesk', 'env-1/apiSecret'))).toBe(SECRET);
  expect(
    dataOf(await again.list('paydesk'))
      .map((entry) => entry.account)
      .sort(),
  ).toEqual(['env-1/apiKey', 'env-1/apiSecret']);
  expect(dataOf(await again.delete('paydesk', 'env-1/apiKey'))).toBe(true);
  expect(dataOf(await again.delete('paydesk', 'env-1/apiKey'))).toBe(false);
  expect(dataOf(await backend.list('paydesk')).map((entry) => entry.account)).toEqual(['env-1/apiSecret']);
});

test('changes made at once all stay', async () => {
  const backend = createSealedFileBackend(join(folder, 'secrets.sealed'), randomBytes(32));
  await Promise.all(
    Array.from({ length: 20 }, (_, index) => backend.set('paydesk', `a${index}`, `v${index}`)),
  );
  expect(dataOf(await backend.list('paydesk'))).toHaveLength(20);
});

test('another key, or a changed byte, is refused and the file is left exactly as it was', async () => {
  const file = join(folder, 'secrets.sealed');
  dataOf(await createSealedFileBackend(file, randomBytes(32)).set('paydesk', 'a', SECRET));
  const sealed = await readFile(file, 'utf8');

  const wrong = createSealedFileBackend(file, randomBytes(32));
  const read = await wrong.get('paydesk', 'a');
  expect(read.ok ? 'read' : read.error.kind).toBe('keychain_unavailable');
  expect(read.ok ? '' : read.error.message).toContain('does not open with PAYDESK_VAULT_KEY');
  const written = await wrong.set('paydesk', 'b', 'c');
  expect(written.ok).toBe(false);
  expect(await readFile(file, 'utf8')).toBe(sealed);

  const document = JSON.parse(sealed) as { data: string };
  const bytes = Buffer.from(document.data, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  await writeFile(file, JSON.stringify({ ...document, data: bytes.toString('base64') }));
  expect((await wrong.list('paydesk')).ok).toBe(false);
});

test('the key: 32 bytes as base64 or hex, anything else named', () => {
  const key = randomBytes(32);
  expect(dataOf(parseVaultKey(key.toString('base64')))).toEqual(key);
  expect(dataOf(parseVaultKey(key.toString('hex')))).toEqual(key);
  for (const bad of ['', 'short', randomBytes(16).toString('base64'), `${key.toString('base64')}x`]) {
    const parsed = parseVaultKey(bad);
    expect(parsed.ok ? 'accepted' : parsed.error.field).toBe('PAYDESK_VAULT_KEY');
  }
});
