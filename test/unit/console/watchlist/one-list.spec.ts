import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WATCHLIST_FILE_NAME } from '../../../../main/core/watchlist';
import { dataOf, expect, test } from '../console-fixture';

/**
 * The Sub-merchants watch list and the Watchlist's pins are one list, kept by the
 * watchlist (main/core/watchlist), per environment. A settings file of version 2 held the
 * sub-merchants in each profile (`watchedSubMerchantIds`): on the first read they join the
 * watchlist, beside what was pinned there, and nothing is lost or doubled.
 */

const ACTIVE = 18703;
const INACTIVE = 18704;
const DEPOSIT = 300000002;

/** A version-2 settings file: the local sandbox watches two sub-merchants, a testing profile one. */
function version2Settings(localWatched: number[]) {
  return {
    version: 2,
    environments: [
      {
        id: 'local-sandbox',
        name: 'Local sandbox',
        kind: 'local-sandbox',
        baseUrl: 'sandbox:embedded',
        color: 'teal',
        watchedSubMerchantIds: localWatched,
      },
      {
        id: 'testing-a1b2c3',
        name: 'Testing',
        kind: 'testing',
        baseUrl: 'http://127.0.0.1:9',
        color: 'blue',
        watchedSubMerchantIds: [5],
      },
    ],
    activeEnvironmentId: 'local-sandbox',
    preferences: { language: 'es', theme: 'system' },
  };
}

/** A watchlist file holding a deposit and one of the sub-merchants the settings also watch. */
function watchlistWith(items: Array<{ kind: string; id: string }>) {
  return {
    version: 1,
    intervalSeconds: 60,
    items: items.map((item) => ({
      environmentId: 'local-sandbox',
      ...item,
      pinnedAt: '2026-11-01T10:00:00.000Z',
      status: 'PENDING',
      lastCheckedAt: '2026-11-01T10:00:00.000Z',
      lastChangeAt: null,
      lastError: null,
      alarm: false,
      changes: 0,
      timeline: [{ at: '2026-11-01T10:00:00.000Z', from: null, to: 'PENDING', severity: 'info' }],
    })),
  };
}

const refs = (items: ReadonlyArray<{ kind: string; id: string }>) =>
  items.map((item) => `${item.kind} ${item.id}`);

test('watching a sub-merchant is a pin, and a sub-merchant pin is watched: one list, both views', async ({
  openConsole,
}) => {
  const console = openConsole({ watch: { polling: false } });
  dataOf(await console.call('pinWatch', { kind: 'sub_merchant', id: String(INACTIVE) }));
  dataOf(await console.call('pinWatch', { kind: 'deposit', id: String(DEPOSIT) }));
  dataOf(await console.call('pinWatch', { kind: 'sub_merchant', id: String(ACTIVE) }));

  const watched = dataOf(await console.call('listWatchedSubMerchants', {}));
  // Only the sub-merchants, in pin order, each read now with its balance.
  expect(
    watched.map((item) => [item.subMerchantId, item.result.ok && item.result.data.record.status]),
  ).toEqual([
    [INACTIVE, 'INACTIVE'],
    [ACTIVE, 'ACTIVE'],
  ]);

  dataOf(await console.call('unpinWatch', { kind: 'sub_merchant', id: String(INACTIVE) }));
  expect(dataOf(await console.call('listWatchedSubMerchants', {})).map((item) => item.subMerchantId)).toEqual(
    [ACTIVE],
  );
  expect(refs(dataOf(await console.call('listWatchlist', {})).items)).toEqual([
    `deposit ${DEPOSIT}`,
    `sub_merchant ${ACTIVE}`,
  ]);
});

test('an old settings file with watched sub-merchants and a watchlist with pins: one list, nothing lost or doubled', async ({
  openConsole,
  dataDir,
}) => {
  const settingsPath = join(dataDir, 'settings.json');
  const watchlistPath = join(dataDir, WATCHLIST_FILE_NAME);
  await writeFile(settingsPath, JSON.stringify(version2Settings([INACTIVE, ACTIVE])));
  await writeFile(
    watchlistPath,
    JSON.stringify(
      watchlistWith([
        { kind: 'deposit', id: String(DEPOSIT) },
        { kind: 'sub_merchant', id: String(ACTIVE) },
      ]),
    ),
  );

  const console = openConsole({ watch: { polling: false } });
  const view = dataOf(await console.call('listWatchlist', {}));
  expect(refs(view.items)).toEqual([
    `deposit ${DEPOSIT}`,
    `sub_merchant ${ACTIVE}`,
    `sub_merchant ${INACTIVE}`,
  ]);
  // The pin that was there keeps its history.
  expect(view.items[1]).toMatchObject({ status: 'PENDING', pinnedAt: '2026-11-01T10:00:00.000Z' });
  expect(dataOf(await console.call('listWatchedSubMerchants', {})).map((item) => item.subMerchantId)).toEqual(
    [ACTIVE, INACTIVE],
  );

  // Both files now say it once: the watchlist holds every environment's sub-merchants, the
  // settings hold none (version 3, nothing waiting).
  const onDisk = JSON.parse(await readFile(watchlistPath, 'utf8')) as {
    items: Array<{ environmentId: string; kind: string; id: string }>;
  };
  expect(onDisk.items.map((item) => `${item.environmentId} ${item.kind} ${item.id}`)).toEqual([
    `local-sandbox deposit ${DEPOSIT}`,
    `local-sandbox sub_merchant ${ACTIVE}`,
    `local-sandbox sub_merchant ${INACTIVE}`,
    'testing-a1b2c3 sub_merchant 5',
  ]);
  const settings = JSON.parse(await readFile(settingsPath, 'utf8')) as Record<string, unknown>;
  expect(settings.version).toBe(3);
  expect(settings.subMerchantWatchesToMove).toBeUndefined();
  expect(JSON.stringify(settings)).not.toContain('watchedSubMerchantIds');
  await console.close();

  // A second start finds the same list.
  const again = openConsole({ watch: { polling: false } });
  expect(refs(dataOf(await again.call('listWatchlist', {})).items)).toEqual(refs(view.items));
});

test('watches left waiting by a crash after the watchlist was written are not added twice', async ({
  openConsole,
  dataDir,
}) => {
  // The watchlist already holds both sub-merchants; the settings still list them as waiting.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      ...version2Settings([]),
      version: 3,
      environments: version2Settings([]).environments.map(({ watchedSubMerchantIds: _, ...env }) => env),
      subMerchantWatchesToMove: { 'local-sandbox': [ACTIVE, INACTIVE] },
    }),
  );
  await writeFile(
    join(dataDir, WATCHLIST_FILE_NAME),
    JSON.stringify(
      watchlistWith([
        { kind: 'sub_merchant', id: String(ACTIVE) },
        { kind: 'sub_merchant', id: String(INACTIVE) },
      ]),
    ),
  );
  const console = openConsole({ watch: { polling: false } });
  expect(refs(dataOf(await console.call('listWatchlist', {})).items)).toEqual([
    `sub_merchant ${ACTIVE}`,
    `sub_merchant ${INACTIVE}`,
  ]);
  const settings = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  expect(settings.subMerchantWatchesToMove).toBeUndefined();
});
