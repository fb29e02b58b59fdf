import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRow } from '../../../../shared/contract';
import type { IndexedRecord, RecentPage } from '../../../../main/core/record-index/port';
import { createMemoryBackend } from '../../../../main/core/vault';
import { FIRST_BULK_DEPOSIT_ID, startSandbox, type SandboxHandle } from '../../../../main/sandbox';
import { cliVariables } from '../../../support/cli-variables';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../../support/in-process-cli';

/**
 * `paydesk search`, `paydesk deposits|refunds|cashouts recent` and `paydesk index rebuild`
 * in-process against a real sandbox (PAYDESK_BASE_URL) and the real record index in the data folder.
 */

let sandbox: SandboxHandle;
let dataDir: string;

test.beforeEach(async () => {
  sandbox = await startSandbox({ seed: 73, bulkDeposits: 60 });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-records-'));
});
test.afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function cli(argv: string[], stdin = ''): Promise<CliRun> {
  return runCliInProcess(
    argv,
    { env: { PAYDESK_DATA_DIR: dataDir, ...cliVariables(sandbox.baseUrl, sandbox.credentials) }, stdin },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli-records' },
      sandbox: false,
    },
  );
}

const json = <T>(run: CliRun): T => {
  expect(run.stderr, run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as T;
};

async function bodyFile(body: object): Promise<string> {
  const path = join(dataDir, `body-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify(body));
  return path;
}

test('a deposit created with the CLI is found by its invoice id, its id and a prefix', async () => {
  const created = json<{ deposit_id: number }>(
    await cli([
      'deposits',
      'create',
      '--body',
      await bodyFile({ amount: 25, country: 'BR', currency: 'BRL', invoice_id: 'ORDER-2024-0042' }),
      '--json',
    ]),
  );
  const found = json<IndexedRecord[]>(await cli(['search', 'ORDER-2024-0042', '--json']));
  expect(found).toEqual([
    expect.objectContaining({
      kind: 'deposit',
      id: String(created.deposit_id),
      invoiceId: 'ORDER-2024-0042',
      amount: 25,
      currency: 'BRL',
      source: 'created',
      environmentId: 'variables',
    }),
  ]);
  expect(json<IndexedRecord[]>(await cli(['search', String(created.deposit_id), '--json']))).toHaveLength(1);
  // A wildcard typed by the user matches only itself.
  expect(json<IndexedRecord[]>(await cli(['search', 'ORDER-2024-%', '--json']))).toEqual([]);
  expect(json<IndexedRecord[]>(await cli(['search', 'ORDER-2024', '--kind', 'refund', '--json']))).toEqual(
    [],
  );

  const table = await cli(['search', 'ORDER-2024']);
  expect(table.code).toBe(0);
  const [header, row] = table.stdout.split('\n');
  expect(header).toMatch(/^KIND +ID +INVOICE \/ EXTERNAL ID +STATUS +AMOUNT +LAST SEEN +SEEN BY$/);
  expect(row).toMatch(
    new RegExp(`^deposit +${created.deposit_id} +ORDER-2024-0042 +— +25 BRL +\\S+ +created$`),
  );
  expect((await cli(['search', 'nothing-like-this'])).stdout).toBe('(none)\n');
});

test('recent lists: filters, sort, pages; bad filters are usage errors that say what is wrong', async () => {
  const ids = Array.from({ length: 60 }, (_, offset) => FIRST_BULK_DEPOSIT_ID + offset).join('\n');
  const batch = await cli(['batch', 'deposits', '-', '--json'], ids);
  expect(batch.code).toBe(0);
  const rows = (JSON.parse(batch.stdout) as { rows: BatchRow[] }).rows;

  const all = json<RecentPage>(await cli(['deposits', 'recent', '--limit', '500', '--json']));
  expect(all.total).toBe(60);

  // What the batch said, filtered and sorted here, is what the index answers.
  const brl = rows.filter(
    (row) => row.status === 'COMPLETED' && row.currency === 'BRL' && (row.amount ?? 0) >= 50,
  );
  const expected = brl
    .map((row) => row.amount ?? 0)
    .sort((a, b) => b - a)
    .slice(0, 5);
  expect(brl.length).toBeGreaterThan(0);
  const filtered = json<RecentPage>(
    await cli([
      'deposits',
      'recent',
      '--status',
      'completed',
      '--currency',
      'brl',
      '--min-amount',
      '50',
      '--sort',
      'amount_desc',
      '--limit',
      '5',
      '--json',
    ]),
  );
  expect(filtered.total).toBe(brl.length);
  expect(filtered.records.map((record) => record.amount)).toEqual(expected);
  expect(filtered.records.every((record) => record.status === 'COMPLETED' && record.currency === 'BRL')).toBe(
    true,
  );

  const cheap = json<RecentPage>(await cli(['deposits', 'recent', '--max-amount', '20', '--json']));
  expect(cheap.total).toBe(rows.filter((row) => (row.amount ?? Infinity) <= 20).length);
  // Seen today: inside a window that ends today, outside one that ended yesterday.
  const today = new Date().toISOString().slice(0, 10);
  expect(
    json<RecentPage>(await cli(['deposits', 'recent', '--from', today, '--to', today, '--json'])).total,
  ).toBe(60);
  expect(json<RecentPage>(await cli(['deposits', 'recent', '--to', '2020-01-01', '--json'])).total).toBe(0);
  expect(json<RecentPage>(await cli(['refunds', 'recent', '--json'])).total).toBe(0);

  const table = await cli(['deposits', 'recent', '--limit', '2', '--offset', '2']);
  expect(table.code).toBe(0);
  expect(table.stdout.split('\n')).toHaveLength(5);
  expect(table.stdout).toMatch(/^ID +INVOICE \/ EXTERNAL ID +STATUS +AMOUNT +LAST SEEN +SEEN BY\n/);
  expect(table.stdout).toContain('# 3-4 of 60 deposits\n');

  const refusals: Array<[string[], string]> = [
    [['--sort', 'biggest'], '--sort: must be one of newest, oldest, amount_desc, amount_asc'],
    [['--min-amount', '10', '--max-amount', '5'], '--min-amount: must not be more than --max-amount'],
    [['--min-amount', '-3'], '--min-amount: must be an amount such as 100 or 99.90'],
    [['--from', '2024-02-30'], '--from: must be a day such as 2024-05-31'],
    [['--from', '2024-05-02', '--to', '2024-05-01'], '--from: must be before --to'],
    [['--currency', 'reais'], '--currency: must be a three-letter currency code'],
    [['--limit', '0'], '--limit: must be at least 1'],
    [['--limit', '5000'], '--limit: must be at most 500'],
  ];
  for (const [flags, message] of refusals) {
    const refused = await cli(['cashouts', 'recent', ...flags]);
    expect(refused.code, flags.join(' ')).toBe(2);
    expect(refused.stderr, flags.join(' ')).toContain(`paydesk: validation: ${message}`);
    expect(refused.stdout).toBe('');
  }
  const refusedJson = await cli(['search', 'x', '--kind', 'payouts', '--json']);
  expect(refusedJson.code).toBe(2);
  expect(JSON.parse(refusedJson.stderr)).toMatchObject({ error: { kind: 'validation', field: '--kind' } });
});

test('index rebuild: from the journal alone, then read again; the counts are reported', async () => {
  const created = json<{ deposit_id: number }>(
    await cli([
      'deposits',
      'create',
      '--body',
      await bodyFile({ amount: 40, country: 'BR', invoice_id: 'INV-CLI-RB' }),
      '--json',
    ]),
  );
  const refund = json<{ refund_id: number }>(
    await cli([
      'refunds',
      'create',
      '--deposit-id',
      '300000001',
      '--invoice-id',
      'INV-300000001',
      '--amount',
      '3',
      '--json',
    ]),
  );
  json(
    await cli([
      'cashouts',
      'cancel',
      '--cashout-id',
      '11954',
      '--external-id',
      'payout-7781',
      '--yes',
      '--json',
    ]),
  );
  // The index lost: the file removed with its WAL.
  for (const suffix of ['', '-wal', '-shm'])
    await rm(join(dataDir, `record-index.sqlite${suffix}`), { force: true });
  expect(json<IndexedRecord[]>(await cli(['search', 'INV-CLI-RB', '--json']))).toEqual([]);

  const journalOnly = await cli(['index', 'rebuild', '--no-fetch']);
  expect(journalOnly).toEqual({
    code: 0,
    stdout:
      'record index rebuilt for environment variables\nfrom the journal: 1 deposit, 1 refund, 1 cancelled cashout\n',
    stderr: '',
  });
  expect(json<IndexedRecord[]>(await cli(['search', 'INV-CLI-RB', '--json']))).toEqual([
    expect.objectContaining({ id: String(created.deposit_id), amount: 40, source: 'created' }),
  ]);

  const full = await cli(['index', 'rebuild', '--json']);
  expect(full.code).toBe(0);
  expect(JSON.parse(full.stdout)).toEqual({
    environmentId: 'variables',
    fromJournal: { deposits: 1, refunds: 1, cashouts: 1 },
    reread: { ok: 3, failed: 0, notRead: 0 },
  });
  expect(full.stderr).toBe('paydesk index rebuild: read again 3/3\n');
  const refunds = json<RecentPage>(await cli(['refunds', 'recent', '--json']));
  expect(refunds.records).toEqual([
    expect.objectContaining({
      id: String(refund.refund_id),
      depositId: '300000001',
      status: expect.any(String),
    }),
  ]);
  expect(json<IndexedRecord[]>(await cli(['search', 'payout-7781', '--json']))).toEqual([
    expect.objectContaining({ kind: 'cashout', id: '11954', status: 'CANCELLED' }),
  ]);
});

test('a damaged index is set aside with a note, and the command still answers', async () => {
  await writeFile(join(dataDir, 'record-index.sqlite'), 'this is not a database, just bytes '.repeat(200));
  const read = await cli(['deposits', 'get', '300000001', '--json']);
  expect(read.code).toBe(0);
  expect(JSON.parse(read.stdout)).toMatchObject({ deposit_id: 300000001 });
  expect(JSON.parse(read.stderr)).toEqual({ notice: expect.stringContaining('paydesk index rebuild') });
  // The next command finds the fresh index, with the lookup in it, and no note.
  const found = await cli(['search', '300000001']);
  expect(found.stderr).toBe('');
  expect(found.stdout).toContain('COMPLETED');
});
