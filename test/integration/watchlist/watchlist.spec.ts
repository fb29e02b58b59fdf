import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WATCH_LIMITS, type WatchChangedEvent } from '../../../shared/contract';
import { MAX_BACKOFF_MS, nextPollDelay, WATCHLIST_FILE_NAME } from '../../../main/core/watchlist';
import {
  addEnvironmentFor,
  dataOf,
  errorOf,
  expect,
  test,
  type Console,
} from '../../unit/console/console-fixture';

/**
 * The watchlist through the console (createDispatcher) against the embedded sandbox, whose
 * control API moves the watched objects as the real service would on its own.
 */

const changesOf = (console: Console): WatchChangedEvent[] =>
  console.events
    .filter((item) => item.event === 'watchChanged')
    .map((item) => item.payload as WatchChangedEvent);

test('pin, move the object, poll: a timeline entry and a watchChanged event', async ({ openConsole }) => {
  const console = openConsole();
  const pinned = dataOf(await console.call('pinWatch', { kind: 'deposit', id: '300000002' }));
  expect(pinned).toMatchObject({
    environmentId: 'local-sandbox',
    kind: 'deposit',
    id: '300000002',
    status: 'PENDING',
    lastChangeAt: null,
    lastError: null,
    alarm: false,
    changes: 0,
  });
  // Pinning twice keeps one.
  dataOf(await console.call('pinWatch', { kind: 'deposit', id: '0300000002' }));
  expect(dataOf(await console.call('listWatchlist', {})).items).toHaveLength(1);

  // Nothing moved: a poll changes nothing and announces nothing.
  dataOf(await console.call('pollWatchlistNow', {}));
  expect(changesOf(console)).toEqual([]);

  dataOf(
    await console.call('transitionSandboxRecord', { entity: 'deposit', id: 300000002, to: 'COMPLETED' }),
  );
  const list = dataOf(await console.call('pollWatchlistNow', {}));
  expect(list.items[0]).toMatchObject({ status: 'COMPLETED', changes: 1, alarm: false });
  expect(list.items[0]?.lastChangeAt).not.toBeNull();

  const timeline = dataOf(await console.call('getWatchTimeline', { kind: 'deposit', id: '300000002' }));
  expect(timeline.entries.map((entry) => [entry.from, entry.to, entry.severity])).toEqual([
    [null, 'PENDING', 'info'],
    ['PENDING', 'COMPLETED', 'info'],
  ]);
  expect(changesOf(console)).toEqual([
    {
      item: expect.objectContaining({ kind: 'deposit', id: '300000002', status: 'COMPLETED' }),
      change: timeline.entries[1],
      severity: 'info',
    },
  ]);
});

test('COMPLETED → REJECTED of a refund and of a cashout (by id and by external id) is an alarm', async ({
  openConsole,
}) => {
  const console = openConsole();
  dataOf(await console.call('pinWatch', { kind: 'refund', id: '17' }));
  dataOf(await console.call('pinWatch', { kind: 'cashout', id: '11957' }));
  dataOf(await console.call('pinWatch', { kind: 'cashout', id: 'ext:payout-7784' }));
  dataOf(await console.call('pinWatch', { kind: 'sub_merchant', id: '18703' }));
  expect(dataOf(await console.call('listWatchlist', {})).items.map((item) => item.status)).toEqual([
    'COMPLETED',
    'COMPLETED',
    'COMPLETED',
    'ACTIVE',
  ]);

  dataOf(await console.call('transitionSandboxRecord', { entity: 'refund', id: 17, to: 'REJECTED' }));
  dataOf(
    await console.call('transitionSandboxRecord', {
      entity: 'cashout',
      id: 11957,
      to: 'REJECTED',
      rejectionCode: 803,
      rejectionReason: 'Account closed',
    }),
  );
  const list = dataOf(await console.call('pollWatchlistNow', {}));
  expect(list.items.map((item) => [item.kind, item.id, item.status, item.alarm])).toEqual([
    ['refund', '17', 'REJECTED', true],
    ['cashout', '11957', 'REJECTED', true],
    ['cashout', 'ext:payout-7784', 'REJECTED', true],
    ['sub_merchant', '18703', 'ACTIVE', false],
  ]);
  const changes = changesOf(console);
  expect(changes.map((change) => [change.item.kind, change.item.id, change.severity])).toEqual([
    ['refund', '17', 'alarm'],
    ['cashout', '11957', 'alarm'],
    ['cashout', 'ext:payout-7784', 'alarm'],
  ]);
  expect(changes[0]?.change).toMatchObject({ from: 'COMPLETED', to: 'REJECTED', severity: 'alarm' });

  // Any other move stays info, for refunds and cashouts too.
  dataOf(await console.call('pinWatch', { kind: 'cashout', id: '11954' }));
  dataOf(await console.call('transitionSandboxRecord', { entity: 'cashout', id: 11954, to: 'ON_HOLD' }));
  dataOf(await console.call('pollWatchlistNow', {}));
  expect(changesOf(console).at(-1)).toMatchObject({
    item: { id: '11954', status: 'ON_HOLD', alarm: false },
    change: { from: 'PENDING', to: 'ON_HOLD' },
    severity: 'info',
  });
});

test('the watchlist survives a restart (timeline, alarm, interval); an unreadable file is set aside', async ({
  openConsole,
  dataDir,
}) => {
  const first = openConsole();
  dataOf(await first.call('pinWatch', { kind: 'refund', id: '17' }));
  dataOf(await first.call('setWatchInterval', { seconds: 120 }));
  dataOf(await first.call('transitionSandboxRecord', { entity: 'refund', id: 17, to: 'REJECTED' }));
  dataOf(await first.call('pollWatchlistNow', {}));
  await first.close();

  const file = join(dataDir, WATCHLIST_FILE_NAME);
  const stored = JSON.parse(await readFile(file, 'utf8')) as { version: number; items: unknown[] };
  expect(stored).toMatchObject({ version: 1, intervalSeconds: 120, items: [{ kind: 'refund', id: '17' }] });

  const second = openConsole();
  const list = dataOf(await second.call('listWatchlist', {}));
  expect(list.intervalSeconds).toBe(120);
  expect(list.items).toEqual([
    expect.objectContaining({ id: '17', status: 'REJECTED', alarm: true, changes: 1 }),
  ]);
  expect(list.recoveredFrom).toBeUndefined();
  const timeline = dataOf(await second.call('getWatchTimeline', { kind: 'refund', id: '17' }));
  expect(timeline.entries.map((entry) => entry.to)).toEqual(['COMPLETED', 'REJECTED']);
  await second.close();

  // A file that breaks the schema (an interval below the minimum) is moved aside, not trusted.
  await writeFile(file, JSON.stringify({ ...stored, intervalSeconds: 1 }));
  const third = openConsole();
  const recovered = dataOf(await third.call('listWatchlist', {}));
  expect(recovered.items).toEqual([]);
  expect(recovered.recoveredFrom).toMatch(/watchlist\.json\.corrupt-/);
  expect(JSON.parse(await readFile(recovered.recoveredFrom as string, 'utf8'))).toMatchObject({
    intervalSeconds: 1,
  });
});

test('unpin removes the object and its timeline, from the list and from the file', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole();
  dataOf(await console.call('pinWatch', { kind: 'deposit', id: '300000001' }));
  dataOf(await console.call('pinWatch', { kind: 'refund', id: '18' }));
  const after = dataOf(await console.call('unpinWatch', { kind: 'deposit', id: '300000001' }));
  expect(after.items.map((item) => item.id)).toEqual(['18']);
  expect(errorOf(await console.call('getWatchTimeline', { kind: 'deposit', id: '300000001' })).kind).toBe(
    'not_found',
  );
  const stored = JSON.parse(await readFile(join(dataDir, WATCHLIST_FILE_NAME), 'utf8')) as {
    items: Array<{ id: string }>;
  };
  expect(stored.items.map((item) => item.id)).toEqual(['18']);
});

test('pins are per environment; only the active environment is polled, by the timer, with no call', async ({
  openConsole,
  sandbox,
}) => {
  const second = await sandbox({ seed: 5 });
  const console = openConsole({ watch: { timerIntervalMs: 150 } });
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );
  dataOf(await console.call('pinWatch', { kind: 'deposit', id: '300000002' }));
  const local = dataOf(await console.call('listWatchlist', {}));
  expect(local.polling).toBe(true);
  expect(local.nextPollAt).not.toBeNull();

  // The timer polls and announces the change on its own.
  dataOf(
    await console.call('transitionSandboxRecord', { entity: 'deposit', id: 300000002, to: 'COMPLETED' }),
  );
  await expect.poll(() => changesOf(console).length, { timeout: 10_000 }).toBe(1);

  dataOf(await console.call('useEnvironment', { id: testing.id }));
  expect(dataOf(await console.call('listWatchlist', {})).items).toEqual([]);
  dataOf(await console.call('pinWatch', { kind: 'refund', id: '17' }));
  await fetch(`${second.controlUrl}/refunds/17/transition`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: 'REJECTED' }),
  });
  await expect.poll(() => changesOf(console).length, { timeout: 10_000 }).toBe(2);
  expect(changesOf(console)[1]).toMatchObject({
    item: { environmentId: testing.id, id: '17' },
    severity: 'alarm',
  });

  // The local sandbox's pin is not polled while Testing is active; Testing's is, again and again.
  const checkedAt = async (): Promise<Record<string, string>> => {
    const stored = JSON.parse(
      await readFile(join(console.runtime.paths.dir, WATCHLIST_FILE_NAME), 'utf8'),
    ) as {
      items: Array<{ environmentId: string; lastCheckedAt: string }>;
    };
    return Object.fromEntries(stored.items.map((item) => [item.environmentId, item.lastCheckedAt]));
  };
  const before = await checkedAt();
  // Two more rounds of Testing's polls (waited for, not timed: a loaded machine is slow to poll),
  // time enough for a poll of the local pin to show.
  let later = before;
  for (let round = 0; round < 2; round += 1) {
    const previous = Date.parse(later[testing.id] as string);
    await expect
      .poll(
        async () => {
          later = await checkedAt();
          return Date.parse(later[testing.id] as string);
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(previous);
  }
  expect(later['local-sandbox']).toBe(before['local-sandbox']);

  // Removing an environment drops its pins.
  dataOf(await console.call('useEnvironment', { id: 'local-sandbox' }));
  dataOf(await console.call('removeEnvironment', { id: testing.id }));
  const remaining = JSON.parse(
    await readFile(join(console.runtime.paths.dir, WATCHLIST_FILE_NAME), 'utf8'),
  ) as {
    items: Array<{ environmentId: string }>;
  };
  expect(remaining.items.map((item) => item.environmentId)).toEqual(['local-sandbox']);
});

test('a poll that cannot read keeps the last status and records why; a pin of nothing is refused', async ({
  openConsole,
  sandbox,
}) => {
  const second = await sandbox({ seed: 6 });
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  expect(errorOf(await console.call('pinWatch', { kind: 'refund', id: '999999' })).kind).toBe('not_found');
  dataOf(await console.call('pinWatch', { kind: 'refund', id: '18' }));
  await second.close();
  const list = dataOf(await console.call('pollWatchlistNow', {}));
  expect(list.items[0]).toMatchObject({ status: 'PENDING', lastError: { kind: 'network' } });
  expect(changesOf(console)).toEqual([]);
});

test('the timeline keeps the first sighting and the latest changes, up to its length', async ({
  openConsole,
}) => {
  test.setTimeout(60_000);
  const start = Date.parse('2024-03-05T14:00:00Z');
  let now = start;
  const console = openConsole({ now: () => now });
  dataOf(await console.call('pinWatch', { kind: 'cashout', id: '11954' }));
  const moves = WATCH_LIMITS.timelineLength + 5;
  for (let move = 0; move < moves; move += 1) {
    const to = move % 2 === 0 ? 'ON_HOLD' : 'PENDING';
    dataOf(await console.call('transitionSandboxRecord', { entity: 'cashout', id: 11954, to }));
    now = start + (move + 1) * 1000;
    dataOf(await console.call('pollWatchlistNow', {}));
  }
  const timeline = dataOf(await console.call('getWatchTimeline', { kind: 'cashout', id: '11954' }));
  expect(timeline.entries).toHaveLength(WATCH_LIMITS.timelineLength);
  expect(timeline.entries[0]).toMatchObject({ at: new Date(start).toISOString(), from: null, to: 'PENDING' });
  // The oldest changes were dropped: the first change kept is the one of move `moves - 49`.
  const firstKept = moves - (WATCH_LIMITS.timelineLength - 1);
  expect(timeline.entries[1]?.at).toBe(new Date(start + (firstKept + 1) * 1000).toISOString());
  expect(timeline.entries.at(-1)).toMatchObject({
    at: new Date(start + moves * 1000).toISOString(),
    from: 'PENDING',
    to: 'ON_HOLD',
  });
  expect(timeline.item.changes).toBe(moves);
});

test('poll spacing: jitter of ±10 %, doubling while every poll fails, capped', () => {
  const minute = 60_000;
  expect(nextPollDelay(minute, 0, () => 0.5)).toBe(minute);
  expect(nextPollDelay(minute, 0, () => 0)).toBe(0.9 * minute);
  expect(nextPollDelay(minute, 0, () => 0.999_999)).toBeCloseTo(1.1 * minute, -1);
  expect(nextPollDelay(minute, 3, () => 0.5)).toBe(8 * minute);
  expect(nextPollDelay(minute, 10, () => 0.5)).toBe(MAX_BACKOFF_MS);
  // An interval longer than the cap is never shortened by backing off.
  expect(nextPollDelay(3_600_000, 4, () => 0.5)).toBe(3_600_000);
});
