/**
 * With 100,000 indexed records, what the record index costs on
 * top of SQLite itself. Search (any id, invoice id or external id; exact then prefix) at p95, and
 * opening a recent list (first page, newest, with its total) at the median, each against the same
 * SQL on a bare better-sqlite3 connection to the same file, in the same run, calls alternating.
 * The index's extra work is the query check, the zod parse of each row read back and the merging;
 * the bare side only reads the rows.
 *
 * Alone: `npx tsx test/bench/record-index.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { RecordObservation } from '../../main/core/record-index/port';
import { openSqliteRecordIndex } from '../../main/core/record-index/sqlite';
import { median, percentile, round, type BenchRow } from './bench-row';

export const RECORDS = 100_000;
const PER_CALL = 1_000;
const SEARCHES = 2_000;
const LISTS = 500;
const WARM_UP = 200;
const SEARCH_TARGET = 2.0;
const LIST_TARGET = 1.5;
const ENV = 'env-bench';

const kindOf = (n: number): RecordObservation['kind'] =>
  n % 10 < 6 ? 'deposit' : n % 10 < 8 ? 'refund' : 'cashout';

export function observation(n: number): RecordObservation {
  const kind = kindOf(n);
  return {
    environmentId: ENV,
    kind,
    id: String(1_000_000 + n),
    ...(kind === 'cashout' ? { externalId: `PAYOUT-${n}` } : { invoiceId: `INV-${n}` }),
    ...(kind === 'refund' ? { depositId: String(1_000_000 + n - 1) } : {}),
    status: ['PENDING', 'COMPLETED', 'EXPIRED'][n % 3] ?? 'PENDING',
    amount: (n % 5_000) + 0.5,
    currency: ['BRL', 'MXN', 'USD'][n % 3] ?? 'BRL',
    country: 'BR',
    seenAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
    source: n % 4 === 0 ? 'created' : 'lookup',
  };
}

/** A mix of what staff type: whole ids, invoice and external ids, and their first characters. */
export function searchTexts(): string[] {
  const texts: string[] = [];
  for (let i = 0; i < SEARCHES; i += 1) {
    const n = (i * 7_919) % RECORDS;
    const whole = kindOf(n) === 'cashout' ? `PAYOUT-${n}` : i % 2 === 0 ? `INV-${n}` : String(1_000_000 + n);
    texts.push(i % 3 === 0 ? whole.slice(0, Math.max(4, whole.length - 2)) : whole);
  }
  return texts;
}

export async function bench(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-record-index-'));
  try {
    const opened = await openSqliteRecordIndex({ dataDir });
    if (!opened.ok) throw new Error(opened.error.message);
    const { index } = opened.data;
    const fillStart = performance.now();
    for (let start = 0; start < RECORDS; start += PER_CALL) {
      await index.observe(Array.from({ length: PER_CALL }, (_, n) => observation(start + n)));
    }
    const fillMs = performance.now() - fillStart;

    // The same SQL, by hand, on a connection of its own.
    const bare = new Database(opened.data.location);
    const columns = ['id', 'invoice_id', 'external_id'];
    const exact = columns.map((column) =>
      bare.prepare(
        `SELECT * FROM records WHERE environment_id = ? AND ${column} = ? ORDER BY last_seen DESC, kind, id LIMIT ?`,
      ),
    );
    const prefix = columns.map((column) =>
      bare.prepare(
        `SELECT * FROM records WHERE environment_id = ? AND ${column} > ? AND ${column} < (? || x'ff')
         ORDER BY ${column}, kind, id LIMIT ?`,
      ),
    );
    const bareSearch = (text: string): number => {
      let rows = 0;
      for (const statement of exact) rows += statement.all(ENV, text, 20).length;
      for (const statement of prefix) rows += statement.all(ENV, text, text, 20).length;
      return rows;
    };
    const count = bare.prepare('SELECT COUNT(*) AS total FROM records WHERE environment_id = ? AND kind = ?');
    const page = bare.prepare(
      'SELECT * FROM records WHERE environment_id = ? AND kind = ? ORDER BY last_seen DESC, id DESC LIMIT 50 OFFSET 0',
    );
    const bareList = (): number => {
      count.get(ENV, 'deposit');
      return page.all(ENV, 'deposit').length;
    };
    const indexSearch = (text: string) => index.search({ environmentId: ENV, text, limit: 20 });
    const indexList = () =>
      index.recent({ environmentId: ENV, kind: 'deposit', sort: 'newest', offset: 0, limit: 50 });

    const texts = searchTexts();
    for (const text of texts.slice(0, WARM_UP)) {
      await indexSearch(text);
      bareSearch(text);
    }
    const searchMs: number[] = [];
    const bareSearchMs: number[] = [];
    let found = 0;
    for (const [i, text] of texts.entries()) {
      // Alternating which goes first, so that neither always finds the pages warm.
      const runIndex = async () => {
        const t = performance.now();
        found += (await indexSearch(text)).length;
        searchMs.push(performance.now() - t);
      };
      const runBare = () => {
        const t = performance.now();
        bareSearch(text);
        bareSearchMs.push(performance.now() - t);
      };
      if (i % 2 === 0) {
        await runIndex();
        runBare();
      } else {
        runBare();
        await runIndex();
      }
    }

    for (let i = 0; i < WARM_UP; i += 1) {
      await indexList();
      bareList();
    }
    const listMs: number[] = [];
    const bareListMs: number[] = [];
    for (let i = 0; i < LISTS; i += 1) {
      const runIndex = async () => {
        const t = performance.now();
        const listed = await indexList();
        listMs.push(performance.now() - t);
        if (listed.records.length !== 50) throw new Error('the recent list came back short');
      };
      const runBare = () => {
        const t = performance.now();
        bareList();
        bareListMs.push(performance.now() - t);
      };
      if (i % 2 === 0) {
        await runIndex();
        runBare();
      } else {
        runBare();
        await runIndex();
      }
    }
    bare.close();
    await index.close();

    const reopenStart = performance.now();
    const reopened = await openSqliteRecordIndex({ dataDir });
    const reopenMs = performance.now() - reopenStart;
    if (reopened.ok) await reopened.data.index.close();

    const searchP95 = percentile(searchMs, 0.95);
    const bareSearchP95 = percentile(bareSearchMs, 0.95);
    const listMedian = median(listMs);
    const bareListMedian = median(bareListMs);
    const shared = {
      records: RECORDS,
      fillMs: round(fillMs, 0),
      fillPerRecordUs: round((fillMs * 1000) / RECORDS, 1),
      openWithQuickCheckMs: round(reopenMs, 1),
    };
    return [
      {
        name: `record index: search p95 (${RECORDS.toLocaleString('en')} records)`,
        baseline: 'the same SQL on a bare connection',
        unit: 'ms',
        value: searchP95,
        baselineValue: bareSearchP95,
        ratio: searchP95 / bareSearchP95,
        target: `≤ ${SEARCH_TARGET.toFixed(2)}`,
        pass: searchP95 / bareSearchP95 <= SEARCH_TARGET,
        details: {
          ...shared,
          searches: SEARCHES,
          recordsFound: found,
          medianMs: round(median(searchMs), 3),
          bareMedianMs: round(median(bareSearchMs), 3),
        },
      },
      {
        name: 'record index: recent list, first page newest (50, with total)',
        baseline: 'the same SQL on a bare connection',
        unit: 'ms',
        value: listMedian,
        baselineValue: bareListMedian,
        ratio: listMedian / bareListMedian,
        target: `≤ ${LIST_TARGET.toFixed(2)}`,
        pass: listMedian / bareListMedian <= LIST_TARGET,
        details: {
          lists: LISTS,
          p95Ms: round(percentile(listMs, 0.95), 3),
          bareP95Ms: round(percentile(bareListMs, 0.95), 3),
        },
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run alone: print the rows (run.ts imports bench() and prints the whole table itself).
if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  for (const row of await bench()) console.log(row);
}
