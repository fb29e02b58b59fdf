import type { AuditVerifyReport } from '../../../shared/contract';
import { sha256Hex } from './canonical-json';
import { GENESIS_HASH, chainPlaceSchema, entryHash, entrySchema, type JournalEntry } from './entries';

export type ChainProblem = NonNullable<AuditVerifyReport['firstProblem']>;

/** One whole line of the journal as the chain sees it. */
export type CheckedLine =
  | { kind: 'entry'; entry: JournalEntry; place: { seq: number; hash: string } }
  | {
      kind: 'damaged';
      problem: ChainProblem;
      /** Where the line says it sits, when that much can still be read. */
      place: { seq: number; hash: string } | null;
      /** SHA-256 of the line's bytes (without its newline): what a damage entry acknowledges. */
      lineSha256: string;
      text: string;
    };

/**
 * Checks the journal's lines one after another, in the order that names the damage best: JSON
 * (`unparseable`), the line's own hash (`tampered`: a field was edited), the format (`unparseable`:
 * also a newer version's entry, which this one cannot judge), the sequence number (`bad_sequence`:
 * a line deleted, inserted or moved), then the link to the line before (`broken_link`). The same
 * checks run when the journal is read for its rules and when it is verified, so a line the rules
 * trust is a line verify passes. After a damaged line the chain is taken up again at the next
 * sound line, whose own place is believed: the damaged line itself is what a person must repair.
 */
export class ChainChecker {
  private lines = 0;
  private lastGood: { seq: number; hash: string } | null = null;
  /** The highest seq any line claimed, sound or not, so an append never reuses one. */
  private highestSeq = 0;
  /** Set after a damaged line: the next line's link is not checked. */
  private resync = false;
  /** The hash the next line must name as `prev`, when the last line was damaged. */
  private lastDamagedHash: string | null = null;

  check(text: string): CheckedLine {
    this.lines += 1;
    const line = this.lines;
    const lineSha256 = sha256Hex(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.damaged(
        {
          line,
          kind: 'unparseable',
          message: `Line ${line} is not valid JSON.`,
          text: { key: 'journalLine.notJson' },
        },
        null,
        lineSha256,
        text,
      );
    }
    const placeRead = chainPlaceSchema.safeParse(parsed);
    const place = placeRead.success ? { seq: placeRead.data.seq, hash: placeRead.data.hash } : null;
    const entry = entrySchema.safeParse(parsed);
    const expectedSeq = this.resync ? null : (this.lastGood?.seq ?? 0) + 1;
    const expectedPrev = this.resync ? null : (this.lastGood?.hash ?? GENESIS_HASH);
    const problem = linkProblem(parsed, entry, line, expectedSeq, expectedPrev);
    if (problem || !entry.success) {
      return this.damaged(
        problem ?? {
          line,
          kind: 'unparseable',
          message: `Line ${line} is not a valid journal entry.`,
          text: { key: 'journalLine.invalidEntry' },
        },
        place,
        lineSha256,
        text,
      );
    }
    if (this.resync && entry.data.seq <= (this.lastGood?.seq ?? 0)) {
      return this.damaged(
        {
          line,
          kind: 'bad_sequence',
          message: `Line ${line} carries sequence ${entry.data.seq}, which an earlier entry already had.`,
          text: {
            key: 'journalLine.repeated',
            params: { seq: entry.data.seq, expected: (this.lastGood?.seq ?? 0) + 1 },
          },
        },
        place,
        lineSha256,
        text,
      );
    }
    this.resync = false;
    this.lastDamagedHash = null;
    this.lastGood = { seq: entry.data.seq, hash: entry.data.hash };
    this.highestSeq = Math.max(this.highestSeq, entry.data.seq);
    return { kind: 'entry', entry: entry.data, place: { seq: entry.data.seq, hash: entry.data.hash } };
  }

  private damaged(
    problem: ChainProblem,
    place: { seq: number; hash: string } | null,
    lineSha256: string,
    text: string,
  ): CheckedLine {
    this.resync = true;
    // Where the line's own hash can be read, the next line links to it; else to its bytes.
    this.lastDamagedHash = place?.hash ?? lineSha256;
    this.highestSeq = Math.max(this.highestSeq, place?.seq ?? this.highestSeq + 1);
    return { kind: 'damaged', problem, place, lineSha256, text };
  }

  /** Whole lines checked so far. */
  get lineCount(): number {
    return this.lines;
  }

  /** Seq and prev of the next entry to append. */
  nextLink(): { seq: number; prev: string } {
    return {
      seq: this.highestSeq + 1,
      prev: this.lastDamagedHash ?? this.lastGood?.hash ?? GENESIS_HASH,
    };
  }

  /** Takes an appended entry as the new last line. */
  appended(entry: JournalEntry): void {
    this.lines += 1;
    this.resync = false;
    this.lastDamagedHash = null;
    this.lastGood = { seq: entry.seq, hash: entry.hash };
    this.highestSeq = Math.max(this.highestSeq, entry.seq);
  }
}

/** Why a parsed line is not the next sound link of the chain, or undefined when it is. Null expectations are not checked. */
function linkProblem(
  parsed: unknown,
  entry: ReturnType<typeof entrySchema.safeParse>,
  line: number,
  expectedSeq: number | null,
  expectedPrev: string | null,
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
  if (expectedSeq !== null && entry.data.seq !== expectedSeq) {
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
  if (expectedPrev !== null && entry.data.prev !== expectedPrev) {
    return {
      line,
      kind: 'broken_link',
      message: `Line ${line} does not link to the entry before it: the chain was rewritten there.`,
      text: { key: 'journalLine.brokenLink' },
    };
  }
  return undefined;
}

/** The key a damage entry acknowledges a line by: its number and its bytes. */
export const damageKey = (line: number, lineSha256: string): string => `${line}:${lineSha256}`;
