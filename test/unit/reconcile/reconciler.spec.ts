import { expect, test } from '@playwright/test';
import type { BatchRow } from '../../../shared/contract';
import { parseCsv } from '../../../main/core/csv';
import {
  classifyEntry,
  guessMapping,
  importLedger,
  reconcileCsv,
  reconcileCsvColumns,
  TotalsBuilder,
  type LedgerTable,
} from '../../../main/core/reconcile';

/**
 * Reconciliation speaks each currency's own decimals (a Chilean peso has none): amounts are
 * compared and put at stake at that precision, so a difference is never smaller than the
 * currency's smallest unit, and what the table and the totals say agree. A mapped invoice column
 * is carried to the results and their export even when an id named the record.
 */

const answer = (status: string, amount: number, currency: string): BatchRow => ({
  index: 0,
  id: '1',
  state: 'ok',
  status,
  changed: null,
  amount,
  currency,
});

test('CLP is compared in whole pesos: 12.570 in the ledger is the service’s 12569.9', () => {
  const ledger = { line: 2, id: '1', status: 'COMPLETED', amountUnits: 125_700_000, currency: 'CLP' };
  const row = classifyEntry(ledger, answer('COMPLETED', 12569.9, 'CLP'));
  expect(row).toMatchObject({ class: 'match', atStake: 0 });
  // The amounts themselves stay as each side wrote them.
  expect(row).toMatchObject({ ledgerAmount: 12570, serviceAmount: 12569.9 });

  // A real difference is a whole number of pesos, never a fraction nobody can pay.
  const short = classifyEntry({ ...ledger, amountUnits: 1_000_000 }, answer('COMPLETED', 100.6, 'CLP'));
  expect(short).toMatchObject({ class: 'amount_differs', atStake: 1, stakeCurrency: 'CLP' });
  const missing = classifyEntry({ ...ledger, status: 'COMPLETED' }, answer('PENDING', 12569.9, 'CLP'));
  expect(missing).toMatchObject({ class: 'status_differs', atStake: 12570, stakeCurrency: 'CLP' });
});

test('BRL in cents: a ledger’s fourth decimal is no difference; a cent is', () => {
  const ledger = { line: 2, id: '1', status: 'COMPLETED', amountUnits: 1_500_040, currency: 'BRL' };
  expect(classifyEntry(ledger, answer('COMPLETED', 150, 'BRL'))).toMatchObject({ class: 'match' });
  expect(classifyEntry(ledger, answer('COMPLETED', 150.01, 'BRL'))).toMatchObject({
    class: 'amount_differs',
    atStake: 0.01,
  });
  // A currency whose decimals are not known keeps all four.
  const crypto = { ...ledger, currency: 'USDT' };
  expect(classifyEntry(crypto, answer('COMPLETED', 150, 'USDT'))).toMatchObject({
    class: 'amount_differs',
    atStake: 0.004,
  });
});

test('totals in CLP add whole pesos', () => {
  const totals = new TotalsBuilder();
  const ledger = { line: 2, id: '1', status: 'PENDING', currency: 'CLP' };
  for (const amount of [12569.9, 30168.4]) {
    totals.add(classifyEntry({ ...ledger, status: 'COMPLETED' }, answer('PENDING', amount, 'CLP')));
  }
  expect(totals.totals()).toEqual([
    expect.objectContaining({ class: 'status_differs', currency: 'CLP', count: 2, atStake: 42738 }),
  ]);
});

test('a mapped invoice column reaches the results and the export even when the deposit id named the record', () => {
  const table: LedgerTable = {
    format: 'csv',
    delimiter: ';',
    header: ['Id do depósito', 'Fatura', 'Valor', 'Moeda', 'Situação'],
    rows: [
      { line: 2, cells: ['300000001', 'INV-A', '150,00', 'BRL', 'pago'] },
      { line: 3, cells: ['300000002', '', '1,00', 'BRL', 'pago'] },
      { line: 4, cells: ['', 'INV-C', '2,00', 'BRL', 'pago'] },
    ],
  };
  const mapping = guessMapping(table.header).mapping;
  expect(mapping).toMatchObject({ 'Id do depósito': 'deposit_id', Fatura: 'invoice_id' });
  const imported = importLedger(table, mapping, 'deposits');
  expect(imported.entries).toEqual([
    expect.objectContaining({ line: 2, id: '300000001', invoiceId: 'INV-A' }),
    expect.objectContaining({ line: 3, id: '300000002' }),
    // No id: the invoice id is what names the deposit (resolved through the record index).
    expect.objectContaining({ line: 4, invoiceId: 'INV-C' }),
  ]);
  expect(imported.entries[1]).not.toHaveProperty('invoiceId');
  expect(imported.entries[2]).not.toHaveProperty('id');

  const first = imported.entries[0];
  if (first?.id === undefined) throw new Error('the first row has an id');
  const rows = parseCsv(
    reconcileCsv([classifyEntry({ ...first, id: first.id }, answer('COMPLETED', 150, 'BRL'))]),
  );
  if (!rows.ok) throw new Error(rows.error.message);
  const invoiceColumn = reconcileCsvColumns().indexOf('invoice_id');
  expect(rows.data[1]?.[invoiceColumn]).toBe('INV-A');
});

test('a refunds ledger with an invoice column but no refund id is still a row without an id', () => {
  const table: LedgerTable = {
    format: 'csv',
    delimiter: ',',
    header: ['refund_id', 'invoice_id', 'status'],
    rows: [
      { line: 2, cells: ['17', 'INV-R', 'paid'] },
      { line: 3, cells: ['', 'INV-S', 'paid'] },
    ],
  };
  const imported = importLedger(table, guessMapping(table.header, 'refunds').mapping, 'refunds');
  expect(imported.entries).toEqual([expect.objectContaining({ line: 2, id: '17', invoiceId: 'INV-R' })]);
  expect(imported.badRows).toEqual([expect.objectContaining({ line: 3 })]);
});
