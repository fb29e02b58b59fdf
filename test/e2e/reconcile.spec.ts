import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { useLanguage } from './support/console-ui';

/**
 * Reconciliation: a ledger as a Brazilian spreadsheet writes it (BOM, `;`, decimal
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
    await paydesk.call('transitionSandboxRecord', { entity: 'deposit', id: moved, to: 'COMPLETED' }),
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

/** Each kind of bad row, as main reads it, said in the user's language with the cell it names. */
const BAD_ROWS_SAID = {
  es: {
    2: 'Id del depósito "-5": un número negativo no es un id',
    3: 'Estado "talvez": no es un estado que Paydesk conozca',
    4: 'Importe "1.2.3": no se puede leer como importe: los miles no están agrupados de tres en tres',
    5: 'Moneda "REAIS": no es un código de moneda de 3 letras',
    6: 'ninguna columna de id tiene valor (deposit_id)',
  },
  'pt-BR': {
    2: 'Id do depósito "-5": um número negativo não é um id',
    3: 'Situação "talvez": não é um status que o Paydesk conheça',
    4: 'Valor "1.2.3": não pode ser lido como valor: os milhares não estão agrupados de três em três',
    5: 'Moeda "REAIS": não é um código de moeda de 3 letras',
    6: 'nenhuma coluna de id está preenchida (deposit_id)',
  },
} as const;

for (const language of ['es', 'pt-BR'] as const) {
  test(`${language}: a ledger's bad rows say why in ${language}, naming the cell`, async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useLanguage(app, paydesk, language);
    const id = SEEDED_RECORDS.completedCardDeposit;
    const ledger = [
      'Id do depósito;Valor;Moeda;Situação',
      '-5;1,00;BRL;pago',
      `${id};1,00;BRL;talvez`,
      `${id};1.2.3;BRL;pago`,
      `${id};1,00;Reais;pago`,
      ';1,00;BRL;pago',
      `${id};150,00;BRL;pago`,
    ].join('\n');
    await app.locator('[data-nav="reconcile"]').click();
    await app.getByTestId('reconcile-file').setInputFiles({
      name: 'razao.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${ledger}\n`, 'utf8'),
    });
    const badRows = app.getByTestId('reconcile-preview').getByTestId('reconcile-bad-rows');
    await expect(badRows.locator('tbody tr')).toHaveCount(5);
    for (const [line, said] of Object.entries(BAD_ROWS_SAID[language])) {
      await expect(badRows.locator(`tr[data-line="${line}"] td`).nth(1)).toHaveText(said);
    }
    // main's English reasons (ledger.ts, amount.ts, batch/ids.ts) are not shown.
    await expect(badRows).not.toContainText(/is not|does not read|is empty|negative number|no deposit_id/);
    await axe();
    await saveScreen(`reconcile-bad-rows-${language}`);
  });
}

/** A chart's tick labels with their boxes: the classes' names, and the numbers of the value axis. */
async function ticks(chart: Locator): Promise<{ names: Tick[]; numbers: string[] }> {
  const all = await chart.locator('.recharts-cartesian-axis-tick-value').evaluateAll((texts) =>
    texts.map((text) => ({
      text: text.textContent ?? '',
      box: text.getBoundingClientRect().toJSON() as DOMRect,
    })),
  );
  const isNumber = (tick: Tick): boolean => /^[\d.,\s]+$/.test(tick.text);
  return {
    names: all.filter((tick) => !isNumber(tick)),
    numbers: all.filter(isNumber).map((tick) => tick.text),
  };
}

interface Tick {
  text: string;
  box: DOMRect;
}

const overlaps = (a: DOMRect, b: DOMRect): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('the picture reads at 1024 and 1280 in every language; CLP in whole pesos everywhere; the export keeps the invoice ids', async ({
  console: app,
  paydesk,
  saveScreen,
}) => {
  test.slow();
  const invoice = `INV-CLP-${Date.now()}`;
  const created = await paydesk.call('createDeposit', {
    body: { amount: 12569.9, country: 'CL', payment_method: 'IA', invoice_id: invoice },
  });
  if (!created.ok) throw new Error(created.error.message);
  const chilean = created.data.created.record.deposit_id;
  const matching = SEEDED_RECORDS.completedCardDeposit;
  const short = SEEDED_RECORDS.refundedBankDeposit;
  const ledger = [
    'Id do depósito;Fatura;Valor;Moeda;Situação',
    `${matching};INV-A;150,00;BRL;pago`,
    `${short};INV-B;150,00;BRL;pago`,
    // Paid in the ledger, not at the service: the whole 12.570 pesos are at stake.
    `${chilean};${invoice};12.570;CLP;pago`,
    `300000999;INV-D;10,00;BRL;pago`,
  ].join('\r\n');

  await app.locator('[data-nav="reconcile"]').click();
  await app.getByTestId('reconcile-file').setInputFiles({
    name: 'razao-clp.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${ledger}\r\n`, 'utf8'),
  });
  const mapping = app.getByTestId('reconcile-preview').getByTestId('reconcile-mapping');
  await expect(mapping.getByLabel('What the column Fatura holds')).toHaveValue('invoice_id');
  await app.getByTestId('reconcile-start').click();
  const run = app.getByTestId('reconcile-run').last();
  await expect(run.getByTestId('reconcile-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

  // The Chilean row and its total say the same pesos, with no decimal anywhere.
  const row = run.getByTestId('reconcile-rows').locator(`tbody tr[data-id="${chilean}"]`);
  await expect(row).toContainText('CLP 12,570');
  await expect(row).not.toContainText('12,569');
  const total = run.locator('[data-testid="reconcile-totals"] tr[data-currency="CLP"]');
  await expect(total).toContainText('CLP 12,570');
  await expect(run).not.toContainText('12,569.9');

  // The whole run's export carries the ledger's invoice ids, also where the deposit id named the row.
  const download = app.waitForEvent('download');
  await run.getByTestId('reconcile-export-all').click();
  const csv = (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const invoiceColumn = header.split(',').indexOf('invoice_id');
  const invoiceOf = Object.fromEntries(
    lines.map((line) => [line.split(',')[0], line.split(',')[invoiceColumn]]),
  );
  expect(invoiceOf).toEqual({
    [String(matching)]: 'INV-A',
    [String(short)]: 'INV-B',
    [String(chilean)]: invoice,
    '300000999': 'INV-D',
  });

  for (const language of ['en', 'es', 'pt-BR'] as const) {
    if (language !== 'en') await useLanguage(app, paydesk, language);
    for (const width of [1280, 1024]) {
      await app.setViewportSize({ width, height: width === 1280 ? 800 : 768 });
      await app.locator('[data-nav="reconcile"]').click();
      // The run is shown, or one click away after a reload.
      const open = app.getByTestId('reconcile-open').first();
      if (await open.isEnabled()) await open.click();
      const counts = app.getByTestId('reconcile-chart-counts');
      await expect(counts.locator('.recharts-cartesian-axis-tick-value')).not.toHaveCount(0);
      for (const chart of [counts, app.getByTestId('reconcile-chart-money')]) {
        const [{ names: labels }, box] = await Promise.all([
          ticks(chart),
          chart.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        ]);
        expect(labels, `${language} ${width}: every differing class named`).toHaveLength(5);
        // Every class named whole, inside the chart, and no two names on top of each other.
        for (const [index, label] of labels.entries()) {
          expect(
            label.box.left,
            `${language} ${width}: "${label.text}" starts in the chart`,
          ).toBeGreaterThanOrEqual(box.left - 1);
          for (const other of labels.slice(index + 1)) {
            expect(
              overlaps(label.box, other.box),
              `${language} ${width}: "${label.text}" / "${other.text}"`,
            ).toBe(false);
          }
        }
      }
      // Rows come whole: no 0.25 of a row on the axis.
      const rowTicks = (await ticks(counts)).numbers;
      expect(rowTicks.length).toBeGreaterThan(1);
      for (const tick of rowTicks) expect(tick, `${language} ${width}`).toMatch(/^\d+$/);
      await saveScreen(`reconcile-picture-${language}-${width}`);
    }
  }
});
