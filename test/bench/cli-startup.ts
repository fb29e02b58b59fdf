/**
 * The start-up figures: how long a `paydesk` command takes from spawn to exit as installed
 * (`node out/cli/index.js`, the bundle `npm run build` makes, built here afresh into a temp folder
 * so a stale out/cli is never timed), against `node -e 0` spawned the same way in the same rounds.
 * The same commands from the sources (`node --import tsx main/cli/index.ts`, `npm run cli`) are
 * timed in the same rounds and given in the details. Two commands: `--help` (nothing
 * but the program's description) and `deposits get` against a sandbox already running (started
 * here, in this process, before the rounds), through PAYDESK_BASE_URL and the credential
 * variables, so no keychain and no settings file is involved.
 *
 * `node --import tsx -e 0` is measured in the same rounds too and given in the details: it is
 * the floor of any command run through tsx, so the rest of a command's time is the CLI's own.
 * Each round runs every process once, in an order that rotates from round to round, so a slow
 * drift of the shared machine's load reaches every column alike.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { SEEDED_RECORDS, startSandbox } from '../../main/sandbox';
import { median, round, type BenchRow } from './bench-row';

const ROUNDS = 15;
const WARM_UP = 2;
const TARGET = 3;
const REPO = join(import.meta.dirname, '..', '..');
const RUNNER = 'node <build>/cli/index.js (scripts/build-cli.mjs, esbuild, code splitting)';

interface Run {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Checked on every run, so a failing command is never timed as a fast one. */
  expectOut?: string;
}

/** Wall time in ms from spawn to exit; throws when the command fails. */
function timed(run: Run): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, run.args, {
      cwd: REPO,
      env: run.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0 || (run.expectOut !== undefined && !out.includes(run.expectOut))) {
        reject(new Error(`${run.name}: exit ${String(code)}\n${err.slice(0, 2000)}`));
      } else resolve(elapsed);
    });
  });
}

export async function bench(): Promise<BenchRow[]> {
  const sandbox = await startSandbox({ seed: 26 });
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-cli-'));
  // The user's environment minus anything of ours that would change what the CLI does.
  const base: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_') && name !== 'NODE_OPTIONS'),
  );
  const cliEnv = { ...base, PAYDESK_DATA_DIR: dataDir };
  const bundle = join(dataDir, 'build', 'cli', 'index.js');
  await promisify(execFile)(process.execPath, [
    join(REPO, 'scripts', 'build-cli.mjs'),
    '--outDir',
    join(dataDir, 'build', 'cli'),
  ]);
  const depositId = String(SEEDED_RECORDS.completedCardDeposit);
  const serviceEnv = {
    ...cliEnv,
    PAYDESK_BASE_URL: sandbox.baseUrl,
    PAYDESK_API_KEY: sandbox.credentials.apiKey,
    PAYDESK_API_SECRET: sandbox.credentials.apiSecret,
  };
  const tsx = ['--import', 'tsx', 'main/cli/index.ts'];
  const runs: Run[] = [
    { name: 'node -e 0', args: ['-e', '0'], env: base },
    { name: 'tsx floor', args: ['--import', 'tsx', '-e', '0'], env: base },
    { name: 'help', args: [bundle, '--help'], env: cliEnv, expectOut: 'Usage: paydesk' },
    {
      name: 'deposits get',
      args: [bundle, 'deposits', 'get', depositId],
      env: serviceEnv,
      expectOut: depositId,
    },
    { name: 'tsx help', args: [...tsx, '--help'], env: cliEnv, expectOut: 'Usage: paydesk' },
    {
      name: 'tsx deposits get',
      args: [...tsx, 'deposits', 'get', depositId],
      env: serviceEnv,
      expectOut: depositId,
    },
  ];
  const times = new Map<string, number[]>(runs.map((run) => [run.name, []]));
  try {
    for (let index = 0; index < WARM_UP + ROUNDS; index += 1) {
      // tsx's transform cache is filled by the warm-up rounds, as it is on a user's second call.
      const order = runs.map((_, at) => runs[(at + index) % runs.length] as Run);
      for (const run of order) {
        const elapsed = await timed(run);
        if (index >= WARM_UP) times.get(run.name)?.push(elapsed);
      }
    }
  } finally {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const of = (name: string): number[] => times.get(name) ?? [];
  const baselineValue = median(of('node -e 0'));
  const tsxFloor = median(of('tsx floor'));
  const row = (name: string, title: string): BenchRow => {
    const value = median(of(name));
    const fromSources = median(of(`tsx ${name}`));
    const ratio = value / baselineValue;
    return {
      name: `cli start-up: ${title} (median of ${ROUNDS})`,
      baseline: '`node -e 0`, spawned',
      unit: 'ms',
      value,
      baselineValue,
      ratio,
      target: `≤ ${TARGET.toFixed(2)}`,
      pass: ratio <= TARGET,
      details: {
        runner: RUNNER,
        rounds: ROUNDS,
        ms: of(name)
          .map((ms) => round(ms, 0))
          .join(' / '),
        baselineMs: of('node -e 0')
          .map((ms) => round(ms, 0))
          .join(' / '),
        // The same command from the sources (`npm run cli`), and tsx alone (`node --import tsx -e 0`).
        fromSourcesMs: round(fromSources),
        fromSourcesRatio: round(fromSources / baselineValue, 2),
        tsxFloorMs: round(tsxFloor),
      },
    };
  };
  return [
    row('help', '`paydesk --help`'),
    row('deposits get', '`paydesk deposits get <id>` against a running sandbox'),
  ];
}
