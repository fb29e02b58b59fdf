import { expect, test } from '@playwright/test';
import { environmentKeys } from '../../../../renderer/src/api/query-keys';
import { staleAfterNotification } from '../../../../renderer/src/shell/notification-live';

const keys = environmentKeys('sandbox');

test("a deposit's notification makes its screen, its refunds, the record index and the inbox stale", () => {
  const stale = staleAfterNotification(
    { environmentId: 'sandbox', subject: { kind: 'deposit', id: 300000001 } },
    keys,
    'sandbox',
  );
  expect(stale).toEqual([
    ['sandbox', 'notifications', 'received'],
    ['sandbox', 'deposits', 300000001],
    ['sandbox', 'records'],
  ]);
  // The deposit's refunds and every search and recent list sit under those prefixes.
  expect(keys.depositRefunds(300000001).slice(0, 3)).toEqual(stale[1]);
  expect(keys.searchRecords('INV', '[]', 10).slice(0, 2)).toEqual(stale[2]);
  expect(keys.deposit(300000002).slice(0, 3)).not.toEqual(stale[1]);
});

test("a refund's notification makes that refund stale, not a deposit of the same id", () => {
  const stale = staleAfterNotification(
    { environmentId: 'sandbox', subject: { kind: 'refund', id: 17 } },
    keys,
    'sandbox',
  );
  expect(stale).toContainEqual(['sandbox', 'refunds', 17]);
  expect(stale).not.toContainEqual(['sandbox', 'deposits', 17]);
});

test('a notification of another environment only makes the inbox stale: the same id here is another record', () => {
  expect(
    staleAfterNotification(
      { environmentId: 'testing', subject: { kind: 'deposit', id: 300000001 } },
      keys,
      'sandbox',
    ),
  ).toEqual([['sandbox', 'notifications', 'received']]);
});
