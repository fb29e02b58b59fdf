import { expect, test } from '@playwright/test';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import type { BatchRow, LedgerBadRow, ReconcileRow, ReconcileSummary } from '../../../shared/contract';
import { parseCsv } from '../../../main/core/csv';
import { listRuns, ReconcileManager, runsFolder } from '../../../main/core/reconcile';
import { createMemoryBackend } from '../../../main/core/vault';
import { FIRST_BULK_DEPOSIT_ID, startSandbox, type SandboxHandle } from '../../../main/sandbox';
import { cliVariables } from '../../support/cli-variables';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../support/in-process-cli';

/**
 * `paydesk reconcile` in-process against a real sandbox: ledgers written by the test as Brazilian
 * and Spanish spreadsheets write them (BOM, `;`, decimal commas; XLSX with number cells), every
 * class planted, the exit codes, the kept runs and what changed since the last one.
 */

let sandbox: SandboxHandle;
let dataDir: string;

test.beforeEach(async () => {
  sandbox = await startSandbox({ seed: 31, bulkDeposits: 40 });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-reconcile-'));
});
test.afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function cli(argv: string[], signal?: AbortSignal, stdin?: string): Promise<CliRun> {
  return runCliInProcess(
    argv,
    {
      env: { PAYDESK_DATA_DIR: dataDir, ...cliVariables(sandbox.baseUrl, sandbox.credentials) },
      ...(signal && { signal }),
      ...(stdin !== undefined && { stdin }),
    },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli-reconcile' },
      sandbox: false,
    },
  );
}

interface Output {
  summary: ReconcileSummary;
  badRows: LedgerBadRow[];
  rows: ReconcileRow[];
}

/** The bulk deposits as the service has them (a batch lookup, which also feeds the record index). */
async function serviceDeposits(): Promise<BatchRow[]> {
  const ids = Array.from({ length: 40 }, (_, offset) => FIRST_BULK_DEPOSIT_ID + offset).join('\n');
  const file = join(dataDir, 'ids.txt');
  await writeFile(file, ids);
  const run = await cli(['batch', 'deposits', file, '--json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { rows: BatchRow[] }).rows;
}

/** `1234.5` → `1.234,50`, as a pt-BR or es spreadsheet writes it. */
const decimalComma = (amount: number): string => {
  const [whole, fraction] = amount.toFixed(2).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
};

async function control(path: string, body: unknown): Promise<void> {
  const answer = await fetch(`${sandbox.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

const byLine = (output: Output, line: number): ReconcileRow | undefined =>
  output.rows.find((row) => row.line === line);

/** A pt-BR CSV ledger (BOM, `;`, decimal commas, CRLF) with every deposit class planted, and its rows. */
async function plantedLedger(): Promise<{
  ledger: string;
  rows: string[];
  line: (id: string, status: string, amount: number | string, currency: string, invoice?: string) => string;
  pending: BatchRow;
  notReleased: BatchRow;
  moreMoney: BatchRow;
  byInvoice: BatchRow;
}> {
  const deposits = await serviceDeposits();
  const completed = deposits.filter((row) => row.status === 'COMPLETED');
  const pending = deposits.find((row) => row.status === 'PENDING') as BatchRow;
  expect(completed.length).toBeGreaterThanOrEqual(6);
  const [matching, notReleased, moreMoney, otherCurrency, byInvoice, quoted] = completed as [
    BatchRow,
    BatchRow,
    BatchRow,
    BatchRow,
    BatchRow,
    BatchRow,
  ];
  const line = (
    id: string,
    status: string,
    amount: number | string,
    currency: string,
    invoice = '',
  ): string =>
    [id, invoice, status, typeof amount === 'number' ? decimalComma(amount) : amount, currency].join(';');
  const rows = [
    'Id do depósito;Fatura;Situação;Valor;Moeda', // row 1
    line(matching.id, 'Pago', matching.amount as number, matching.currency as string), // 2 match
    line(pending.id, 'pago', pending.amount as number, pending.currency as string), // 3 paid, not completed
    line(notReleased.id, 'Pendente', notReleased.amount as number, notReleased.currency as string), // 4
    line(moreMoney.id, 'CONCLUÍDO', (moreMoney.amount as number) + 1000.5, moreMoney.currency as string), // 5
    line(otherCurrency.id, 'pago', otherCurrency.amount as number, 'USD'), // 6 currency differs
    line('399999999', 'pago', 10, 'BRL'), // 7 not found
    line(matching.id, 'pago', matching.amount as number, matching.currency as string), // 8 duplicate
    line('', 'pago', byInvoice.amount as number, byInvoice.currency as string, byInvoice.invoiceId), // 9
    line('', 'pago', 10, 'BRL'), // 10 no id
    line(matching.id, 'talvez', 10, 'BRL'), // 11 unknown status
    line(matching.id, 'pago', '12,3,4', 'BRL'), // 12 amount does not parse
    `"${quoted.id}";"";"Concluído";"${decimalComma(quoted.amount as number)}";"${quoted.currency}"`, // 13 match
  ];
  const ledger = join(dataDir, 'razao-marco.csv');
  await writeFile(ledger, `\uFEFF${rows.join('\r\n')}\r\n`);
  return { ledger, rows, line, pending, notReleased, moreMoney, byInvoice };
}

/**
 * The planted ledger reconciled once, then again with one difference fixed and the bad rows
 * corrected out: the second run is the one the differences are read from.
 */
async function reconciledTwice(): Promise<{
  ledger: string;
  first: { run: CliRun; output: Output };
  second: { run: CliRun; output: Output };
}> {
  const { ledger, rows, line, moreMoney } = await plantedLedger();
  const firstRun = await cli(['reconcile', ledger, '--json']);
  const first = { run: firstRun, output: JSON.parse(firstRun.stdout) as Output };
  const fixed = [...rows];
  fixed[4] = line(moreMoney.id, 'pago', moreMoney.amount as number, moreMoney.currency as string);
  fixed.splice(9, 3); // the bad rows are corrected out
  await writeFile(ledger, `\uFEFF${fixed.join('\r\n')}\r\n`);
  const secondRun = await cli(['reconcile', ledger, '--json']);
  return { ledger, first, second: { run: secondRun, output: JSON.parse(secondRun.stdout) as Output } };
}

test('a pt-BR CSV ledger (BOM, ;, decimal commas, CRLF) with every deposit class planted', async () => {
  const { ledger, pending, notReleased, byInvoice } = await plantedLedger();

  const run = await cli(['reconcile', ledger, '--json']);
  const output = JSON.parse(run.stdout) as Output;
  expect(run.code, run.stderr).toBe(2); // bad rows are bad input, as invalid tokens are for a batch
  expect(output.summary.kind).toBe('deposits');
  expect(output.summary.decimalSeparator).toBe(',');
  expect(output.summary.mapping).toEqual({
    'Id do depósito': 'deposit_id',
    Fatura: 'invoice_id',
    Situação: 'status',
    Valor: 'amount',
    Moeda: 'currency',
  });
  expect(byLine(output, 2)).toMatchObject({ class: 'match', atStake: 0 });
  expect(byLine(output, 3)).toMatchObject({
    class: 'status_differs',
    moneyCase: 'merchant_paid_service_not_completed',
    atStake: pending.amount,
    stakeCurrency: pending.currency,
  });
  expect(byLine(output, 4)).toMatchObject({
    class: 'status_differs',
    moneyCase: 'service_completed_not_released',
    atStake: notReleased.amount,
  });
  expect(byLine(output, 5)).toMatchObject({ class: 'amount_differs', atStake: 1000.5 });
  expect(byLine(output, 6)).toMatchObject({ class: 'currency_differs', stakeCurrency: 'USD' });
  expect(byLine(output, 7)).toMatchObject({ class: 'not_found', atStake: 10, stakeCurrency: 'BRL' });
  expect(byLine(output, 8)).toMatchObject({ class: 'duplicate_in_ledger', duplicateOfLine: 2 });
  expect(byLine(output, 9)).toMatchObject({
    class: 'match',
    id: byInvoice.id,
    invoiceId: byInvoice.invoiceId,
  });
  expect(byLine(output, 13)).toMatchObject({ class: 'match' });
});

test('the bad rows of a pt-BR CSV ledger are listed with why, and counted apart from the classes', async () => {
  const { ledger } = await plantedLedger();

  const run = await cli(['reconcile', ledger, '--json']);
  const output = JSON.parse(run.stdout) as Output;
  expect(output.badRows.map((row) => row.line)).toEqual([10, 11, 12]);
  expect(output.badRows[0]?.reason).toContain('no deposit_id or invoice_id');
  expect(output.badRows[1]?.reason).toContain('"talvez" is not a status');
  expect(output.badRows[2]?.reason).toContain('does not read as an amount');
  expect(run.stderr).toContain('paydesk: ledger row 11: the status "talvez"');
  expect(output.summary.counts).toMatchObject({
    match: 3,
    status_differs: 2,
    amount_differs: 1,
    currency_differs: 1,
    not_found: 1,
    duplicate_in_ledger: 1,
    lookup_failed: 0,
  });
  expect(output.summary.changes.previousRunId).toBeNull();
});

test('the run is kept; the same ledger again, one difference fixed, says what changed', async () => {
  const { first, second } = await reconciledTwice();

  expect(second.run.code, second.run.stderr).toBe(1); // differences left, no bad row
  expect(second.output.summary.changes).toMatchObject({
    previousRunId: first.output.summary.runId,
    resolved: 1,
    stillOpen: 5,
    newlyDiffering: 0,
  });
  expect(byLine(second.output, 5)).toMatchObject({ class: 'match', change: 'resolved' });
  expect(byLine(second.output, 3)).toMatchObject({ change: 'still_open' });
  const kept = await readdir(join(dataDir, 'reconcile', 'runs', 'variables'));
  expect(kept.filter((name) => name.endsWith('.json'))).toHaveLength(2);
});

test('the differences as CSV: formula-safe, amounts as numbers, one line per differing row', async () => {
  const { ledger } = await reconciledTwice();

  const csvRun = await cli(['reconcile', ledger, '--csv', '--only-differences']);
  const table = parseCsv(csvRun.stdout);
  expect(table.ok).toBe(true);
  const [header, ...lines] = table.ok ? table.data : [];
  expect(header?.slice(0, 4)).toEqual(['id', 'line', 'invoice_id', 'class']);
  expect(lines.map((cells) => cells[3])).toEqual([
    'status_differs',
    'status_differs',
    'currency_differs',
    'not_found',
    'duplicate_in_ledger',
  ]);
});

test('human output: the differences, the totals per class and currency, what changed', async () => {
  const { ledger } = await reconciledTwice();

  const human = await cli(['reconcile', ledger]);
  expect(human.stdout).toContain('merchant_paid_service_not_completed');
  expect(human.stdout).toMatch(/# status_differs\/service_completed_not_released \w{3}: 1 rows/);
  expect(human.stdout).toContain('# since the last run');
});

test('a Spanish XLSX refunds ledger: number cells, a text amount with a decimal comma, completed then rejected', async () => {
  await control('/refunds/17/transition', { to: 'REJECTED' });
  const ledger = join(dataDir, 'libro-reembolsos.xlsx');
  await writeXlsxFile(
    [
      ['ID del reembolso', 'Estado', 'Monto', 'Nombre del cliente'],
      [{ value: 17, type: Number }, 'Completado', { value: 1, type: Number }, 'Juan Pérez'],
      [{ value: 19, type: Number }, 'Entregado', '12,50', 'María López'],
      [{ value: 18, type: Number }, 'Pendiente', null, 'Ana Ruiz'],
    ],
    { sheet: 'Reembolsos' },
  ).toFile(ledger);

  const run = await cli(['reconcile', ledger, '--json', '--map', 'Monto=ignore']);
  expect(run.code, run.stderr).toBe(1);
  const output = JSON.parse(run.stdout) as Output;
  expect(output.summary.kind).toBe('refunds');
  expect(output.summary.mapping).toEqual({ 'ID del reembolso': 'refund_id', Estado: 'status' });
  expect(byLine(output, 2)).toMatchObject({
    class: 'status_differs',
    moneyCase: 'completed_then_rejected',
    serviceStatus: 'REJECTED',
  });
  expect(byLine(output, 3)).toMatchObject({ class: 'match', serviceStatus: 'DELIVERED' });
  expect(byLine(output, 4)).toMatchObject({ class: 'match', serviceStatus: 'PENDING' });
  expect(JSON.stringify(output)).not.toContain('Pérez'); // unmapped columns are never read

  // The mapping is remembered for this header: without --map the amount column stays ignored.
  const again = await cli(['reconcile', ledger, '--json']);
  expect((JSON.parse(again.stdout) as Output).summary.mapping).toEqual({
    'ID del reembolso': 'refund_id',
    Estado: 'status',
  });
});

test('an XLSX deposits ledger with number amounts and decimal-comma text amounts', async () => {
  const deposits = await serviceDeposits();
  const [first, second] = deposits.filter((row) => row.status === 'COMPLETED') as [BatchRow, BatchRow];
  const ledger = join(dataDir, 'libro.xlsx');
  await writeXlsxFile([
    ['Deposit ID', 'Estado', 'Monto', 'Moneda'],
    [first.id, 'pagado', { value: first.amount as number, type: Number }, first.currency as string],
    [second.id, 'pagado', decimalComma(second.amount as number), second.currency as string],
  ]).toFile(ledger);
  const run = await cli(['reconcile', ledger, '--json']);
  expect(run.code, run.stderr).toBe(0);
  const output = JSON.parse(run.stdout) as Output;
  expect(output.rows.map((row) => row.class)).toEqual(['match', 'match']);
});

test('usage errors exit 2 before anything is looked up', async () => {
  const ledger = join(dataDir, 'ledger.csv');
  await writeFile(ledger, 'Nosso ID;Valor\n300000001;150,00\n');
  const noId = await cli(['reconcile', ledger, '--json']);
  expect(noId.code).toBe(2);
  expect(noId.stderr).toContain('--kind');
  const badMap = await cli(['reconcile', ledger, '--map', 'Nosso ID=deposit', '--json']);
  expect(badMap.code).toBe(2);
  expect(badMap.stderr).toContain('is not a field');
  const mapped = await cli([
    'reconcile',
    ledger,
    '--map',
    'Nosso ID=deposit_id',
    '--kind',
    'deposits',
    '--json',
  ]);
  expect(mapped.code, mapped.stderr).toBe(0);
  const missing = await cli(['reconcile', join(dataDir, 'nothing.csv')]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('cannot be read');
});

test('lookups that cannot reach the service exit 3 and are lookup_failed, not money', async () => {
  const ledger = join(dataDir, 'ledger.csv');
  await writeFile(ledger, 'deposit_id,status\n300000001,COMPLETED\n');
  await sandbox.close();
  const run = await cli(['reconcile', ledger, '--json']);
  expect(run.code, run.stderr).toBe(3);
  sandbox = await startSandbox({ seed: 31 });
});

test("a reconciliation never becomes the batch's last run", async () => {
  const ids = Array.from({ length: 40 }, (_, offset) => FIRST_BULK_DEPOSIT_ID + offset).join('\n');
  const file = join(dataDir, 'ids.txt');
  await writeFile(file, ids);
  const first = await cli(['batch', 'deposits', file, '--json']);
  expect(first.code).toBe(0);
  const firstSummary = (JSON.parse(first.stdout) as { summary: { finishedAt: string | null } }).summary;

  const ledger = join(dataDir, 'ledger.csv');
  await writeFile(ledger, `deposit_id;valor;moeda;situação\r\n${FIRST_BULK_DEPOSIT_ID};1,00;BRL;pago\r\n`);
  const reconciled = await cli(['reconcile', ledger, '--json']);
  expect([0, 1]).toContain(reconciled.code);

  const second = await cli(['batch', 'deposits', file, '--json']);
  expect(second.code).toBe(0);
  const secondSummary = (JSON.parse(second.stdout) as { summary: { previousRunAt: string | null } }).summary;
  expect(secondSummary.previousRunAt).toBe(firstSummary.finishedAt);
});

test('the ledger from stdin (-) under the limit is reconciled; a folder is refused', async () => {
  const ledger = `deposit_id,status\n${FIRST_BULK_DEPOSIT_ID},COMPLETED\n${FIRST_BULK_DEPOSIT_ID + 1},COMPLETED\n`;
  const run = await cli(['reconcile', '-', '--ledger-id', 'march', '--json'], undefined, ledger);
  expect([0, 1], run.stderr).toContain(run.code);
  const output = JSON.parse(run.stdout) as Output;
  expect(output.summary).toMatchObject({ ledgerName: 'stdin', ledgerKey: 'id:march', ledgerRows: 2 });
  expect(output.rows.map((row) => row.id)).toEqual([
    String(FIRST_BULK_DEPOSIT_ID),
    String(FIRST_BULK_DEPOSIT_ID + 1),
  ]);

  const folder = await cli(['reconcile', dataDir]);
  expect(folder).toMatchObject({ code: 2, stdout: '' });
  expect(folder.stderr).toBe(
    `paydesk: validation: ledger: ${dataDir} is a folder, not a file; give the file inside it. [field ledger]\n`,
  );
});

/** The files a run folder holds that were set aside, and their bytes. */
async function setAside(folder: string): Promise<Map<string, string>> {
  const names = (await readdir(folder)).filter((name) => name.includes('.damaged-'));
  const files = new Map<string, string>();
  for (const name of names) files.set(name, await readFile(join(folder, name), 'utf8'));
  return files;
}

interface Reconciled {
  run: CliRun;
  summary: ReconcileSummary;
}

/**
 * A three-row ledger reconciled twice, the kept runs' folder and the damage each test does to it
 * in turn: the newest summary cut short, a row relabelled, rows cut off at a line end.
 */
async function keptRuns(): Promise<{
  reconcile: () => Promise<Reconciled>;
  first: Reconciled;
  second: Reconciled;
  folder: string;
  summaryOf: (runId: string) => string;
  rowsOf: (runId: string) => string;
}> {
  const ledger = join(dataDir, 'ledger.csv');
  await writeFile(
    ledger,
    [0, 1, 2]
      .map((offset) => `${FIRST_BULK_DEPOSIT_ID + offset},COMPLETED`)
      .join('\n')
      .replace(/^/, 'deposit_id,status\n'),
  );
  const reconcile = async (): Promise<Reconciled> => {
    const run = await cli(['reconcile', ledger, '--json']);
    expect([0, 1], run.stderr).toContain(run.code);
    return { run, summary: (JSON.parse(run.stdout) as Output).summary };
  };
  const first = await reconcile();
  const second = await reconcile();
  expect(second.summary.changes.previousRunId).toBe(first.summary.runId);
  const folder = runsFolder(dataDir, 'variables');
  const summaryOf = (runId: string): string => join(folder, `${runId}.json`);
  const rowsOf = (runId: string): string => join(folder, `${runId}.rows.jsonl`);
  return { reconcile, first, second, folder, summaryOf, rowsOf };
}

type KeptRuns = Awaited<ReturnType<typeof keptRuns>>;

/** The newest run's summary cut short; its summary and rows as they were before. */
async function cutNewestSummary(runs: KeptRuns): Promise<{ secondSummary: string; secondRows: string }> {
  const secondSummary = await readFile(runs.summaryOf(runs.second.summary.runId), 'utf8');
  const secondRows = await readFile(runs.rowsOf(runs.second.summary.runId), 'utf8');
  await writeFile(runs.summaryOf(runs.second.summary.runId), secondSummary.slice(0, 100));
  return { secondSummary, secondRows };
}

/** A row of `run` relabelled by damage (a class this version never writes); the damaged rows. */
async function relabelRow(runs: KeptRuns, run: Reconciled): Promise<string> {
  const rows = await readFile(runs.rowsOf(run.summary.runId), 'utf8');
  const relabelled = rows.replace(/"class":"[a-z_]+"/, '"class":"paid"');
  await writeFile(runs.rowsOf(run.summary.runId), relabelled);
  return relabelled;
}

/** The rows of `run` cut off at a line end, two of three left; the rows left. */
async function cutRows(runs: KeptRuns, run: Reconciled): Promise<string> {
  const rows = await readFile(runs.rowsOf(run.summary.runId), 'utf8');
  const cut = rows.split('\n').slice(0, 2).join('\n') + '\n';
  await writeFile(runs.rowsOf(run.summary.runId), cut);
  return cut;
}

/** Every damage in turn, each followed by a run: the runs made after each. */
async function damagedInTurn(
  runs: KeptRuns,
): Promise<{ third: Reconciled; fourth: Reconciled; fifth: Reconciled }> {
  await cutNewestSummary(runs);
  const third = await runs.reconcile();
  await relabelRow(runs, third);
  const fourth = await runs.reconcile();
  await cutRows(runs, fourth);
  const fifth = await runs.reconcile();
  return { third, fourth, fifth };
}

test('damaged kept runs are set aside with their bytes, said on stderr, and never compared with', async () => {
  const runs = await keptRuns();
  const { first, second, folder } = runs;

  // The newest run's summary is cut short: the next run says so and compares with the one before.
  const { secondSummary, secondRows } = await cutNewestSummary(runs);
  // The screen's list leaves it out, hides no other run for it, and moves nothing: it cannot say so.
  expect((await listRuns(dataDir, 'variables')).map((run) => run.summary.runId)).toEqual([
    first.summary.runId,
  ]);
  expect(await setAside(folder)).toEqual(new Map());
  const third = await runs.reconcile();
  expect(third.summary.changes.previousRunId).toBe(first.summary.runId);
  const notice = (JSON.parse(third.run.stderr) as { notice: string }).notice;
  expect(notice).toMatch(
    new RegExp(
      `^A saved reconciliation run ${second.summary.runId} could not be used: it is not readable data\\. It was moved aside to ${second.summary.runId}\\.json\\.damaged-[0-9TZ-]+; it is no longer listed or compared with\\.$`,
    ),
  );
  expect(third.summary.setAside).toEqual([
    expect.objectContaining({ file: `${second.summary.runId}.json`, reason: 'it is not readable data' }),
  ]);
  // Both files of that run, byte for byte: the summary as it was found, its rows with it.
  expect([...(await setAside(folder)).values()].sort()).toEqual(
    [secondSummary.slice(0, 100), secondRows].sort(),
  );
});

test('a kept run with a row relabelled by damage is set aside, with a text key, and never compared with', async () => {
  const runs = await keptRuns();
  await cutNewestSummary(runs);
  const third = await runs.reconcile();

  const relabelled = await relabelRow(runs, third);
  const fourth = await runs.reconcile();
  expect(fourth.summary.changes.previousRunId).toBe(runs.first.summary.runId);
  expect(fourth.summary.setAside).toEqual([
    expect.objectContaining({
      file: `${third.summary.runId}.rows.jsonl`,
      reason: 'row 1 is not what Paydesk writes',
      text: {
        key: 'storage.runSetAside',
        params: { file: expect.stringMatching(/\.rows\.jsonl\.damaged-/) },
      },
    }),
  ]);
  expect([...(await setAside(runs.folder)).values()]).toContain(relabelled);
});

test('kept rows cut off at a line end read as sound lines: the count against the summary catches it', async () => {
  const runs = await keptRuns();
  await cutNewestSummary(runs);
  const third = await runs.reconcile();
  await relabelRow(runs, third);
  const fourth = await runs.reconcile();

  const cut = await cutRows(runs, fourth);
  const fifth = await runs.reconcile();
  expect(fifth.summary.setAside?.map((note) => note.reason)).toEqual([
    'it holds 2 rows where its summary counts 3',
  ]);
  expect(fifth.summary.changes.previousRunId).toBe(runs.first.summary.runId);
  expect([...(await setAside(runs.folder)).values()]).toContain(cut);
});

/** A reconcile manager over the data folder whose lookups are never asked for. */
function managerReadingRuns(): ReconcileManager {
  return new ReconcileManager({
    dataDir,
    now: Date.now,
    lookups: {
      start: () => Promise.reject(new Error('not used')),
      cancel: () => Promise.resolve(),
      resume: () => Promise.reject(new Error('not used')),
      rows: () => Promise.reject(new Error('not used')),
      onProgress: () => () => undefined,
    },
    invoices: () => Promise.resolve({ ok: true, data: null }),
  });
}

test('a damaged kept run asked for by id (a screen opening it) is a storage error, and set aside', async () => {
  const runs = await keptRuns();
  const { first } = runs;
  await damagedInTurn(runs);

  await writeFile(runs.rowsOf(first.summary.runId), '{"line":1,\n');
  const manager = managerReadingRuns();
  const rows = await manager.rows({
    runId: first.summary.runId,
    environmentId: 'variables',
    offset: 0,
    limit: 10,
  });
  expect(rows).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: expect.stringMatching(
        new RegExp(
          `^The saved reconciliation run ${first.summary.runId} could not be used: row 1 is not readable data\\. It was moved aside to ${first.summary.runId}\\.rows\\.jsonl\\.damaged-[0-9TZ-]+; run the reconciliation again\\.$`,
        ),
      ),
      text: { key: 'storage.runDamaged', params: { file: expect.stringMatching(/\.damaged-/) } },
    },
  });
  expect(await manager.run(first.summary.runId, 'variables')).toMatchObject({
    ok: false,
    error: { kind: 'not_found' },
  });
});

test('the sound kept run left after the damage still reads, rows and all; the next run compares with it', async () => {
  const runs = await keptRuns();
  const { fifth } = await damagedInTurn(runs);
  await writeFile(runs.rowsOf(runs.first.summary.runId), '{"line":1,\n');
  const manager = managerReadingRuns();
  await manager.rows({ runId: runs.first.summary.runId, environmentId: 'variables', offset: 0, limit: 10 });

  expect(
    await manager.rows({ runId: fifth.summary.runId, environmentId: 'variables', offset: 0, limit: 10 }),
  ).toMatchObject({
    ok: true,
    data: { total: 3 },
  });
  const sixth = await runs.reconcile();
  expect(sixth.run.stderr).toBe('');
  expect(sixth.summary.setAside).toBeUndefined();
  expect(sixth.summary.changes.previousRunId).toBe(fifth.summary.runId);
});
