import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Inputs without an end, as a real `paydesk` process meets them: `/dev/zero` named as the ids'
 * file or the ledger, or given as stdin, and a huge sparse file. Each is refused with the
 * validation exit code (2) within seconds, and the process never holds much more than the limit:
 * before, `paydesk batch deposits /dev/zero` grew until the kernel killed it. Linux inputs and
 * /proc/<pid>/status: the suites run on Linux (README, "Tests in depth").
 */

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
/** Far above a Node process with a 64 MB ledger in hand, far below an unbounded read. */
const RSS_CEILING_KB = 450 * 1024;
/** An unbounded read is stopped here, so a failing test does not take the machine down with it. */
const RSS_KILL_KB = 1536 * 1024;

let dataDir: string;
test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-input-limits-'));
});
test.afterEach(() => rm(dataDir, { recursive: true, force: true }));

interface Watched {
  code: number | null;
  stderr: string;
  peakRssKb: number;
  seconds: number;
}

function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Runs the bin with `stdinFile` (a path) as its stdin, sampling its memory until it ends. */
async function watched(argv: string[], stdinFile = '/dev/null'): Promise<Watched> {
  const stdin = openSync(stdinFile, 'r');
  const started = Date.now();
  const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'paydesk.js'), ...argv], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, PAYDESK_DATA_DIR: dataDir },
    stdio: [stdin, 'ignore', 'pipe'],
  });
  closeSync(stdin);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    if (child.pid === undefined) return;
    peakRssKb = Math.max(peakRssKb, rssKb(child.pid));
    if (peakRssKb > RSS_KILL_KB) child.kill('SIGKILL');
  }, 20);
  const limit = setTimeout(() => child.kill('SIGKILL'), 40_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
  clearInterval(sampler);
  clearTimeout(limit);
  return { code, stderr, peakRssKb, seconds: (Date.now() - started) / 1000 };
}

function expectRefusedQuickly(run: Watched, line: string): void {
  expect(run.stderr, `peak ${run.peakRssKb} kB after ${run.seconds} s`).toBe(line);
  expect(run.code).toBe(2);
  expect(run.peakRssKb, 'peak resident memory, kB').toBeLessThan(RSS_CEILING_KB);
  // The bin's own start (tsx loading the sources) takes most of this on a busy machine.
  expect(run.seconds).toBeLessThan(20);
}

test('batch: /dev/zero as the ids file, and as stdin (-), is refused at 8 MB; memory stays bounded', async () => {
  expectRefusedQuickly(
    await watched(['batch', 'deposits', '/dev/zero']),
    'paydesk: validation: source: /dev/zero is larger than 8 MB; split the ids into several files (at most 100,000 ids a batch). [field source]\n',
  );
  expectRefusedQuickly(
    await watched(['batch', 'deposits', '-'], '/dev/zero'),
    'paydesk: validation: source: standard input is larger than 8 MB; split the ids into several files (at most 100,000 ids a batch). [field source]\n',
  );
});

test('reconcile: /dev/zero as the ledger, and as stdin (-), is refused at 64 MB; memory stays bounded', async () => {
  expectRefusedQuickly(
    await watched(['reconcile', '/dev/zero']),
    'paydesk: validation: ledger: /dev/zero is larger than 64 MB; export a shorter period, or split the ledger into several files. [field ledger]\n',
  );
  expectRefusedQuickly(
    await watched(['reconcile', '-', '--ledger-id', 'zeros'], '/dev/zero'),
    'paydesk: validation: ledger: standard input is larger than 64 MB; export a shorter period, or split the ledger into several files. [field ledger]\n',
  );
});

test('a sparse 64 GB ledger and a sparse 64 GB ids file are refused from their size, at once', async () => {
  const huge = join(dataDir, 'huge.csv');
  await writeFile(huge, '');
  await truncate(huge, 64 * 1024 * 1024 * 1024);
  expectRefusedQuickly(
    await watched(['reconcile', huge]),
    `paydesk: validation: ledger: ${huge} is larger than 64 MB; export a shorter period, or split the ledger into several files. [field ledger]\n`,
  );
  expectRefusedQuickly(
    await watched(['batch', 'refunds', huge]),
    `paydesk: validation: source: ${huge} is larger than 8 MB; split the ids into several files (at most 100,000 ids a batch). [field source]\n`,
  );
});
