import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { SETTINGS_VERSION } from '../../../main/core/settings/schema';
import { loadSettings } from '../../../main/core/settings/settings-document';
import { readStoredSettings } from '../../../main/core/settings/stored-settings';
import { expect, test } from './fixtures';

/** A document as this version writes it. */
const current = {
  version: 3,
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

test('the current version is 3, the first released', () => {
  expect(SETTINGS_VERSION).toBe(3);
});

test('a document of the current version is read as it is', () => {
  expect(readStoredSettings(current)).toEqual({ ok: true, document: current });
});

test('a file of an unreleased earlier version is set aside, kept, and the next read starts afresh', async ({
  folder,
  settingsPath,
}) => {
  const version2 = { ...current, version: 2 };
  await writeFile(settingsPath, JSON.stringify(version2));
  const loaded = await loadSettings(createFileSettingsStore(settingsPath));
  expect(loaded.ok).toBe(false);
  if (loaded.ok) return;
  expect(loaded.error.message).toContain('version 2 is from a development build');
  const aside = (await readdir(folder)).filter((name) => name.startsWith('settings.json.corrupt-'));
  expect(aside).toHaveLength(1);
  expect(JSON.parse(await readFile(`${folder}/${aside[0]}`, 'utf8'))).toEqual(version2);
});

for (const [what, document, detail] of [
  ['a document with no version', { environments: [] }, 'version'],
  ['a version that is not a number', { version: '2' }, 'version'],
  ['an older version', { ...current, version: 1 }, 'version 1'],
  ['a document without profiles', { ...current, environments: 'none' }, 'environments'],
  ['an active id naming no profile', { ...current, activeEnvironmentId: 'gone' }, 'activeEnvironmentId'],
  [
    'an unknown language',
    { ...current, preferences: { language: 'fr', theme: 'dark' } },
    'preferences.language',
  ],
] as const) {
  test(`${what} is invalid: ${detail}`, () => {
    const checked = readStoredSettings(document);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.failure.reason).toBe('invalid');
    if (checked.failure.reason === 'invalid') expect(checked.failure.detail).toContain(detail);
  });
}

test('a newer version is refused, to be left untouched', () => {
  expect(readStoredSettings({ version: 4 })).toEqual({ ok: false, failure: { reason: 'newer', version: 4 } });
});

test('a hand-edited colour cannot make production look like testing, or testing like production', () => {
  const edited = {
    ...current,
    environments: [
      { ...current.environments[1], color: 'red' },
      {
        id: 'prod-1',
        name: 'Production',
        kind: 'production',
        baseUrl: 'https://api.example.com',
        color: 'blue',
      },
    ],
  };
  const checked = readStoredSettings(edited);
  expect(checked.ok && checked.document.environments.map((env) => env.color)).toEqual(['blue', 'red']);
});
