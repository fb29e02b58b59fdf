import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Result } from '../../../shared/contract';
import { createKeytarBackend, type KeytarModule } from '../../../main/core/vault/keytar-backend';
import { createVault } from '../../../main/core/vault/vault';
import { testService } from '../../support/keychain';

const run = promisify(execFile);
const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

function expectUnavailable(answer: Result<unknown>, secret?: string): void {
  expect(answer.ok).toBe(false);
  if (answer.ok) return;
  expect(answer.error.kind).toBe('keychain_unavailable');
  expect(answer.error.message.length).toBeGreaterThan(0);
  if (secret) expect(answer.error.message).not.toContain(secret);
}

test('with no Secret Service on the bus every operation is keychain_unavailable, in a real keytar', async () => {
  // A bus address where nothing listens: what a desktop-less machine or a dead session looks like.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk/bus',
  };
  delete env.DISPLAY;
  const secret = 'Child-Secret-Value-0001';
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join('test', 'integration', 'vault', 'keychain-child.ts'), testService(), secret],
    { cwd: repositoryRoot, env, timeout: 25_000 },
  );
  const answers = JSON.parse(stdout) as Record<string, Result<unknown>>;
  expect(Object.keys(answers)).toEqual(['set', 'status', 'read', 'clear', 'clearAll', 'environmentIds']);
  for (const answer of Object.values(answers)) expectUnavailable(answer, secret);
  expect(stdout).not.toContain(secret);
});

test('a keytar module that fails to load (broken native build) is keychain_unavailable, not a crash', async () => {
  const vault = createVault({
    backend: createKeytarBackend({
      load: async () => {
        throw new Error('Could not locate the bindings file. Tried: build/Release/keytar.node');
      },
    }),
    service: testService(),
  });
  const stored = await vault.set('testing-a1b2c3', 'apiKey', 'MerchKey-0001-abcdef');
  expectUnavailable(stored, 'MerchKey-0001-abcdef');
  if (!stored.ok) expect(stored.error.message).toContain('could not be loaded');
  expectUnavailable(await vault.read('testing-a1b2c3'));
  expectUnavailable(await vault.status('testing-a1b2c3'));
});

test('a module name that does not exist is keychain_unavailable too', async () => {
  const missing = `keytar-missing-${Date.now()}`;
  const backend = createKeytarBackend({ load: () => import(missing) as Promise<KeytarModule> });
  expectUnavailable(await backend.list(testService()));
});

test('a keychain that never answers (an unlock prompt nobody sees) becomes keychain_unavailable', async () => {
  const never = (): Promise<never> => new Promise(() => undefined);
  const silent: KeytarModule = {
    getPassword: never,
    setPassword: never,
    deletePassword: never,
    findCredentials: never,
  };
  const backend = createKeytarBackend({ load: async () => silent, timeoutMs: 50 });
  const answer = await backend.get(testService(), 'testing-a1b2c3/apiKey');
  expectUnavailable(answer);
  if (!answer.ok) expect(answer.error.message).toContain('did not answer');
});

test('a keychain error that echoes the value never lets it into the message', async () => {
  const secret = 'Echoed-Secret-Value-9876';
  const echoing: KeytarModule = {
    getPassword: async () => null,
    setPassword: async (_service, _account, password) => {
      throw new Error(`cannot store ${password}`);
    },
    deletePassword: async () => false,
    findCredentials: async () => [],
  };
  const vault = createVault({
    backend: createKeytarBackend({ load: async () => echoing }),
    service: testService(),
  });
  expectUnavailable(await vault.set('testing-a1b2c3', 'apiSecret', secret), secret);
});
