import { CREDENTIAL_FIELDS, type CredentialField } from '../../../shared/contract';
import {
  diagnosticsText,
  gatherDiagnostics,
  hostOf,
  type DiagnosticsFacts,
  type ShellFacts,
} from '../../../main/core/diagnostics';
import { createKeytarBackend } from '../../../main/core/vault';
import { sandboxCredentials } from '../../../main/sandbox/credentials';
import { addEnvironmentFor, dataOf, EMBEDDED_SEED, expect, test } from '../console/console-fixture';

/**
 * Help → Copy diagnostics (main/core/diagnostics.ts): the text a user pastes into a support
 * ticket. Built from a real console session, it names versions, environments by kind and host, the
 * clock offset and whether credentials are stored, and never a credential, a hint of one, or what
 * a base URL carries besides its host.
 */

const shell: ShellFacts = {
  appName: 'Paydesk',
  appVersion: '0.1.0',
  packaged: true,
  versions: { electron: '45.4.1', chrome: '142.0.7444.52', node: '22.20.0' },
  os: { platform: 'darwin', release: '24.6.0', arch: 'arm64' },
  logsFolder: '/Users/ana/Library/Logs/Paydesk',
  homeFolder: '/Users/ana',
  generatedAt: new Date('2026-03-02T10:00:00Z'),
};

test('from a real session: versions, environments, clocks and credential state; no credential, no hint', async ({
  openConsole,
  sandbox,
}) => {
  const credentials: Record<CredentialField, string> = {
    apiKey: 'key-diag-7Qm2Lx9Vb4',
    apiSecret: 'secret-diag-Zr8Nw3Kd6PfT1y',
    readOnlyKey: 'ro-diag-Hs5Ug2Jc8Ea',
    cashoutLogin: 'lgn-Bv4Xn',
    cashoutPass: 'pw-Gq7Dm2',
    cashoutSecret: 'cosecret-diag-Wy3Rk9Tf5Lp',
  };
  const service = await sandbox({ seed: 94, credentials });
  const session = openConsole();
  const testing = await addEnvironmentFor(
    session,
    { name: 'Testing', kind: 'testing', baseUrl: service.baseUrl },
    { apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, cashoutLogin: credentials.cashoutLogin },
  );
  dataOf(await session.call('useEnvironment', { id: testing.id }));
  // One answer, so that the testing clock has a measured offset.
  dataOf(await session.call('getDeposit', { depositId: 300000001 }));
  const status = dataOf(await session.call('getCredentialStatus', { environmentId: testing.id }));

  const text = diagnosticsText(await gatherDiagnostics(session.runtime.api, shell));

  expect(text).toContain('Paydesk 0.1.0 (packaged)');
  expect(text).toContain('Electron 45.4.1, Chromium 142.0.7444.52, Node 22.20.0');
  expect(text).toContain('OS: darwin 24.6.0 (arm64)');
  expect(text).toContain('Logs: ~/Library/Logs/Paydesk');
  expect(text).toContain(`* ${testing.id} [testing] ${new URL(service.baseUrl).origin}`);
  expect(text).toContain('- local-sandbox [local-sandbox] embedded sandbox');
  expect(text).toContain('credentials: keychain: signed complete, read-only missing, cashout partial');
  expect(text).toContain('credentials: provisioned by the embedded sandbox');
  expect(text).toMatch(/clock: (in_sync|corrected), service minus local [+−]\d+ ms ± \d+ ms \(\d+ samples?/);

  const hints = status.fields.flatMap((field) => (field.hint ? [field.hint] : []));
  expect(hints.length).toBeGreaterThan(0);
  const forbidden = [
    ...Object.values(credentials),
    ...Object.values(sandboxCredentials(EMBEDDED_SEED)),
    ...hints,
    ...Object.values(credentials).map((value) => value.slice(-4)),
  ];
  expect(forbidden.filter((secret) => text.includes(secret))).toEqual([]);
  expect(CREDENTIAL_FIELDS.length).toBe(6);
});

test('a keychain that cannot be used is said so, per environment', async ({ openConsole, sandbox }) => {
  const service = await sandbox({ seed: 95 });
  const session = openConsole({
    vault: {
      backend: createKeytarBackend({ load: () => Promise.reject(new Error('libsecret missing')) }),
      service: 'paydesk-test-broken',
    },
  });
  const testing = dataOf(
    await session.call('addEnvironment', { name: 'Testing', kind: 'testing', baseUrl: service.baseUrl }),
  );
  const text = diagnosticsText(await gatherDiagnostics(session.runtime.api, shell));
  expect(text).toContain(`- ${testing.id} [testing]`);
  expect(text).toContain('credentials: keychain unavailable');
});

test('a base URL shows its scheme and host only: no user info, path or query', () => {
  expect(hostOf('https://ops:hunter2@payments.example.com:8443/v3?token=abc123')).toBe(
    'https://payments.example.com:8443',
  );
  expect(hostOf('sandbox:embedded')).toBe('embedded sandbox');
  expect(hostOf('not a url')).toBe('(not a URL)');

  const facts: DiagnosticsFacts = {
    shell,
    environments: [
      {
        id: 'prod',
        kind: 'production',
        host: hostOf('https://ops:hunter2@payments.example.com/path?token=abc123'),
        active: true,
        credentials: {
          source: 'keychain',
          sets: { signed: 'complete', readOnly: 'complete', cashout: 'missing' },
        },
        clock: {
          state: 'unmeasured',
          offsetMs: null,
          uncertaintyMs: null,
          samples: 0,
          correctionActive: false,
        },
      },
    ],
  };
  const text = diagnosticsText(facts);
  expect(text).toContain('* prod [production] https://payments.example.com');
  expect(text).toContain('clock: unmeasured (no answer seen yet)');
  for (const hidden of ['hunter2', 'ops', 'token', 'abc123', '/path']) expect(text).not.toContain(hidden);
});

test('an unlogged app and an unknown environment list say so plainly', () => {
  const text = diagnosticsText({
    shell: { ...shell, logsFolder: null, versions: { node: '22.20.0' } },
    environments: { unavailable: 'storage' },
  });
  expect(text).toContain('Logs: not written (the folder could not be opened)');
  expect(text).toContain('Electron —, Chromium —, Node 22.20.0');
  expect(text).toContain('Environments: unknown (storage)');
});
