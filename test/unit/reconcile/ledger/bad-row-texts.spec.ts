import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LedgerBadRow, MessageText, ReconcileRunView } from '../../../../shared/contract';
import { sqliteRecordIndexStarter } from '../../../../main/core/console';
import {
  guessMapping,
  importLedger,
  parseLedgerAmount,
  readRun,
  runsFolder,
  type LedgerTable,
} from '../../../../main/core/reconcile';
import { SEEDED } from '../../../../main/sandbox/seed-data';
import { dataOf, expect, test, type Console } from '../../console/console-fixture';

/**
 * Bad ledger rows in the user's language: every kind carries a text key (the why
 * alone) and the cell it is about, beside the English reason the CLI prints; runs kept before the
 * keys existed still read.
 */

test('every amount that does not read says why with its own key', () => {
  const cases: Array<[string, ',' | '.', MessageText]> = [
    ['', ',', { key: 'ledgerRow.amountEmpty' }],
    ['R$', ',', { key: 'ledgerRow.amountEmpty' }],
    ['doze', ',', { key: 'ledgerRow.amountCharacters' }],
    ['12,3,4', ',', { key: 'ledgerRow.amountDecimalTwice', params: { separator: ',' } }],
    ['1,234.56', ',', { key: 'ledgerRow.amountSeparatorInDecimals' }],
    ['12,', ',', { key: 'ledgerRow.amountNoDecimals' }],
    ['1,23456', ',', { key: 'ledgerRow.amountTooManyDecimals', params: { max: 4 } }],
    ['1.234.56', ',', { key: 'ledgerRow.amountGrouping' }],
    [',5', ',', { key: 'ledgerRow.amountNoWholeDigits' }],
    ['9'.repeat(20), '.', { key: 'ledgerRow.amountTooLarge' }],
  ];
  for (const [text, decimal, said] of cases) {
    const reading = parseLedgerAmount(text, decimal);
    expect(reading.ok, text).toBe(false);
    if (!reading.ok) expect(reading.text, text).toEqual(said);
  }
  // The English reason is unchanged (the CLI prints it).
  expect(parseLedgerAmount('doze', ',')).toEqual({
    ok: false,
    reason: '"doze" does not read as an amount (only digits and separators are expected)',
    text: { key: 'ledgerRow.amountCharacters' },
  });
});

test('each kind of bad row carries its key, its field and the cell, beside the English reason', () => {
  const table: LedgerTable = {
    format: 'csv',
    delimiter: ',',
    header: ['deposit_id', 'invoice_id', 'status', 'amount', 'currency'],
    rows: [
      { line: 2, cells: ['', '', 'paid', '10.00', 'BRL'] },
      { line: 3, cells: ['-5', '', 'paid', '10.00', 'BRL'] },
      { line: 4, cells: ['300000002', '', 'maybe', '10.00', 'BRL'] },
      { line: 5, cells: ['300000003', '', '', '10.00', 'BRL'] },
      { line: 6, cells: ['300000004', '', 'paid', '1O.00', 'BRL'] },
      { line: 7, cells: ['300000005', '', 'paid', '', 'BRL'] },
      { line: 8, cells: ['300000006', '', 'paid', { number: 'Infinity' }, 'BRL'] },
      { line: 9, cells: ['300000007', '', 'paid', '10.00', 'Reais'] },
      { line: 10, cells: ['300000008', '', 'paid', '10.00', ''] },
    ],
  };
  const imported = importLedger(table, guessMapping(table.header).mapping, 'deposits');
  expect(imported.entries).toEqual([]);
  expect(imported.badRows).toEqual([
    {
      line: 2,
      reason: 'no deposit_id or invoice_id',
      text: { key: 'ledgerRow.noId', params: { columns: 'deposit_id, invoice_id' } },
    },
    {
      line: 3,
      reason: 'deposit_id "-5": a negative number is not an id',
      text: { key: 'batchId.negative' },
      field: 'deposit_id',
      value: '-5',
    },
    {
      line: 4,
      reason: 'the status "maybe" is not a status Paydesk knows',
      text: { key: 'ledgerRow.statusUnknown' },
      field: 'status',
      value: 'maybe',
    },
    { line: 5, reason: 'the status is empty', text: { key: 'ledgerRow.statusEmpty' }, field: 'status' },
    {
      line: 6,
      reason: '"1O.00" does not read as an amount (only digits and separators are expected)',
      text: { key: 'ledgerRow.amountCharacters' },
      field: 'amount',
      value: '1O.00',
    },
    { line: 7, reason: 'the amount is empty', text: { key: 'ledgerRow.amountEmpty' }, field: 'amount' },
    {
      line: 8,
      reason: 'the amount Infinity is not a number',
      text: { key: 'ledgerRow.amountNotNumber' },
      field: 'amount',
      value: 'Infinity',
    },
    {
      line: 9,
      reason: 'the currency "REAIS" is not a 3-letter code',
      text: { key: 'ledgerRow.currencyNotCode' },
      field: 'currency',
      value: 'REAIS',
    },
    {
      line: 10,
      reason: 'the currency is empty',
      text: { key: 'ledgerRow.currencyEmpty' },
      field: 'currency',
    },
  ] satisfies LedgerBadRow[]);
});

/** Reads `ledger` through the console as the screen does, runs it, and answers the finished run. */
async function reconciled(console: Console, ledger: string): Promise<ReconcileRunView> {
  const read = dataOf(
    await console.call('uploadLedger', {
      ledgerName: 'ledger.csv',
      chunk: Buffer.from(ledger).toString('base64'),
      last: true,
    }),
  );
  if (read.state !== 'read') throw new Error('the ledger was not read in one part');
  const { runId } = dataOf(await console.call('startReconcile', { ledgerRef: read.ledger.ledgerRef }));
  const state = async () =>
    dataOf(await console.call('listReconcileRuns', {})).find((summary) => summary.runId === runId)?.state;
  await expect.poll(state, { timeout: 20_000 }).toBe('done');
  return dataOf(await console.call('getReconcileRun', { runId }));
}

const INVOICE_LEDGER = `deposit_id,invoice_id,status\n${SEEDED.completedCardDeposit},,paid\n,INV-NOWHERE,paid\n`;

test("an invoice id that cannot be looked up (no record index) is a bad row with the index's own key", async ({
  openConsole,
}) => {
  const run = await reconciled(openConsole(), INVOICE_LEDGER);
  expect(run.badRows).toEqual([
    {
      line: 3,
      reason: 'invoice_id "INV-NOWHERE": This console keeps no record index.',
      text: { key: 'console.noRecordIndex' },
      field: 'invoice_id',
      value: 'INV-NOWHERE',
    },
  ]);
});

test('an invoice id the record index does not know is a bad row with its key; runs kept without keys still read', async ({
  openConsole,
  dataDir,
}) => {
  const run = await reconciled(
    openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) }),
    INVOICE_LEDGER,
  );
  const { runId } = run.summary;
  const invoiceRow: LedgerBadRow = {
    line: 3,
    reason:
      'invoice_id "INV-NOWHERE" is not in the record index: look the deposit up once, or give its deposit_id',
    text: { key: 'ledgerRow.invoiceNotIndexed' },
    field: 'invoice_id',
    value: 'INV-NOWHERE',
  };
  expect(run.badRows).toEqual([invoiceRow]);

  // The kept run as this version wrote it reads back whole.
  const { environmentId } = run.summary;
  expect((await readRun(dataDir, environmentId, runId))?.badRows).toEqual([invoiceRow]);

  // A run kept before bad rows had keys has only the English reason: it still reads.
  const path = join(runsFolder(dataDir, environmentId), `${runId}.json`);
  const kept = JSON.parse(await readFile(path, 'utf8')) as { badRows: LedgerBadRow[] };
  await writeFile(
    path,
    JSON.stringify({ ...kept, badRows: [{ line: 3, reason: invoiceRow.reason }] }),
    'utf8',
  );
  expect((await readRun(dataDir, environmentId, runId))?.badRows).toEqual([
    { line: 3, reason: invoiceRow.reason },
  ]);

  // A key this version does not know (a run kept by a newer one) drops the key, not the run.
  await writeFile(
    path,
    JSON.stringify({
      ...kept,
      badRows: [{ ...invoiceRow, text: { key: 'ledgerRow.fromTheFuture' }, field: 'iban' }],
    }),
    'utf8',
  );
  const newer = await readRun(dataDir, environmentId, runId);
  expect(newer?.badRows).toEqual([{ line: 3, reason: invoiceRow.reason, value: 'INV-NOWHERE' }]);
});
