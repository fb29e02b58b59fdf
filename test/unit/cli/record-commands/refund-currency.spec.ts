import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBackend } from '../../../../main/core/vault';
import { SEEDED_RECORDS, startSandbox, type SandboxHandle } from '../../../../main/sandbox';
import { cliVariables } from '../../../support/cli-variables';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../../support/in-process-cli';

/**
 * `paydesk refunds recent` and `paydesk batch refunds` write a refund's amount with its deposit's
 * currency once the record index knows the deposit, in-process against a real
 * sandbox and the real index in the data folder.
 */

let sandbox: SandboxHandle;
let dataDir: string;

test.beforeEach(async () => {
  sandbox = await startSandbox({ seed: 73 });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-refund-currency-'));
});
test.afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function cli(argv: string[], stdin = ''): Promise<CliRun> {
  return runCliInProcess(
    argv,
    { env: { PAYDESK_DATA_DIR: dataDir, ...cliVariables(sandbox.baseUrl, sandbox.credentials) }, stdin },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli-refund-currency' },
      sandbox: false,
    },
  );
}

test('refund amounts carry the currency of a deposit the index knows', async () => {
  const refund = String(SEEDED_RECORDS.completedRefund); // 50.00 of deposit 300000006, in BRL
  expect((await cli(['refunds', 'get', refund, '--json'])).code).toBe(0);
  const before = await cli(['refunds', 'recent']);
  expect(before.stdout).toMatch(new RegExp(`^${refund} .* 50 +`, 'm'));
  expect(before.stdout).not.toContain('BRL');

  expect((await cli(['deposits', 'get', String(SEEDED_RECORDS.refundedBankDeposit), '--json'])).code).toBe(0);
  const after = await cli(['refunds', 'recent']);
  expect(after.code).toBe(0);
  expect(after.stdout).toMatch(new RegExp(`^${refund} .* 50 BRL `, 'm'));

  const batch = await cli(['batch', 'refunds', '-'], `${refund}\n`);
  expect(batch.code).toBe(0);
  expect(batch.stdout).toContain('50 BRL');
});
