import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync, truncateSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '../../../main/core/audit';
import { createMemoryBackend } from '../../../main/core/vault';
import { TESTING, depositBody } from '../../support/audit/samples';
import { runCliInProcess, type CliRun } from '../../support/in-process-cli';

/**
 * `paydesk audit verify` on a journal whose end was cut off (issue 24): exit 1 and how many
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
