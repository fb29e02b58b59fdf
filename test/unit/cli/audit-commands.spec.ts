import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '../../../main/core/audit';
import { createMemoryBackend } from '../../../main/core/vault';
import { TESTING, depositBody } from '../../support/audit/samples';
import { runCliInProcess, type CliRun } from '../../support/in-process-cli';

/**
 * `paydesk audit verify` on a journal whose end was cut off: exit 1 and how many
 * entries are missing; a repaired torn line is listed, not silent; `audit acknowledge-truncation`
 * records the gap and lets writes resume.
 */

let dataDir: string;

test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-anchor-'));
});
test.afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function cli(argv: string[]): Promise<CliRun> {
  return runCliInProcess(
    argv,
    { env: { PAYDESK_DATA_DIR: dataDir } },
    {
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli-anchor' },
      sandbox: { seed: 24 },
    },
  );
}

const journalFile = (): string => join(dataDir, 'audit', 'journal.jsonl');

/** Settled deposits written by the real journal, as the app would: 2 entries each. */
async function writeDeposits(count: number): Promise<void> {
  const opened = await openJournal({ dir: join(dataDir, 'audit'), osUser: 'ana' });
  if (!opened.ok) throw new Error(opened.error.message);
  for (let index = 0; index < count; index += 1) {
    const intent = await opened.data.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      request: depositBody(`INV-C${index}`),
    });
    if (!intent.ok) throw new Error(intent.error.message);
    await opened.data.recordOutcome(intent.data.intentId, { result: 'ok' });
  }
  await opened.data.close();
}

function cutWholeLines(count: number): void {
  const lines = readFileSync(journalFile(), 'utf8').split('\n').filter(Boolean);
  const keep = lines.slice(0, lines.length - count);
  truncateSync(journalFile(), Buffer.byteLength(keep.map((line) => `${line}\n`).join('')));
}

test('a journal with lines cut off the end: verify exits 1 and says how many; acknowledging resumes', async () => {
  await writeDeposits(3);
  expect((await cli(['audit', 'verify'])).code).toBe(0);
  cutWholeLines(2);

  const cut = await cli(['audit', 'verify']);
  expect(cut.code).toBe(1);
  expect(cut.stdout).toMatch(/^journal cut short: 2 entries missing from the end\n/);
  expect(cut.stdout).toContain('paydesk audit acknowledge-truncation --reason');
  expect(cut.stderr).toMatch(/^paydesk: storage: The last 2 entries of the journal are missing/);
  expect(cut.stderr.trimEnd().split('\n')).toHaveLength(1);
  const json = await cli(['audit', 'verify', '--json']);
  expect(json.code).toBe(1);
  expect(JSON.parse(json.stdout)).toMatchObject({
    ok: false,
    entries: 4,
    anchor: { state: 'entries_missing', count: 2, head: { seq: 6 } },
    writesRefused: true,
  });

  expect((await cli(['audit', 'acknowledge-truncation'])).code).toBe(2);
  const acknowledged = await cli(['audit', 'acknowledge-truncation', '--reason', 'Checked with the service']);
  expect(acknowledged).toMatchObject({
    code: 0,
    stdout:
      'acknowledged at entry 5: 2 missing entries are on record; the journal accepts new entries again\n',
  });
  const after = await cli(['audit', 'verify']);
  expect(after.code).toBe(0);
  expect(after.stdout).toMatch(/^journal ok: 5 entries, head hash [0-9a-f]{64}\n/);
  expect(after.stdout).toMatch(
    /acknowledged gap at entry 5 \(.+\) by .+: 2 entries missing from the end \(the anchor named entry 6\); reason: Checked with the service\n$/,
  );
  // Nothing left to acknowledge: the state forbids it, exit 1.
  expect((await cli(['audit', 'acknowledge-truncation', '--reason', 'again'])).code).toBe(1);
});

test('a torn last line repaired when the CLI opens the journal is listed by verify', async () => {
  await writeDeposits(1);
  const torn = '{"v":1,"seq":3,"ty';
  appendFileSync(journalFile(), torn);
  const run = await cli(['audit', 'verify']);
  expect(run.code).toBe(0);
  const [sidecar] = readdirSync(join(dataDir, 'audit')).filter((name) => name.includes('.partial-'));
  expect(sidecar).toBeDefined();
  expect(run.stdout).toMatch(/^journal ok: 3 entries, head hash [0-9a-f]{64}\n/);
  expect(run.stdout).toContain(`repair at entry 3 (`);
  expect(run.stdout).toContain(`): ${torn.length} bytes of a cut-short line moved to ${sidecar}\n`);
});

test('a damaged line in the middle: verify names it and the repair command; the repair lists what it may have been', async () => {
  await writeDeposits(2);
  const lines = readFileSync(journalFile(), 'utf8').split('\n');
  // One character of the first intent's line, same length: it no longer matches its own hash.
  lines[0] = (lines[0] ?? '').replace('"osUser":"ana"', '"osUser":"anb"');
  writeFileSync(journalFile(), lines.join('\n'));

  const broken = await cli(['audit', 'verify']);
  expect(broken.code).toBe(1);
  expect(broken.stdout).toContain('line 1 cannot be read: Line 1 does not match its own hash');
  expect(broken.stdout).toContain('new intents are refused until repaired: paydesk audit repair --reason');
  expect(broken.stderr).toMatch(
    /^paydesk: storage: The journal is broken at line 1 \(tampered\).*paydesk audit repair/,
  );

  expect((await cli(['audit', 'repair'])).code).toBe(2);
  const repaired = await cli(['audit', 'repair', '--reason', 'Bit flip on the desk disk; backup compared']);
  expect(repaired.code).toBe(0);
  expect(repaired.stdout).toMatch(
    /^line 1 repaired at entry 5: its bytes are kept in journal\.jsonl\.damaged-/,
  );
  expect(repaired.stdout).toContain('the journal accepts new intents again');
  const after = await cli(['audit', 'verify']);
  expect(after.code).toBe(0);
  expect(after.stdout).toMatch(/line 1 repaired at entry 5 \(.+\) by .+: Line 1 does not match its own hash/);
  expect((await cli(['audit', 'repair', '--reason', 'again'])).code).toBe(1);
});
