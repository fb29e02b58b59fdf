/**
 * Issue 6's batch figure: 10,000 deposit-status lookups against the sandbox at concurrency 16,
 * through the batch engine exactly as the console runs it (createConsoleRuntime → batchStart →
 * the `batchProgress` event that says done: id checks, token bucket, signed client calls with
 * their timeouts and retries, zod parse, compact rows, changed-since-last-run file) against a raw
 * concurrent fetch of the same URLs with the same concurrency, headers signed in advance (one D1
 * set per second) and bodies JSON-parsed. Same run, same sandbox, rounds alternating.
 *
 * The sandbox runs in a child process (its own event loop and heap), so the peak RSS growth
 * measured here, sampled every 10 ms during each engine round, is the console's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchSummary } from '../../preload/contract';
import { createConsoleRuntime, type ConsoleRuntime } from '../../main/core/console';
import { createMemoryBackend } from '../../main/core/vault';
import { FIRST_BULK_DEPOSIT_ID, type SandboxCredentials } from '../../main/sandbox';
import type { BenchRow } from './bench-row';

const LOOKUPS = 10_000;
const CONCURRENCY = 16;
const ROUNDS = 4;
const WARM_UP = 1_000;
const TARGET = 0.9;
/** Above what the sandbox can answer here, so the cap never holds the engine back. */
const RATE_CAP = 10_000;

const SANDBOX_SCRIPT = `
import { startSandbox } from ${JSON.stringify(new URL('../../main/sandbox/index.ts', import.meta.url).href)};
const handle = await startSandbox({ seed: 42, bulkDeposits: ${LOOKUPS} });
process.stdout.write(JSON.stringify({ baseUrl: handle.baseUrl, credentials: handle.credentials }) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => void handle.close().then(() => process.exit(0)));
`;

interface ChildSandbox {
  baseUrl: string;
  credentials: SandboxCredentials;
  child: ChildProcess;
}

function startChildSandbox(): Promise<ChildSandbox> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SANDBOX_SCRIPT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
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

/** The baseline: `concurrency` workers, each a plain fetch of the next URL, body read and parsed. */
interface Round {
  perSecond: number;
  /** CPU time of this process (user + system) per lookup, in µs. */
  cpuUsPerLookup: number;
}

async function rawRound(
  baseUrl: string,
  ids: readonly string[],
  headers: Map<number, Record<string, string>>,
): Promise<Round> {
  const cpu = process.cpuUsage();
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next] as string;
      next += 1;
      const response = await fetch(`${baseUrl}/v3/deposits/${id}`, {
        headers: headers.get(Math.floor(Date.now() / 1000)) ?? {},
      });
      const body = (await response.json()) as { deposit_id?: unknown };
      if (response.status !== 200 || String(body.deposit_id) !== id) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failures > 0) throw new Error(`raw baseline: ${failures} lookups failed`);
  const used = process.cpuUsage(cpu);
  return { perSecond: ids.length / seconds, cpuUsPerLookup: (used.user + used.system) / ids.length };
}

interface EngineRound extends Round {
  peakRssGrowthMb: number;
  peakHeapGrowthMb: number;
}

/** One batch through the console: from batchStart to the event that says it is done. */
async function engineRound(runtime: ConsoleRuntime, ids: readonly string[]): Promise<EngineRound> {
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = rssBefore;
  let peakHeap = heapBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 10);
  let finish: (summary: BatchSummary) => void = () => undefined;
  const finished = new Promise<BatchSummary>((resolve) => (finish = resolve));
  let batchId = '';
  const stop = runtime.events.on('batchProgress', (summary) => {
    if (summary.batchId === batchId && summary.state !== 'running') finish(summary);
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answer = await runtime.api.batchStart({
    kind: 'deposits',
    ids: [...ids],
    concurrency: CONCURRENCY,
    ratePerSecond: RATE_CAP,
  });
  if (!answer.ok) throw new Error(`batchStart: ${answer.error.message}`);
  batchId = answer.data.batchId;
  const summary = await finished;
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  stop();
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  if (summary.state !== 'done' || summary.failed > 0) {
    throw new Error(
      `engine round: ${summary.state}, ${summary.failed} failed (${summary.error?.message ?? ''})`,
    );
  }
  await runtime.api.batchDiscard({ batchId });
  return {
    perSecond: ids.length / seconds,
    cpuUsPerLookup: (used.user + used.system) / ids.length,
    peakRssGrowthMb: (peakRss - rssBefore) / 1024 / 1024,
    peakHeapGrowthMb: (peakHeap - heapBefore) / 1024 / 1024,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? 0);
};
const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

export async function bench(): Promise<BenchRow[]> {
  const sandbox = await startChildSandbox();
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-batch-'));
  const runtime = createConsoleRuntime({
    dataDir,
    vault: { backend: createMemoryBackend(), service: 'paydesk-bench' },
    embeddedSandbox: false,
    watch: { polling: false },
    transientEnvironment: {
      profile: {
        id: 'bench-sandbox',
        name: 'Bench sandbox',
        kind: 'testing',
        baseUrl: sandbox.baseUrl,
        color: 'gray',
        watchedSubMerchantIds: [],
      },
      baseUrl: sandbox.baseUrl,
      credentials: { ...sandbox.credentials },
    },
  });
  const ids = Array.from({ length: LOOKUPS }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + index));
  // Long enough for every round; each X-Date is used only within its own second.
  const headers = presignedHeaders(sandbox.credentials, 600);
  try {
    await rawRound(sandbox.baseUrl, ids.slice(0, WARM_UP), headers);
    await engineRound(runtime, ids.slice(WARM_UP, 2 * WARM_UP));

    const raw: Round[] = [];
    const engine: EngineRound[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      // Alternate which goes first, so neither always runs on a warmer (or more tired) sandbox.
      if (index % 2 === 0) {
        raw.push(await rawRound(sandbox.baseUrl, ids, headers));
        engine.push(await engineRound(runtime, ids));
      } else {
        engine.push(await engineRound(runtime, ids));
        raw.push(await rawRound(sandbox.baseUrl, ids, headers));
      }
    }
    const value = median(engine.map((item) => item.perSecond));
    const baselineValue = median(raw.map((item) => item.perSecond));
    const ratio = value / baselineValue;
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
          peakRssGrowthMb: round(Math.max(...engine.map((item) => item.peakRssGrowthMb))),
          peakHeapGrowthMb: round(Math.max(...engine.map((item) => item.peakHeapGrowthMb))),
        },
      },
    ];
  } finally {
    await runtime.close();
    sandbox.child.removeAllListeners('exit');
    sandbox.child.stdin?.end();
    await new Promise((resolve) => sandbox.child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}
