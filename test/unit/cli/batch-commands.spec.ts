import { expect, test } from '@playwright/test';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRow, BatchSummary } from '../../../shared/contract';
import { lastRunPath } from '../../../main/core/batch';
import { parseCsv } from '../../../main/core/csv';
import { createMemoryBackend } from '../../../main/core/vault';
import { FIRST_BULK_DEPOSIT_ID, startSandbox, type SandboxHandle } from '../../../main/sandbox';
import { cliVariables } from '../../support/cli-variables';
import { runCliInProcess, QUICK_CLIENT, type CliRun, type CliRunInput } from '../../support/in-process-cli';

/** `paydesk batch` in-process against a real sandbox (PAYDESK_BASE_URL and its credentials). */

let sandbox: SandboxHandle;
let dataDir: string;

test.beforeEach(async () => {
  sandbox = await startSandbox({ seed: 71, bulkDeposits: 50 });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-batch-'));
});
test.afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const environment = (baseUrl = sandbox.baseUrl): Record<string, string> => ({
  PAYDESK_DATA_DIR: dataDir,
  ...cliVariables(baseUrl, sandbox.credentials),
});

async function cli(argv: string[], options: Partial<CliRunInput> = {}): Promise<CliRun> {
  return runCliInProcess(
    argv,
    { ...options, env: options.env ?? environment() },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli-batch' },
      sandbox: false,
    },
  );
}

async function idsFile(text: string): Promise<string> {
  const path = join(dataDir, `ids-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(path, text);
  return path;
}

test('a file of ids, human output: one line per id and a summary; exit 0 when all are found', async () => {
  const file = await idsFile('300000001\n300000002, 300000005\n');
  const run = await cli(['batch', 'deposits', file, '--concurrency', '2', '--rate', '100']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatch(/^300000001 {2}ok {2}COMPLETED {2}150 BRL {2}new$/);
  expect(lines[1]).toMatch(/^300000002 {2}ok {2}PENDING {2}[\d.]+ BRL {2}new$/);
  expect(lines[2]).toMatch(/^300000005 {2}ok {2}CANCELLED /);
  expect(lines[3]).toBe(
    '# 3 ids: 3 ok, 0 failed, 0 not looked up; 0 changed, 3 new (no earlier run); batch done',
  );
});

test('stdin with invalid tokens and duplicates, --json: one document; tokens on stderr; exit 2', async () => {
  const run = await cli(['--json', 'batch', 'cashouts', '-'], {
    stdin: 'cashout_id\n11954\next:payout-7782\nnope\n11954\n',
  });
  expect(run.code).toBe(2);
  expect(run.stderr).toBe(
    'paydesk: invalid token "nope" (row 4): is not a cashout id; write an external id as ext:<id>\n' +
      'paydesk: 1 duplicate id dropped (11954 ×2)\n',
  );
  const document = JSON.parse(run.stdout) as {
    summary: BatchSummary;
    input: { invalidCount: number; duplicateCount: number; header: string[] };
    rows: BatchRow[];
  };
  expect(document.summary).toMatchObject({ kind: 'cashouts', state: 'done', total: 2, done: 2, failed: 0 });
  expect(document.input).toMatchObject({ invalidCount: 1, duplicateCount: 1, header: ['cashout_id'] });
  expect(document.rows.map((row) => [row.id, row.status, row.statusCode])).toEqual([
    ['11954', 'PENDING', 0],
    ['ext:payout-7782', 'ON_HOLD', 5],
  ]);
});

test('--csv prints the export; a not-found id exits 1', async () => {
  const run = await cli(['batch', 'refunds', await idsFile('17 18 424242'), '--csv']);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('');
  const table = parseCsv(run.stdout);
  if (!table.ok) throw new Error(table.error.message);
  expect(table.data[0]?.slice(0, 5)).toEqual(['id', 'result', 'status', 'changed', 'previous_status']);
  expect(table.data.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
    ['17', 'ok', 'COMPLETED'],
    ['18', 'ok', 'PENDING'],
    ['424242', 'failed', ''],
  ]);
});

test('the second run marks what changed since the first (the last-run file in the data folder)', async () => {
  const file = await idsFile('300000002 300000001');
  expect((await cli(['batch', 'deposits', file])).code).toBe(0);
  await fetch(`${sandbox.controlUrl}/deposits/300000002/transition`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: 'COMPLETED' }),
  });
  const second = await cli(['batch', 'deposits', file]);
  expect(second.stdout).toMatch(/^300000002 {2}ok {2}COMPLETED .* {2}changed \(was PENDING\)$/m);
  expect(second.stdout).toMatch(/^300000001 {2}ok {2}COMPLETED .* {2}same$/m);
  expect(second.stdout).toMatch(
    /# 2 ids: 2 ok, 0 failed, 0 not looked up; 1 changed, 0 new since the last run/,
  );
});

test('lookups that cannot reach the service exit 3; a run of them stops the batch with one error line', async () => {
  const unreachable = environment('http://127.0.0.1:9');
  const few = await cli(['batch', 'deposits', await idsFile('1 2 3')], { env: unreachable });
  expect(few.code).toBe(3);
  expect(few.stderr).toBe('');
  expect(few.stdout).toMatch(/^1 {2}failed {2}network$/m);

  const many = Array.from({ length: 40 }, (_, index) => index + 1).join(' ');
  const run = await cli(['batch', 'deposits', await idsFile(many)], { env: unreachable });
  expect(run.code).toBe(3);
  expect(run.stderr).toMatch(/^paydesk: network: .*in a row could not reach the service/);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stdout).toMatch(/batch failed\n$/);
});

test('a wrong key stops the batch: its error and exit code, nothing looked up', async () => {
  const run = await cli(['batch', 'deposits', await idsFile('300000001 300000002')], {
    env: { ...environment(), PAYDESK_API_SECRET: 'not-the-secret-at-all' },
  });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/^paydesk: signature: /);
  expect(run.stdout).toContain('batch failed');
  expect(run.stdout).not.toContain('not-the-secret-at-all');
});

test('bad usage exits 2 before anything is looked up', async () => {
  const file = await idsFile('300000001');
  for (const argv of [
    ['batch', 'payouts', file],
    ['batch', 'deposits', file, '--concurrency', '0'],
    ['batch', 'deposits', file, '--rate', 'fast'],
    ['--json', 'batch', 'deposits', file, '--csv'],
    ['batch', 'deposits', join(dataDir, 'missing.txt')],
    ['batch', 'deposits', await idsFile('no ids here')],
  ]) {
    const run = await cli(argv);
    expect(run.code, argv.join(' ')).toBe(2);
    expect(run.stdout, argv.join(' ')).toBe('');
  }
});

test('input limits: stdin over 8 MB and a folder are refused before anything is looked up', async () => {
  const tooMuch = await cli(['batch', 'deposits', '-'], { stdin: '1 '.repeat(4 * 1024 * 1024) + '1' });
  expect(tooMuch).toMatchObject({ code: 2, stdout: '' });
  expect(tooMuch.stderr).toBe(
    'paydesk: validation: source: standard input is larger than 8 MB; split the ids into several files (at most 100,000 ids a batch). [field source]\n',
  );
  const folder = await cli(['--json', 'batch', 'deposits', dataDir]);
  expect(folder).toMatchObject({ code: 2, stdout: '' });
  expect(JSON.parse(folder.stderr)).toEqual({
    error: {
      kind: 'validation',
      field: 'source',
      message: `source: ${dataDir} is a folder, not a file; give the file inside it.`,
    },
  });
});

test('a damaged last-run file is set aside (bytes kept), said on stderr, and never compared with', async () => {
  const file = await idsFile('300000002 300000001');
  expect((await cli(['batch', 'deposits', file])).code).toBe(0);
  const lastRun = lastRunPath(dataDir, 'variables', 'deposits');
  const sound = await readFile(lastRun, 'utf8');
  const stored = JSON.parse(sound) as { ids: string[]; statuses: Array<string | null> };
  expect(stored.ids).toEqual(['300000002', '300000001']);

  // Each way a file can fail its checks; the second would pair 300000001 with PENDING if read.
  const damaged = [
    sound.slice(0, 40),
    JSON.stringify({ ...stored, version: 2, ids: stored.ids, statuses: ['PENDING'] }),
    JSON.stringify({ ...stored, statuses: [42, 'COMPLETED'] }),
    JSON.stringify({ ...stored, ids: ['300000001', '300000001'] }),
  ];
  const reasons = [
    'it is not readable data',
    'its ids and statuses do not pair up',
    'it is not what Paydesk writes',
    'it names an id twice',
  ];
  for (const [index, bytes] of damaged.entries()) {
    const folder = join(dataDir, 'batch');
    for (const name of await readdir(folder)) if (name.includes('.damaged-')) await rm(join(folder, name));
    await writeFile(lastRun, bytes);
    const run = await cli(['batch', 'deposits', file]);
    expect(run.code, run.stderr).toBe(0);
    const aside = (await readdir(folder)).filter((name) => name.includes('.damaged-'));
    expect(aside).toHaveLength(1);
    const [name] = aside as [string];
    expect(name).toMatch(
      /^last-run\.variables\.deposits\.json\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/,
    );
    expect(await readFile(join(folder, name), 'utf8')).toBe(bytes);
    expect(run.stderr).toBe(
      `paydesk: note: The saved results of the last deposits batch (last-run.variables.deposits.json) could not be used: ${reasons[index]}. They were moved aside to ${name}; this batch is not compared with an earlier one, so every row shows as new.\n`,
    );
    // Every row is new: nothing was compared with what the damaged file seemed to say.
    expect(run.stdout).toMatch(/^300000002 {2}ok {2}\S+ .* {2}new$/m);
    expect(run.stdout).toMatch(/^300000001 {2}ok {2}COMPLETED .* {2}new$/m);
    expect(run.stdout).toMatch(/ 0 changed, 2 new \(no earlier run\); batch done\n$/);
  }

  // --json: the note as a notice line, and in the summary for whoever reads the document.
  await writeFile(lastRun, '{"version":2');
  const json = await cli(['--json', 'batch', 'deposits', file]);
  expect(json.code).toBe(0);
  const notice = JSON.parse(json.stderr) as { notice: string };
  expect(notice.notice).toMatch(/^The saved results of the last deposits batch .* every row shows as new\.$/);
  const summary = (JSON.parse(json.stdout) as { summary: BatchSummary }).summary;
  expect(summary.previousRunSetAside).toMatchObject({
    file: 'last-run.variables.deposits.json',
    movedTo: expect.stringContaining('last-run.variables.deposits.json.damaged-'),
    reason: 'it is not readable data',
    message: notice.notice,
    text: { key: 'storage.lastRunSetAside' },
  });

  // The sound file the last run wrote is read as before: compared with, no note.
  const after = await cli(['batch', 'deposits', file]);
  expect(after.stderr).toBe('');
  expect(after.stdout).toMatch(/ 0 new since the last run/);
});

test('Ctrl-C cancels the batch: progress on a terminal, what was answered is printed, exit 130', async () => {
  const ids = Array.from({ length: 30 }, (_, index) => FIRST_BULK_DEPOSIT_ID + index).join('\n');
  const controller = new AbortController();
  // Ctrl-C once the progress line shows a few answered, whatever the pace of the machine.
  const onStderr = (text: string): void => {
    const done = /paydesk batch: (\d+)\/30 /.exec(text)?.[1];
    if (done !== undefined && Number(done) >= 2) controller.abort();
  };
  const run = await cli(['batch', 'deposits', await idsFile(ids), '--rate', '5'], {
    signal: controller.signal,
    tty: true,
    onStderr,
  });
  expect(run.code).toBe(130);
  expect(run.stderr).toMatch(/^\rpaydesk batch: \d+\/30 \(0 failed\) [\d.]+\/s /);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(31);
  expect(lines.filter((line) => / {2}ok {2}/.test(line)).length).toBeGreaterThanOrEqual(2);
  expect(lines.filter((line) => / {2}pending/.test(line)).length).toBeGreaterThan(0);
  expect(lines.at(-1)).toMatch(/batch cancelled$/);
});
