import type { BatchSummary } from '../../../shared/contract';
import { sqliteRecordIndexStarter } from '../../../main/core/console';
import type { RecentPage } from '../../../main/core/record-index/port';
import { FIRST_BULK_DEPOSIT_ID } from '../../../main/sandbox';
import { cliVariables } from '../../support/cli-variables';
import { runPaydeskBin } from '../../support/paydesk-bin';
import { addEnvironmentFor, dataOf, expect, test } from '../../unit/console/console-fixture';

/**
 * The app and the CLI share the data folder, so they write the record index at the same time:
 * the app-side core (in this process) runs a batch while the `paydesk` bin (a child process) runs
 * another on the same environment; every answered row of both is in the index afterwards.
 */

const EACH = 600;

test('the app-side core and the CLI index two batches at once; no row is lost', async ({
  openConsole,
  sandbox,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const service = await sandbox({ seed: 29, bulkDeposits: 2 * EACH });
  const app = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const profile = await addEnvironmentFor(
    app,
    { name: 'Testing', kind: 'testing', baseUrl: service.baseUrl },
    service.credentials,
  );
  dataOf(await app.call('useEnvironment', { id: profile.id }));
  const ids = (from: number): string[] =>
    Array.from({ length: EACH }, (_, offset) => String(FIRST_BULK_DEPOSIT_ID + from + offset));
  const env = { PAYDESK_DATA_DIR: dataDir, ...cliVariables(service.baseUrl, service.credentials) };

  // Both at 100 lookups a second, so the two runs (about 6 s each) overlap and write side by side.
  const cliRun = runPaydeskBin(
    ['--env', profile.id, 'batch', 'deposits', '-', '--rate', '100'],
    env,
    ids(EACH).join('\n'),
  );
  const started = dataOf(await app.call('startBatch', { kind: 'deposits', ids: ids(0), ratePerSecond: 100 }));
  await expect
    .poll(
      () =>
        app.events.some(
          (item) =>
            item.event === 'batchProgress' &&
            (item.payload as BatchSummary).batchId === started.batchId &&
            (item.payload as BatchSummary).state !== 'running',
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  const cli = await cliRun;
  expect(cli.code, cli.stderr).toBe(0);

  const seenByApp = dataOf(await app.runtime.records.recent({ kind: 'deposit', offset: 0, limit: 1 }));
  expect(seenByApp.total).toBe(2 * EACH);
  const seenByCli = await runPaydeskBin(
    ['--env', profile.id, 'deposits', 'recent', '--limit', '1', '--json'],
    env,
  );
  expect(seenByCli.code, seenByCli.stderr).toBe(0);
  expect((JSON.parse(seenByCli.stdout) as RecentPage).total).toBe(2 * EACH);
});
