import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { OBSERVE_PAGE_ROWS } from '../../../main/core/batch/manager';
import { RECORD_INDEX_FILE_NAME, openSqliteRecordIndex } from '../../../main/core/record-index/sqlite';
import { FIRST_BULK_DEPOSIT_ID, startSandbox } from '../../../main/sandbox';
import { cliVariables } from '../../support/cli-variables';
import { runPaydeskBin, startPaydeskBin, type BinRun } from '../../support/paydesk-bin';

/**
 * `paydesk batch` killed with SIGKILL while it indexes what it reads. The index keeps
 * every page the batch committed, whole (a page is one transaction), the file stays sound and
 * opens with nothing set aside, and the same batch run again completes and indexes every id.
 */

const IDS = 6_000;
const RATE = 400;

interface IndexedDeposit {
  id: string;
  invoice_id: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  country: string | null;
}

/** What the index holds, read on a connection of the test's own while the CLI may still write. */
function indexedDeposits(dataDir: string): { integrity: unknown; rows: IndexedDeposit[] } {
  let db: Database.Database;
  try {
    db = new Database(join(dataDir, RECORD_INDEX_FILE_NAME), { fileMustExist: true });
  } catch {
    return { integrity: 'absent', rows: [] };
  }
  try {
    db.pragma('busy_timeout = 5000');
    return {
      integrity: db.pragma('quick_check', { simple: true }),
      rows: db
        .prepare(
          "SELECT id, invoice_id, status, amount, currency, country FROM records WHERE kind = 'deposit'",
        )
        .all() as IndexedDeposit[],
    };
  } catch {
    // Created, but its schema not written yet.
    return { integrity: 'no schema yet', rows: [] };
  } finally {
    db.close();
  }
}

function indexedCount(dataDir: string): number {
  return indexedDeposits(dataDir).rows.length;
}

/** The scenario the tests below check in turn: a sandbox, a data folder, a batch killed while it indexes. */
interface Killed {
  dataDir: string;
  close: () => Promise<void>;
  env: Record<string, string>;
  ids: string[];
  /** What a reader counted in the index every few ms while the batch ran. */
  counts: number[];
  killed: BinRun;
}

/**
 * At 400 lookups a second the batch takes 15 s. A reader counts what is indexed every few ms
 * while it runs, and the batch is killed once two pages are in.
 */
async function killBatchWhileIndexing(): Promise<Killed> {
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-batch-kill-'));
  const sandbox = await startSandbox({ seed: 27, bulkDeposits: IDS });
  const close = async (): Promise<void> => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const env = {
    HOME: dataDir,
    PAYDESK_DATA_DIR: dataDir,
    ...cliVariables(sandbox.baseUrl, sandbox.credentials),
  };
  const ids = Array.from({ length: IDS }, (_, offset) => String(FIRST_BULK_DEPOSIT_ID + offset));
  const argv = ['batch', 'deposits', '-', '--rate', String(RATE), '--json'];
  const first = startPaydeskBin(argv, env, ids.join('\n'));
  const counts: number[] = [];
  const deadline = Date.now() + 90_000;
  while ((counts.at(-1) ?? 0) < 2 * OBSERVE_PAGE_ROWS) {
    if (Date.now() > deadline) {
      first.child.kill('SIGKILL');
      await close();
      throw new Error(`the batch indexed too little: ${first.output().stderr}`);
    }
    counts.push(indexedCount(dataDir));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  first.child.kill('SIGKILL');
  return { dataDir, close, env, ids, counts, killed: await first.finished };
}

test.describe('kill -9 during a batch that indexes: committed pages are whole, the file is sound, a rerun completes', () => {
  // One killed batch for every test: each checks one thing of what it left, in the order it happens.
  test.describe.configure({ mode: 'serial' });
  let scenario: Killed;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    scenario = await killBatchWhileIndexing();
  });
  test.afterAll(async () => {
    await scenario?.close();
  });

  test('the batch dies of the kill, and a reader never saw part of a page', () => {
    expect(scenario.killed.signal, scenario.killed.stderr).toBe('SIGKILL');
    // A reader never saw part of a page: each page of answered rows is one transaction.
    expect(scenario.counts.filter((count) => count % OBSERVE_PAGE_ROWS !== 0)).toEqual([]);
  });

  test('after the kill the index is sound and holds whole pages of whole rows', () => {
    const afterKill = indexedDeposits(scenario.dataDir);
    expect(afterKill.integrity).toBe('ok');
    // Only whole pages: the batch writes a page of answered rows in one transaction.
    expect(afterKill.rows.length).toBeLessThan(IDS);
    expect(afterKill.rows.length % OBSERVE_PAGE_ROWS).toBe(0);
    // And each row whole: what the service answered for that id, nothing half written.
    const asked = new Set(scenario.ids);
    for (const row of afterKill.rows) {
      expect(asked.has(row.id)).toBe(true);
      expect(row).toMatchObject({
        invoice_id: `INV-${row.id}`,
        status: expect.stringMatching(/^(COMPLETED|PENDING|CANCELLED|EXPIRED)$/),
        amount: expect.any(Number),
        currency: expect.stringMatching(/^[A-Z]{3}$/),
        country: expect.stringMatching(/^[A-Z]{2}$/),
      });
    }
  });

  test('the index opens on it as usual: nothing set aside', async () => {
    const opened = await openSqliteRecordIndex({ dataDir: scenario.dataDir });
    expect(opened.ok && opened.data.setAside).toBe(undefined);
    if (opened.ok) await opened.data.index.close();
  });

  test('the same batch again runs to its end: every row printed once, in order, every id indexed once', async () => {
    test.setTimeout(60_000);
    const { env, ids } = scenario;
    const again = await runPaydeskBin(
      ['batch', 'deposits', '-', '--rate', '10000', '--json'],
      env,
      ids.join('\n'),
    );
    expect(again.code, again.stderr).toBe(0);
    // Printed a page at a time: every row, once, in the order given.
    const printed = JSON.parse(again.stdout) as { rows: Array<{ id: string }> };
    expect(printed.rows.map((row) => row.id)).toEqual(ids);
    expect(again.stderr).not.toMatch(/set aside/i);
    const afterRerun = indexedDeposits(scenario.dataDir);
    expect(afterRerun.integrity).toBe('ok');
    expect(afterRerun.rows.length).toBe(IDS);
    expect(new Set(afterRerun.rows.map((row) => row.id))).toEqual(new Set(ids));
  });

  test('as CSV, the batch prints a header and every id in the order given', async () => {
    test.setTimeout(60_000);
    const { env, ids } = scenario;
    const asCsv = await runPaydeskBin(
      ['batch', 'deposits', '-', '--rate', '10000', '--csv'],
      env,
      ids.join('\n'),
    );
    expect(asCsv.code, asCsv.stderr).toBe(0);
    const lines = asCsv.stdout.split('\r\n');
    expect(lines[0]).toMatch(/^id,result,status,/);
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(ids);
  });

  test('the last id is found in the index by its invoice id', async () => {
    const { env, ids } = scenario;
    const found = await runPaydeskBin(['search', `INV-${ids.at(-1) ?? ''}`, '--json'], env);
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject([{ kind: 'deposit', id: ids.at(-1) }]);
  });
});
