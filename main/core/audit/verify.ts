import { readFile } from 'node:fs/promises';
import type { AuditVerifyReport, Result } from '../../../shared/contract';
import { ChainPlaces, anchorReport, compareAnchor, isAnchorProblem, type AnchorRead } from './anchor';
import {
  GENESIS_HASH,
  chainPlaceSchema,
  entryHash,
  entrySchema,
  type GapEntry,
  type RepairEntry,
} from './entries';
import { storageError } from '../storage/storage-error';

const NEWLINE = 0x0a;

type ChainProblem = NonNullable<AuditVerifyReport['firstProblem']>;

interface JournalScan {
  /** The chain's verdict: up to the first problem. */
  report: AuditVerifyReport;
  /** Every whole line's chain place, read on past a problem, for the anchor. */
  places: ChainPlaces;
  repairs: RepairEntry[];
  gaps: GapEntry[];
}

/**
 * Walks the chain from the genesis value and reports the first line that is not a sound link:
 * checked in the order that names the damage best — JSON (`unparseable`), the line's own hash
 * (`tampered`: a field was edited), the format (`unparseable`), the sequence number
 * (`bad_sequence`: a line deleted, inserted or moved), then the link to the line before
 * (`broken_link`: a line edited and re-hashed, or a foreign chain spliced in). A last line without
 * its newline is `truncated` (a write cut short; opening the journal repairs it). Whole lines cut
 * off the END cannot be seen from inside the file: verifyJournal compares the end with the anchor.
 */
function scanJournal(bytes: Uint8Array): JournalScan {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const places = new ChainPlaces();
  const repairs: RepairEntry[] = [];
  const gaps: GapEntry[] = [];
  let entries = 0;
  let headHash: string | null = null;
  let expectedPrev = GENESIS_HASH;
  let firstProblem: ChainProblem | undefined;
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    line += 1;
    const end = buffer.indexOf(NEWLINE, start);
    if (end === -1) {
      firstProblem ??= {
        line,
        kind: 'truncated',
        message: `Line ${line} is cut short (${buffer.length - start} bytes without an end of line): a write was interrupted.`,
        text: { key: 'journalLine.truncated', params: { bytes: buffer.length - start } },
      };
      break;
    }
    const text = buffer.toString('utf8', start, end);
    start = end + 1;

    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      firstProblem ??= {
        line,
        kind: 'unparseable',
        message: `Line ${line} is not valid JSON.`,
        text: { key: 'journalLine.notJson' },
      };
      continue;
    }
    const place = chainPlaceSchema.safeParse(parsed);
    if (place.success) places.add(place.data.seq, place.data.hash, start);
    const entry = entrySchema.safeParse(parsed);
    if (entry.success && entry.data.type === 'repair') repairs.push(entry.data);
    if (entry.success && entry.data.type === 'gap') gaps.push(entry.data);
    if (firstProblem) continue;
    firstProblem = linkProblem(parsed, entry, line, entries, expectedPrev);
    if (firstProblem || !entry.success) continue;
    entries += 1;
    headHash = entry.data.hash;
    expectedPrev = entry.data.hash;
  }
  const report: AuditVerifyReport = firstProblem
    ? { ok: false, entries, headHash, firstProblem }
    : { ok: true, entries, headHash };
  return { report, places, repairs, gaps };
}

/** Why a parsed line is not the next sound link of the chain, or undefined when it is. */
function linkProblem(
  parsed: unknown,
  entry: ReturnType<typeof entrySchema.safeParse>,
  line: number,
  entries: number,
  expectedPrev: string,
): ChainProblem | undefined {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      line,
      kind: 'unparseable',
      message: `Line ${line} is not a journal entry.`,
      text: { key: 'journalLine.notEntry' },
    };
  }
  const record = parsed as Record<string, unknown>;
  let recomputed: string;
  try {
    recomputed = entryHash(record);
  } catch {
    return {
      line,
      kind: 'unparseable',
      message: `Line ${line} holds a value JSON cannot carry.`,
      text: { key: 'journalLine.unserialisable' },
    };
  }
  if (record.hash !== recomputed) {
    return {
      line,
      kind: 'tampered',
      message: `Line ${line} does not match its own hash: it was changed after it was written.`,
      text: { key: 'journalLine.tampered' },
    };
  }
  if (!entry.success) {
    const field = entry.error.issues[0]?.path.join('.') ?? '';
    return {
      line,
      kind: 'unparseable',
      message: `Line ${line} is not a valid journal entry${field ? ` (field ${field})` : ''}.`,
      text: field
        ? { key: 'journalLine.invalidField', params: { field } }
        : { key: 'journalLine.invalidEntry' },
    };
  }
  const expectedSeq = entries + 1;
  if (entry.data.seq !== expectedSeq) {
    const how =
      entry.data.seq > expectedSeq
        ? `${entry.data.seq - expectedSeq} entr${entry.data.seq - expectedSeq === 1 ? 'y is' : 'ies are'} missing before it`
        : 'it repeats or comes after a later entry';
    return {
      line,
      kind: 'bad_sequence',
      message: `Line ${line} carries sequence ${entry.data.seq} where ${expectedSeq} was due: ${how}.`,
      text:
        entry.data.seq > expectedSeq
          ? {
              key: 'journalLine.entriesMissing',
              params: { seq: entry.data.seq, expected: expectedSeq, count: entry.data.seq - expectedSeq },
            }
          : { key: 'journalLine.repeated', params: { seq: entry.data.seq, expected: expectedSeq } },
    };
  }
  if (entry.data.prev !== expectedPrev) {
    return {
      line,
      kind: 'broken_link',
      message: `Line ${line} does not link to the entry before it: the chain was rewritten there.`,
      text: { key: 'journalLine.brokenLink' },
    };
  }
  return undefined;
}

/** The chain's verdict on a journal's bytes alone (no anchor, so no repairs or gaps listed). */
export function verifyJournalBytes(bytes: Uint8Array): AuditVerifyReport {
  return scanJournal(bytes).report;
}

/**
 * The full verdict: the chain, its end against the anchor (lines cut off the end, an anchor that
 * disagrees), and every repair and acknowledged gap the journal holds, so none goes unnoticed.
 */
export function verifyJournal(bytes: Uint8Array, anchor: AnchorRead): AuditVerifyReport {
  const { report, places, repairs, gaps } = scanJournal(bytes);
  const finding = compareAnchor(anchor, places);
  const refused = isAnchorProblem(finding);
  const anchorView = anchorReport(finding, places.last);
  return {
    ...report,
    ok: report.ok && !refused,
    ...(anchorView && { anchor: anchorView }),
    repairs: repairs.map((entry) => ({
      seq: entry.seq,
      time: entry.time,
      bytes: entry.bytes,
      sidecar: entry.sidecar,
    })),
    gaps: gaps.map((entry) => ({
      seq: entry.seq,
      time: entry.time,
      osUser: entry.osUser,
      reason: entry.reason,
      problem: entry.problem,
      missingEntries: entry.missingEntries,
      anchorHead: entry.anchorHead,
    })),
    writesRefused: refused,
  };
}

/** Verifies a journal file without changing it. A missing file is an empty, valid journal. */
export async function verifyJournalFile(path: string): Promise<Result<AuditVerifyReport>> {
  try {
    return { ok: true, data: verifyJournalBytes(await readFile(path)) };
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ok: true, data: { ok: true, entries: 0, headHash: null } };
    }
    return { ok: false, error: storageError('The journal could not be read', cause) };
  }
}
