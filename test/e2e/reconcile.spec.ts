import { readFile } from 'node:fs/promises';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';

/**
 * Reconciliation (issue 31): a ledger as a Brazilian spreadsheet writes it (BOM, `;`, decimal
 * commas, Portuguese headers and status words) with every class planted against the seeded
 * sandbox, one record moved first through the sandbox's controls. Its mapping and bad row are
 * shown before the start; the run shows the chart and the counts per class; the differences
 * table filters by class; the differences export matches the table. Own bridge: runs live in
 * its data folder.
 */

test.use({ freshBridge: true });

test('a pt-BR ledger: mapping and bad rows first, then the picture, the filtered differences and the export', async ({
  console: app,
  paydesk,
  axe,
}) => {
  test.slow();
  const matching = SEEDED_RECORDS.completedCardDeposit; // COMPLETED 150.00 BRL
  const unpaid = SEEDED_RECORDS.pendingVoucherDeposit; // PENDING: the ledger counts it paid
  const moved = SEEDED_RECORDS.pendingEarlyReleaseDeposit; // COMPLETED below; the ledger still pending
  const short = SEEDED_RECORDS.refundedBankDeposit; // COMPLETED 200.00 BRL; the ledger says 150,00
  const unknown = 300_000_999;
  expect(
    await paydesk.call('sandboxTransition', { entity: 'deposit', id: moved, to: 'COMPLETED' }),
  ).toMatchObject({ ok: true });

  const ledger = [
    'Id do depósito;Valor;Moeda;Situação;Cliente',
    `${matching};150,00;BRL;pago;Ana`,
    `${unpaid};1,00;BRL;pago;Bruno`,
    `${moved};1,00;BRL;pendente;Carla`,
    `${short};150,00;BRL;pago;Davi`,
    `${unknown};10,00;BRL;pago;Eva`,
    `${matching};150,00;BRL;pago;Ana`,
    'abc;1,00;BRL;pago;Fábio',
  ].join('\r\n');

  await app.locator('[data-nav="reconcile"]').click();
  await expect(app).toHaveURL(/#\/reconcile$/);
  await expect(app.getByRole('heading', { level: 2, name: 'Reconciliation' })).toBeVisible();
  await axe();

  await app.getByTestId('reconcile-file').setInputFiles({
    name: 'razao.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${ledger}\r\n`, 'utf8'),
  });
  const preview = app.getByTestId('reconcile-preview');
  await expect(preview.getByTestId('reconcile-read-summary')).toHaveAttribute('data-entries', '6');
  await expect(preview.getByTestId('reconcile-read-summary')).toContainText('"," as the decimal separator');
  // The guessed mapping, one select per column; the payer's name is not read.
  const mapping = preview.getByTestId('reconcile-mapping');
  await expect(mapping.getByLabel('What the column Id do depósito holds')).toHaveValue('deposit_id');
  await expect(mapping.getByLabel('What the column Valor holds')).toHaveValue('amount');
  await expect(mapping.getByLabel('What the column Moeda holds')).toHaveValue('currency');
  await expect(mapping.getByLabel('What the column Situação holds')).toHaveValue('status');
  await expect(mapping.getByLabel('What the column Cliente holds')).toHaveValue('ignore');
  // The bad row, with its line, before anything is looked up.
  await expect(preview.getByTestId('reconcile-bad-count')).toHaveAttribute('data-count', '1');
  await expect(preview.getByTestId('reconcile-bad-rows').locator('tr[data-line="8"]')).toContainText('abc');
  await axe();

  await app.getByTestId('reconcile-start').click();
  const run = app.getByTestId('reconcile-run').last();
  await expect(run.getByTestId('reconcile-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(run.getByTestId('reconcile-chart-counts').locator('svg').first()).toBeVisible();
  await expect(run.getByTestId('reconcile-chart-money').locator('svg').first()).toBeVisible();
  const totals = run.getByTestId('reconcile-totals');
  const count = (selector: string) => totals.locator(selector).getAttribute('data-count');
  expect(await count('tr[data-class="match"]')).toBe('1');
  expect(await count('tr[data-money-case="merchant_paid_service_not_completed"]')).toBe('1');
  expect(await count('tr[data-money-case="service_completed_not_released"]')).toBe('1');
  expect(await count('tr[data-class="amount_differs"]')).toBe('1');
  expect(await count('tr[data-class="not_found"]')).toBe('1');
  expect(await count('tr[data-class="duplicate_in_ledger"]')).toBe('1');
  await expect(run.getByTestId('reconcile-changes')).toHaveText(
    'There is no earlier run on this ledger to compare with.',
  );

  const rows = run.getByTestId('reconcile-rows');
  await expect(rows.locator('tbody tr')).toHaveCount(5);
  await run.getByTestId('reconcile-filter').click();
  await app.getByRole('option', { name: 'Amount differs' }).click();
  await expect(rows.locator('tbody tr')).toHaveCount(1);
  await expect(rows.locator(`tbody tr[data-id="${short}"]`)).toHaveAttribute('data-class', 'amount_differs');
  await axe();

  const download = app.waitForEvent('download');
  await run.getByTestId('reconcile-export-differences').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-differences\.csv$/);
  const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header?.split(',').slice(0, 4)).toEqual(['id', 'line', 'invoice_id', 'class']);
  expect(lines.map((line) => line.split(',').slice(0, 2).join(',')).sort()).toEqual(
    [`${unpaid},3`, `${moved},4`, `${short},5`, `${unknown},6`, `${matching},7`].sort(),
  );

  // The run is kept and listed.
  await expect(app.getByTestId('reconcile-run-list').locator('tbody tr')).toHaveCount(1);
});
