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

test('the current version is 2', () => {
  expect(SETTINGS_VERSION).toBe(2);
});

test('v1 → v2 gives every profile an empty watch list and keeps everything else', () => {
  expect(migrateSettings(version1)).toEqual({
    ok: true,
    document: {
      ...version1,
      version: 2,
      environments: version1.environments.map((env) => ({ ...env, watchedSubMerchantIds: [] })),
    },
  });
});

test('v1 → v2 keeps a watch list that is already there', () => {
  const withList = {
    ...version1,
    environments: version1.environments.map((env, index) =>
      index === 1 ? { ...env, watchedSubMerchantIds: [7, 9] } : env,
    ),
  };
  const migrated = migrateSettings(withList);
  expect(migrated.ok && migrated.document.environments[1]?.watchedSubMerchantIds).toEqual([7, 9]);
});

test('a v1 file loads as v2, and is written as v2 at the next change', async ({ settingsPath }) => {
  await writeFile(settingsPath, JSON.stringify(version1));
  const store = createFileSettingsStore(settingsPath);
  const loaded = await loadSettings(store);
  expect(loaded.ok && loaded.data.document.version).toBe(2);
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
  expect(onDisk.version).toBe(2);
  expect(onDisk.environments).toContainEqual({ ...version1.environments[1], watchedSubMerchantIds: [] });
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
  expect(migrateSettings({ version: 3 })).toEqual({ ok: false, failure: { reason: 'newer', version: 3 } });
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
