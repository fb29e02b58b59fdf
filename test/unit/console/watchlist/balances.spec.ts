import { sqliteRecordIndexStarter } from '../../../../main/core/console';
import { sumAmounts } from '../../../../main/core/money';
import { watchTotals } from '../../../../main/core/watchlist/watchlist';
import type { WatchItem } from '../../../../shared/contract';
import { dataOf, expect, test } from '../console-fixture';

/**
 * The watch board says how much: each pinned object's amount (a sub-merchant's balance, a
 * deposit's or refund's amount) as its last read said, and the totals per kind and currency, added
 * at the currency's own precision. A balance is never added to a deposit's amount, and an amount
 * whose currency is not known is in no total.
 */

test('pins carry their balance or amount, and the list its totals per kind and currency', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ watch: { polling: false }, recordIndex: sqliteRecordIndexStarter(dataDir) });
  // Refund 17's deposit is 300000001: pinned first, so the index knows the refund's currency (D8).
  for (const [kind, id] of [
    ['deposit', '300000001'],
    ['deposit', '300000006'],
    ['deposit', '300000005'],
    ['refund', '17'],
    ['sub_merchant', '18703'],
    ['cashout', '11954'],
  ] as const) {
    dataOf(await console.call('pinWatch', { kind, id }));
  }
  const view = dataOf(await console.call('listWatchlist', {}));
  const amountOf = (kind: string, id: string) => {
    const item = view.items.find((candidate) => candidate.kind === kind && candidate.id === id);
    return [item?.amount, item?.currency];
  };
  // As the service's own records say (this sandbox's seed draws the amounts).
  const serviceAmount = async (depositId: number) => {
    const { record } = dataOf(await console.call('getDeposit', { depositId }));
    return [record.local_amount ?? record.amount, record.currency];
  };
  const [first, second, chilean] = await Promise.all([
    serviceAmount(300000001),
    serviceAmount(300000006),
    serviceAmount(300000005),
  ]);
  expect(amountOf('deposit', '300000001')).toEqual(first);
  expect(amountOf('deposit', '300000006')).toEqual(second);
  expect(amountOf('deposit', '300000005')).toEqual(chilean);
  expect(chilean?.[1]).toBe('CLP');
  const subMerchant = dataOf(await console.call('getSubMerchant', { subMerchantId: 18703 })).record.balance;
  expect(amountOf('sub_merchant', '18703')).toEqual([subMerchant?.total, subMerchant?.currency]);
  expect(amountOf('refund', '17')[1]).toBe('BRL');
  // A cashout's status read carries no amount.
  expect(amountOf('cashout', '11954')).toEqual([undefined, undefined]);

  const refund = view.items.find((item) => item.kind === 'refund');
  expect(view.totals).toEqual([
    {
      kind: 'deposit',
      currency: 'BRL',
      amount: sumAmounts([Number(first?.[0]), Number(second?.[0])], 'BRL'),
      count: 2,
    },
    { kind: 'deposit', currency: 'CLP', amount: sumAmounts([Number(chilean?.[0])], 'CLP'), count: 1 },
    { kind: 'refund', currency: 'BRL', amount: refund?.amount, count: 1 },
    { kind: 'sub_merchant', currency: subMerchant?.currency, amount: subMerchant?.total, count: 1 },
  ]);

  // Kept in the watchlist file: a console opened again on the same folder shows them before a poll.
  const again = openConsole({ watch: { polling: false } });
  expect(dataOf(await again.call('listWatchlist', {})).totals).toEqual(view.totals);
});

const item = (kind: WatchItem['kind'], amount?: number, currency?: string): WatchItem => ({
  environmentId: 'local-sandbox',
  kind,
  id: '1',
  pinnedAt: '2026-01-01T00:00:00.000Z',
  status: 'ACTIVE',
  lastCheckedAt: null,
  lastChangeAt: null,
  lastError: null,
  alarm: false,
  changes: 0,
  ...(amount !== undefined && { amount }),
  ...(currency !== undefined && { currency }),
});

test('totals add at the currency’s precision, with no binary drift, and leave unknown currencies out', () => {
  expect(
    watchTotals([
      item('sub_merchant', 0.1, 'USD'),
      item('sub_merchant', 0.2, 'USD'),
      item('sub_merchant', 12569.9, 'CLP'),
      item('sub_merchant', 0.4, 'CLP'),
      item('refund', 50),
      item('cashout'),
    ]),
  ).toEqual([
    { kind: 'sub_merchant', currency: 'CLP', amount: 12570, count: 2 },
    { kind: 'sub_merchant', currency: 'USD', amount: 0.3, count: 2 },
  ]);
  expect(sumAmounts([0.1, 0.2], 'BRL')).toBe(0.3);
  expect(sumAmounts([-0.5, 0.5], 'CLP')).toBe(0);
  expect(sumAmounts([1.23456], 'USDT')).toBe(1.2346);
  expect(sumAmounts([Number.MAX_SAFE_INTEGER, 1], 'CLP')).toBeNull();
});
