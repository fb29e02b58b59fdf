import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DraftValues } from '../../../../shared/contract';
import { DRAFTS_FOLDER_NAME } from '../../../../main/core/drafts';
import type { SecretBackend } from '../../../../main/core/vault';
import { keychainUnavailable } from '../../../../main/core/vault/secret-backend';
import { dataOf, expect, test } from '../../console/console-fixture';

/**
 * Where drafts are kept when no key outlives the run: a keychain that cannot be used, or a memory
 * vault. Typed work still survives navigation (main's memory), never reaches the disk in plain
 * text, and every answer says where it is kept, so the form can say so before anything is typed.
 * A draft sealed earlier is left as it is, never "set aside" as damage.
 */

const SANDBOX = 'local-sandbox';
const SERVICE = 'paydesk-test-console';
const EMAIL = 'ana.keeping@example.com';
const refundDraft: DraftValues = { depositId: '300000001', amount: '5', beneficiary: EMAIL };

/** The test's memory keychain, switched off and on like a Secret Service that is missing or locked. */
function switchable(inner: SecretBackend): SecretBackend & { down: boolean } {
  const backend = {
    kind: 'os-keychain' as const,
    down: false,
    get: (service: string, account: string) =>
      backend.down ? Promise.resolve(keychainUnavailable('no Secret Service')) : inner.get(service, account),
    set: (service: string, account: string, value: string) =>
      backend.down
        ? Promise.resolve(keychainUnavailable('no Secret Service'))
        : inner.set(service, account, value),
    delete: (service: string, account: string) =>
      backend.down
        ? Promise.resolve(keychainUnavailable('no Secret Service'))
        : inner.delete(service, account),
    list: (service: string) =>
      backend.down ? Promise.resolve(keychainUnavailable('no Secret Service')) : inner.list(service),
  };
  return backend;
}

/** The draft files under the drafts folder (lock files hold no content). */
const filesOf = async (dataDir: string): Promise<string[]> =>
  (await readdir(join(dataDir, DRAFTS_FOLDER_NAME), { recursive: true }).catch(() => []))
    .map(String)
    .filter((name) => /\.json(\.|$)/.test(name) && !name.includes('.lock'));

test('without a usable keychain a draft is kept in memory: it survives leaving the form, not a restart, and says so', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const keychain = switchable(memoryKeychain);
  keychain.down = true;
  const console = openConsole({ vault: { backend: keychain, service: SERVICE } });

  // Said before anything is typed: the form opens with this answer.
  expect(dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }))).toEqual({
    draft: null,
    setAside: false,
    keeping: 'keychain_unavailable',
    sealedEarlier: false,
  });
  expect(dataOf(await console.call('getConsoleSetup', {}))).toEqual({
    launcher: 'desktop',
    dataFolderTemporary: false,
    keychain: 'unavailable',
  });

  const saved = dataOf(
    await console.call('saveDraft', { environmentId: SANDBOX, form: 'refund-create', values: refundDraft }),
  );
  expect(saved.keeping).toBe('keychain_unavailable');
  // Away and back (the form loads again): the draft is there.
  const back = dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }));
  expect(back).toMatchObject({
    draft: { values: refundDraft },
    keeping: 'keychain_unavailable',
    setAside: false,
  });
  // Nothing of it on disk, sealed or not.
  expect(await filesOf(dataDir)).toEqual([]);

  // A restart: gone, as the form said it would be; no "set aside" either.
  await console.close();
  const again = openConsole({ vault: { backend: keychain, service: SERVICE } });
  expect(dataOf(await again.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }))).toEqual({
    draft: null,
    setAside: false,
    keeping: 'keychain_unavailable',
    sealedEarlier: false,
  });
});

test('a draft sealed earlier is left untouched while the keychain cannot be used, and opens once it can', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const keychain = switchable(memoryKeychain);
  const sealedRun = openConsole({ vault: { backend: keychain, service: SERVICE } });
  dataOf(
    await sealedRun.call('saveDraft', { environmentId: SANDBOX, form: 'refund-create', values: refundDraft }),
  );
  await sealedRun.close();
  const path = join(dataDir, DRAFTS_FOLDER_NAME, SANDBOX, 'refund-create.json');
  const sealed = await readFile(path, 'utf8');

  // The next run starts without the keychain (a run that had the key keeps it while it lives).
  keychain.down = true;
  const console = openConsole({ vault: { backend: keychain, service: SERVICE } });
  expect(dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }))).toEqual({
    draft: null,
    setAside: false,
    keeping: 'keychain_unavailable',
    sealedEarlier: true,
  });
  expect(await readFile(path, 'utf8')).toBe(sealed);

  // Typed meanwhile: kept in memory beside the sealed file, which stays as it was.
  const typed: DraftValues = { depositId: '300000001', amount: '7' };
  dataOf(await console.call('saveDraft', { environmentId: SANDBOX, form: 'refund-create', values: typed }));
  expect(await readFile(path, 'utf8')).toBe(sealed);

  // The keychain is back: what was typed meanwhile wins, and is sealed to disk at once.
  keychain.down = false;
  const loaded = dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }));
  expect(loaded).toMatchObject({ draft: { values: typed }, keeping: 'sealed', sealedEarlier: false });
  expect(await readFile(path, 'utf8')).not.toBe(sealed);
  await console.close();
  const restarted = openConsole({ vault: { backend: keychain, service: SERVICE } });
  expect(
    dataOf(await restarted.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' })).draft
      ?.values,
  ).toEqual(typed);
});

test('sending or discarding removes both the draft in memory and one sealed earlier', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const keychain = switchable(memoryKeychain);
  const sealedRun = openConsole({ vault: { backend: keychain, service: SERVICE } });
  dataOf(
    await sealedRun.call('saveDraft', { environmentId: SANDBOX, form: 'refund-create', values: refundDraft }),
  );
  await sealedRun.close();
  keychain.down = true;
  const console = openConsole({ vault: { backend: keychain, service: SERVICE } });
  dataOf(
    await console.call('saveDraft', {
      environmentId: SANDBOX,
      form: 'refund-create',
      values: { depositId: '300000001', amount: '5' },
    }),
  );
  // The refund is sent (journaled): neither copy may come back later as a draft to send again.
  dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  expect(await filesOf(dataDir)).not.toContain(join(SANDBOX, 'refund-create.json'));
  expect(dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }))).toEqual({
    draft: null,
    setAside: false,
    keeping: 'keychain_unavailable',
    sealedEarlier: false,
  });
});

test('with a memory vault drafts stay in memory: a restart finds none and sets nothing aside', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const memoryVault = { backend: memoryKeychain, service: SERVICE, keptAcrossRuns: false };
  const console = openConsole({
    vault: memoryVault,
    launch: { launcher: 'web', dataFolderTemporary: false },
  });
  expect(dataOf(await console.call('getConsoleSetup', {}))).toEqual({
    launcher: 'web',
    dataFolderTemporary: false,
    keychain: 'memory',
  });
  const saved = dataOf(
    await console.call('saveDraft', {
      environmentId: SANDBOX,
      form: 'deposit-create',
      values: { amount: '9' },
    }),
  );
  expect(saved.keeping).toBe('memory_vault');
  expect(
    dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'deposit-create' })).draft?.values,
  ).toEqual({ amount: '9' });
  expect(await filesOf(dataDir)).toEqual([]);

  await console.close();
  const again = openConsole({ vault: memoryVault });
  expect(dataOf(await again.call('loadDraft', { environmentId: SANDBOX, form: 'deposit-create' }))).toEqual({
    draft: null,
    setAside: false,
    keeping: 'memory_vault',
    sealedEarlier: false,
  });
});

test('a draft sealed by a run with the keychain is, for a memory-vault run, an earlier draft left as it is', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const sealedRun = openConsole({ vault: { backend: memoryKeychain, service: SERVICE } });
  dataOf(
    await sealedRun.call('saveDraft', { environmentId: SANDBOX, form: 'refund-create', values: refundDraft }),
  );
  await sealedRun.close();
  const path = join(dataDir, DRAFTS_FOLDER_NAME, SANDBOX, 'refund-create.json');
  const sealed = await readFile(path, 'utf8');
  expect(sealed).not.toContain(EMAIL);

  const memoryRun = openConsole({
    vault: { backend: memoryKeychain, service: SERVICE, keptAcrossRuns: false },
  });
  expect(
    dataOf(await memoryRun.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' })),
  ).toEqual({
    draft: null,
    setAside: false,
    keeping: 'memory_vault',
    sealedEarlier: true,
  });
  expect(await readFile(path, 'utf8')).toBe(sealed);
  expect((await filesOf(dataDir)).filter((name) => name.includes('.corrupt-'))).toEqual([]);
});
