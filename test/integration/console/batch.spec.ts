import { readFile, writeFile } from 'node:fs/promises';
import { BATCH_LIMITS, type BatchSummary } from '../../../shared/contract';
import { lastRunPath } from '../../../main/core/batch';
import { parseCsv } from '../../../main/core/csv';
import { FIRST_BULK_DEPOSIT_ID } from '../../../main/sandbox';
import { embeddedSandboxStarter } from '../../../main/sandbox/starter';
import {
  addEnvironmentFor,
  dataOf,
  EMBEDDED_SEED,
  errorOf,
  expect,
  test,
  type Console,
} from '../../unit/console/console-fixture';

/**
 * The batch lookup through the console (createDispatcher, as the IPC router and the web bridge
 * call it) against the embedded sandbox: parse, start, progress events, pages, filters, CSV,
 * changed since the last run (persisted per environment and kind), and the environment rule.
 */

const BULK = embeddedSandboxStarter({ seed: EMBEDDED_SEED, bulkDeposits: 400 });

const progressOf = (console: Console, batchId: string): BatchSummary[] =>
  console.events
    .filter((item) => item.event === 'batchProgress')
    .map((item) => item.payload as BatchSummary)
    .filter((summary) => summary.batchId === batchId);

/** Waits for the batch's event that says it stopped (done, cancelled or failed). */
async function stopped(console: Console, batchId: string): Promise<BatchSummary> {
  await expect
    .poll(() => progressOf(console, batchId).some((summary) => summary.state !== 'running'), {
      timeout: 20_000,
    })
    .toBe(true);
  return progressOf(console, batchId).find((summary) => summary.state !== 'running') as BatchSummary;
}

async function runBatch(console: Console, ids: string[]): Promise<BatchSummary> {
  const started = dataOf(await console.call('startBatch', { kind: 'deposits', ids, ratePerSecond: 1000 }));
  return stopped(console, started.batchId);
}

/** The batch text the parse, start, pages and export tests share: a header, bad and doubled ids. */
const BATCH_TEXT = `Deposit ID,Amount\n300000001,150\n300000002,10\n300000099,1\nabc,2\n300000001,150\n${Array.from(
  { length: 300 },
  (_, index) => FIRST_BULK_DEPOSIT_ID + index,
).join('\n')}\n`;

/** BATCH_TEXT parsed and started (4 at a time, 500 a second): its first summary and the last. */
async function finishedBatch(console: Console): Promise<{ started: BatchSummary; done: BatchSummary }> {
  const parsed = dataOf(await console.call('parseBatch', { kind: 'deposits', text: BATCH_TEXT }));
  const started = dataOf(
    await console.call('startBatch', {
      kind: 'deposits',
      ids: parsed.ids,
      concurrency: 4,
      ratePerSecond: 500,
    }),
  );
  return { started, done: await stopped(console, started.batchId) };
}

test.describe('parse, start, progress, pages and filters, CSV export', () => {
  test('parse: ids in first position, invalid tokens with their row, duplicates counted', async ({
    openConsole,
  }) => {
    const console = openConsole({ embeddedSandbox: BULK });
    const parsed = dataOf(await console.call('parseBatch', { kind: 'deposits', text: BATCH_TEXT }));
    expect(parsed.ids).toHaveLength(303);
    expect(parsed.ids.slice(0, 3)).toEqual(['300000001', '300000002', '300000099']);
    expect(parsed.invalid).toEqual([
      { token: 'abc', row: 5, reason: 'is not a number', text: { key: 'batchId.notNumber' } },
    ]);
    expect(parsed.duplicates).toEqual([{ id: '300000001', occurrences: 2 }]);
  });

  test('start and progress: running, then done once, every event counting up', async ({ openConsole }) => {
    const console = openConsole({ embeddedSandbox: BULK });
    const { started, done } = await finishedBatch(console);
    expect(started).toMatchObject({
      kind: 'deposits',
      environmentId: 'local-sandbox',
      state: 'running',
      total: 303,
      concurrency: 4,
      rateLimit: 500,
      previousRunAt: null,
    });
    expect(done).toMatchObject({ state: 'done', total: 303, done: 303, failed: 1, new: 303, changed: 0 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.resumable).toBe(false);
    // Progress is throttled, but the run was seen: every event belongs to the batch and counts up.
    const events = progressOf(console, started.batchId);
    expect(events[0]?.state).toBe('running');
    expect(events.map((event) => event.done)).toEqual(
      [...events.map((event) => event.done)].sort((a, b) => a - b),
    );
    expect(events.filter((event) => event.state === 'done')).toHaveLength(1);
  });

  test('pages and filters: rows by index, the failed ones alone, the last page short', async ({
    openConsole,
  }) => {
    const console = openConsole({ embeddedSandbox: BULK });
    const { started } = await finishedBatch(console);
    const page = dataOf(
      await console.call('getBatchRows', { batchId: started.batchId, offset: 1, limit: 2 }),
    );
    expect(page.total).toBe(303);
    expect(page.rows.map((row) => [row.index, row.id, row.state, row.status])).toEqual([
      [1, '300000002', 'ok', 'PENDING'],
      [2, '300000099', 'failed', undefined],
    ]);
    expect(page.rows[1]).toMatchObject({ errorKind: 'not_found', httpStatus: 404, changed: 'new' });
    const failed = dataOf(
      await console.call('getBatchRows', {
        batchId: started.batchId,
        offset: 0,
        limit: 50,
        filter: 'failed',
      }),
    );
    expect(failed.total).toBe(1);
    expect(failed.rows.map((row) => row.id)).toEqual(['300000099']);
    const last = dataOf(
      await console.call('getBatchRows', { batchId: started.batchId, offset: 300, limit: 1000 }),
    );
    expect(last.rows.map((row) => row.index)).toEqual([300, 301, 302]);
  });

  test('CSV export: a named file with a header and a line per row', async ({ openConsole }) => {
    const console = openConsole({ embeddedSandbox: BULK });
    const { started } = await finishedBatch(console);
    const exported = dataOf(await console.call('exportBatchCsv', { batchId: started.batchId }));
    expect(exported.fileName).toMatch(
      /^paydesk-batch-deposits-local-sandbox-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.csv$/,
    );
    const table = parseCsv(exported.csv);
    if (!table.ok) throw new Error(table.error.message);
    expect(table.data).toHaveLength(304);
    expect(table.data[1]?.slice(0, 4)).toEqual(['300000001', 'ok', 'COMPLETED', 'new']);
  });

  test('a finished batch is listed, cannot be resumed, and once discarded is gone', async ({
    openConsole,
  }) => {
    const console = openConsole({ embeddedSandbox: BULK });
    const { started } = await finishedBatch(console);
    expect(dataOf(await console.call('listBatches', {})).map((summary) => summary.batchId)).toEqual([
      started.batchId,
    ]);
    expect(errorOf(await console.call('resumeBatch', { batchId: started.batchId })).kind).toBe(
      'invalid_state',
    );
    expect(dataOf(await console.call('discardBatch', { batchId: started.batchId }))).toEqual({
      discarded: true,
    });
    expect(
      errorOf(await console.call('getBatchRows', { batchId: started.batchId, offset: 0, limit: 1 })),
    ).toMatchObject({
      kind: 'not_found',
      field: 'batchId',
    });
  });
});

test('changed since the last run: per environment and kind, persisted across a restart, zod-checked', async ({
  openConsole,
  dataDir,
}) => {
  const first = openConsole();
  const one = await runBatch(first, ['300000002', '300000001', '300000099']);
  expect(one).toMatchObject({ state: 'done', new: 3, previousRunAt: null });
  dataOf(await first.call('transitionSandboxRecord', { entity: 'deposit', id: 300000002, to: 'COMPLETED' }));

  const two = await runBatch(first, ['300000002', '300000001', '300000003', '300000099']);
  expect(two).toMatchObject({ state: 'done', changed: 1, new: 1, previousRunAt: one.finishedAt });
  const rows = dataOf(await first.call('getBatchRows', { batchId: two.batchId, offset: 0, limit: 10 })).rows;
  expect(rows.map((row) => [row.id, row.changed, row.previousStatus, row.status])).toEqual([
    ['300000002', 'changed', 'PENDING', 'COMPLETED'],
    ['300000001', 'same', 'COMPLETED', 'COMPLETED'],
    ['300000003', 'new', undefined, 'CREATED'],
    // Not found then and now: the same answer.
    ['300000099', 'same', null, undefined],
  ]);
  const changedOnly = dataOf(
    await first.call('getBatchRows', { batchId: two.batchId, offset: 0, limit: 10, filter: 'changed' }),
  );
  expect(changedOnly.rows.map((row) => row.id)).toEqual(['300000002']);
  const newOnly = dataOf(
    await first.call('getBatchRows', { batchId: two.batchId, offset: 0, limit: 10, filter: 'new' }),
  );
  expect(newOnly.rows.map((row) => row.id)).toEqual(['300000003']);

  // Another kind keeps its own last run.
  const refunds = dataOf(await first.call('startBatch', { kind: 'refunds', ids: ['17'] }));
  expect((await stopped(first, refunds.batchId)).new).toBe(1);

  // The file is there, in the data folder, and a new runtime (an app restart) reads it.
  const file = lastRunPath(dataDir, 'local-sandbox', 'deposits');
  const stored = JSON.parse(await readFile(file, 'utf8')) as {
    version: number;
    ids: string[];
    statuses: Array<string | null>;
  };
  expect(stored.version).toBe(2);
  expect(stored.ids.map((id, index) => [id, stored.statuses[index]])).toEqual([
    ['300000002', 'COMPLETED'],
    ['300000001', 'COMPLETED'],
    ['300000003', 'CREATED'],
    ['300000099', null],
  ]);
  await first.close();
  const restarted = openConsole();
  // The restarted embedded sandbox is seeded afresh: 300000002 is PENDING again, which is a change.
  const three = await runBatch(restarted, ['300000002', '300000003']);
  expect(three).toMatchObject({ changed: 1, new: 0, previousRunAt: two.finishedAt });

  // A file the version before this one wrote (one object keyed by id) is still read.
  const earlier = '2026-11-01T10:00:00.000Z';
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      environmentId: 'local-sandbox',
      kind: 'deposits',
      finishedAt: earlier,
      statuses: { '300000002': 'COMPLETED', '300000003': null },
    }),
  );
  const fromVersionOne = await runBatch(restarted, ['300000002', '300000003', '300000001']);
  expect(fromVersionOne).toMatchObject({ changed: 2, new: 1, previousRunAt: earlier });

  // A last-run file that does not check out counts as no last run (every row new), then is replaced.
  for (const broken of [
    { version: 1, statuses: { '300000002': 42 } },
    {
      version: 2,
      environmentId: 'local-sandbox',
      kind: 'deposits',
      finishedAt: earlier,
      ids: ['300000002', '300000003'],
      statuses: ['COMPLETED'],
    },
  ]) {
    await writeFile(file, JSON.stringify(broken));
    const four = await runBatch(restarted, ['300000002']);
    expect(four).toMatchObject({ new: 1, changed: 0, previousRunAt: null });
    await expect
      .poll(async () => (JSON.parse(await readFile(file, 'utf8')) as { version?: number }).version)
      .toBe(2);
  }
});

test('a switch of environment cancels the running batch; it resumes only back in its environment', async ({
  openConsole,
  sandbox,
}) => {
  const second = await sandbox({ seed: 91 });
  const console = openConsole({ embeddedSandbox: BULK });
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );
  const ids = Array.from({ length: 200 }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + index));
  const started = dataOf(await console.call('startBatch', { kind: 'deposits', ids, ratePerSecond: 40 }));
  await expect
    .poll(async () => dataOf(await console.call('listBatches', {}))[0]?.done ?? 0)
    .toBeGreaterThan(3);

  dataOf(await console.call('useEnvironment', { id: testing.id }));
  const cancelled = await stopped(console, started.batchId);
  expect(cancelled).toMatchObject({
    state: 'cancelled',
    cancelReason: 'environment_changed',
    environmentId: 'local-sandbox',
    resumable: true,
  });
  expect(cancelled.done).toBeLessThan(200);
  expect(errorOf(await console.call('resumeBatch', { batchId: started.batchId }))).toMatchObject({
    kind: 'not_permitted',
    field: 'batchId',
  });

  dataOf(await console.call('useEnvironment', { id: 'local-sandbox' }));
  const resumed = dataOf(await console.call('resumeBatch', { batchId: started.batchId }));
  expect(resumed).toMatchObject({ state: 'running', cancelReason: null });
  const cancelledByUser = dataOf(await console.call('cancelBatch', { batchId: started.batchId }));
  expect(cancelledByUser).toMatchObject({ state: 'cancelled', cancelReason: 'user' });
  dataOf(await console.call('resumeBatch', { batchId: started.batchId }));
  await expect
    .poll(async () => dataOf(await console.call('listBatches', {}))[0]?.state, { timeout: 20_000 })
    .toBe('done');
  expect(dataOf(await console.call('listBatches', {}))[0]).toMatchObject({ done: 200, failed: 0 });
});

test('refusals: non-canonical or repeated ids, bounds, too many batches, unknown batches', async ({
  openConsole,
}) => {
  const console = openConsole({ embeddedSandbox: BULK });
  expect(errorOf(await console.call('startBatch', { kind: 'deposits', ids: ['0042'] }))).toMatchObject({
    kind: 'validation',
    field: 'ids.0',
    message: 'ids.0: write it as 42 (parseBatch gives canonical ids).',
  });
  expect(errorOf(await console.call('startBatch', { kind: 'deposits', ids: ['5', '6', '5'] }))).toMatchObject(
    {
      field: 'ids.2',
    },
  );
  expect(errorOf(await console.call('startBatch', { kind: 'deposits', ids: ['ext:x'] }))).toMatchObject({
    message: 'ids.0: only cashouts have external ids.',
  });
  expect(errorOf(await console.call('startBatch', { kind: 'deposits', ids: [] })).field).toBe('ids');
  expect(
    errorOf(await console.call('startBatch', { kind: 'deposits', ids: ['5'], concurrency: 33 })).field,
  ).toBe('concurrency');
  expect(
    errorOf(await console.call('startBatch', { kind: 'deposits', ids: ['5'], ratePerSecond: 0 })).field,
  ).toBe('ratePerSecond');
  expect(
    errorOf(await console.call('getBatchRows', { batchId: crypto.randomUUID(), offset: 0, limit: 1001 }))
      .field,
  ).toBe('limit');

  const slow = Array.from({ length: 50 }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + index));
  for (let count = 0; count < BATCH_LIMITS.maxRunningBatches; count += 1) {
    dataOf(await console.call('startBatch', { kind: 'deposits', ids: slow, ratePerSecond: 1 }));
  }
  expect(errorOf(await console.call('startBatch', { kind: 'deposits', ids: slow })).kind).toBe(
    'not_permitted',
  );
  for (const summary of dataOf(await console.call('listBatches', {}))) {
    dataOf(await console.call('cancelBatch', { batchId: summary.batchId }));
  }
  dataOf(await console.call('startBatch', { kind: 'deposits', ids: ['300000001'] }));
});

test('a paste up to the text limit crosses the dispatcher; beyond it is refused naming the field', async ({
  openConsole,
}) => {
  const console = openConsole();
  const ids = Array.from({ length: BATCH_LIMITS.maxIds }, (_, index) =>
    String(FIRST_BULK_DEPOSIT_ID + index),
  );
  const text = ids.join('\n').padEnd(BATCH_LIMITS.maxTextChars, ' ');
  const parsed = dataOf(await console.call('parseBatch', { kind: 'deposits', text }));
  expect(parsed.ids).toHaveLength(BATCH_LIMITS.maxIds);
  expect(errorOf(await console.call('parseBatch', { kind: 'deposits', text: `${text} ` }))).toMatchObject({
    kind: 'validation',
    field: 'text',
  });
  // The full id list crosses too (checked id by id), and a batch of it starts.
  const started = dataOf(
    await console.call('startBatch', { kind: 'deposits', ids: parsed.ids, ratePerSecond: 1 }),
  );
  expect(started.total).toBe(BATCH_LIMITS.maxIds);
  dataOf(await console.call('discardBatch', { batchId: started.batchId }));
});

test('closing waits for the last run a batch that just finished is still writing', async ({
  openConsole,
  dataDir,
}) => {
  // The window is between the engine's last answer and the end of its last-run write: close in it.
  const console_ = openConsole();
  const started = dataOf(await console_.call('startBatch', { kind: 'refunds', ids: ['17'] }));
  const batches = console_.runtime.api;
  for (;;) {
    const listed = dataOf(await batches.listBatches({}));
    if (listed.find((summary) => summary.batchId === started.batchId)?.state !== 'running') break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await console_.close();
  // Once close() has answered, the data folder can go: the last run is written, nothing follows.
  const written = JSON.parse(await readFile(lastRunPath(dataDir, 'local-sandbox', 'refunds'), 'utf8')) as {
    ids: string[];
  };
  expect(written.ids).toEqual(['17']);
});
