/**
 * The scaling rows: the batch engine (batch-throughput.ts's engine round, the same child
 * sandbox holding 100,000 bulk deposits) at 1,000, 10,000 and 100,000 ids, rounds of the sizes
 * interleaved:
 * - throughput: the slowest size's median against the fastest's (within 20 %);
 * - main-process memory the finished batch holds (heap + external after a full GC, while its rows
 *   are still held, against the same before it started), per 1,000 rows: 100,000 against 10,000,
 *   from one round per size after the timed ones;
 * - the CLI's `paydesk batch deposits <file> --csv` (from the sources, as `npm run cli`) as a child
 *   process, its peak RSS (/proc/<pid>/status VmHWM, polled) at 10,000 and 100,000 ids, less the
 *   same of a floor child that runs the same engine on the same ids with the record index the
 *   CLI keeps, holds the rows once and writes nothing: the CLI's own growth, against the CSV's
 *   (the rows' size as output).
 */
import { spawn } from 'node:child_process';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BATCH_LIMITS } from '../../shared/contract';
import { FIRST_BULK_DEPOSIT_ID } from '../../main/sandbox';
import { median, round, type BenchRow } from './bench-row';
import {
  benchRuntime,
  engineRound,
  startChildSandbox,
  stopChildSandbox,
  type ChildSandbox,
  type MeasuredRound,
} from './batch-throughput';

const SIZES: readonly number[] = [1_000, 10_000, BATCH_LIMITS.maxIds];
/** Rounds per size: a 1,000-id batch takes about a tenth of a second, so more of them. */
const ROUNDS: Readonly<Record<number, number>> = { 1_000: 7, 10_000: 3, [BATCH_LIMITS.maxIds]: 2 };
const CONCURRENCY = 16;
const RATE_CAP = 10_000;
const THROUGHPUT_TARGET = 0.8;
const MEMORY_TARGET = 1.2;
/** Streaming adds nothing per row; holding the CSV text whole adds 1×, the rows as objects more. */
const CLI_TARGET = 0.5;
/** Peak RSS of one run moves by ±20 MB with when the collector runs: the median of three. */
const CLI_RUNS = 3;
const REPO = join(import.meta.dirname, '..', '..');

/** A full collection in this process (node is not started with --expose-gc here). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const heldBytes = (): number => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

interface ScaledRounds {
  throughput: Map<number, MeasuredRound[]>;
  /** Per size: MB the finished batch holds (heap + external after a full GC, rows still held). */
  heldMb: Map<number, number>;
}

/**
 * Throughput rounds first, then one memory round per size. The memory round's forced full
 * collections stay out of the timed rounds: they are the bench's, not the app's, and the
 * thousand lookups after one ran at half speed (docs/performance.md).
 */
async function scaledRounds(sandbox: ChildSandbox, dataDir: string): Promise<ScaledRounds> {
  const runtime = benchRuntime(sandbox, dataDir, false);
  const ids = Array.from({ length: BATCH_LIMITS.maxIds }, (_, index) =>
    String(FIRST_BULK_DEPOSIT_ID + index),
  );
  const throughput = new Map<number, MeasuredRound[]>(SIZES.map((size) => [size, []]));
  const heldMb = new Map<number, number>();
  try {
    await engineRound(runtime, ids.slice(0, 2_000));
    const most = Math.max(...Object.values(ROUNDS));
    for (let index = 0; index < most; index += 1) {
      const order = index % 2 === 0 ? SIZES : [...SIZES].reverse();
      for (const size of order) {
        if (index >= (ROUNDS[size] ?? 0)) continue;
        throughput.get(size)?.push(await engineRound(runtime, ids.slice(0, size)));
      }
    }
    const gc = collector();
    for (const size of SIZES) {
      gc();
      gc();
      const before = heldBytes();
      await engineRound(runtime, ids.slice(0, size), false, () => {
        gc();
        gc();
        heldMb.set(size, (heldBytes() - before) / 1024 / 1024);
      });
    }
  } finally {
    await runtime.close();
  }
  return { throughput, heldMb };
}

/**
 * A child that runs the engine on the ids of a file, indexing each page as the CLI does, and exits
 * once the batch is done: rows held once, nothing written.
 */
const floorScript = (
  idsFile: string,
  dataDir: string,
  baseUrl: string,
  apiKey: string,
  apiSecret: string,
) => `
import { readFileSync } from 'node:fs';
import { benchRuntime } from ${JSON.stringify(new URL('./batch-throughput.ts', import.meta.url).href)};
const ids = readFileSync(${JSON.stringify(idsFile)}, 'utf8').trim().split('\\n');
const runtime = benchRuntime({ baseUrl: ${JSON.stringify(baseUrl)}, credentials: { apiKey: ${JSON.stringify(apiKey)}, apiSecret: ${JSON.stringify(apiSecret)} } }, ${JSON.stringify(dataDir)}, true);
const done = new Promise((resolve) => runtime.events.on('batchProgress', (s) => { if (s.state !== 'running') resolve(s); }));
const started = await runtime.api.startBatch({ kind: 'deposits', ids, concurrency: ${CONCURRENCY}, ratePerSecond: ${RATE_CAP} });
if (!started.ok) { console.error(started.error.message); process.exit(1); }
const summary = await done;
if (summary.state !== 'done' || summary.total !== ids.length) process.exit(1);
process.exit(0);
`;

interface ChildPeak {
  peakRssMb: number;
  stdoutBytes: number;
  ms: number;
}

/** Runs node with `args`, polling its VmHWM until it exits; answers the last (highest) figure. */
function peakOfChild(args: string[], env: NodeJS.ProcessEnv): Promise<ChildPeak> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let hwmKb = 0;
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdoutBytes += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const poll = setInterval(() => {
      readFile(`/proc/${child.pid}/status`, 'utf8')
        .then((status) => {
          const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
          hwmKb = Math.max(hwmKb, kb);
        })
        .catch(() => undefined);
    }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      // Exit 1 is "some not found": the bulk deposits all exist, so only 0 is a clean run.
      if (code !== 0)
        reject(new Error(`${args.slice(-6).join(' ')}: exit ${String(code)}\n${stderr.slice(0, 2000)}`));
      else resolve({ peakRssMb: hwmKb / 1024, stdoutBytes, ms: performance.now() - started });
    });
  });
}

async function cliPeaks(
  sandbox: ChildSandbox,
  work: string,
): Promise<{ cli: Map<number, ChildPeak[]>; floor: Map<number, ChildPeak[]> }> {
  const base: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_') && name !== 'NODE_OPTIONS'),
  );
  const sizes = [10_000, BATCH_LIMITS.maxIds];
  const cli = new Map<number, ChildPeak[]>(sizes.map((size) => [size, []]));
  const floor = new Map<number, ChildPeak[]>(sizes.map((size) => [size, []]));
  for (const size of sizes) {
    const ids = Array.from({ length: size }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + index));
    await writeFile(join(work, `ids-${size}.txt`), `${ids.join('\n')}\n`);
  }
  for (let index = 0; index < CLI_RUNS; index += 1) {
    for (const size of index % 2 === 0 ? sizes : [...sizes].reverse()) {
      const idsFile = join(work, `ids-${size}.txt`);
      const dataDir = await mkdtemp(join(work, 'data-'));
      cli.get(size)?.push(
        await peakOfChild(
          [
            '--import',
            'tsx',
            'main/cli/index.ts',
            'batch',
            'deposits',
            idsFile,
            '--csv',
            '--concurrency',
            String(CONCURRENCY),
            '--rate',
            String(RATE_CAP),
          ],
          {
            ...base,
            PAYDESK_DATA_DIR: dataDir,
            PAYDESK_BASE_URL: sandbox.baseUrl,
            PAYDESK_API_KEY: sandbox.credentials.apiKey,
            PAYDESK_API_SECRET: sandbox.credentials.apiSecret,
          },
        ),
      );
      const floorDir = await mkdtemp(join(work, 'floor-'));
      const script = floorScript(
        idsFile,
        floorDir,
        sandbox.baseUrl,
        sandbox.credentials.apiKey,
        sandbox.credentials.apiSecret,
      );
      floor
        .get(size)
        ?.push(await peakOfChild(['--import', 'tsx', '--input-type=module', '-e', script], base));
    }
  }
  return { cli, floor };
}

export async function bench(): Promise<BenchRow[]> {
  const sandbox = await startChildSandbox(BATCH_LIMITS.maxIds);
  const work = await mkdtemp(join(tmpdir(), 'paydesk-bench-scaling-'));
  try {
    const rounds = await scaledRounds(sandbox, join(work, 'engine'));
    const { cli, floor } = await cliPeaks(sandbox, work);
    const of = (size: number): MeasuredRound[] => rounds.throughput.get(size) ?? [];
    const perSecond = new Map(SIZES.map((size) => [size, median(of(size).map((one) => one.perSecond))]));
    const heldOf = (size: number): number => rounds.heldMb.get(size) ?? NaN;
    const heldPer1000 = new Map(SIZES.map((size) => [size, heldOf(size) / (size / 1000)]));
    const slowest = Math.min(...perSecond.values());
    const fastest = Math.max(...perSecond.values());
    const sizeOf = (value: number): string =>
      String([...perSecond.entries()].find(([, figure]) => figure === value)?.[0] ?? '?');
    const big = BATCH_LIMITS.maxIds;
    const memoryRatio = (heldPer1000.get(big) ?? NaN) / (heldPer1000.get(10_000) ?? NaN);
    const peaksOf = (figures: Map<number, ChildPeak[]>, size: number): number[] =>
      (figures.get(size) ?? []).map((one) => one.peakRssMb);
    const peak = (figures: Map<number, ChildPeak[]>, size: number): number => median(peaksOf(figures, size));
    const runsOf = (figures: Map<number, ChildPeak[]>, size: number): string =>
      peaksOf(figures, size)
        .map((one) => round(one))
        .join(', ');
    const csvBytes = (size: number): number => median((cli.get(size) ?? []).map((one) => one.stdoutBytes));
    // What the CLI adds to the engine's peak for 90,000 more rows: about nothing when it streams.
    const cliExtra = peak(cli, big) - peak(cli, 10_000) - (peak(floor, big) - peak(floor, 10_000));
    const csvGrowth = (csvBytes(big) - csvBytes(10_000)) / 1024 / 1024;
    const perSize = (pick: (size: number) => number, digits = 1): string =>
      SIZES.map((size) => `${size / 1000}k: ${round(pick(size), digits)}`).join(' / ');
    return [
      {
        name: `batch engine throughput at ${SIZES.map((size) => size.toLocaleString('en')).join(', ')} ids (concurrency ${CONCURRENCY}), slowest size against fastest`,
        baseline: 'the fastest size, same engine, same sandbox, rounds interleaved',
        unit: 'lookups/s',
        value: slowest,
        baselineValue: fastest,
        ratio: slowest / fastest,
        target: `≥ ${THROUGHPUT_TARGET.toFixed(2)}`,
        pass: slowest / fastest >= THROUGHPUT_TARGET,
        details: {
          slowestSize: sizeOf(slowest),
          fastestSize: sizeOf(fastest),
          medianPerSecond: perSize((size) => perSecond.get(size) ?? NaN, 0),
          rounds: perSize((size) => of(size).length, 0),
          cpuUsPerLookup: perSize((size) => median(of(size).map((one) => one.cpuUsPerLookup)), 0),
        },
      },
      {
        name: `batch engine: main-process memory a finished batch holds per 1,000 rows, ${big.toLocaleString('en')} ids against 10,000`,
        baseline: 'the same per 1,000 rows of a 10,000-id batch (heap + external after a full GC)',
        unit: 'MB/1k rows',
        value: heldPer1000.get(big) ?? NaN,
        baselineValue: heldPer1000.get(10_000) ?? NaN,
        ratio: memoryRatio,
        target: `≤ ${MEMORY_TARGET.toFixed(2)}`,
        pass: memoryRatio <= MEMORY_TARGET,
        details: {
          heldMbPer1000Rows: perSize((size) => heldPer1000.get(size) ?? NaN, 3),
          heldMb: perSize(heldOf),
          peakRssGrowthMb: perSize((size) => Math.max(...of(size).map((one) => one.peakRssGrowthMb))),
        },
      },
      {
        name: `cli: \`paydesk batch deposits <file> --csv\`, peak RSS beyond the engine's own, growth from 10,000 to ${big.toLocaleString('en')} ids`,
        baseline:
          "the CSV's own growth (bytes written) between the two: what holding the output whole would add",
        unit: 'MB',
        value: cliExtra,
        baselineValue: csvGrowth,
        ratio: cliExtra / csvGrowth,
        target: `≤ ${CLI_TARGET.toFixed(2)}`,
        pass: cliExtra / csvGrowth <= CLI_TARGET,
        details: {
          runs: (cli.get(big) ?? []).length,
          cliPeakRssMb: `10k: ${runsOf(cli, 10_000)} / 100k: ${runsOf(cli, big)}`,
          // The same engine on the same ids in a child of its own, rows held once, nothing written.
          floorPeakRssMb: `10k: ${runsOf(floor, 10_000)} / 100k: ${runsOf(floor, big)}`,
          csvMb: `10k: ${round(csvBytes(10_000) / 1024 / 1024, 2)} / 100k: ${round(csvBytes(big) / 1024 / 1024, 2)}`,
          cliMs100k: round(median((cli.get(big) ?? []).map((one) => one.ms)), 0),
        },
      },
    ];
  } finally {
    await stopChildSandbox(sandbox);
    await rm(work, { recursive: true, force: true });
  }
}
