import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DraftValues } from '../../../../shared/contract';
import {
  createDraftStore,
  DRAFT_KEY_ACCOUNT,
  DRAFTS_FOLDER_NAME,
  draftSealing,
  keychainDraftKey,
} from '../../../../main/core/drafts';
import { redactFields } from '../../../../main/core/logging';
import { createMemoryBackend, createVault } from '../../../../main/core/vault';
import { addEnvironmentFor, dataOf, errorOf, expect, test } from '../../console/console-fixture';

/**
 * Drafts through the real console runtime and dispatcher: per environment,
 * sealed at rest, set aside when unreadable, and gone once their request is journaled as sent.
 */

const SANDBOX = 'local-sandbox';
const EMAIL = 'ana.souza.draft@example.com';
const DOCUMENT = '52998224725';

const depositDraft: DraftValues = {
  mode: 'one_shot',
  amount: '100',
  country: 'BR',
  'payer.email': EMAIL,
  'payer.first_name': 'Ana',
  'payer.document': DOCUMENT,
  test: true,
};

const draftFile = (dataDir: string, environmentId: string, form: string): string =>
  join(dataDir, DRAFTS_FOLDER_NAME, environmentId, `${form}.json`);

test('a draft is kept per environment and form, and read back as saved', async ({ openConsole }) => {
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: 'https://testing.example.com' },
    {},
  );
  dataOf(
    await console.call('saveDraft', { environmentId: SANDBOX, form: 'deposit-create', values: depositDraft }),
  );
  dataOf(
    await console.call('saveDraft', {
      environmentId: testing.id,
      form: 'deposit-create',
      values: { amount: '7', country: 'MX' },
    }),
  );

  const sandbox = dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'deposit-create' }));
  expect(sandbox).toMatchObject({ setAside: false, draft: { environmentId: SANDBOX, values: depositDraft } });
  const other = dataOf(
    await console.call('loadDraft', { environmentId: testing.id, form: 'deposit-create' }),
  );
  expect(other.draft?.values).toEqual({ amount: '7', country: 'MX' });
  // Another form of the same environment has none.
  expect(
    dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' })).draft,
  ).toBeNull();

  // A restart (a new runtime on the same data folder and keychain) reads the same draft.
  await console.close();
  const again = openConsole();
  const reread = dataOf(await again.call('loadDraft', { environmentId: SANDBOX, form: 'deposit-create' }));
  expect(reread.draft?.values).toEqual(depositDraft);

  // Discarding one leaves the other environment's draft alone.
  expect(
    dataOf(await again.call('discardDraft', { environmentId: SANDBOX, form: 'deposit-create' })),
  ).toEqual({
    discarded: true,
  });
  expect(
    dataOf(await again.call('loadDraft', { environmentId: SANDBOX, form: 'deposit-create' })).draft,
  ).toBeNull();
  expect(
    dataOf(await again.call('loadDraft', { environmentId: testing.id, form: 'deposit-create' })).draft
      ?.values,
  ).toEqual({ amount: '7', country: 'MX' });

  // Removing the environment removes its drafts.
  dataOf(await again.call('removeEnvironment', { id: testing.id }));
  await expect(readdir(join(again.runtime.paths.dir, DRAFTS_FOLDER_NAME))).resolves.not.toContain(testing.id);
});

test('payer details are not on disk in plain text; the key is in the keychain only', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const console = openConsole();
  dataOf(
    await console.call('saveDraft', { environmentId: SANDBOX, form: 'deposit-create', values: depositDraft }),
  );
  const onDisk = await readFile(draftFile(dataDir, SANDBOX, 'deposit-create'), 'utf8');
  expect(onDisk).not.toContain(EMAIL);
  expect(onDisk).not.toContain(DOCUMENT);
  expect(onDisk).not.toContain('Ana');
  const key = dataOf(await memoryKeychain.get('paydesk-test-console', DRAFT_KEY_ACCOUNT));
  expect(key).not.toBeNull();
  expect(onDisk).not.toContain(key ?? '');
  // The key is not a credential: the vault lists no environment for it.
  const vault = createVault({ backend: memoryKeychain, service: 'paydesk-test-console' });
  expect(dataOf(await vault.environmentIds())).not.toContain('paydesk-drafts');
});

test('an unreadable draft is set aside with a flag for the form, never a crash', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole();
  const path = draftFile(dataDir, SANDBOX, 'refund-create');
  await mkdir(join(dataDir, DRAFTS_FOLDER_NAME, SANDBOX), { recursive: true });

  for (const damaged of ['{"version":1,', '[]', 'not json at all']) {
    await writeFile(path, damaged);
    const loaded = dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }));
    expect(loaded, damaged).toEqual({ draft: null, setAside: true, keeping: 'sealed', sealedEarlier: false });
  }
  // Sealed, then one byte of the sealed text changed: GCM refuses it.
  dataOf(
    await console.call('saveDraft', {
      environmentId: SANDBOX,
      form: 'refund-create',
      values: { amount: '5' },
    }),
  );
  const sealed = JSON.parse(await readFile(path, 'utf8')) as { sealed: string };
  const flipped = Buffer.from(sealed.sealed, 'base64');
  flipped[0] = (flipped[0] ?? 0) ^ 1;
  await writeFile(path, JSON.stringify({ ...sealed, sealed: flipped.toString('base64') }));
  expect(dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }))).toEqual({
    draft: null,
    setAside: true,
    keeping: 'sealed',
    sealedEarlier: false,
  });
  const names = await readdir(join(dataDir, DRAFTS_FOLDER_NAME, SANDBOX));
  expect(names.filter((name) => name.startsWith('refund-create.json.corrupt-'))).toHaveLength(4);
  // Moved aside once: the next open finds no draft and nothing to set aside.
  expect(dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'refund-create' }))).toEqual({
    draft: null,
    setAside: false,
    keeping: 'sealed',
    sealedEarlier: false,
  });
});

test('a draft opens only where it was saved, and only with the keychain that sealed it', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: 'https://testing.example.com' },
    {},
  );
  dataOf(
    await console.call('saveDraft', {
      environmentId: SANDBOX,
      form: 'cashout-cancel',
      values: { cashoutId: '11954' },
    }),
  );
  // Copied to another environment's folder: refused there, not shown as that environment's draft.
  const copied = draftFile(dataDir, testing.id, 'cashout-cancel');
  await mkdir(join(dataDir, DRAFTS_FOLDER_NAME, testing.id), { recursive: true });
  await writeFile(copied, await readFile(draftFile(dataDir, SANDBOX, 'cashout-cancel'), 'utf8'));
  expect(
    dataOf(await console.call('loadDraft', { environmentId: testing.id, form: 'cashout-cancel' })),
  ).toEqual({
    draft: null,
    setAside: true,
    keeping: 'sealed',
    sealedEarlier: false,
  });
  // Another keychain (the key lost): the draft cannot be opened and is set aside.
  await console.close();
  const elsewhere = openConsole({
    vault: { backend: createMemoryBackend(), service: 'paydesk-test-console' },
  });
  expect(
    dataOf(await elsewhere.call('loadDraft', { environmentId: SANDBOX, form: 'cashout-cancel' })),
  ).toEqual({
    draft: null,
    setAside: true,
    keeping: 'sealed',
    sealedEarlier: false,
  });
});

test('draft calls are checked: environment, form and values', async ({ openConsole }) => {
  const console = openConsole();
  expect(
    errorOf(await console.call('loadDraft', { environmentId: 'nowhere', form: 'deposit-create' })).kind,
  ).toBe('not_found');
  expect(
    errorOf(await console.call('loadDraft', { environmentId: '../etc', form: 'deposit-create' })).kind,
  ).toBe('validation');
  expect(errorOf(await console.call('loadDraft', { environmentId: SANDBOX, form: 'payout' })).kind).toBe(
    'validation',
  );
  const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`f${index}`, 'x']));
  expect(
    errorOf(
      await console.call('saveDraft', { environmentId: SANDBOX, form: 'deposit-create', values: tooMany }),
    ).kind,
  ).toBe('validation');
  expect(
    errorOf(
      await console.call('saveDraft', {
        environmentId: SANDBOX,
        form: 'deposit-create',
        values: { amount: 5 },
      }),
    ).kind,
  ).toBe('validation');
});

test('a sent request clears its form draft; one refused before sending keeps it', async ({ openConsole }) => {
  const console = openConsole();
  const save = async (form: 'deposit-create' | 'refund-create' | 'cashout-cancel', values: DraftValues) =>
    dataOf(await console.call('saveDraft', { environmentId: SANDBOX, form, values }));
  const draftOf = async (form: 'deposit-create' | 'refund-create' | 'cashout-cancel') =>
    dataOf(await console.call('loadDraft', { environmentId: SANDBOX, form })).draft;

  await save('deposit-create', depositDraft);
  await save('refund-create', { depositId: '300000001', amount: '5' });
  await save('cashout-cancel', { cashoutId: '11954', externalId: 'payout-7781' });

  // Refused by the refund pre-flight (an amount above the deposit's): nothing was journaled.
  errorOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 999_999 },
    }),
  );
  expect(await draftOf('refund-create')).not.toBeNull();

  dataOf(await console.call('createDeposit', { body: { amount: 10, country: 'BR' } }));
  expect(await draftOf('deposit-create')).toBeNull();
  expect(await draftOf('refund-create')).not.toBeNull();

  dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  expect(await draftOf('refund-create')).toBeNull();

  dataOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));
  expect(await draftOf('cashout-cancel')).toBeNull();

  // Sent is sent, whatever the service answers: a refused deposit (unknown country) clears it too.
  await save('deposit-create', depositDraft);
  errorOf(await console.call('createDeposit', { body: { amount: 10, country: 'ZZ' } }));
  expect(await draftOf('deposit-create')).toBeNull();
});

test('a save still on its way when the request is sent does not bring the draft back', async ({
  dataDir,
}) => {
  const backend = createMemoryBackend();
  const dir = join(dataDir, DRAFTS_FOLDER_NAME);
  const store = createDraftStore({
    dir,
    sealing: draftSealing(keychainDraftKey(backend, 'paydesk-test-drafts', dir), true),
    now: Date.now,
  });
  dataOf(await store.save(SANDBOX, 'deposit-create', { amount: '1' }));
  // The renderer's last debounced save, then the send's clear, in that order.
  const saving = store.save(SANDBOX, 'deposit-create', { amount: '12' });
  const clearing = store.discard(SANDBOX, 'deposit-create');
  dataOf(await saving);
  expect(dataOf(await clearing)).toEqual({ discarded: true });
  expect(dataOf(await store.load(SANDBOX, 'deposit-create')).draft).toBeNull();
});

test('the store takes only an environment id and a known form as a path', async ({ dataDir }) => {
  const dir = join(dataDir, DRAFTS_FOLDER_NAME);
  const store = createDraftStore({
    dir,
    sealing: draftSealing(keychainDraftKey(createMemoryBackend(), 'paydesk-test-drafts', dir), true),
    now: Date.now,
  });
  // Called directly (the CLI, a future caller), not only through the dispatcher's schemas.
  expect(errorOf(await store.save('../../outside', 'deposit-create', { amount: '1' })).kind).toBe(
    'validation',
  );
  expect(errorOf(await store.discard('local-sandbox', '../settings' as 'deposit-create')).kind).toBe(
    'validation',
  );
  await expect(readdir(dataDir)).resolves.toEqual([]);
});

test('saves from two processes at once: last write wins, a reader never sees a partial file', async ({
  dataDir,
}) => {
  const backend = createMemoryBackend();
  const dir = join(dataDir, DRAFTS_FOLDER_NAME);
  // Two stores on one folder and keychain: the app and the CLI.
  const stores = [0, 1].map(() =>
    createDraftStore({
      dir,
      sealing: draftSealing(keychainDraftKey(backend, 'paydesk-test-drafts', dir), true),
      now: Date.now,
    }),
  );
  const big = 'x'.repeat(4000);
  const path = draftFile(dataDir, SANDBOX, 'deposit-create');
  let reading = true;
  const partial: string[] = [];
  const reader = (async () => {
    while (reading) {
      const text = await readFile(path, 'utf8').catch(() => null);
      if (text === null) continue;
      try {
        JSON.parse(text);
      } catch {
        partial.push(text.slice(0, 40));
      }
    }
  })();
  const saves = Array.from({ length: 40 }, (_, index) =>
    stores[index % 2]?.save(SANDBOX, 'deposit-create', { n: String(index), a: big, b: big, c: big }),
  );
  for (const saved of await Promise.all(saves)) if (saved) dataOf(saved);
  reading = false;
  await reader;
  expect(partial).toEqual([]);
  // One key for both (made once, under the lock): each store opens what the other wrote.
  for (const store of stores) {
    expect(dataOf(await store.load(SANDBOX, 'deposit-create')).draft?.values.a).toBe(big);
  }
  expect((await readdir(join(dir, SANDBOX))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});

test('a draft save as the call log writes it holds no payer detail', () => {
  const logged = JSON.stringify(
    redactFields({
      channel: 'paydesk:saveDraft',
      arg: { environmentId: SANDBOX, form: 'deposit-create', values: depositDraft },
    }),
  );
  expect(logged).not.toContain(EMAIL);
  expect(logged).not.toContain(DOCUMENT);
  expect(logged).not.toContain('Ana');
});
