import { readFile, writeFile } from 'node:fs/promises';
import { createEnvironmentsService } from '../../../main/core/settings/environments';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { migrateSettings } from '../../../main/core/settings/migrations';
import { SETTINGS_VERSION } from '../../../main/core/settings/schema';
import { loadSettings } from '../../../main/core/settings/settings-document';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import { createVault } from '../../../main/core/vault/vault';
import { expect, test } from './fixtures';

/** A document as version 1 wrote it: profiles had no watched sub-merchants yet. */
const version1 = {
  version: 1,
  environments: [
    {
      id: 'local-sandbox',
      name: 'Local sandbox',
      kind: 'local-sandbox',
      baseUrl: 'sandbox:embedded',
      color: 'teal',
    },
    {
      id: 'testing-a1b2c3',
      name: 'Testing',
      kind: 'testing',
      baseUrl: 'https://sandbox.example.com',
      color: 'blue',
    },
  ],
  activeEnvironmentId: 'testing-a1b2c3',
  preferences: { language: 'pt-BR', theme: 'dark' },
};

test('the current version is 3', () => {
  expect(SETTINGS_VERSION).toBe(3);
});

test('v1 → v3 keeps every profile as it was, with nothing waiting for the watchlist', () => {
  expect(migrateSettings(version1)).toEqual({ ok: true, document: { ...version1, version: 3 } });
});

test('v2 → v3 moves each watch list out of its profile, to wait for the watchlist', () => {
  const version2 = {
    ...version1,
    version: 2,
    environments: version1.environments.map((env, index) => ({
      ...env,
      watchedSubMerchantIds: index === 1 ? [7, 9] : [],
    })),
  };
  expect(migrateSettings(version2)).toEqual({
    ok: true,
    document: { ...version1, version: 3, subMerchantWatchesToMove: { 'testing-a1b2c3': [7, 9] } },
  });
});

test('a v1 file loads as v3, and is written as v3 at the next change', async ({ settingsPath }) => {
  await writeFile(settingsPath, JSON.stringify(version1));
  const store = createFileSettingsStore(settingsPath);
  const loaded = await loadSettings(store);
  expect(loaded.ok && loaded.data.document.version).toBe(3);
  expect(loaded.ok && loaded.data.document.activeEnvironmentId).toBe('testing-a1b2c3');

  const environments = createEnvironmentsService({
    store,
    vault: createVault({ backend: createMemoryBackend(), service: 'paydesk-test-migration' }),
  });
  expect((await environments.use('local-sandbox')).ok).toBe(true);
  const onDisk = JSON.parse(await readFile(settingsPath, 'utf8')) as {
    version: number;
    environments: unknown[];
  };
  expect(onDisk.version).toBe(3);
  expect(onDisk.environments).toContainEqual(version1.environments[1]);
});

for (const [what, document, detail] of [
  ['a document with no version', { environments: [] }, 'version'],
  ['a version that is not a number', { version: '2' }, 'version'],
  ['a v1 document without profiles', { version: 1, environments: 'none' }, 'environments'],
  ['an active id naming no profile', { ...version1, activeEnvironmentId: 'gone' }, 'activeEnvironmentId'],
  [
    'an unknown language',
    { ...version1, preferences: { language: 'fr', theme: 'dark' } },
    'preferences.language',
  ],
] as const) {
  test(`${what} is invalid: ${detail}`, () => {
    const migrated = migrateSettings(document);
    expect(migrated.ok).toBe(false);
    if (migrated.ok) return;
    expect(migrated.failure.reason).toBe('invalid');
    if (migrated.failure.reason === 'invalid') expect(migrated.failure.detail).toContain(detail);
  });
}

test('a newer version is not migrated down', () => {
  expect(migrateSettings({ version: 4 })).toEqual({ ok: false, failure: { reason: 'newer', version: 4 } });
});

test('a hand-edited colour cannot make production look like testing, or testing like production', () => {
  const edited = {
    ...version1,
    environments: [
      { ...version1.environments[1], color: 'red' },
      {
        id: 'prod-1',
        name: 'Production',
        kind: 'production',
        baseUrl: 'https://api.example.com',
        color: 'blue',
      },
    ],
  };
  const migrated = migrateSettings(edited);
  expect(migrated.ok && migrated.document.environments.map((env) => env.color)).toEqual(['blue', 'red']);
});

test.describe('sub-merchant watches waiting for the watchlist', () => {
  const version2 = {
    ...version1,
    version: 2,
    environments: version1.environments.map((env, index) => ({
      ...env,
      watchedSubMerchantIds: index === 1 ? [7, 9] : [3],
    })),
  };
  const open = (settingsPath: string) =>
    createEnvironmentsService({
      store: createFileSettingsStore(settingsPath),
      vault: createVault({ backend: createMemoryBackend(), service: 'paydesk-test-migration' }),
    });

  test('are answered per environment, and stop waiting once moved (ids added meanwhile stay)', async ({
    settingsPath,
  }) => {
    await writeFile(settingsPath, JSON.stringify(version2));
    const environments = open(settingsPath);
    expect(await environments.subMerchantWatchesToMove()).toEqual({
      ok: true,
      data: { 'local-sandbox': [3], 'testing-a1b2c3': [7, 9] },
    });
    expect((await environments.subMerchantWatchesMoved({ 'testing-a1b2c3': [7] })).ok).toBe(true);
    expect(await environments.subMerchantWatchesToMove()).toEqual({
      ok: true,
      data: { 'local-sandbox': [3], 'testing-a1b2c3': [9] },
    });
    expect(
      (await environments.subMerchantWatchesMoved({ 'local-sandbox': [3], 'testing-a1b2c3': [9] })).ok,
    ).toBe(true);
    const onDisk = JSON.parse(await readFile(settingsPath, 'utf8')) as Record<string, unknown>;
    expect(onDisk.version).toBe(3);
    expect(onDisk).not.toHaveProperty('subMerchantWatchesToMove');
  });

  test('go with their environment when it is removed', async ({ settingsPath }) => {
    await writeFile(settingsPath, JSON.stringify(version2));
    const environments = open(settingsPath);
    expect((await environments.remove('testing-a1b2c3')).ok).toBe(true);
    // Gone from the file too: a profile added later under the same id must not inherit them.
    const onDisk = JSON.parse(await readFile(settingsPath, 'utf8')) as Record<string, unknown>;
    expect(onDisk.subMerchantWatchesToMove).toEqual({ 'local-sandbox': [3] });
    expect(await environments.subMerchantWatchesToMove()).toEqual({
      ok: true,
      data: { 'local-sandbox': [3] },
    });
  });

  test('of a profile that is gone (a hand-edited file) are not answered', async ({ settingsPath }) => {
    await writeFile(
      settingsPath,
      JSON.stringify({ ...version1, version: 3, subMerchantWatchesToMove: { 'testing-gone': [4] } }),
    );
    expect(await open(settingsPath).subMerchantWatchesToMove()).toEqual({ ok: true, data: {} });
  });
});
