import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReconcileSummary } from '../../shared/contract';
import { SEEDED, expect, test } from './fixtures';
import { cliVariables } from '../support/cli-variables';
import { runPaydeskBin } from '../support/paydesk-bin';

/** `paydesk reconcile` as the real bin (node + tsx loader) against the sandbox: exit codes and output. */

test.describe.configure({ timeout: 60_000 });

let dataDir: string;
test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-contract-reconcile-'));
});
test.afterEach(() => rm(dataDir, { recursive: true, force: true }));

test('a pt-BR ledger through the real bin: differences on stdout, bad rows on stderr, exit 2', async ({
  sandbox,
}) => {
  const ledger = join(dataDir, 'razao.csv');
  await writeFile(
    ledger,
    `\uFEFFId do depósito;Situação\r\n${SEEDED.completedCardDeposit};Pago\r\n${SEEDED.pendingVoucherDeposit};pago\r\n;pago\r\n`,
  );
  const run = await runPaydeskBin(['reconcile', ledger, '--json'], {
    HOME: dataDir,
    PAYDESK_DATA_DIR: join(dataDir, 'paydesk'),
    ...cliVariables(sandbox.baseUrl, sandbox.credentials),
  });
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toContain('paydesk: ledger row 4: no deposit_id');
  const output = JSON.parse(run.stdout) as { summary: ReconcileSummary };
  expect(output.summary.counts.match).toBe(1);
  expect(output.summary.counts.status_differs).toBe(1);
  for (const secret of Object.values(sandbox.credentials))
    expect(run.stdout + run.stderr).not.toContain(secret);
});
