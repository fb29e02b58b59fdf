import { expect, test } from '@playwright/test';
import { RECONCILE_LIMITS, type ReconcileTotal } from '../../../../../shared/contract';
import {
  base64Of,
  CHUNK_BYTES,
  choicesOf,
  chooseColumn,
  isRunning,
  ledgerParts,
  ledgerTooLarge,
  stakeChart,
  totalsShown,
} from '../../../../../renderer/src/features/reconcile/reconcile-view';

test('a field belongs to one column: choosing it elsewhere sets the old column to ignore', () => {
  const choices = choicesOf(['Id', 'Valor', 'Cliente'], { Id: 'deposit_id', Valor: 'amount' });
  expect(choices).toEqual({ Id: 'deposit_id', Valor: 'amount', Cliente: 'ignore' });
  expect(chooseColumn(choices, 'Cliente', 'amount')).toEqual({
    Id: 'deposit_id',
    Valor: 'ignore',
    Cliente: 'amount',
  });
  // Ignoring a column leaves the others as they were.
  expect(chooseColumn(choices, 'Valor', 'ignore')).toEqual({
    Id: 'deposit_id',
    Valor: 'ignore',
    Cliente: 'ignore',
  });
});

test('a ledger goes in base64 parts under the chunk bound, and decodes back whole', () => {
  const bytes = new Uint8Array(CHUNK_BYTES * 2 + 5).map((_, index) => index % 251);
  const parts = ledgerParts(bytes);
  expect(parts.map((part) => part.last)).toEqual([false, false, true]);
  for (const part of parts) expect(part.chunk.length).toBeLessThanOrEqual(RECONCILE_LIMITS.maxChunkChars);
  expect(Buffer.concat(parts.map((part) => Buffer.from(part.chunk, 'base64')))).toEqual(Buffer.from(bytes));
  expect(ledgerParts(new Uint8Array(0))).toEqual([{ chunk: '', last: true }]);
  expect(base64Of(new TextEncoder().encode('ção'))).toBe(Buffer.from('ção').toString('base64'));
  expect(ledgerTooLarge(RECONCILE_LIMITS.maxLedgerBytes)).toBe(false);
  expect(ledgerTooLarge(RECONCILE_LIMITS.maxLedgerBytes + 1)).toBe(true);
});

test('the money chart sums money cases per class and currency, and leaves matches out', () => {
  const totals: ReconcileTotal[] = [
    { class: 'match', currency: 'BRL', count: 3, atStake: 0 },
    {
      class: 'status_differs',
      moneyCase: 'merchant_paid_service_not_completed',
      currency: 'BRL',
      count: 1,
      atStake: 10.1,
    },
    {
      class: 'status_differs',
      moneyCase: 'service_completed_not_released',
      currency: 'BRL',
      count: 1,
      atStake: 0.2,
    },
    { class: 'amount_differs', currency: 'MXN', count: 2, atStake: 50 },
    { class: 'not_found', currency: null, count: 1, atStake: 0 },
  ];
  const chart = stakeChart(totals);
  expect(chart.currencies).toEqual(['BRL', 'MXN']);
  expect(chart.data.find((entry) => entry.class === 'status_differs')).toEqual({
    class: 'status_differs',
    BRL: 10.3,
    MXN: 0,
  });
  expect(chart.data.map((entry) => entry.class)).not.toContain('match');
  expect(totalsShown(totals).map((total) => total.class)).toEqual([
    'status_differs',
    'status_differs',
    'amount_differs',
    'not_found',
    'match',
  ]);
  expect(isRunning(undefined)).toBe(false);
  expect(
    isRunning({
      runId: 'r',
      phase: 'looking_up',
      total: 1,
      done: 0,
      failed: 0,
      ratePerSecond: 0,
      batchId: null,
    }),
  ).toBe(true);
  expect(
    isRunning({
      runId: 'r',
      phase: 'cancelled',
      total: 1,
      done: 0,
      failed: 0,
      ratePerSecond: 0,
      batchId: null,
    }),
  ).toBe(false);
});

test('the money chart adds each currency at its own decimals: pesos whole, dinars to the fils', () => {
  const total = (currency: string, atStake: number): ReconcileTotal => ({
    class: 'status_differs',
    moneyCase: 'merchant_paid_service_not_completed',
    currency,
    count: 1,
    atStake,
  });
  // Main's totals are at each currency's precision already; the chart adds them without drift.
  const chart = stakeChart([
    total('CLP', 12570),
    total('CLP', 30168),
    total('BHD', 1.235),
    total('BHD', 0.001),
    total('BRL', 0.1),
    total('BRL', 0.2),
  ]);
  expect(chart.data.find((entry) => entry.class === 'status_differs')).toEqual({
    class: 'status_differs',
    CLP: 42738,
    BHD: 1.236,
    BRL: 0.3,
  });
});
