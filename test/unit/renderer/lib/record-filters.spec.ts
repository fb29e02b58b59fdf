import { expect, test } from '@playwright/test';
import {
  ariaSortOf,
  filtersNarrow,
  localDayStart,
  NO_FILTERS,
  recentQueryOf,
  searchTextOf,
  sortOnHeader,
  statusesOf,
} from '../../../../renderer/src/lib/record-filters';

/** The recent lists' filters: what they ask of the index, and what they refuse early. */

test('no filters ask for the newest records of the kind', () => {
  expect(recentQueryOf('deposit', NO_FILTERS, 'en')).toEqual({
    ok: true,
    query: { kind: 'deposit', sort: 'newest' },
  });
  expect(filtersNarrow(NO_FILTERS)).toBe(false);
});

test('every filter becomes its part of the query; `to` takes in the whole day', () => {
  const made = recentQueryOf(
    'refund',
    {
      status: 'PENDING',
      fromDay: '2024-05-01',
      toDay: '2024-05-31',
      minAmount: '10',
      maxAmount: '99,90',
      currency: 'brl',
      sort: 'amount_desc',
    },
    'pt-BR',
  );
  expect(made).toEqual({
    ok: true,
    query: {
      kind: 'refund',
      sort: 'amount_desc',
      status: 'PENDING',
      from: new Date(2024, 4, 1).toISOString(),
      to: new Date(2024, 5, 1).toISOString(),
      minAmount: 10,
      maxAmount: 99.9,
      currency: 'BRL',
    },
  });
});

test('what main would refuse or match nothing with is named by its field', () => {
  expect(
    recentQueryOf('cashout', { ...NO_FILTERS, minAmount: '100', maxAmount: '5', currency: 'R$' }, 'en'),
  ).toEqual({ ok: false, problems: { minAmount: 'minAboveMax', currency: 'notACurrency' } });
  expect(
    recentQueryOf('cashout', { ...NO_FILTERS, fromDay: '2024-06-02', toDay: '2024-06-01' }, 'en'),
  ).toEqual({
    ok: false,
    problems: { toDay: 'toBeforeFrom' },
  });
  // The same day from and to is that whole day, not an empty range.
  expect(
    recentQueryOf('cashout', { ...NO_FILTERS, fromDay: '2024-06-01', toDay: '2024-06-01' }, 'en').ok,
  ).toBe(true);
  expect(recentQueryOf('deposit', { ...NO_FILTERS, minAmount: '-3', fromDay: '2024-02-30' }, 'en')).toEqual({
    ok: false,
    problems: { minAmount: 'negative', fromDay: 'notADay' },
  });
  // Amounts are read in the reader's language: "1.234,5" is 1234.5 in es, a grouping mistake in en.
  expect(
    recentQueryOf('deposit', { ...NO_FILTERS, minAmount: '0', maxAmount: '1.234,5' }, 'es'),
  ).toMatchObject({
    ok: true,
    query: { minAmount: 0, maxAmount: 1234.5 },
  });
  expect(recentQueryOf('deposit', { ...NO_FILTERS, maxAmount: '1.234,5' }, 'en')).toEqual({
    ok: false,
    problems: { maxAmount: 'grouping' },
  });
});

test('days, statuses and search text', () => {
  expect(localDayStart('2024-02-29')).toBe(new Date(2024, 1, 29).toISOString());
  expect(localDayStart('2023-02-29')).toBeNull();
  expect(localDayStart('29/02/2024')).toBeNull();
  expect(statusesOf('cashout')).toContain('ON_HOLD');
  expect(statusesOf('deposit')).toContain('EARLY RELEASED');
  expect(searchTextOf('  INV-1  ')).toBe('INV-1');
  expect(searchTextOf('   ')).toBeNull();
  expect(searchTextOf('x'.repeat(300))).toHaveLength(200);
});

test('a header click sorts by its column, largest or newest first, then the other way', () => {
  expect(sortOnHeader('newest', 'amount')).toBe('amount_desc');
  expect(sortOnHeader('amount_desc', 'amount')).toBe('amount_asc');
  expect(sortOnHeader('amount_asc', 'amount')).toBe('amount_desc');
  expect(sortOnHeader('amount_asc', 'lastSeen')).toBe('newest');
  expect(sortOnHeader('newest', 'lastSeen')).toBe('oldest');
  expect(sortOnHeader('oldest', 'lastSeen')).toBe('newest');
  expect(ariaSortOf('newest', 'lastSeen')).toBe('descending');
  expect(ariaSortOf('oldest', 'lastSeen')).toBe('ascending');
  expect(ariaSortOf('oldest', 'amount')).toBe('none');
  expect(ariaSortOf('amount_asc', 'amount')).toBe('ascending');
});
