import type { Result } from '../../../shared/contract';
import { createEnvironmentsService } from '../../../main/core/settings/environments';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { createEnvironmentResolver, type EmbeddedSandbox } from '../../../main/core/settings/resolver';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import { createVault } from '../../../main/core/vault/vault';
import { testService } from '../../support/keychain';
import { expect, test } from './fixtures';

const SANDBOX_CREDENTIALS = {
  apiKey: 'SandboxKey01',
  apiSecret: 'Sandbox-Secret-0001',
  readOnlyKey: 'Sandbox-ReadOnly-01',
  cashoutLogin: 'sbLogin',
  cashoutPass: 'sbPass',
  cashoutSecret: 'Sandbox-Cashout-01',
};

/**
 * The embedded sandbox as the composition root hands it over (address and provisioned
 * credentials); `port` can change to play a sandbox that came back elsewhere.
 */
function embedded(start: { port: number; host?: string }): () => Promise<Result<EmbeddedSandbox>> {
  return async () => ({
    ok: true,
    data: {
      baseUrl: `http://${start.host ?? '127.0.0.1'}:${start.port}/`,
      credentials: SANDBOX_CREDENTIALS,
      worldId: 'resolver-world',
    },
  });
}

function setUp(settingsPath: string, sandbox = embedded({ port: 40123 })) {
  const vault = createVault({ backend: createMemoryBackend(), service: testService() });
  const environments = createEnvironmentsService({ store: createFileSettingsStore(settingsPath), vault });
  const resolver = createEnvironmentResolver({ environments, vault, embeddedSandbox: sandbox });
  return { vault, environments, resolver };
}

function data<T>(answer: Result<T>): T {
  if (!answer.ok) throw new Error(`expected ok, got ${answer.error.kind}: ${answer.error.message}`);
  return answer.data;
}

test('on a first run the active environment is the embedded sandbox with its own credentials', async ({
  settingsPath,
}) => {
  const { resolver } = setUp(settingsPath);
  const resolved = data(await resolver.resolveActive());
  expect(resolved).toMatchObject({
    profile: { id: 'local-sandbox', kind: 'local-sandbox' },
    baseUrl: 'http://127.0.0.1:40123',
    origin: 'http://127.0.0.1:40123',
    credentialSource: 'embedded-sandbox',
  });
  expect(await resolved.credentials()).toEqual({ ok: true, data: SANDBOX_CREDENTIALS });
  expect(await resolved.credentials('http://127.0.0.1:40123/v3/deposits/1')).toEqual({
    ok: true,
    data: SANDBOX_CREDENTIALS,
  });
});

test('without an embedded sandbox a local-sandbox profile cannot be resolved', async ({ settingsPath }) => {
  const vault = createVault({ backend: createMemoryBackend(), service: testService() });
  const environments = createEnvironmentsService({ store: createFileSettingsStore(settingsPath), vault });
  const resolved = await createEnvironmentResolver({ environments, vault }).resolveActive();
  expect(resolved).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
});

test('a sandbox that is not on a loopback address never gets its credentials handed out', async ({
  settingsPath,
}) => {
  const { resolver } = setUp(settingsPath, embedded({ port: 443, host: 'sandbox.example.com' }));
  expect(await resolver.resolveActive()).toMatchObject({ ok: false, error: { kind: 'internal' } });
});

test('a keychain profile reads its credentials per call, for its own origin only', async ({
  settingsPath,
}) => {
  const { environments, resolver } = setUp(settingsPath);
  const testing = data(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://sandbox.example.com' }),
  );
  await environments.use(testing.id);
  const resolved = data(await resolver.resolveActive());
  expect(resolved).toMatchObject({
    baseUrl: 'https://sandbox.example.com',
    origin: 'https://sandbox.example.com',
    credentialSource: 'keychain',
  });
  expect(await resolved.credentials()).toEqual({ ok: true, data: {} });

  // Set after resolution: the provider reads the keychain at call time.
  await environments.setCredential(testing.id, 'apiKey', 'MerchKey01');
  expect(await resolved.credentials('https://sandbox.example.com/v3/deposits/5')).toEqual({
    ok: true,
    data: { apiKey: 'MerchKey01' },
  });
  for (const elsewhere of [
    'https://evil.example.com/v3/deposits/5',
    'http://sandbox.example.com/v3/deposits/5',
    'https://sandbox.example.com:8443/v3',
    new URL('https://sandbox.example.com.evil.example/v3'),
  ]) {
    const refused = await resolved.credentials(elsewhere);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not_permitted' } });
    expect(JSON.stringify(refused)).not.toContain('MerchKey01');
  }
});

test('once a profile moves to another host, a provider resolved before refuses even new credentials', async ({
  settingsPath,
}) => {
  const { environments, resolver } = setUp(settingsPath);
  const testing = data(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://sandbox.example.com' }),
  );
  const before = data(await resolver.resolve(testing.id));
  await environments.update({ id: testing.id, baseUrl: 'https://new-host.example.com' });
  await environments.setCredential(testing.id, 'apiKey', 'KeyForTheNewHost');
  const refused = await before.credentials();
  expect(refused).toMatchObject({ ok: false, error: { kind: 'not_permitted' } });
  expect(JSON.stringify(refused)).not.toContain('KeyForTheNewHost');

  const after = data(await resolver.resolve(testing.id));
  expect(after.origin).toBe('https://new-host.example.com');
  expect(await after.credentials()).toEqual({ ok: true, data: { apiKey: 'KeyForTheNewHost' } });
});

test('a removed profile hands out nothing', async ({ settingsPath }) => {
  const { environments, resolver } = setUp(settingsPath);
  const testing = data(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://sandbox.example.com' }),
  );
  await environments.setCredential(testing.id, 'apiKey', 'MerchKey01');
  const resolved = data(await resolver.resolve(testing.id));
  await environments.remove(testing.id);
  expect(await resolved.credentials()).toMatchObject({ ok: false, error: { kind: 'not_found' } });
});

test('a sandbox that came back on another port does not get the credentials bound to the old one', async ({
  settingsPath,
}) => {
  const sandbox = { port: 40123 };
  const { resolver } = setUp(settingsPath, embedded(sandbox));
  const resolved = data(await resolver.resolveActive());
  sandbox.port = 40999;
  expect(await resolved.credentials()).toMatchObject({ ok: false, error: { kind: 'not_permitted' } });
  expect(data(await resolver.resolveActive()).baseUrl).toBe('http://127.0.0.1:40999');
});

test('resolving an unknown environment is not_found', async ({ settingsPath }) => {
  const { resolver } = setUp(settingsPath);
  expect(await resolver.resolve('nope-000000')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
});
