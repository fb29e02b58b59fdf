import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchSummary } from '../../../shared/contract';
import { BATCH_FOLDER_NAME } from '../../../main/core/batch';
import { SAVED_RUNS_FOLDER } from '../../../main/core/batch/saved-runs';
import { dataOf, errorOf, expect, test } from '../console/console-fixture';

/**
 * A batch with ids left survives a restart of the console (the app, `npm run web`): the next
 * runtime lists it stopped, with its ids and the answers already in, and Resume looks up the rest.
 */

const IDS = ['300000001', '300000002', '300000003', '300000004', '300000005', '300000006'];

const runsFolder = (dataDir: string): string => join(dataDir, BATCH_FOLDER_NAME, SAVED_RUNS_FOLDER);
const keptFiles = async (dataDir: string): Promise<string[]> =>
  (await readdir(runsFolder(dataDir)).catch(() => [])).filter((name) => name.endsWith('.json'));

test('a batch stopped by a restart comes back with its answers and resumes the rest', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ keepUnfinishedBatches: true });
  const started = dataOf(
    await console.call('startBatch', { kind: 'deposits', ids: IDS, concurrency: 1, ratePerSecond: 4 }),
  );
  // Kept from the start: a crash right now would still leave the ids typed in.
  await expect.poll(() => keptFiles(dataDir)).toEqual([`${started.batchId}.json`]);
  const summaryOf = async (call: typeof console.call): Promise<BatchSummary | undefined> =>
    dataOf(await call('listBatches', {})).find((batch) => batch.batchId === started.batchId);
  await expect.poll(async () => (await summaryOf(console.call))?.done ?? 0).toBeGreaterThanOrEqual(2);

  await console.close();
  const again = openConsole({ keepUnfinishedBatches: true });
  const restored = await summaryOf(again.call);
  expect(restored).toMatchObject({
    kind: 'deposits',
    environmentId: 'local-sandbox',
    state: 'cancelled',
    cancelReason: 'console_stopped',
    total: IDS.length,
    resumable: true,
  });
  const answered = restored?.done ?? 0;
  expect(answered).toBeGreaterThanOrEqual(2);
  expect(answered).toBeLessThan(IDS.length);
  const rows = dataOf(
    await again.call('getBatchRows', { batchId: started.batchId, offset: 0, limit: 10, filter: 'ok' }),
  );
  expect(rows.rows.map((row) => row.id)).toEqual(IDS.slice(0, answered));
  expect(rows.rows[0]).toMatchObject({ id: '300000001', state: 'ok', changed: 'new' });
  expect(rows.rows[0]?.status).toEqual(expect.any(String));

  dataOf(await again.call('resumeBatch', { batchId: started.batchId }));
  await expect.poll(async () => (await summaryOf(again.call))?.state, { timeout: 15_000 }).toBe('done');
  expect(await summaryOf(again.call)).toMatchObject({ done: IDS.length, failed: 0, resumable: false });
  // Nothing left to look up: nothing kept any more.
  await expect.poll(() => keptFiles(dataDir)).toEqual([]);
});

test('a kept batch is discarded for good, and only where kept batches are asked for', async ({
  openConsole,
  dataDir,
}) => {
  // The CLI's runtime keeps none: its command lives for one batch.
  const cli = openConsole();
  const cliBatch = dataOf(
    await cli.call('startBatch', { kind: 'deposits', ids: IDS, concurrency: 1, ratePerSecond: 1 }),
  );
  await cli.close();
  expect(await keptFiles(dataDir)).toEqual([]);
  const app = openConsole({ keepUnfinishedBatches: true });
  expect(dataOf(await app.call('listBatches', {})).map((batch) => batch.batchId)).not.toContain(
    cliBatch.batchId,
  );

  const started = dataOf(
    await app.call('startBatch', { kind: 'deposits', ids: IDS, concurrency: 1, ratePerSecond: 1 }),
  );
  await app.close();
  const again = openConsole({ keepUnfinishedBatches: true });
  expect(dataOf(await again.call('listBatches', {})).map((batch) => batch.batchId)).toEqual([
    started.batchId,
  ]);
  expect(dataOf(await again.call('discardBatch', { batchId: started.batchId }))).toEqual({ discarded: true });
  expect(await keptFiles(dataDir)).toEqual([]);
  await again.close();
  const third = openConsole({ keepUnfinishedBatches: true });
  expect(dataOf(await third.call('listBatches', {}))).toEqual([]);
});

test('a kept batch whose file fails its checks is moved aside, not half restored', async ({
  openConsole,
  dataDir,
}) => {
  const app = openConsole({ keepUnfinishedBatches: true });
  const started = dataOf(
    await app.call('startBatch', { kind: 'deposits', ids: IDS, concurrency: 1, ratePerSecond: 1 }),
  );
  await app.close();
  await writeFile(join(runsFolder(dataDir), `${started.batchId}.json`), '{"version":1,"ids":[');
  const again = openConsole({ keepUnfinishedBatches: true });
  expect(dataOf(await again.call('listBatches', {}))).toEqual([]);
  const names = await readdir(runsFolder(dataDir));
  expect(names.filter((name) => name.includes('.damaged-'))).toHaveLength(1);
  expect(errorOf(await again.call('resumeBatch', { batchId: started.batchId })).kind).toBe('not_found');
});
