import { test, expect } from '@playwright/test';
import { dataOf } from '../../support/result';
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ConsoleError, Result } from '../../../shared/contract';
import { ANCHOR_FILE, openJournal, type Journal, type OpenJournalOptions } from '../../../main/core/audit';
import { PAYER, SEAL_KEY, TESTING, depositBody, removeTempDirs, tempDir } from '../../support/audit/samples';

/**
 * Lines cut off the END of the journal leave a shorter chain that still verifies. The
 * anchor beside the file (journal.anchor) names the head; verify compares, says how many entries
 * are missing, lists every repair, and the journal refuses new entries until an operator
 * acknowledges the gap with a journaled `gap` entry.
 */

test.afterAll(removeTempDirs);

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

async function open(dir: string, options: Partial<OpenJournalOptions> = {}): Promise<Journal> {
  return dataOf(await openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY, ...options }));
}

let invoices = 0;

function intentInput() {
  invoices += 1;
  return {
    environment: TESTING,
    action: 'deposit.create' as const,
    idempotencyKey: randomUUID(),
    request: depositBody(`INV-A${invoices}`),
  };
}

/** `pairs` settled deposits: 2 × pairs entries, each intent with its outcome. */
async function settledPairs(journal: Journal, pairs: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < pairs; index += 1) {
    const intent = dataOf(await journal.recordIntent(intentInput()));
    dataOf(
      await journal.recordOutcome(intent.intentId, {
        result: 'ok',
        resultingIds: { deposit_id: 500 + index },
      }),
    );
    ids.push(intent.intentId);
  }
  return ids;
}

const journalPath = (dir: string): string => join(dir, 'journal.jsonl');
const anchorPath = (dir: string): string => join(dir, ANCHOR_FILE);
const fileLines = (dir: string): string[] =>
  readFileSync(journalPath(dir), 'utf8').split('\n').filter(Boolean);

/** Cuts the last `count` whole lines off the journal, as a truncate(2) from outside would. */
function cutWholeLines(dir: string, count: number): void {
  const lines = fileLines(dir);
  const keep = lines.slice(0, lines.length - count);
  truncateSync(journalPath(dir), Buffer.byteLength(keep.map((line) => `${line}\n`).join('')));
}

test.describe('the anchor', () => {
  test('names the last entry and the file length after every append, and nothing else', async () => {
    const dir = tempDir('anchor');
    const journal = await open(dir);
    await settledPairs(journal, 2);
    const anchor = JSON.parse(readFileSync(anchorPath(dir), 'utf8')) as Record<string, unknown>;
    const last = JSON.parse(fileLines(dir).at(-1) ?? '{}') as { seq: number; hash: string };
    expect(Object.keys(anchor).sort()).toEqual(['bytes', 'hash', 'seq', 'since', 'v']);
    expect(anchor).toMatchObject({
      v: 1,
      seq: 4,
      hash: last.hash,
      bytes: readFileSync(journalPath(dir)).length,
      since: { seq: 0 },
    });
    // No secret, payer value or key: only numbers, hashes and a time.
    const text = readFileSync(anchorPath(dir), 'utf8');
    for (const value of Object.values(PAYER)) expect(text).not.toContain(value);
    expect(text).not.toContain('INV-');
    await journal.close();
  });

  test('survives a reopen: lines cut while no process had the journal open are found', async () => {
    const dir = tempDir('anchor');
    const first = await open(dir);
    await settledPairs(first, 3);
    await first.close();
    const before = readFileSync(anchorPath(dir), 'utf8');

    const second = await open(dir);
    expect(readFileSync(anchorPath(dir), 'utf8')).toBe(before);
    expect(dataOf(await second.verify())).toMatchObject({
      ok: true,
      anchor: { state: 'matches', head: { seq: 6 } },
    });
    await second.close();

    cutWholeLines(dir, 2);
    const third = await open(dir);
    expect(dataOf(await third.verify())).toMatchObject({
      ok: false,
      entries: 4,
      anchor: { state: 'entries_missing', count: 2, head: { seq: 6 } },
      writesRefused: true,
    });
    await third.close();
  });

  test('a journal whose anchor is gone is unverifiable, not intact, until someone acknowledges it', async () => {
    const dir = tempDir('anchor');
    const first = await open(dir);
    await settledPairs(first, 2);
    await first.close();
    // A tail cut and the anchor deleted: from inside the file this looks like a whole journal.
    cutWholeLines(dir, 1);
    rmSync(anchorPath(dir));

    const journal = await open(dir);
    expect(dataOf(await journal.verify())).toMatchObject({
      ok: false,
      anchor: { state: 'anchor_missing' },
      writesRefused: true,
    });
    expect(failure(await journal.recordIntent(intentInput())).text?.key).toBe('journal.anchorProblem');
    expect(dataOf(await journal.acknowledgeTruncation({ reason: 'Compared with the backup' }))).toMatchObject(
      {
        problem: 'anchor_missing',
      },
    );
    const report = dataOf(await journal.verify());
    expect(report).toMatchObject({ ok: true, anchor: { state: 'matches', since: { seq: 3 } } });
    expect(report.gaps).toMatchObject([{ problem: 'anchor_missing', reason: 'Compared with the backup' }]);
    // From then on a cut is seen.
    await settledPairs(journal, 1);
    cutWholeLines(dir, 1);
    expect(dataOf(await journal.verify()).anchor).toMatchObject({ state: 'entries_missing', count: 1 });
    await journal.close();
  });

  test('a new journal gets its anchor at open', async () => {
    const dir = tempDir('anchor');
    const journal = await open(dir);
    expect(existsSync(anchorPath(dir))).toBe(true);
    expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 0 });
    await journal.close();
  });

  test('an anchor behind the file (a crash between an append and its update) is not a problem', async () => {
    const dir = tempDir('anchor');
    const journal = await open(dir);
    await settledPairs(journal, 1);
    const older = join(dir, 'older.anchor');
    copyFileSync(anchorPath(dir), older);
    await settledPairs(journal, 1);
    copyFileSync(older, anchorPath(dir));

    expect(dataOf(await journal.verify())).toMatchObject({
      ok: true,
      anchor: { state: 'behind', count: 2, head: { seq: 2 } },
      writesRefused: false,
    });
    await settledPairs(journal, 1);
    expect(dataOf(await journal.verify()).anchor).toMatchObject({ state: 'matches', head: { seq: 6 } });
    await journal.close();
  });
});

test.describe('lines cut off the end', () => {
  test('verify reports how many entries are missing, and the journal is not ok', async () => {
    const dir = tempDir('cut');
    const journal = await open(dir);
    await settledPairs(journal, 4);
    const anchorBefore = JSON.parse(readFileSync(anchorPath(dir), 'utf8')) as { hash: string };

    cutWholeLines(dir, 3);
    const report = dataOf(await journal.verify());
    expect(report).toMatchObject({
      ok: false,
      // The chain of what is left is sound: only the anchor can tell.
      entries: 5,
      anchor: { state: 'entries_missing', count: 3, head: { seq: 8, hash: anchorBefore.hash } },
      writesRefused: true,
    });
    expect(report.firstProblem).toBeUndefined();
    expect(report.anchor?.message).toContain('The last 3 entries of the journal are missing');
    await journal.close();
  });

  test('new intents, outcomes and repairs are refused with a storage error naming the gap', async () => {
    const dir = tempDir('cut');
    const journal = await open(dir);
    await settledPairs(journal, 2);
    const open1 = dataOf(await journal.recordIntent(intentInput()));
    const size = readFileSync(journalPath(dir)).length;
    // A cut through the middle of the last line: one entry missing and a cut-short remnant.
    truncateSync(journalPath(dir), size - 20);

    const refused = failure(await journal.recordIntent(intentInput()));
    expect(refused.kind).toBe('storage');
    expect(refused.message).toContain('The last entry of the journal is missing');
    expect(refused.message).toContain('paydesk audit acknowledge-truncation');
    // The intent that was cut off cannot get an outcome; nothing was appended.
    expect(failure(await journal.recordOutcome(open1.intentId, { result: 'ok' })).kind).toBe('storage');
    expect(readFileSync(journalPath(dir)).length).toBe(size - 20);

    // Reopening does not repair the remnant away either: it is part of the evidence.
    const reopened = await open(dir);
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);
    expect(readFileSync(journalPath(dir)).length).toBe(size - 20);
    const report = dataOf(await reopened.verify());
    expect(report).toMatchObject({
      ok: false,
      anchor: { state: 'entries_missing', count: 1 },
      firstProblem: { kind: 'truncated' },
    });
    // Reading goes on.
    expect(dataOf(await reopened.entries())).toHaveLength(4);
    await reopened.close();
    await journal.close();
  });

  test('the spool of an intent that was cut off is kept at open', async () => {
    const dir = tempDir('cut');
    const journal = await open(dir);
    await settledPairs(journal, 1);
    const lost = dataOf(await journal.recordIntent(intentInput()));
    await journal.close();
    cutWholeLines(dir, 1);
    const reopened = await open(dir);
    expect(existsSync(join(dir, 'pending', `${lost.intentId}.json`))).toBe(true);
    await reopened.close();
  });

  test('an end that does not match the anchor (another chain of the same length) is refused', async () => {
    const dir = tempDir('cut');
    const journal = await open(dir);
    await settledPairs(journal, 2);
    await journal.close();
    const other = tempDir('cut-other');
    const otherJournal = await open(other);
    await settledPairs(otherJournal, 2);
    await otherJournal.close();
    copyFileSync(journalPath(other), journalPath(dir));

    const reopened = await open(dir);
    expect(dataOf(await reopened.verify())).toMatchObject({
      ok: false,
      anchor: { state: 'mismatch', head: { seq: 4 } },
      writesRefused: true,
    });
    expect(failure(await reopened.recordIntent(intentInput())).message).toContain(
      'The end of the journal is not what its anchor recorded',
    );
    await reopened.close();
  });

  test('an anchor that cannot be read is a problem, not a fresh start', async () => {
    const dir = tempDir('cut');
    const journal = await open(dir);
    await settledPairs(journal, 1);
    writeFileSync(anchorPath(dir), '{"v":1,"seq":');
    expect(dataOf(await journal.verify())).toMatchObject({ ok: false, anchor: { state: 'unreadable' } });
    // Valid JSON that is not an anchor is no better.
    writeFileSync(anchorPath(dir), '{"v":1,"seq":-3,"hash":null}\n');
    expect(dataOf(await journal.verify())).toMatchObject({ ok: false, anchor: { state: 'unreadable' } });
    expect(failure(await journal.recordIntent(intentInput())).kind).toBe('storage');
    const gap = dataOf(await journal.acknowledgeTruncation({ reason: 'Anchor restored from nothing' }));
    expect(gap).toMatchObject({ problem: 'unreadable', missingEntries: null });
    expect(dataOf(await journal.verify())).toMatchObject({
      ok: true,
      anchor: { state: 'matches' },
      gaps: [{ problem: 'unreadable', anchorHead: null }],
    });
    await journal.close();
  });
});

test.describe('acknowledging a gap', () => {
  test('records who, when, how many and the old head; then the anchor follows and writes resume', async () => {
    const dir = tempDir('ack');
    const clock = { time: Date.parse('2025-05-02T09:00:00Z') };
    const journal = await open(dir, { now: () => new Date((clock.time += 1_000)), osUser: 'bruno' });
    await settledPairs(journal, 3);
    const oldHead = JSON.parse(readFileSync(anchorPath(dir), 'utf8')) as {
      seq: number;
      hash: string;
      bytes: number;
    };
    cutWholeLines(dir, 2);

    expect(failure(await journal.acknowledgeTruncation({ reason: '  ' })).kind).toBe('validation');
    const acknowledged = dataOf(
      await journal.acknowledgeTruncation({ reason: 'Checked against the service: 2 lines of deposit 502' }),
    );
    expect(acknowledged).toEqual({ seq: 5, problem: 'entries_missing', missingEntries: 2 });
    const gapLine = JSON.parse(fileLines(dir).at(-1) ?? '{}') as Record<string, unknown>;
    expect(gapLine).toMatchObject({
      type: 'gap',
      seq: 5,
      problem: 'entries_missing',
      missingEntries: 2,
      osUser: 'bruno',
      reason: 'Checked against the service: 2 lines of deposit 502',
      anchorHead: { seq: oldHead.seq, hash: oldHead.hash, bytes: oldHead.bytes },
      fileHead: { seq: 4 },
    });

    const report = dataOf(await journal.verify());
    expect(report).toMatchObject({
      ok: true,
      entries: 5,
      anchor: { state: 'matches', head: { seq: 5 } },
      writesRefused: false,
      gaps: [
        {
          seq: 5,
          osUser: 'bruno',
          problem: 'entries_missing',
          missingEntries: 2,
          anchorHead: { seq: 6, hash: oldHead.hash },
        },
      ],
    });
    expect(report.gaps?.[0]?.time).toMatch(/^2025-05-02T09:00:/);
    const [view] = dataOf(await journal.entries()).filter((entry) => entry.type === 'gap');
    expect(view).toMatchObject({ osUser: 'bruno', reason: expect.stringContaining('deposit 502') });
    expect(view?.note).toContain('2 entries were missing from the end of the journal after entry 4');

    dataOf(await journal.recordIntent(intentInput()));
    expect(failure(await journal.acknowledgeTruncation({ reason: 'again' })).kind).toBe('invalid_state');
    await journal.close();
  });

  test('a cut-short remnant is moved aside after the gap entry, and both are listed', async () => {
    const dir = tempDir('ack');
    const journal = await open(dir);
    await settledPairs(journal, 2);
    const size = readFileSync(journalPath(dir)).length;
    truncateSync(journalPath(dir), size - 30);
    dataOf(await journal.acknowledgeTruncation({ reason: 'Power cut on the 2nd' }));
    expect(fileLines(dir).map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      'intent',
      'outcome',
      'intent',
      'gap',
      'repair',
    ]);
    const report = dataOf(await journal.verify());
    expect(report).toMatchObject({
      ok: true,
      gaps: [{ seq: 4, missingEntries: 1 }],
      repairs: [{ seq: 5 }],
    });
    await journal.close();
  });

  test('another process acknowledging is seen: the refusal ends for every open journal', async () => {
    const dir = tempDir('ack');
    const app = await open(dir);
    await settledPairs(app, 2);
    cutWholeLines(dir, 1);
    expect(failure(await app.recordIntent(intentInput())).kind).toBe('storage');
    const cli = await open(dir);
    dataOf(await cli.acknowledgeTruncation({ reason: 'Seen by ops' }));
    await cli.close();
    dataOf(await app.recordIntent(intentInput()));
    await app.close();
  });
});

test.describe('repairs are never silent', () => {
  test('a torn last line repaired at open is listed by verify: when, bytes, sidecar', async () => {
    const dir = tempDir('repair');
    const first = await open(dir);
    await settledPairs(first, 1);
    await first.close();
    const partial = '{"action":"deposit.create","bodySha256":"ab';
    appendFileSync(journalPath(dir), partial);

    const journal = await open(dir);
    const [sidecar] = readdirSync(dir).filter((name) => name.startsWith('journal.jsonl.partial-'));
    const report = dataOf(await journal.verify());
    expect(report).toMatchObject({
      ok: true,
      entries: 3,
      anchor: { state: 'matches', head: { seq: 3 } },
      repairs: [{ seq: 3, bytes: Buffer.byteLength(partial), sidecar }],
    });
    expect(Date.parse(report.repairs?.[0]?.time ?? '')).not.toBeNaN();
    await journal.close();
  });
});
