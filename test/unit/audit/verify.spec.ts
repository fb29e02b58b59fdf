import { test, expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENESIS_HASH, entryHash, sealEntry, type EntryBody } from '../../../main/core/audit/entries';
import { canonicalJson } from '../../../main/core/audit/canonical-json';
import { openJournal, verifyJournalBytes, verifyJournalFile } from '../../../main/core/audit';
import { TESTING, depositBody, removeTempDirs, tempDir } from '../../support/audit/samples';

test.afterAll(removeTempDirs);

/** Journal lines sealed by the journal's own sealing code, without an fsync per line. */
function chainLines(pairs: number): string[] {
  const lines: string[] = [];
  let prev = GENESIS_HASH;
  const push = (body: EntryBody): void => {
    const { entry, line } = sealEntry(body, {
      seq: lines.length + 1,
      prev,
      time: new Date(Date.UTC(2025, 0, 1, 0, 0, lines.length)).toISOString(),
    });
    prev = entry.hash;
    lines.push(line);
  };
  for (let index = 0; index < pairs; index += 1) {
    const intentId = randomUUID();
    push({
      type: 'intent',
      intentId,
      environment: TESTING,
      osUser: 'ana',
      action: 'refund.create',
      ids: { deposit_id: 1000 + index, invoice_id: `INV-${index}` },
      idempotencyKey: randomUUID(),
      reason: null,
      summary: { deposit_id: 1000 + index, invoice_id: `INV-${index}`, amount: '10.5' },
      bodySha256: 'a'.repeat(64),
    });
    push({
      type: 'outcome',
      intentId,
      result: 'ok',
      httpStatus: 200,
      resultingIds: { refund_id: 9000 + index },
    });
  }
  return lines;
}

const bytes = (lines: string[]): Buffer => Buffer.from(lines.join(''), 'utf8');
const hashOf = (line: string): string => (JSON.parse(line) as { hash: string }).hash;

test('a valid long chain verifies, and reports its head hash', () => {
  const lines = chainLines(1000);
  const report = verifyJournalBytes(bytes(lines));
  expect(report).toEqual({ ok: true, entries: 2000, headHash: hashOf(lines.at(-1) ?? '') });
});

/** An intent line exactly as version 1 wrote it before approvals were recorded: it must verify forever. */
const VERSION_1_INTENT_LINE =
  '{"action":"refund.create","bodySha256":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","environment":{"account":"https://api.example.test:443#key:0123456789abcdef","id":"testing-1","kind":"testing","name":"Testing"},"hash":"4fb13acf5a6ee31b3dff7cc21e70b695afbace1fce21d42a5beebb41a06e5bd4","idempotencyKey":"6c0d5b1e-2f3a-4b5c-9d6e-7f8a9b0c1d2e","ids":{"deposit_id":1000,"invoice_id":"INV-1000"},"intentId":"3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b","osUser":"ana","prev":"0000000000000000000000000000000000000000000000000000000000000000","reason":"Ticket 1","seq":1,"summary":{"amount":"10.5","currency":"BRL","deposit_id":1000,"invoice_id":"INV-1000"},"time":"2026-01-02T03:04:05.006Z","type":"intent","v":1}\n';

test('a line written before approvals were recorded still verifies; an approved one after it too', () => {
  expect(verifyJournalBytes(Buffer.from(VERSION_1_INTENT_LINE, 'utf8'))).toEqual({
    ok: true,
    entries: 1,
    headHash: '4fb13acf5a6ee31b3dff7cc21e70b695afbace1fce21d42a5beebb41a06e5bd4',
  });
  const approved = sealEntry(
    {
      type: 'intent',
      intentId: randomUUID(),
      environment: TESTING,
      osUser: 'bob',
      action: 'refund.create',
      ids: { deposit_id: 1001 },
      idempotencyKey: randomUUID(),
      reason: 'Approved request 7: Ticket 1',
      summary: { deposit_id: 1001, amount: '5' },
      bodySha256: 'b'.repeat(64),
      approval: { requestId: '7', madeBy: 'mia', approvedBy: ['bob'] },
    },
    { seq: 2, prev: hashOf(VERSION_1_INTENT_LINE), time: '2026-01-02T03:04:06.000Z' },
  );
  const both = [VERSION_1_INTENT_LINE, approved.line];
  expect(verifyJournalBytes(bytes(both))).toMatchObject({ ok: true, entries: 2 });
  // Who approved is covered by the hash like every other field.
  const edited = approved.line.replace('"approvedBy":["bob"]', '"approvedBy":["eve"]');
  expect(verifyJournalBytes(bytes([VERSION_1_INTENT_LINE, edited]))).toMatchObject({
    ok: false,
    firstProblem: { line: 2, kind: 'tampered' },
  });
});

test('an empty file and a missing file are valid, empty journals', async () => {
  expect(verifyJournalBytes(Buffer.alloc(0))).toEqual({ ok: true, entries: 0, headHash: null });
  const missing = await verifyJournalFile(join(tempDir('verify'), 'nothing.jsonl'));
  expect(missing).toEqual({ ok: true, data: { ok: true, entries: 0, headHash: null } });
});

test('a field edited in place is reported as tampered, on its line', () => {
  const lines = chainLines(5);
  lines[4] = (lines[4] ?? '').replace('"amount":"10.5"', '"amount":"99.5"');
  const report = verifyJournalBytes(bytes(lines));
  expect(report.ok).toBe(false);
  expect(report.firstProblem).toMatchObject({ line: 5, kind: 'tampered' });
  expect(report.entries).toBe(4);
  expect(report.headHash).toBe(hashOf(lines[3] ?? ''));
});

test('a line edited and re-hashed breaks the link of the line after it', () => {
  const lines = chainLines(5);
  const edited = JSON.parse(lines[4] ?? '') as { summary: Record<string, unknown>; hash: string };
  edited.summary.amount = '99.5';
  edited.hash = entryHash(edited);
  lines[4] = `${canonicalJson(edited)}\n`;
  const report = verifyJournalBytes(bytes(lines));
  expect(report.firstProblem).toMatchObject({ line: 6, kind: 'broken_link' });
});

test('a cut-short last line is reported as truncated', () => {
  const lines = chainLines(3);
  const last = lines.pop() ?? '';
  lines.push(last.slice(0, Math.floor(last.length / 2)));
  const report = verifyJournalBytes(bytes(lines));
  expect(report).toMatchObject({ ok: false, entries: 5, firstProblem: { line: 6, kind: 'truncated' } });
});

test('a last line that lost only its end of line is also truncated', () => {
  const lines = chainLines(2);
  lines[3] = (lines[3] ?? '').trimEnd();
  expect(verifyJournalBytes(bytes(lines)).firstProblem).toMatchObject({ line: 4, kind: 'truncated' });
});

test('reordered lines are reported as a bad sequence where the order breaks', () => {
  const lines = chainLines(4);
  [lines[2], lines[3]] = [lines[3] ?? '', lines[2] ?? ''];
  const report = verifyJournalBytes(bytes(lines));
  expect(report.firstProblem).toMatchObject({ line: 3, kind: 'bad_sequence' });
  expect(report.firstProblem?.message).toContain('sequence 4 where 3 was due');
});

test('a deleted line is reported as missing at the line that follows the gap', () => {
  const lines = chainLines(4);
  lines.splice(3, 1);
  const report = verifyJournalBytes(bytes(lines));
  expect(report.firstProblem).toMatchObject({ line: 4, kind: 'bad_sequence' });
  expect(report.firstProblem?.message).toContain('1 entry is missing');
  // The same sentence as a key for the screens, with what it needs to say it.
  expect(report.firstProblem?.text).toEqual({
    key: 'journalLine.entriesMissing',
    params: { seq: 5, expected: 4, count: 1 },
  });
});

test('an inserted copy of an earlier line is reported where it was inserted', () => {
  const lines = chainLines(4);
  lines.splice(4, 0, lines[1] ?? '');
  const report = verifyJournalBytes(bytes(lines));
  expect(report.firstProblem).toMatchObject({ line: 5, kind: 'bad_sequence' });
  expect(report.firstProblem?.text).toEqual({ key: 'journalLine.repeated', params: { seq: 2, expected: 5 } });
});

test('an inserted forged line with a made-up hash is tampered', () => {
  const lines = chainLines(3);
  const forged = (lines[2] ?? '').replace(/"hash":"[0-9a-f]{64}"/, `"hash":"${'b'.repeat(64)}"`);
  lines.splice(2, 0, forged);
  expect(verifyJournalBytes(bytes(lines)).firstProblem).toMatchObject({ line: 3, kind: 'tampered' });
});

test('a line from another chain, with the right sequence, breaks the link', () => {
  const lines = chainLines(3);
  const foreign = chainLines(3);
  lines[3] = foreign[3] ?? '';
  expect(verifyJournalBytes(bytes(lines)).firstProblem).toMatchObject({ line: 4, kind: 'broken_link' });
});

test('a line that is not JSON, or not an entry, is unparseable', () => {
  const lines = chainLines(2);
  expect(verifyJournalBytes(bytes([...lines.slice(0, 2), 'not json\n'])).firstProblem).toMatchObject({
    line: 3,
    kind: 'unparseable',
  });
  expect(verifyJournalBytes(bytes([...lines.slice(0, 2), '[1,2]\n'])).firstProblem).toMatchObject({
    line: 3,
    kind: 'unparseable',
  });
  // Self-consistent hash but not an entry of the format: still unparseable.
  const odd = sealEntry(
    { type: 'repair', sidecar: 'x', bytes: 1, sha256: 'c'.repeat(64), truncatedAt: 0 },
    {
      seq: 3,
      prev: hashOf(lines[1] ?? ''),
      time: 'yesterday',
    },
  ).line;
  expect(verifyJournalBytes(bytes([...lines.slice(0, 2), odd])).firstProblem).toMatchObject({
    line: 3,
    kind: 'unparseable',
  });
});

test('the journal verifies the file it wrote, and sees an edit made behind its back', async () => {
  const dir = tempDir('verify');
  const opened = await openJournal({ dir, osUser: 'ana' });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.data;
  for (const invoice of ['INV-A', 'INV-B']) {
    const intent = await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      request: depositBody(invoice),
    });
    if (!intent.ok) throw new Error(intent.error.message);
    await journal.recordOutcome(intent.data.intentId, { result: 'ok', resultingIds: { deposit_id: 5 } });
  }
  const good = await journal.verify();
  expect(good.ok && good.data).toMatchObject({ ok: true, entries: 4 });

  const text = readFileSync(journal.paths.journal, 'utf8');
  writeFileSync(journal.paths.journal, text.replace('INV-B', 'INV-C'));
  const bad = await journal.verify();
  expect(bad.ok && bad.data.firstProblem).toMatchObject({ line: 3, kind: 'tampered' });
  await journal.close();
});
