import { expect, test } from '@playwright/test';
import type { BatchRow, ReconcileRow } from '../../../shared/contract';
import { classifyEntry, moneyCaseOf, TotalsBuilder } from '../../../main/core/reconcile';

const ok = (status: string, amount?: number, currency?: string): BatchRow => ({
  index: 0,
  id: '1',
  state: 'ok',
  status,
  changed: null,
  ...(amount !== undefined && { amount }),
  ...(currency !== undefined && { currency }),
});
const entry = { line: 2, id: '1', status: 'COMPLETED', amountUnits: 1_500_000, currency: 'BRL' };

test('every class, and the money at stake of each', () => {
  const pick = (row: ReconcileRow) => [row.class, row.moneyCase, row.atStake, row.stakeCurrency];
  expect(pick(classifyEntry(entry, ok('COMPLETED', 150, 'BRL')))).toEqual(['match', undefined, 0, undefined]);
  expect(pick(classifyEntry(entry, ok('PENDING', 150, 'BRL')))).toEqual([
    'status_differs',
    'merchant_paid_service_not_completed',
    150,
    'BRL',
  ]);
  expect(pick(classifyEntry({ ...entry, status: 'PENDING' }, ok('COMPLETED', 150, 'BRL')))).toEqual([
    'status_differs',
    'service_completed_not_released',
    150,
    'BRL',
  ]);
  expect(pick(classifyEntry(entry, ok('REJECTED', 150, 'BRL')))).toEqual([
    'status_differs',
    'completed_then_rejected',
    150,
    'BRL',
  ]);
  // A status difference that moves no money is named, with nothing at stake.
  expect(pick(classifyEntry({ ...entry, status: 'PENDING' }, ok('EXPIRED', 150, 'BRL')))).toEqual([
    'status_differs',
    undefined,
    0,
    undefined,
  ]);
  expect(pick(classifyEntry(entry, ok('COMPLETED', 100.25, 'BRL')))).toEqual([
    'amount_differs',
    undefined,
    49.75,
    'BRL',
  ]);
  expect(pick(classifyEntry(entry, ok('COMPLETED', 150, 'MXN')))).toEqual([
    'currency_differs',
    undefined,
    150,
    'BRL',
  ]);
  const notFound: BatchRow = { index: 0, id: '1', state: 'failed', changed: null, errorKind: 'not_found' };
  expect(pick(classifyEntry(entry, notFound))).toEqual(['not_found', undefined, 150, 'BRL']);
  const network: BatchRow = { ...notFound, errorKind: 'network', errorMessage: 'unreachable' };
  expect(classifyEntry(entry, network)).toMatchObject({
    class: 'lookup_failed',
    atStake: 0,
    errorKind: 'network',
  });
  expect(classifyEntry(entry, undefined)).toMatchObject({ class: 'lookup_failed', errorKind: 'cancelled' });
  expect(pick(classifyEntry(entry, ok('COMPLETED', 150, 'BRL'), 7))).toEqual([
    'duplicate_in_ledger',
    undefined,
    150,
    'BRL',
  ]);
  // What the ledger does not say is not compared; what the service does not send neither.
  expect(classifyEntry({ line: 2, id: '1' }, ok('PENDING')).class).toBe('match');
  expect(classifyEntry(entry, ok('COMPLETED')).class).toBe('match');
  expect(moneyCaseOf('COMPLETED', 'COMPLETED')).toBeUndefined();
});

test('totals per class, money case and currency are exact sums', () => {
  const totals = new TotalsBuilder();
  for (const amount of [0.1, 0.2, 0.3])
    totals.add(classifyEntry({ ...entry, amountUnits: 0 }, ok('COMPLETED', amount, 'BRL')));
  totals.add(classifyEntry(entry, ok('PENDING', 150, 'BRL')));
  totals.add(classifyEntry({ ...entry, currency: 'MXN' }, ok('PENDING', 150, 'MXN')));
  expect(totals.totals()).toEqual([
    { class: 'amount_differs', currency: 'BRL', count: 3, atStake: 0.6 },
    {
      class: 'status_differs',
      moneyCase: 'merchant_paid_service_not_completed',
      currency: 'BRL',
      count: 1,
      atStake: 150,
    },
    {
      class: 'status_differs',
      moneyCase: 'merchant_paid_service_not_completed',
      currency: 'MXN',
      count: 1,
      atStake: 150,
    },
  ]);
});
