import { readFile } from 'node:fs/promises';
import type { AuditProblemKind, AuditVerifyReport, Result } from '../../../preload/contract';
import { GENESIS_HASH, entryHash, entrySchema } from './entries';
import { storageError } from './storage-error';

const NEWLINE = 0x0a;

function problem(
  entries: number,
  headHash: string | null,
  line: number,
  kind: AuditProblemKind,
  message: string,
): AuditVerifyReport {
  return { ok: false, entries, headHash, firstProblem: { line, kind, message } };
}

/**
 * Walks the chain from the genesis value and reports the first line that is not a sound link:
 * checked in the order that names the damage best — JSON (`unparseable`), the line's own hash
 * (`tampered`: a field was edited), the format (`unparseable`), the sequence number
 * (`bad_sequence`: a line deleted, inserted or moved), then the link to the line before
 * (`broken_link`: a line edited and re-hashed, or a foreign chain spliced in). A last line without
 * its newline is `truncated` (a write cut short; opening the journal repairs it). A cut of whole
 * lines at the END cannot be seen from inside the file: compare `headHash` with one noted earlier.
 */
export function verifyJournalBytes(bytes: Uint8Array): AuditVerifyReport {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let entries = 0;
  let headHash: string | null = null;
  let expectedPrev = GENESIS_HASH;
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    line += 1;
    const end = buffer.indexOf(NEWLINE, start);
    if (end === -1) {
      return problem(
        entries,
        headHash,
        line,
        'truncated',
        `Line ${line} is cut short (${buffer.length - start} bytes without an end of line): a write was interrupted.`,
      );
    }
    const text = buffer.toString('utf8', start, end);
    start = end + 1;

    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return problem(entries, headHash, line, 'unparseable', `Line ${line} is not valid JSON.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return problem(entries, headHash, line, 'unparseable', `Line ${line} is not a journal entry.`);
    }
    const record = parsed as Record<string, unknown>;
    let recomputed: string;
    try {
      recomputed = entryHash(record);
    } catch {
      return problem(entries, headHash, line, 'unparseable', `Line ${line} holds a value JSON cannot carry.`);
    }
    if (record.hash !== recomputed) {
      return problem(
        entries,
        headHash,
        line,
        'tampered',
        `Line ${line} does not match its own hash: it was changed after it was written.`,
      );
    }
    const entry = entrySchema.safeParse(record);
    if (!entry.success) {
      const field = entry.error.issues[0]?.path.join('.') ?? '';
      return problem(
        entries,
        headHash,
        line,
        'unparseable',
        `Line ${line} is not a valid journal entry${field ? ` (field ${field})` : ''}.`,
      );
    }
    const expectedSeq = entries + 1;
    if (entry.data.seq !== expectedSeq) {
      const how =
        entry.data.seq > expectedSeq
          ? `${entry.data.seq - expectedSeq} entr${entry.data.seq - expectedSeq === 1 ? 'y is' : 'ies are'} missing before it`
          : 'it repeats or comes after a later entry';
      return problem(
        entries,
        headHash,
        line,
        'bad_sequence',
        `Line ${line} carries sequence ${entry.data.seq} where ${expectedSeq} was due: ${how}.`,
      );
    }
    if (entry.data.prev !== expectedPrev) {
      return problem(
        entries,
        headHash,
        line,
        'broken_link',
        `Line ${line} does not link to the entry before it: the chain was rewritten there.`,
      );
    }
    entries += 1;
    headHash = entry.data.hash;
    expectedPrev = entry.data.hash;
  }
  return { ok: true, entries, headHash };
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
