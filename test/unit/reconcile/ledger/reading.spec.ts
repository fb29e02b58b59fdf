import { expect, test } from '@playwright/test';
import { guessMapping, importLedger, readLedger, type LedgerTable } from '../../../../main/core/reconcile';

/** Ledger files read into rows: CSV quirks kept apart, bad rows listed, never dropped. */
test('CSV ledgers: BOM, sniffed ; separator, quoted fields with line breaks, CRLF, row numbers kept', async () => {
  const text =
    '\uFEFFdeposit_id;Nota;valor\r\n300000001;"linha\r\ndupla";"1.234,56"\r\n\r\n300000002;;12,5\r\n';
  const table = await readLedger(Buffer.from(text, 'utf8'));
  expect(table.ok).toBe(true);
  if (!table.ok) return;
  expect(table.data.delimiter).toBe(';');
  expect(table.data.header).toEqual(['deposit_id', 'Nota', 'valor']);
  expect(table.data.rows.map((row) => row.line)).toEqual([2, 4]);
  const imported = importLedger(table.data, guessMapping(table.data.header).mapping, 'deposits');
  expect(imported.decimalSeparator).toBe(',');
  expect(imported.entries.map((entry) => entry.amountUnits)).toEqual([12_345_600, 125_000]);
  // Windows-1252 (what Excel writes in pt-BR) is read too.
  const latin = await readLedger(Buffer.from('Situa\xe7\xe3o,deposit_id\npago,1\n', 'latin1'));
  expect(latin.ok && latin.data.header[0]).toBe('Situação');
  const broken = await readLedger(Buffer.from('a,b\n"open,1\n'));
  expect(broken.ok).toBe(false);
});

test('bad rows are listed with their row number and why, never dropped', () => {
  const table: LedgerTable = {
    format: 'csv',
    delimiter: ',',
    header: ['deposit_id', 'status', 'amount', 'currency'],
    rows: [
      { line: 2, cells: ['300000001', 'paid', '10.00', 'brl'] },
      { line: 3, cells: ['', 'paid', '10.00', 'BRL'] },
      { line: 4, cells: ['abc', 'paid', '10.00', 'BRL'] },
      { line: 5, cells: ['300000002', 'maybe', '10.00', 'BRL'] },
      { line: 6, cells: ['300000003', 'paid', '1O.00', 'BRL'] },
      { line: 7, cells: ['300000004', 'paid', '10.00', 'Reais'] },
      { line: 8, cells: ['300000005', '', '10.00', 'BRL'] },
      { line: 9, cells: ['300000006', 'paid', { number: '10.5' }, 'BRL'] },
    ],
  };
  const imported = importLedger(table, guessMapping(table.header).mapping, 'deposits');
  expect(imported.entries).toEqual([
    { line: 2, id: '300000001', status: 'COMPLETED', amountUnits: 100_000, currency: 'BRL' },
    { line: 9, id: '300000006', status: 'COMPLETED', amountUnits: 105_000, currency: 'BRL' },
  ]);
  expect(imported.badRows.map((row) => row.line)).toEqual([3, 4, 5, 6, 7, 8]);
  expect(imported.badRows[0]?.reason).toBe('no deposit_id');
  expect(imported.badRows[1]?.reason).toContain('deposit_id "abc"');
  expect(imported.badRows[2]?.reason).toContain('"maybe" is not a status');
  expect(imported.badRows[3]?.reason).toContain('does not read as an amount');
  expect(imported.badRows[4]?.reason).toContain('not a 3-letter code');
  expect(imported.badRows[5]?.reason).toBe('the status is empty');
});
