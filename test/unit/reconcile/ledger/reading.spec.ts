import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRow, ReconcileRow } from '../../../../shared/contract';
import {
  applyOverride,
  classifyEntry,
  guessMapping,
  importLedger,
  kindFor,
  ledgerStatus,
  mappingsPath,
  moneyCaseOf,
  parseLedgerAmount,
  parseMapOption,
  readLedger,
  rememberedMapping,
  rememberMapping,
  shapeKey,
  sniffDecimalSeparator,
  TotalsBuilder,
  type LedgerTable,
} from '../../../../main/core/reconcile';

/** The reconciliation core without the service: amounts, mapping, import, classification, totals. */

const units = (text: string, decimal: ',' | '.'): number | string => {
  const reading = parseLedgerAmount(text, decimal);
  return reading.ok ? reading.units / 10_000 : reading.reason;
};

test('amounts with decimal commas, grouping, signs and currency symbols', () => {
  expect(units('1.234,56', ',')).toBe(1234.56);
  expect(units('1234,5', ',')).toBe(1234.5);
  expect(units('R$ 1.234,56', ',')).toBe(1234.56);
  expect(units('1 234,56', ',')).toBe(1234.56);
  expect(units('1\u00a0234,56 €', ',')).toBe(1234.56);
  expect(units('-12,50', ',')).toBe(-12.5);
  expect(units('(12,50)', ',')).toBe(-12.5);
  expect(units('12,50-', ',')).toBe(-12.5);
  expect(units('1.234', ',')).toBe(1234);
  expect(units('1,234.56', '.')).toBe(1234.56);
  expect(units('BRL 0.1', '.')).toBe(0.1);
  expect(units('1.234', '.')).toBe(1.234);
  expect(units('12', '.')).toBe(12);
});

test('amounts that do not read are refused with a reason, never guessed', () => {
  expect(units('', ',')).toBe('the amount is empty');
  expect(units('1.234.56', ',')).toContain('thousands are not grouped in threes');
  expect(units('1,234.56', ',')).toContain('separators after the decimal separator');
  expect(units("1'234.5", '.')).toBe(1234.5);
  expect(units('1.234 567,00', ',')).toContain('thousands are not grouped in threes');
  expect(units('12,3,4', ',')).toContain('appears twice');
  expect(units('1234.567', ',')).toContain('thousands are not grouped in threes');
  expect(units('1,23456', ',')).toContain('more than 4 decimals');
  expect(units('12,', ',')).toContain('no digits after');
  expect(units('doze', ',')).toContain('only digits and separators');
  expect(units('=1+1', '.')).toContain('only digits and separators');
});

test('the decimal separator is sniffed from the amounts, the delimiter deciding a tie', () => {
  expect(sniffDecimalSeparator(['1.234,56', '12,00'], '.')).toBe(',');
  expect(sniffDecimalSeparator(['1,234.56', '12.00'], ',')).toBe('.');
  expect(sniffDecimalSeparator(['1.234.567'], '.')).toBe(',');
  expect(sniffDecimalSeparator(['1.234', '2.000'], ',')).toBe(',');
  expect(sniffDecimalSeparator(['1.234', '2.000'], '.')).toBe('.');
  expect(sniffDecimalSeparator(['12,5', '7,25', '1.5'], '.')).toBe(',');
});

test('ledger status words in English, Spanish and Brazilian Portuguese', () => {
  expect(ledgerStatus('Pago')).toBe('COMPLETED');
  expect(ledgerStatus('CONCLUÍDO')).toBe('COMPLETED');
  expect(ledgerStatus('pagado')).toBe('COMPLETED');
  expect(ledgerStatus('paid')).toBe('COMPLETED');
  expect(ledgerStatus('Pendente')).toBe('PENDING');
  expect(ledgerStatus('rechazado')).toBe('REJECTED');
  expect(ledgerStatus('early_released')).toBe('EARLY RELEASED');
  expect(ledgerStatus('For review')).toBe('FOR REVIEW');
  expect(ledgerStatus('on-hold')).toBe('ON_HOLD');
  expect(ledgerStatus('talvez')).toBeNull();
});

test('the mapping is guessed from en, es and pt-BR headers', () => {
  expect(guessMapping(['deposit_id', 'Amount', 'Status', 'Currency'])).toEqual({
    mapping: { deposit_id: 'deposit_id', Amount: 'amount', Status: 'status', Currency: 'currency' },
    kind: 'deposits',
  });
  expect(guessMapping(['Id do depósito', 'Valor (R$)', 'Situação', 'Moeda', 'Nome'])).toEqual({
    mapping: {
      'Id do depósito': 'deposit_id',
      'Valor (R$)': 'amount',
      Situação: 'status',
      Moeda: 'currency',
    },
    kind: 'deposits',
  });
  expect(guessMapping(['ID del retiro', 'Monto', 'Estado', 'Moneda'])).toEqual({
    mapping: { 'ID del retiro': 'cashout_id', Monto: 'amount', Estado: 'status', Moneda: 'currency' },
    kind: 'cashouts',
  });
  expect(guessMapping(['ID', 'Importe'], 'refunds')).toEqual({
    mapping: { ID: 'refund_id', Importe: 'amount' },
    kind: 'refunds',
  });
  // A bare id with no kind said anywhere is not guessed.
  expect(guessMapping(['id', 'valor']).kind).toBeNull();
  expect(kindFor(guessMapping(['id', 'valor']).mapping, undefined).ok).toBe(false);
});

test('--map overrides move a field, ignore a column, and refuse unknown columns and fields', () => {
  const header = ['Nosso ID', 'Valor', 'Outro valor'];
  const map = parseMapOption(['Nosso ID=deposit_id', 'outro VALOR=amount']);
  expect(map.ok).toBe(true);
  const mapping = applyOverride(header, { Valor: 'amount' }, map.ok ? map.data : {});
  expect(mapping).toEqual({ ok: true, data: { 'Nosso ID': 'deposit_id', 'Outro valor': 'amount' } });
  expect(applyOverride(header, { Valor: 'amount' }, { Valor: 'ignore' })).toEqual({ ok: true, data: {} });
  expect(applyOverride(header, {}, { Nada: 'amount' }).ok).toBe(false);
  expect(parseMapOption(['Valor=money']).ok).toBe(false);
  expect(parseMapOption(['Valor']).ok).toBe(false);
  expect(shapeKey(['Deposit ID', 'Valor'])).toBe(shapeKey(['deposit id', 'VALOR']));
  expect(shapeKey(['Deposit ID', 'Valor'])).not.toBe(shapeKey(['Deposit ID', 'Monto']));
});

test('a mapping is remembered per header shape in a zod-checked file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'paydesk-reconcile-map-'));
  try {
    expect(await rememberedMapping(dir, 'aaaaaaaaaaaaaaaa')).toBeNull();
    const saved = await rememberMapping(
      dir,
      'aaaaaaaaaaaaaaaa',
      { kind: 'deposits', mapping: { X: 'deposit_id' } },
      Date.now(),
    );
    expect(saved.ok).toBe(true);
    expect(await rememberedMapping(dir, 'aaaaaaaaaaaaaaaa')).toEqual({
      kind: 'deposits',
      mapping: { X: 'deposit_id' },
    });
    // A file that is not what this version writes counts as empty.
    await writeFile(
      mappingsPath(dir),
      JSON.stringify({ version: 1, shapes: { aaaaaaaaaaaaaaaa: { kind: 'x' } } }),
    );
    expect(await rememberedMapping(dir, 'aaaaaaaaaaaaaaaa')).toBeNull();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

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
