import { readFile } from 'node:fs/promises';
import type { AuditDamageReport, AuditVerifyReport, Result } from '../../../shared/contract';
import { ChainPlaces, anchorReport, compareAnchor, isAnchorProblem, type AnchorRead } from './anchor';
import { ChainChecker, damageKey, type ChainProblem } from './chain';
import type { DamageEntry, GapEntry, RepairEntry } from './entries';
import { storageError } from '../storage/storage-error';

const NEWLINE = 0x0a;

interface JournalScan {
  /** The chain's verdict: its first problem that no damage entry repaired. */
  report: AuditVerifyReport;
  /** Every whole line's chain place, read on past a problem, for the anchor. */
  places: ChainPlaces;
  repairs: RepairEntry[];
  gaps: GapEntry[];
  damages: AuditDamageReport[];
  /** A damaged line no damage entry repaired: no money moves until a person repairs it. */
  openDamage: boolean;
}

/**
 * Walks the chain from the genesis value (chain.ts says what each check means) and reports the
 * first line that is not a sound link, unless a later damage entry repaired that very line (same
 * number, same bytes): a repaired line is listed, not failed. A last line without its newline is
 * `truncated` (a write cut short; opening the journal repairs it). Whole lines cut off the END
 * cannot be seen from inside the file: verifyJournal compares the end with the anchor.
 */
function scanJournal(bytes: Uint8Array): JournalScan {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const places = new ChainPlaces();
  const checker = new ChainChecker();
  const repairs: RepairEntry[] = [];
  const gaps: GapEntry[] = [];
  const repairedLines = new Map<string, DamageEntry>();
  const damaged: Array<{
    key: string;
    problem: ChainProblem;
    goodBefore: number;
    headBefore: string | null;
  }> = [];
  let entries = 0;
  let headHash: string | null = null;
  let truncated: ChainProblem | undefined;
  let start = 0;
  while (start < buffer.length) {
    const end = buffer.indexOf(NEWLINE, start);
    if (end === -1) {
      const line = checker.lineCount + 1;
      truncated = {
        line,
        kind: 'truncated',
        message: `Line ${line} is cut short (${buffer.length - start} bytes without an end of line): a write was interrupted.`,
        text: { key: 'journalLine.truncated', params: { bytes: buffer.length - start } },
      };
      break;
    }
    const checked = checker.check(buffer.toString('utf8', start, end));
    start = end + 1;
    if (checked.place) places.add(checked.place.seq, checked.place.hash, start);
    if (checked.kind === 'damaged') {
      damaged.push({
        key: damageKey(checked.problem.line, checked.lineSha256),
        problem: checked.problem,
        goodBefore: entries,
        headBefore: headHash,
      });
      continue;
    }
    const { entry } = checked;
    if (entry.type === 'repair') repairs.push(entry);
    if (entry.type === 'gap') gaps.push(entry);
    if (entry.type === 'damage') repairedLines.set(damageKey(entry.line, entry.lineSha256), entry);
    entries += 1;
    headHash = entry.hash;
  }
  const open = damaged.find((damage) => !repairedLines.has(damage.key));
  const damages: AuditDamageReport[] = damaged.map((damage) => {
    const repair = repairedLines.get(damage.key);
    return {
      line: damage.problem.line,
      kind: damage.problem.kind,
      problem: damage.problem.message,
      suspects: repair?.suspects.length ?? 0,
      ...(repair && {
        repairedAt: {
          seq: repair.seq,
          time: repair.time,
          osUser: repair.osUser,
          reason: repair.reason,
          sidecar: repair.sidecar,
        },
      }),
    };
  });
  let report: AuditVerifyReport;
  if (open) {
    report = { ok: false, entries: open.goodBefore, headHash: open.headBefore, firstProblem: open.problem };
  } else if (truncated) {
    report = { ok: false, entries, headHash, firstProblem: truncated };
  } else {
    report = { ok: true, entries, headHash };
  }
  return { report, places, repairs, gaps, damages, openDamage: open !== undefined };
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
  const { report, places, repairs, gaps, damages, openDamage } = scanJournal(bytes);
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
    ...(damages.length > 0 && { damages }),
    gaps: gaps.map((entry) => ({
      seq: entry.seq,
      time: entry.time,
      osUser: entry.osUser,
      reason: entry.reason,
      problem: entry.problem,
      missingEntries: entry.missingEntries,
      anchorHead: entry.anchorHead,
    })),
    writesRefused: refused || openDamage,
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

/** Where a journal ends: its last entry's sequence number and hash. */
interface JournalHead {
  seq: number;
  hash: string;
}

/**
 * The head a verify report vouches for: null for an empty journal, undefined when the report does
 * not verify (a damaged or cut journal has no end anyone can rely on). The report's hash is its
 * last entry's; the sequence number is the anchor's, plus the entries written after it (`behind`).
 */
export function verifiedHead(report: AuditVerifyReport): JournalHead | null | undefined {
  if (!report.ok) return undefined;
  if (report.headHash === null) return null;
  const { anchor } = report;
  if (anchor?.head === undefined || (anchor.state !== 'matches' && anchor.state !== 'behind'))
    return undefined;
  const after = anchor.state === 'behind' ? (anchor.count ?? 0) : 0;
  return { seq: anchor.head.seq + after, hash: report.headHash };
}
