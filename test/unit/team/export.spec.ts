import { expect, test } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENESIS_HASH, sealEntry } from '../../../main/core/audit/entries';
import { teamEntryHash, type TeamJournalRow } from '../../../main/core/team/chain';
import {
  TEAM_EXPORT_FORMAT,
  teamExportLines,
  verifyJournalFileAt,
  verifyJournalFileBytes,
  type TeamExportHeader,
} from '../../../main/core/team/export';
import { dataOf } from '../../support/result';

/**
 * main/core/team/export.ts: a team journal export checked from its bytes alone, as an auditor
 * with no database checks it (`paydesk audit verify --file`). The rows are chained here with the
 * same hash the database computes (chain.ts, teamEntryHash).
 */

/** `count` rows of a team journal, linked, as journal_view gives them. */
function teamRows(count: number): TeamJournalRow[] {
  const rows: TeamJournalRow[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq += 1) {
    const row = {
      seq: String(seq),
      prev_hash: prev,
      person: seq % 2 === 0 ? 'ana' : 'bruno',
      at: new Date(Date.UTC(2026, 10, 29, 10, 0, seq, 250)),
      entry: JSON.stringify({ type: 'operation_begun', operation: seq, state: 'sending' }),
    };
    const hash = teamEntryHash(row);
    rows.push({ ...row, hash });
    prev = hash;
  }
  return rows;
}

function headerOf(rows: TeamJournalRow[]): TeamExportHeader {
  return {
    format: TEAM_EXPORT_FORMAT,
    version: 1,
    team: { host: 'db.example', port: 5432, database: 'team' },
    head: { seq: rows.length, hash: rows.at(-1)?.hash ?? GENESIS_HASH },
    exportedAt: '2026-11-29T11:00:00.000Z',
    exportedBy: 'ana',
  };
}

/** A sound export of `count` entries, as lines (each with its newline). */
const exportLines = (count: number): string[] => {
  const rows = teamRows(count);
  return [...teamExportLines(headerOf(rows), rows)];
};

const verdictOf = (lines: string[]) => dataOf(verifyJournalFileBytes(Buffer.from(lines.join('')), 'f.jsonl'));
const refusalOf = (bytes: Uint8Array) => {
  const answer = verifyJournalFileBytes(bytes, 'f.jsonl');
  if (answer.ok) throw new Error('the file was read');
  return answer.error;
};

/** Replaces entry `seq`'s line (line seq + 1) with what `change` makes of its fields. */
function withEntry(
  lines: string[],
  seq: number,
  change: (fields: Record<string, unknown>) => object,
): string[] {
  const copy = [...lines];
  copy[seq] = `${JSON.stringify(change(JSON.parse(copy[seq] ?? '') as Record<string, unknown>))}\n`;
  return copy;
}

test('a sound export verifies: its entries, its head, the header it was read by', () => {
  const lines = exportLines(6);
  const verdict = verdictOf(lines);
  expect(verdict).toMatchObject({ format: 'team-export', header: { head: { seq: 6 } } });
  expect(verdict.report).toEqual({ ok: true, entries: 6, headHash: teamRows(6)[5]?.hash });
  expect(verdictOf(exportLines(0)).report).toEqual({ ok: true, entries: 0, headHash: null });
  // Its last newline lost (an editor's doing) changes nothing about its entries.
  expect(verdictOf([...lines.slice(0, -1), (lines.at(-1) ?? '').trimEnd()]).report.ok).toBe(true);
});

test('an edited entry is named at its line; so is the next one when the forger rehashed it', () => {
  const lines = exportLines(6);
  const edited = withEntry(lines, 3, (fields) => ({
    ...fields,
    entry: String(fields.entry).replace('sending', 'ok'),
  }));
  expect(verdictOf(edited).report).toMatchObject({
    ok: false,
    entries: 2,
    firstProblem: {
      line: 4,
      kind: 'tampered',
      message: 'Line 4 (entry 3) does not match its own hash: it was changed after it was written.',
    },
  });
  const rehashed = withEntry(lines, 3, (fields) => {
    const row = { ...fields, seq: '3', at: new Date(String(fields.at)), entry: '{"type":"forged"}' };
    return { ...fields, entry: row.entry, hash: teamEntryHash(row as unknown as TeamJournalRow) };
  });
  expect(verdictOf(rehashed).report).toMatchObject({
    entries: 3,
    firstProblem: { line: 5, kind: 'broken_link' },
  });
});

test('a deleted, an inserted and two swapped lines break the sequence where they are', () => {
  const lines = exportLines(6);
  const deleted = lines.filter((_, index) => index !== 3);
  expect(verdictOf(deleted).report).toMatchObject({
    entries: 2,
    firstProblem: {
      line: 4,
      kind: 'bad_sequence',
      message: 'Line 4 (entry 3) carries sequence 4: entries were deleted, inserted or moved.',
      text: { key: 'journalLine.entriesMissing', params: { seq: 4, expected: 3, count: 1 } },
    },
  });
  const inserted = [...lines.slice(0, 3), lines[2] ?? '', ...lines.slice(3)];
  expect(verdictOf(inserted).report).toMatchObject({
    entries: 2,
    firstProblem: { line: 4, kind: 'bad_sequence', text: { key: 'journalLine.repeated' } },
  });
  const swapped = [...lines];
  [swapped[3], swapped[4]] = [lines[4] ?? '', lines[3] ?? ''];
  expect(verdictOf(swapped).report).toMatchObject({
    entries: 2,
    firstProblem: { line: 4, kind: 'bad_sequence' },
  });
});

test("lines cut off the end are named against the header's head; a rewritten head, at the last line", () => {
  const lines = exportLines(6);
  expect(verdictOf(lines.slice(0, -1)).report).toMatchObject({
    ok: false,
    entries: 5,
    firstProblem: {
      line: 7,
      kind: 'truncated',
      message: "The export's header names entry 6, but the chain ends at entry 5.",
    },
  });
  expect(verdictOf(lines.slice(0, 1)).report).toMatchObject({
    entries: 0,
    firstProblem: { line: 2, kind: 'truncated' },
  });
  const header = JSON.parse(lines[0] ?? '') as TeamExportHeader;
  const reheaded = [
    `${JSON.stringify({ ...header, head: { seq: 6, hash: 'f'.repeat(64) } })}\n`,
    ...lines.slice(1),
  ];
  expect(verdictOf(reheaded).report).toMatchObject({
    entries: 6,
    firstProblem: { line: 7, kind: 'broken_link' },
  });
});

test('a line that is not an entry as written is named: a field added, a time respelled, half a line', () => {
  const lines = exportLines(4);
  const notes = withEntry(lines, 2, (fields) => ({ ...fields, note: 'approved' }));
  expect(verdictOf(notes).report).toMatchObject({
    entries: 1,
    firstProblem: { line: 3, kind: 'unparseable', message: 'Line 3 (entry 2) is not a journal row.' },
  });
  // The same instant, spelled otherwise: not what the hash was computed over.
  const respelled = withEntry(lines, 2, (fields) => ({
    ...fields,
    at: String(fields.at).replace('Z', '+00:00'),
  }));
  expect(verdictOf(respelled).report.firstProblem).toMatchObject({ line: 3, kind: 'unparseable' });
  const cut = [...lines.slice(0, -1), (lines.at(-1) ?? '').slice(0, 40)];
  expect(verdictOf(cut).report.firstProblem).toMatchObject({ line: 5, kind: 'unparseable' });
  const bytes = Buffer.concat([
    Buffer.from(lines.slice(0, 2).join('')),
    Buffer.from([0xff, 0x0a]),
    Buffer.from(lines.slice(3).join('')),
  ]);
  expect(dataOf(verifyJournalFileBytes(bytes, 'f')).report.firstProblem).toMatchObject({
    line: 3,
    kind: 'unparseable',
  });
});

test("a desk's own journal is verified by the one-desk checks", () => {
  let prev = GENESIS_HASH;
  const lines = [1, 2, 3].map((seq) => {
    const { entry, line } = sealEntry(
      {
        type: 'gap',
        osUser: 'ana',
        reason: `checked ${seq}`,
        problem: 'unreadable',
        missingEntries: null,
        anchorHead: null,
        fileHead: { seq: seq - 1, hash: null, bytes: 0 },
      },
      { seq, prev, time: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString() },
    );
    prev = entry.hash;
    return line;
  });
  expect(verdictOf(lines)).toEqual({
    format: 'desk-journal',
    report: { ok: true, entries: 3, headHash: prev },
  });
  const edited = [lines[0] ?? '', (lines[1] ?? '').replace('checked 2', 'checked 9'), lines[2] ?? ''];
  expect(verdictOf(edited).report.firstProblem).toMatchObject({ line: 2, kind: 'tampered' });
});

test('a file of neither format is refused, saying what is read', () => {
  const formats = /a team journal export \(paydesk audit export --team --jsonl\) or a desk's journal/;
  for (const bytes of [
    Buffer.alloc(0),
    Buffer.from([0x7b, 0x00, 0x7d, 0x0a]),
    Buffer.from([0xff, 0xfe, 0x0a]),
    Buffer.from('date,amount\n2026-01-01,10\n'),
    Buffer.from('{"format":"something-else"}\n'),
  ]) {
    const error = refusalOf(bytes);
    expect(error).toMatchObject({ kind: 'validation', field: '--file' });
    expect(error.message).toMatch(formats);
  }
  expect(refusalOf(Buffer.alloc(0)).message).toMatch(/^--file: f\.jsonl is empty;/);
  expect(refusalOf(Buffer.from([0x7b, 0x00, 0x7d])).message).toMatch(/is not a text file/);
  const newer = { ...JSON.parse(exportLines(0)[0] ?? ''), version: 2 };
  expect(refusalOf(Buffer.from(`${JSON.stringify(newer)}\n`)).message).toMatch(
    /team journal export of version 2, which this Paydesk does not read/,
  );
});

test.describe('from a file', () => {
  let folder = '';
  test.beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'paydesk-team-export-'));
  });
  test.afterAll(() => rm(folder, { recursive: true, force: true }));

  test('a file past the ceiling, a folder and a missing file are refused, not read', async () => {
    const file = join(folder, 'team.jsonl');
    await writeFile(file, exportLines(20).join(''));
    expect(dataOf(await verifyJournalFileAt(file)).report).toMatchObject({ ok: true, entries: 20 });
    const huge = await verifyJournalFileAt(file, 1024);
    expect(huge).toMatchObject({ ok: false, error: { kind: 'validation', field: '--file' } });
    expect(huge.ok ? '' : huge.error.message).toMatch(/is larger than 1 KB; give a team journal export/);
    await mkdir(join(folder, 'inside'));
    expect(await verifyJournalFileAt(join(folder, 'inside'))).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/is a folder/) },
    });
    expect(await verifyJournalFileAt(join(folder, 'none.jsonl'))).toMatchObject({
      ok: false,
      error: { kind: 'storage', message: expect.stringMatching(/ENOENT/) },
    });
  });
});
