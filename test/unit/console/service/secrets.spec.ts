import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CREDENTIAL_FIELDS, type CredentialField } from '../../../../shared/contract';
import { runCli } from '../../../../main/cli/program';
import { createConsoleRuntime } from '../../../../main/core/console';
import { createKeytarBackend } from '../../../../main/core/vault';
import { sandboxCredentials } from '../../../../main/sandbox/credentials';
import { embeddedSandboxStarter } from '../../../../main/sandbox/starter';
import { requireKeychain, testService } from '../../../support/keychain';
import {
  addEnvironmentFor,
  dataOf,
  EMBEDDED_SEED,
  expect,
  FAST_CLIENT,
  test,
  wrapRuntime,
} from '../console-fixture';

/**
 * THE secrets test: a whole session against the real OS keychain (two environments
 * besides the local sandbox, credentials set through the API, doctor, lookups, mutations, a
 * wrong credential, the CLI), then every file of the data folder, everything logged, every CLI
 * output and every answer and event that crossed the dispatcher is searched for each secret.
 */

type Credentials = Record<CredentialField, string>;

const distinct = (tag: string): Credentials => ({
  apiKey: `key-${tag}-7Qm2Lx9Vb4`,
  apiSecret: `secret-${tag}-Zr8Nw3Kd6PfT1y`,
  readOnlyKey: `ro-${tag}-Hs5Ug2Jc8Ea`,
  cashoutLogin: `login-${tag}-Bv4Xn`,
  cashoutPass: `pass-${tag}-Gq7Dm2`,
  cashoutSecret: `cosecret-${tag}-Wy3Rk9Tf5Lp`,
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test('no secret reaches a file, a log, the CLI output or any answer that crossed the dispatcher', async ({
  sandbox,
  dataDir,
}) => {
  requireKeychain();
  test.setTimeout(90_000);
  const service = testService();
  const backend = createKeytarBackend();

  const testingCredentials = distinct('testing');
  const productionCredentials = distinct('production');
  const wrongSecret = 'secret-WRONG-Xx1Yy2Zz3Aa4Bb';
  const testing = await sandbox({ seed: 91, credentials: testingCredentials });
  const production = await sandbox({ seed: 92, credentials: productionCredentials });
  const secrets = [
    ...Object.values(testingCredentials),
    ...Object.values(productionCredentials),
    ...Object.values(sandboxCredentials(EMBEDDED_SEED)),
    wrongSecret,
  ];

  // Anything the core or the CLI might log while the session runs.
  const logged: string[] = [];
  const originals = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    console[level] = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  }
  const cliRuns: string[] = [];
  let environmentIds: string[] = [];
  try {
    const session = wrapRuntime(
      createConsoleRuntime({
        dataDir,
        vault: { backend, service },
        embeddedSandbox: embeddedSandboxStarter({ seed: EMBEDDED_SEED }),
        client: FAST_CLIENT,
      }),
    );
    const { call } = session;
    const testingProfile = await addEnvironmentFor(
      session,
      { name: 'Testing', kind: 'testing', baseUrl: testing.baseUrl },
      testingCredentials,
    );
    const productionProfile = await addEnvironmentFor(
      session,
      { name: 'Production', kind: 'production', baseUrl: production.baseUrl },
      productionCredentials,
    );
    environmentIds = [testingProfile.id, productionProfile.id];

    for (const id of ['local-sandbox', testingProfile.id, productionProfile.id]) {
      const report = dataOf(await call('runDoctor', { environmentId: id }));
      expect(report.checks.map((check) => check.verdict)).toEqual(['ok', 'ok', 'ok']);
      dataOf(await call('getCredentialStatus', { environmentId: id }));
      dataOf(await call('getClockStatus', { environmentId: id }));
    }
    for (const id of ['local-sandbox', testingProfile.id, productionProfile.id]) {
      dataOf(await call('useEnvironment', { id }));
      dataOf(await call('getDeposit', { depositId: 300000001 }));
      dataOf(await call('getRefund', { refundId: 17 }));
      dataOf(await call('getCashoutStatus', { cashoutId: 11955 }));
      dataOf(await call('listPaymentMethods', { country: 'BR' }));
      dataOf(await call('listBanks', { country: 'MX' }));
      dataOf(await call('getCryptoQuote', { currency: 'USD', amount: 10, crypto: 'USDT' }));
      dataOf(await call('getSubMerchant', { subMerchantId: 18703 }));
      dataOf(await call('getRefundPreflight', { depositId: 300000001 }));
      dataOf(await call('listEnvironments', {}));
    }

    // Mutations in testing, then in production once armed.
    dataOf(await call('useEnvironment', { id: testingProfile.id }));
    dataOf(
      await call('createDeposit', {
        body: { amount: 9.1, country: 'BR', payer: { document: '84932568207' } },
      }),
    );
    dataOf(
      await call('createRefund', { body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 2 } }),
    );
    dataOf(await call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));
    dataOf(await call('useEnvironment', { id: productionProfile.id }));
    dataOf(await call('armProduction', { confirmation: 'Production' }));
    dataOf(
      await call('cancelCashout', {
        cashoutId: 11954,
        externalId: 'payout-7781',
        typedConfirmation: '11954',
        reason: 'secrets session',
      }),
    );

    // A wrong secret: its failures must not echo it (or the right one) either.
    dataOf(
      await call('setCredential', {
        environmentId: testingProfile.id,
        field: 'apiSecret',
        value: wrongSecret,
      }),
    );
    const doctor = dataOf(await call('runDoctor', { environmentId: testingProfile.id }));
    expect(doctor.checks[0]?.verdict).toBe('bad_signature');
    dataOf(await call('useEnvironment', { id: testingProfile.id }));
    expect((await call('getDeposit', { depositId: 300000001 })).ok).toBe(false);
    dataOf(
      await call('setCredential', {
        environmentId: testingProfile.id,
        field: 'apiSecret',
        value: testingCredentials.apiSecret,
      }),
    );
    dataOf(await call('listAuditEntries', {}));
    dataOf(await call('exportAuditCsv', {}));
    dataOf(await call('verifyAudit', {}));
    await session.close();

    // The same data folder and keychain through the CLI.
    const cli = async (argv: string[], stdin = ''): Promise<number> => {
      let output = '';
      const code = await runCli(
        {
          argv,
          env: { PAYDESK_DATA_DIR: dataDir },
          stdin: Readable.from([Buffer.from(stdin, 'utf8')]),
          stdout: { write: (text: string) => (output += text) },
          stderr: { write: (text: string) => (output += text) },
        },
        { vault: { backend, service }, sandbox: { seed: EMBEDDED_SEED }, client: FAST_CLIENT },
      );
      cliRuns.push(output);
      return code;
    };
    expect(await cli(['env', 'list'])).toBe(0);
    expect(await cli(['env', 'credentials', testingProfile.id, '--json'])).toBe(0);
    expect(await cli(['env', 'doctor', testingProfile.id])).toBe(0);
    expect(await cli(['env', 'doctor', productionProfile.id, '--json'])).toBe(0);
    expect(await cli(['env', 'set-credential', testingProfile.id, 'apiKey'], testingCredentials.apiKey)).toBe(
      0,
    );
    expect(await cli(['--env', testingProfile.id, 'deposits', 'get', '300000001'])).toBe(0);
    expect(
      await cli(['--env', testingProfile.id, 'cashouts', 'status', '--external-id', 'payout-7782']),
    ).toBe(0);
    expect(
      await cli(
        ['--env', testingProfile.id, 'deposits', 'create', '--body', '-', '--json'],
        JSON.stringify({ amount: 4, country: 'BR' }),
      ),
    ).toBe(0);
    expect(await cli(['--env', productionProfile.id, 'banks', 'MX', '--json'])).toBe(0);
    expect(await cli(['--env', testingProfile.id, 'deposits', 'get', '1'], '')).toBe(1);
    expect(await cli(['audit', 'export', '--csv'])).toBe(0);
    expect(await cli(['audit', 'verify', '--json'])).toBe(0);

    // The secrets did go to the keychain (so finding none elsewhere means something).
    const stored = dataOf(await backend.list(service));
    expect(stored.filter((entry) => entry.account.startsWith(`${testingProfile.id}/`))).toHaveLength(6);

    const haystacks: Array<[string, string]> = [
      ['answers', JSON.stringify(session.answers)],
      ['events', JSON.stringify(session.events)],
      ['logs', logged.join('\n')],
      ...cliRuns.map((run, index): [string, string] => [`cli run ${index}`, run]),
    ];
    for (const file of await filesUnder(dataDir)) haystacks.push([file, await readFile(file, 'latin1')]);
    expect(haystacks.map(([name]) => name)).toEqual(
      expect.arrayContaining([join(dataDir, 'settings.json'), join(dataDir, 'audit', 'journal.jsonl')]),
    );
    expect(session.answers.length).toBeGreaterThan(60);
    const hits = haystacks.flatMap(([name, text]) =>
      secrets.filter((secret) => text.includes(secret)).map((secret) => `${name}: ${secret.slice(0, 6)}…`),
    );
    expect(hits).toEqual([]);
  } finally {
    Object.assign(console, originals);
    for (const id of environmentIds) {
      for (const field of CREDENTIAL_FIELDS) await backend.delete(service, `${id}/${field}`);
    }
  }
});
