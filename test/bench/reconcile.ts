/**
 * The bench row: a 100,000-row ledger reconciled through the core (main/core/reconcile:
 * the CSV read from its bytes, mapping guessed, rows imported, every id looked up through the
 * batch engine, classified, the run's rows written) against the batch engine alone on the same
 * ids, in the same run, on the same child sandbox, rounds alternating. The ledger is what a
 * Brazilian spreadsheet writes (BOM, `;`, decimal commas), made from the service's own answers
 * with one row in twenty changed, so that the classes are a real mix.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BatchRow, BatchSummary } from '../../shared/contract';
import type { ConsoleRuntime } from '../../main/core/console';
import { consoleLookups, readLedger, recordIndexInvoices, ReconcileManager } from '../../main/core/reconcile';
import { FIRST_BULK_DEPOSIT_ID } from '../../main/sandbox';
import { median, round, type BenchRow } from './bench-row';
import { benchRuntime, engineRound, startChildSandbox, stopChildSandbox } from './batch-throughput';

const ROWS = 100_000;
const ROUNDS = 2;
const CONCURRENCY = 16;
const RATE_CAP = 10_000;
/** Reading, classifying and keeping 100,000 rows may add a third to the lookups, no more. */
const TARGET = 1.3;

/** The service's answers for the ids, read once through a batch: what the ledger is made from. */
async function answersOf(runtime: ConsoleRuntime, ids: readonly string[]): Promise<BatchRow[]> {
  let batchId = '';
  let finish: (summary: BatchSummary) => void = () => undefined;
  const finished = new Promise<BatchSummary>((resolve) => (finish = resolve));
  const stop = runtime.events.on('batchProgress', (summary) => {
    if (summary.batchId === batchId && summary.state !== 'running') finish(summary);
  });
  const started = await runtime.api.startBatch({
    kind: 'deposits',
    ids: [...ids],
    concurrency: CONCURRENCY,
    ratePerSecond: RATE_CAP,
  });
  if (!started.ok) throw new Error(`startBatch: ${started.error.message}`);
  batchId = started.data.batchId;
  await finished;
  stop();
  const rows: BatchRow[] = [];
  for (let offset = 0; offset < ids.length; offset += 1_000) {
    const page = await runtime.api.getBatchRows({ batchId, offset, limit: 1_000 });
    if (!page.ok) throw new Error(`getBatchRows: ${page.error.message}`);
    rows.push(...page.data.rows);
  }
  await runtime.api.discardBatch({ batchId });
  return rows;
}

/** The ledger as bytes: BOM, `;`, decimal commas; every twentieth row's amount off by 1. */
function ledgerBytes(rows: readonly BatchRow[]): Uint8Array {
  const lines = ['deposit_id;valor;moeda;situação'];
  for (const [index, row] of rows.entries()) {
    const amount = (row.amount ?? 0) + (index % 20 === 0 ? 1 : 0);
    lines.push(`${row.id};${amount.toFixed(2).replace('.', ',')};${row.currency ?? ''};${row.status ?? ''}`);
  }
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

async function reconcileRound(
  runtime: ConsoleRuntime,
  dataDir: string,
  bytes: Uint8Array,
): Promise<{ perSecond: number; differing: number }> {
  const started = performance.now();
  const table = await readLedger(bytes);
  if (!table.ok) throw new Error(`readLedger: ${table.error.message}`);
  const manager = new ReconcileManager({
    dataDir,
    now: Date.now,
    lookups: consoleLookups(runtime.api, (listener) => runtime.events.on('batchProgress', listener)),
    invoices: recordIndexInvoices(runtime.records),
  });
  const prepared = await manager.prepare({ ledgerName: 'bench-ledger.csv', table: table.data });
  if (!prepared.ok) throw new Error(`prepare: ${prepared.error.message}`);
  const run = await manager.start(prepared.data, { concurrency: CONCURRENCY, ratePerSecond: RATE_CAP });
  if (!run.ok) throw new Error(`start: ${run.error.message}`);
  const summary = await manager.finished(run.data.runId);
  if (!summary.ok) throw new Error(`finished: ${summary.error.message}`);
  const seconds = (performance.now() - started) / 1000;
  if (summary.data.state !== 'done' || summary.data.counts.lookup_failed > 0) {
    throw new Error(
      `reconcile round: ${summary.data.state}, ${summary.data.counts.lookup_failed} not looked up`,
    );
  }
  return { perSecond: ROWS / seconds, differing: summary.data.counts.amount_differs };
}

export async function bench(): Promise<BenchRow[]> {
  const sandbox = await startChildSandbox(ROWS);
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-reconcile-'));
  const runtime = benchRuntime(sandbox, dataDir, false);
  try {
    const ids = Array.from({ length: ROWS }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + index));
    const bytes = ledgerBytes(await answersOf(runtime, ids));
    const engine: number[] = [];
    const reconcile: number[] = [];
    let differing = 0;
    const reconcileOnce = async (): Promise<void> => {
      const round = await reconcileRound(runtime, dataDir, bytes);
      reconcile.push(round.perSecond);
      differing = round.differing;
    };
    for (let index = 0; index < ROUNDS; index += 1) {
      // Alternate which goes first, so neither always runs on a warmer (or more tired) sandbox.
      if (index % 2 === 0) {
        engine.push((await engineRound(runtime, ids)).perSecond);
        await reconcileOnce();
      } else {
        await reconcileOnce();
        engine.push((await engineRound(runtime, ids)).perSecond);
      }
    }
    const value = median(reconcile);
    const floor = median(engine);
    // Time for the ledger over time for the lookups alone.
    const ratio = floor / value;
    return [
      {
        name: `reconciling a ${ROWS}-row ledger (CSV read, lookups, classification, run kept)`,
        baseline: `the batch engine alone on the same ${ROWS} ids`,
        unit: 'rows/s',
        value,
        baselineValue: floor,
        ratio,
        target: `≤ ${TARGET.toFixed(2)} (time with / time of the lookups alone)`,
        pass: ratio <= TARGET,
        details: {
          reconcileRoundsPerSecond: reconcile.map((one) => round(one, 0)).join(' / '),
          engineRoundsPerSecond: engine.map((one) => round(one, 0)).join(' / '),
          ledgerMb: round(bytes.byteLength / 1024 / 1024, 1),
          amountDiffersPerRun: differing,
        },
      },
    ];
  } finally {
    await runtime.close();
    await stopChildSandbox(sandbox);
    await rm(dataDir, { recursive: true, force: true });
  }
}
