import type { EnvironmentProfile, Result } from '../../../shared/contract';
import {
  createEnvironmentsService,
  type EnvironmentsService,
} from '../../../main/core/settings/environments';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { createKeytarBackend } from '../../../main/core/vault/keytar-backend';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import type { SecretBackend } from '../../../main/core/vault/secret-backend';
import { createVault, type Vault } from '../../../main/core/vault/vault';
import { requireKeychain, testService } from '../../support/keychain';
import { expect, test } from './fixtures';

interface Setup {
  environments: EnvironmentsService;
  vault: Vault;
}

function setUp(settingsPath: string, backend: SecretBackend = createMemoryBackend()): Setup {
  const vault = createVault({ backend, service: testService() });
  return {
    environments: createEnvironmentsService({ store: createFileSettingsStore(settingsPath), vault }),
    vault,
  };
}

function data<T>(answer: Result<T>): T {
  if (!answer.ok) throw new Error(`expected ok, got ${answer.error.kind}: ${answer.error.message}`);
  return answer.data;
}

function expectError(answer: Result<unknown>, kind: string, field?: string, text?: string): void {
  expect(answer.ok, 'expected a refusal').toBe(false);
  if (answer.ok) return;
  expect(answer.error.kind).toBe(kind);
  if (field !== undefined) expect(answer.error.field).toBe(field);
  if (text !== undefined) expect(answer.error.message).toContain(text);
}

const addTesting = (
  environments: EnvironmentsService,
  name = 'Testing',
  baseUrl = 'https://sandbox.example.com',
) => environments.add({ name, kind: 'testing', baseUrl }).then(data);

test.describe('profiles', () => {
  test('the first list is the local sandbox alone, active', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    expect(data(await environments.list())).toEqual({
      environments: [
        {
          id: 'local-sandbox',
          name: 'Local sandbox',
          kind: 'local-sandbox',
          baseUrl: 'sandbox:embedded',
          color: 'teal',
        },
      ],
      activeEnvironmentId: 'local-sandbox',
    });
    expect(data(await environments.active()).id).toBe('local-sandbox');
  });

  test('add gives a readable unique id, a normalised base URL and the colour of its kind', async ({
    settingsPath,
  }) => {
    const { environments } = setUp(settingsPath);
    const testing = data(
      await environments.add({
        name: '  Testing – São Paulo ',
        kind: 'testing',
        baseUrl: 'HTTPS://Sandbox.Example.com/',
      }),
    );
    expect(testing).toEqual({
      id: expect.stringMatching(/^testing-sao-paulo-[0-9a-f]{6}$/) as unknown as string,
      name: 'Testing – São Paulo',
      kind: 'testing',
      baseUrl: 'https://sandbox.example.com',
      color: 'blue',
    });
    const production = data(
      await environments.add({
        name: 'Production',
        kind: 'production',
        baseUrl: 'https://api.example.com./',
      }),
    );
    expect(production).toMatchObject({
      kind: 'production',
      color: 'red',
      baseUrl: 'https://api.example.com',
    });
    // Adding does not switch: the user chooses when to work on production.
    expect(data(await environments.list()).activeEnvironmentId).toBe('local-sandbox');
    expect(data(await environments.list()).environments.map((env) => env.name)).toEqual([
      'Local sandbox',
      'Testing – São Paulo',
      'Production',
    ]);
  });

  test('a profile holds no watch list: the watchlist keeps it', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    expectError(
      await environments.add({
        name: 'T',
        kind: 'testing',
        baseUrl: 'https://t.example.com',
        ...{ watchedSubMerchantIds: [5, 3] },
      }),
      'validation',
      'input',
      'watchedSubMerchantIds',
    );
  });

  for (const [what, input, field, text] of [
    [
      'an empty name',
      { name: '   ', kind: 'testing', baseUrl: 'https://t.example.com' },
      'name',
      'must not be empty',
    ],
    [
      'a name with a control character',
      { name: 'Te\u0007st', kind: 'testing', baseUrl: 'https://t.example.com' },
      'name',
      'control',
    ],
    ['a testing profile without base URL', { name: 'T', kind: 'testing' }, 'baseUrl', 'required'],
    [
      'plain http to a remote host (D5)',
      { name: 'T', kind: 'testing', baseUrl: 'http://api.example.com' },
      'baseUrl',
      'https://',
    ],
    [
      'a base URL with a query',
      { name: 'T', kind: 'testing', baseUrl: 'https://api.example.com/?x=1' },
      'baseUrl',
      'query',
    ],
    [
      'the sandbox sentinel for production',
      { name: 'P', kind: 'production', baseUrl: 'sandbox:embedded' },
      'baseUrl',
      undefined,
    ],
    [
      'a local sandbox with a URL',
      { name: 'S', kind: 'local-sandbox', baseUrl: 'http://127.0.0.1:4010' },
      'baseUrl',
      'embedded sandbox',
    ],
    [
      'a second local sandbox',
      { name: 'Another sandbox', kind: 'local-sandbox' },
      'kind',
      'already a local sandbox',
    ],
    [
      'red for testing',
      { name: 'T', kind: 'testing', baseUrl: 'https://t.example.com', color: 'red' },
      'color',
      'reserved for production',
    ],
    [
      'production in blue',
      { name: 'P', kind: 'production', baseUrl: 'https://p.example.com', color: 'blue' },
      'color',
      'always red',
    ],
    ['an unknown kind', { name: 'T', kind: 'staging', baseUrl: 'https://t.example.com' }, 'kind', undefined],
    [
      'an unknown field',
      { name: 'T', kind: 'testing', baseUrl: 'https://t.example.com', apiKey: 'x' },
      undefined,
      undefined,
    ],
  ] as const) {
    test(`add refuses ${what}`, async ({ settingsPath }) => {
      const { environments } = setUp(settingsPath);
      expectError(await environments.add(input as never), 'validation', field, text);
      expect(data(await environments.list()).environments).toHaveLength(1);
    });
  }

  test('names are unique, ignoring case and surrounding spaces', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    await addTesting(environments, 'Testing');
    expectError(
      await environments.add({ name: ' testing ', kind: 'testing', baseUrl: 'https://other.example.com' }),
      'validation',
      'name',
      'already named',
    );
    expectError(
      await environments.add({ name: 'LOCAL SANDBOX', kind: 'testing', baseUrl: 'https://x.example.com' }),
      'validation',
      'name',
    );
  });

  test('production cannot share a base URL with testing, compared normalised, either way round', async ({
    settingsPath,
  }) => {
    const { environments } = setUp(settingsPath);
    await addTesting(environments, 'Testing', 'https://api.example.com');
    // Spellings of one service (D19): case, the default port, a trailing dot.
    for (const baseUrl of ['HTTPS://API.example.com:443/', 'https://api.example.com.']) {
      expectError(
        await environments.add({ name: 'Production', kind: 'production', baseUrl }),
        'validation',
        'baseUrl',
        'cannot share',
      );
    }
    const production = data(
      await environments.add({
        name: 'Production',
        kind: 'production',
        baseUrl: 'https://live.example.com',
      }),
    );
    expectError(
      await environments.add({ name: 'Testing 2', kind: 'testing', baseUrl: 'https://LIVE.example.com./' }),
      'validation',
      'baseUrl',
      'cannot share',
    );
    const testing2 = await addTesting(environments, 'Testing 2', 'https://t2.example.com');
    expectError(
      await environments.update({ id: testing2.id, baseUrl: 'https://live.example.com' }),
      'validation',
      'baseUrl',
    );
    expectError(
      await environments.update({ id: production.id, baseUrl: 'https://t2.example.com' }),
      'validation',
      'baseUrl',
    );
    // Two testing profiles on one URL (two merchant accounts) are fine.
    expect(
      (await environments.add({ name: 'Testing 3', kind: 'testing', baseUrl: 'https://t2.example.com' })).ok,
    ).toBe(true);
  });

  test('update renames and recolours; the kind keeps production red', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    const testing = await addTesting(environments);
    const updated = data(
      await environments.update({
        id: testing.id,
        name: 'QA',
        color: 'green',
      }),
    );
    expect(updated).toEqual({
      environment: { ...testing, name: 'QA', color: 'green' },
      credentialsCleared: false,
    });
    expectError(await environments.update({ id: testing.id, color: 'red' }), 'validation', 'color');

    const production = data(
      await environments.add({ name: 'Production', kind: 'production', baseUrl: 'https://api.example.com' }),
    );
    expectError(
      await environments.update({ id: production.id, color: 'blue' }),
      'validation',
      'color',
      'always red',
    );
    expect(data(await environments.update({ id: production.id, name: 'Live' })).environment).toMatchObject({
      name: 'Live',
      color: 'red',
    });
    expectError(await environments.update({ id: production.id, kind: 'testing' } as never), 'validation');
    expect(data(await environments.get(production.id)).kind).toBe('production');
  });

  test('update and get of an unknown environment are not_found; a malformed id is a validation error', async ({
    settingsPath,
  }) => {
    const { environments } = setUp(settingsPath);
    expectError(await environments.update({ id: 'nope-000000', name: 'X' }), 'not_found', 'environmentId');
    expectError(await environments.get('nope-000000'), 'not_found');
    expectError(await environments.get('../etc'), 'validation', 'environmentId');
  });

  test('the local sandbox can be renamed but keeps the embedded sandbox as its base URL', async ({
    settingsPath,
  }) => {
    const { environments } = setUp(settingsPath);
    expect(
      data(await environments.update({ id: 'local-sandbox', name: 'Sandbox', color: 'gray' })).environment,
    ).toMatchObject({
      name: 'Sandbox',
      baseUrl: 'sandbox:embedded',
      color: 'gray',
    });
    expectError(
      await environments.update({ id: 'local-sandbox', baseUrl: 'http://127.0.0.1:9' }),
      'validation',
      'baseUrl',
    );
  });

  test('use makes a profile active, and another process sees it', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    const testing = await addTesting(environments);
    expect(data(await environments.use(testing.id))).toEqual(testing);
    expect(data(await environments.active()).id).toBe(testing.id);
    const { environments: elsewhere } = setUp(settingsPath);
    expect(data(await elsewhere.active()).id).toBe(testing.id);
    expectError(await environments.use('nope-000000'), 'not_found');
  });

  test('the only profile cannot be removed', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    expectError(
      await environments.remove('local-sandbox'),
      'invalid_state',
      'environmentId',
      'only environment',
    );
    expect(data(await environments.list()).environments).toHaveLength(1);
  });

  test('removing the active profile falls back to the sandbox or testing, never to production by surprise', async ({
    settingsPath,
  }) => {
    const { environments } = setUp(settingsPath);
    const production = data(
      await environments.add({ name: 'Production', kind: 'production', baseUrl: 'https://api.example.com' }),
    );
    const testing = await addTesting(environments);
    await environments.use(testing.id);
    expect(data(await environments.remove(testing.id))).toEqual({
      removedId: testing.id,
      activeEnvironmentId: 'local-sandbox',
      credentialsCleared: true,
    });

    const testing2 = await addTesting(environments, 'Testing 2', 'https://t2.example.com');
    await environments.use('local-sandbox');
    expect(data(await environments.remove('local-sandbox')).activeEnvironmentId).toBe(testing2.id);
    expect(data(await environments.list()).environments.map((env) => env.id)).toEqual([
      production.id,
      testing2.id,
    ]);

    // Removing a profile that is not active leaves the active one alone.
    const testing3 = await addTesting(environments, 'Testing 3', 'https://t3.example.com');
    expect(data(await environments.remove(testing3.id)).activeEnvironmentId).toBe(testing2.id);
  });

  test('operations run one at a time: parallel adds all land', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        environments.add({ name: `Testing ${n}`, kind: 'testing', baseUrl: `https://t${n}.example.com` }),
      ),
    );
    expect(added.every((answer) => answer.ok)).toBe(true);
    expect(data(await environments.list()).environments).toHaveLength(9);
  });

  test('preferences start as English and the system theme, and change one at a time', async ({
    settingsPath,
  }) => {
    const { environments } = setUp(settingsPath);
    expect(data(await environments.preferences())).toEqual({ language: 'en', theme: 'system' });
    expect(data(await environments.updatePreferences({ theme: 'dark' }))).toEqual({
      language: 'en',
      theme: 'dark',
    });
    expect(data(await environments.updatePreferences({ language: 'pt-BR' }))).toEqual({
      language: 'pt-BR',
      theme: 'dark',
    });
    expectError(await environments.updatePreferences({ language: 'fr' } as never), 'validation', 'language');
    const { environments: elsewhere } = setUp(settingsPath);
    expect(data(await elsewhere.preferences())).toEqual({ language: 'pt-BR', theme: 'dark' });
  });
});

test.describe('credentials of profiles', () => {
  const credentialsOf = async (vault: Vault, profile: EnvironmentProfile) =>
    data(await vault.read(profile.id));

  test('set, status and clear go through the profile; the answers never hold the value', async ({
    settingsPath,
  }) => {
    const { environments, vault } = setUp(settingsPath);
    const testing = await addTesting(environments);
    const status = data(
      await environments.setCredential(testing.id, 'apiSecret', 'T3st-ApiSignature-000111'),
    );
    expect(status).toMatchObject({ field: 'apiSecret', set: true, hint: '…0111' });
    expect(JSON.stringify(status)).not.toContain('T3st-ApiSignature-000111');
    expect(data(await environments.credentialStatus(testing.id)).sets.signed).toBe('partial');
    expect(await credentialsOf(vault, testing)).toEqual({ apiSecret: 'T3st-ApiSignature-000111' });
    expect(data(await environments.clearCredential(testing.id, 'apiSecret')).set).toBe(false);
    expect(await credentialsOf(vault, testing)).toEqual({});
    expectError(
      await environments.setCredential(testing.id, 'password' as never, 'x'),
      'validation',
      'field',
    );
    expectError(await environments.setCredential('nope-000000', 'apiKey', 'MerchKey01'), 'not_found');
  });

  test('the local sandbox stores nothing: its credentials are provisioned', async ({ settingsPath }) => {
    const { environments } = setUp(settingsPath);
    expectError(await environments.setCredential('local-sandbox', 'apiKey', 'MerchKey01'), 'not_permitted');
    expectError(await environments.clearCredentials('local-sandbox'), 'not_permitted');
    const status = data(await environments.credentialStatus('local-sandbox'));
    expect(status.source).toBe('embedded-sandbox');
    expect(status.sets).toEqual({ signed: 'complete', readOnly: 'complete', cashout: 'complete' });
  });

  test('a base URL moved within the same host keeps the credentials', async ({ settingsPath }) => {
    const { environments, vault } = setUp(settingsPath);
    const testing = await addTesting(environments, 'Testing', 'https://sandbox.example.com');
    await environments.setCredential(testing.id, 'apiKey', 'MerchKey01');
    const moved = data(
      await environments.update({ id: testing.id, baseUrl: 'https://SANDBOX.example.com:443/' }),
    );
    expect(moved).toMatchObject({
      credentialsCleared: false,
      environment: { baseUrl: 'https://sandbox.example.com' },
    });
    expect(await credentialsOf(vault, testing)).toEqual({ apiKey: 'MerchKey01' });
  });

  for (const [what, to] of [
    ['another host', 'https://other.example.com'],
    ['another port', 'https://sandbox.example.com:8443'],
  ] as const) {
    test(`a base URL moved to ${what} clears the credentials and says so`, async ({ settingsPath }) => {
      const { environments, vault } = setUp(settingsPath);
      const testing = await addTesting(environments, 'Testing', 'https://sandbox.example.com');
      const other = await addTesting(environments, 'Other', 'https://sandbox.example.com');
      await environments.setCredential(testing.id, 'apiKey', 'MerchKey01');
      await environments.setCredential(testing.id, 'apiSecret', 'T3st-ApiSignature-000111');
      await environments.setCredential(other.id, 'apiKey', 'OtherKey01');
      const moved = data(await environments.update({ id: testing.id, baseUrl: to }));
      expect(moved.credentialsCleared).toBe(true);
      expect(await credentialsOf(vault, testing)).toEqual({});
      expect(data(await environments.credentialStatus(testing.id)).sets.signed).toBe('missing');
      expect(await credentialsOf(vault, other)).toEqual({ apiKey: 'OtherKey01' });
    });
  }

  test('removing a profile clears its credentials', async ({ settingsPath }) => {
    const { environments, vault } = setUp(settingsPath);
    const testing = await addTesting(environments);
    await environments.setCredential(testing.id, 'readOnlyKey', 'ReadOnly-Key-778899');
    expect(data(await environments.remove(testing.id)).credentialsCleared).toBe(true);
    expect(await vault.environmentIds()).toEqual({ ok: true, data: [] });
  });

  test('with the keychain unavailable, a host change and a removal are refused, unless the removal is forced', async ({
    settingsPath,
  }) => {
    const { environments: healthy } = setUp(settingsPath);
    const testing = await addTesting(healthy);
    const broken = createKeytarBackend({
      load: async () => {
        throw new Error('Could not locate the bindings file');
      },
    });
    const { environments } = setUp(settingsPath, broken);

    expectError(
      await environments.update({ id: testing.id, baseUrl: 'https://elsewhere.example.com' }),
      'keychain_unavailable',
      undefined,
      'was not changed',
    );
    expect(data(await environments.get(testing.id)).baseUrl).toBe('https://sandbox.example.com');
    // Changes that do not move the host need no keychain.
    expect((await environments.update({ id: testing.id, name: 'Renamed' })).ok).toBe(true);

    expectError(await environments.remove(testing.id), 'keychain_unavailable', undefined, 'was kept');
    expect((await environments.get(testing.id)).ok).toBe(true);
    expect(data(await environments.remove(testing.id, { force: true }))).toMatchObject({
      credentialsCleared: false,
    });
    expectError(await environments.get(testing.id), 'not_found');
  });

  test('a host change clears the secrets in the real OS keychain', async ({ settingsPath }) => {
    requireKeychain();
    const backend = createKeytarBackend();
    const { environments, vault } = setUp(settingsPath, backend);
    try {
      const testing = await addTesting(environments, 'Testing', 'https://sandbox.example.com');
      for (const [field, value] of [
        ['apiKey', 'MerchKey01'],
        ['apiSecret', 'T3st-ApiSignature-000111'],
        ['cashoutSecret', 'CashoutSecret-XYZ-789'],
      ] as const) {
        expect((await environments.setCredential(testing.id, field, value)).ok).toBe(true);
      }
      expect(Object.keys(await credentialsOf(vault, testing))).toEqual([
        'apiKey',
        'apiSecret',
        'cashoutSecret',
      ]);
      const moved = data(
        await environments.update({ id: testing.id, baseUrl: 'https://api.other-host.example' }),
      );
      expect(moved.credentialsCleared).toBe(true);
      expect(await credentialsOf(vault, testing)).toEqual({});
      expect(await backend.list(vault.service)).toEqual({ ok: true, data: [] });
    } finally {
      const left = await backend.list(vault.service);
      if (left.ok) for (const entry of left.data) await backend.delete(vault.service, entry.account);
    }
  });
});
