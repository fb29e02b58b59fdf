import { dataOf, expect, test } from '../console-fixture';

/**
 * The Sub-merchants watch list and the Watchlist's pins are one list, kept by the
 * watchlist (main/core/watchlist), per environment.
 */

const ACTIVE = 18703;
const INACTIVE = 18704;
const DEPOSIT = 300000002;

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
