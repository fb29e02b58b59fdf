/**
 * The batch figure: 10,000 deposit-status lookups against the sandbox at concurrency 16,
 * through the batch engine exactly as the console runs it (createConsoleRuntime → startBatch →
 * the `batchProgress` event that says done: id checks, token bucket, signed client calls with
 * their timeouts and retries, zod parse, compact rows, changed-since-last-run file) against a raw
 * concurrent fetch of the same URLs with the same concurrency, headers signed in advance (one D1
 * set per second) and bodies JSON-parsed. Same run, same sandbox, rounds alternating.
 *
 * The console sends on node:http (main/core/payments/wire.ts), which costs far less CPU per call
 * than fetch: the engine can beat the baseline by that alone. So a same-stack baseline, a
 * raw concurrent node:http GET of the same URLs, is measured in the same rounds and reported in
 * the details (the engine against it is the engine's own overhead).
 *
 * The sandbox runs in a child process (its own event loop and heap), so the peak RSS growth
 * measured here, sampled every 10 ms during every round (baseline rounds too: sampling costs
 * CPU), is the console's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchSummary } from '../../shared/contract';
import { createConsoleRuntime, sqliteRecordIndexStarter, type ConsoleRuntime } from '../../main/core/console';
import { createMemoryBackend } from '../../main/core/vault';
import { FIRST_BULK_DEPOSIT_ID, type SandboxCredentials } from '../../main/sandbox';
import { median, round, type BenchRow } from './bench-row';
import { rawHttpGetJson } from './raw-http';

const LOOKUPS = 10_000;
const CONCURRENCY = 16;
const ROUNDS = 4;
const WARM_UP = 1_000;
const TARGET = 0.9;
const INDEX_COST_TARGET = 1.25;
/** Above what the sandbox can answer here, so the cap never holds the engine back. */
const RATE_CAP = 10_000;

const sandboxScript = (bulkDeposits: number): string => `
import { startSandbox } from ${JSON.stringify(new URL('../../main/sandbox/index.ts', import.meta.url).href)};
const handle = await startSandbox({ seed: 42, bulkDeposits: ${bulkDeposits} });
process.stdout.write(JSON.stringify({ baseUrl: handle.baseUrl, credentials: handle.credentials }) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => void handle.close().then(() => process.exit(0)));
`;

export interface ChildSandbox {
  baseUrl: string;
  credentials: SandboxCredentials;
  child: ChildProcess;
}

/** The sandbox in a child process, with `bulkDeposits` deposits from FIRST_BULK_DEPOSIT_ID on. */
export function startChildSandbox(bulkDeposits = LOOKUPS): Promise<ChildSandbox> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', sandboxScript(bulkDeposits)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the sandbox process exited with ${String(code)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        const facts = JSON.parse(line) as { baseUrl: string; credentials: SandboxCredentials };
        resolve({ ...facts, child });
      }
    });
  });
}

export async function stopChildSandbox(sandbox: ChildSandbox): Promise<void> {
  sandbox.child.removeAllListeners('exit');
  sandbox.child.stdin?.end();
  await new Promise((resolve) => sandbox.child.once('exit', resolve));
}

/** D1 headers for a bodiless GET, one set per second of the next `seconds` (the signature does not name the path). */
function presignedHeaders(
  credentials: SandboxCredentials,
  seconds: number,
): Map<number, Record<string, string>> {
  const byEpochSecond = new Map<number, Record<string, string>>();
  const first = Math.floor(Date.now() / 1000);
  for (let second = first; second < first + seconds; second += 1) {
    const xDate = `${new Date(second * 1000).toISOString().slice(0, 19)}Z`;
    byEpochSecond.set(second, {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Date': xDate,
      'X-Login': credentials.apiKey,
      Authorization: `SVC ${createHmac('sha256', credentials.apiSecret)
        .update(xDate + credentials.apiKey)
        .digest('hex')}`,
    });
  }
  return byEpochSecond;
}

interface Round {
  perSecond: number;
  /** CPU time of this process (user + system) per lookup, in µs. */
  cpuUsPerLookup: number;
}

/**
 * Peak RSS and heap growth over a round, sampled every 10 ms. Both kinds of round carry the same
 * sampler: reading RSS is a /proc read of some hundreds of µs here, a cost that must fall on the
 * engine and its baseline alike.
 */
function memorySampler(): { stop(): { peakRssGrowthMb: number; peakHeapGrowthMb: number } } {
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = rssBefore;
  let peakHeap = heapBefore;
  const sample = (): void => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  const timer = setInterval(sample, 10);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return {
        peakRssGrowthMb: (peakRss - rssBefore) / 1024 / 1024,
        peakHeapGrowthMb: (peakHeap - heapBefore) / 1024 / 1024,
      };
    },
  };
}

type RawGet = (url: string, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;

/** The baseline: a plain fetch, body read and JSON-parsed. */
const fetchGetJson: RawGet = async (url, headers) => {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.json() };
};

/** A baseline round: `concurrency` workers, each a plain GET of the next URL, body read and parsed. */
async function rawRound(
  get: RawGet,
  baseUrl: string,
  ids: readonly string[],
  headers: Map<number, Record<string, string>>,
): Promise<MeasuredRound> {
  const memory = memorySampler();
  const cpu = process.cpuUsage();
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next] as string;
      next += 1;
      const answer = await get(
        `${baseUrl}/v3/deposits/${id}`,
        headers.get(Math.floor(Date.now() / 1000)) ?? {},
      );
      const body = answer.body as { deposit_id?: unknown };
      if (answer.status !== 200 || String(body.deposit_id) !== id) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const growth = memory.stop();
  if (failures > 0) throw new Error(`raw baseline: ${failures} lookups failed`);
  return {
    perSecond: ids.length / seconds,
    cpuUsPerLookup: (used.user + used.system) / ids.length,
    ...growth,
  };
}

export interface MeasuredRound extends Round {
  peakRssGrowthMb: number;
  peakHeapGrowthMb: number;
}

/**
 * One batch through the console: from startBatch to the event that says it is done, and, for a
 * runtime that keeps a record index, until the index answers for the batch's last id (a read
 * waits for the writes handed over before it), so the index's writes are inside the time.
 * `whileHeld` runs once the batch is done, before it is discarded (its rows still in memory).
 */
export async function engineRound(
  runtime: ConsoleRuntime,
  ids: readonly string[],
  indexed = false,
  whileHeld?: () => void,
): Promise<MeasuredRound> {
  const memory = memorySampler();
  let finish: (summary: BatchSummary) => void = () => undefined;
  const finished = new Promise<BatchSummary>((resolve) => (finish = resolve));
  let batchId = '';
  const stop = runtime.events.on('batchProgress', (summary) => {
    if (summary.batchId === batchId && summary.state !== 'running') finish(summary);
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answer = await runtime.api.startBatch({
    kind: 'deposits',
    ids: [...ids],
    concurrency: CONCURRENCY,
    ratePerSecond: RATE_CAP,
  });
  if (!answer.ok) throw new Error(`startBatch: ${answer.error.message}`);
  batchId = answer.data.batchId;
  const summary = await finished;
  if (indexed) {
    const last = await runtime.api.getRecord({ kind: 'deposit', id: ids.at(-1) ?? '' });
    if (!last.ok || last.data === null) throw new Error('indexed round: the last id is not in the index');
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const growth = memory.stop();
  stop();
  if (summary.state !== 'done' || summary.failed > 0) {
    throw new Error(
      `engine round: ${summary.state}, ${summary.failed} failed (${summary.error?.message ?? ''})`,
    );
  }
  whileHeld?.();
  await runtime.api.discardBatch({ batchId });
  return {
    perSecond: ids.length / seconds,
    cpuUsPerLookup: (used.user + used.system) / ids.length,
    ...growth,
  };
}

/** A console runtime on the child sandbox; with `recordIndex`, it keeps the SQLite record index in `dataDir`. */
export function benchRuntime(sandbox: ChildSandbox, dataDir: string, recordIndex: boolean): ConsoleRuntime {
  return createConsoleRuntime({
    dataDir,
    vault: { backend: createMemoryBackend(), service: 'paydesk-bench' },
    embeddedSandbox: false,
    watch: { polling: false },
    ...(recordIndex && { recordIndex: sqliteRecordIndexStarter(dataDir) }),
    transientEnvironment: {
      profile: {
        id: 'bench-sandbox',
        name: 'Bench sandbox',
        kind: 'testing',
        baseUrl: sandbox.baseUrl,
        color: 'gray',
      },
      baseUrl: sandbox.baseUrl,
      credentials: { ...sandbox.credentials },
    },
  });
}

export async function bench(): Promise<BenchRow[]> {
  const sandbox = await startChildSandbox();
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-batch-'));
  const indexedDataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-batch-indexed-'));
  const runtime = benchRuntime(sandbox, dataDir, false);
  const indexedRuntime = benchRuntime(sandbox, indexedDataDir, true);
  const ids = Array.from({ length: LOOKUPS }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + index));
  // Long enough for every round; each X-Date is used only within its own second.
  const headers = presignedHeaders(sandbox.credentials, 600);
  try {
    await rawRound(fetchGetJson, sandbox.baseUrl, ids.slice(0, WARM_UP), headers);
    await rawRound(rawHttpGetJson, sandbox.baseUrl, ids.slice(0, WARM_UP), headers);
    await engineRound(runtime, ids.slice(WARM_UP, 2 * WARM_UP));
    await engineRound(indexedRuntime, ids.slice(WARM_UP, 2 * WARM_UP), true);

    const raw: MeasuredRound[] = [];
    const rawHttp: MeasuredRound[] = [];
    const engine: MeasuredRound[] = [];
    const indexedEngine: MeasuredRound[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      // Alternate which goes first, so neither always runs on a warmer (or more tired) sandbox.
      if (index % 2 === 0) {
        raw.push(await rawRound(fetchGetJson, sandbox.baseUrl, ids, headers));
        engine.push(await engineRound(runtime, ids));
        indexedEngine.push(await engineRound(indexedRuntime, ids, true));
        rawHttp.push(await rawRound(rawHttpGetJson, sandbox.baseUrl, ids, headers));
      } else {
        rawHttp.push(await rawRound(rawHttpGetJson, sandbox.baseUrl, ids, headers));
        indexedEngine.push(await engineRound(indexedRuntime, ids, true));
        engine.push(await engineRound(runtime, ids));
        raw.push(await rawRound(fetchGetJson, sandbox.baseUrl, ids, headers));
      }
    }
    const rawHttpValue = median(rawHttp.map((item) => item.perSecond));
    const value = median(engine.map((item) => item.perSecond));
    const baselineValue = median(raw.map((item) => item.perSecond));
    const ratio = value / baselineValue;
    const indexedValue = median(indexedEngine.map((item) => item.perSecond));
    // Time per batch with the index over time without it: the cost the index adds, as a factor.
    const indexCost = value / indexedValue;
    return [
      {
        name: `${LOOKUPS} deposit lookups via the batch engine (concurrency ${CONCURRENCY})`,
        baseline: `raw concurrent fetch, pre-signed (concurrency ${CONCURRENCY})`,
        unit: 'lookups/s',
        value,
        baselineValue,
        ratio,
        target: `≥ ${TARGET.toFixed(2)}`,
        pass: ratio >= TARGET,
        details: {
          lookups: LOOKUPS,
          rounds: ROUNDS,
          concurrency: CONCURRENCY,
          engineRoundsPerSecond: engine.map((item) => round(item.perSecond, 0)).join(' / '),
          rawRoundsPerSecond: raw.map((item) => round(item.perSecond, 0)).join(' / '),
          // Each engine round against the raw round next to it: slow drifts of machine load cancel out.
          pairRatios: engine
            .map((item, index) => round(item.perSecond / (raw[index]?.perSecond ?? 1), 3))
            .join(' / '),
          engineCpuUsPerLookup: round(median(engine.map((item) => item.cpuUsPerLookup)), 0),
          rawCpuUsPerLookup: round(median(raw.map((item) => item.cpuUsPerLookup)), 0),
          rawHttpRoundsPerSecond: rawHttp.map((item) => round(item.perSecond, 0)).join(' / '),
          rawHttpCpuUsPerLookup: round(median(rawHttp.map((item) => item.cpuUsPerLookup)), 0),
          // The same-stack view: the engine's own overhead on top of bare node:http GETs.
          engineVsRawHttpRatio: round(value / rawHttpValue, 3),
          peakRssGrowthMb: round(Math.max(...engine.map((item) => item.peakRssGrowthMb))),
          peakHeapGrowthMb: round(Math.max(...engine.map((item) => item.peakHeapGrowthMb))),
          rawPeakRssGrowthMb: round(Math.max(...raw.map((item) => item.peakRssGrowthMb))),
          rawPeakHeapGrowthMb: round(Math.max(...raw.map((item) => item.peakHeapGrowthMb))),
        },
      },
      {
        name: `the record index's cost on a ${LOOKUPS}-id batch (until the index answers for the last id)`,
        baseline: 'the same batch on a console without a record index',
        unit: 'lookups/s',
        value: indexedValue,
        baselineValue: value,
        ratio: indexCost,
        target: `≤ ${INDEX_COST_TARGET.toFixed(2)} (time with / time without)`,
        pass: indexCost <= INDEX_COST_TARGET,
        details: {
          // The first indexed round inserts every record; the later ones update them.
          indexedRoundsPerSecond: indexedEngine.map((item) => round(item.perSecond, 0)).join(' / '),
          plainRoundsPerSecond: engine.map((item) => round(item.perSecond, 0)).join(' / '),
          indexedCpuUsPerLookup: round(median(indexedEngine.map((item) => item.cpuUsPerLookup)), 0),
          plainCpuUsPerLookup: round(median(engine.map((item) => item.cpuUsPerLookup)), 0),
          indexedPeakRssGrowthMb: round(Math.max(...indexedEngine.map((item) => item.peakRssGrowthMb))),
        },
      },
    ];
  } finally {
    await indexedRuntime.close();
    await runtime.close();
    await stopChildSandbox(sandbox);
    await rm(dataDir, { recursive: true, force: true });
    await rm(indexedDataDir, { recursive: true, force: true });
  }
}
