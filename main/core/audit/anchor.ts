import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { AuditAnchorReport, AuditAnchorState } from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { headSchema, type Head } from './entries';

/**
 * The journal's head kept OUTSIDE the journal file: the hash chain shows a line changed, moved or
 * removed in the middle, but whole lines cut off the end leave a shorter chain that still
 * verifies. The anchor names the last entry (seq, hash) and the file's length after it; it is
 * rewritten atomically after every append, under the journal lock, and holds nothing but these.
 */
export const ANCHOR_FILE = 'journal.anchor';

const anchorSchema = z.object({
  v: z.number().int().positive(),
  ...headSchema.shape,
  /** When this anchor was started and the entries the journal had then (cuts before it are invisible). */
  since: z.strictObject({ time: z.iso.datetime(), seq: z.number().int().nonnegative() }),
});

export type Anchor = z.infer<typeof anchorSchema>;

export type AnchorRead =
  { state: 'missing' } | { state: 'unreadable' } | { state: 'present'; anchor: Anchor };

export async function readAnchor(path: string): Promise<AnchorRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw cause;
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { state: 'unreadable' };
  }
  const parsed = anchorSchema.safeParse(record);
  return parsed.success ? { state: 'present', anchor: parsed.data } : { state: 'unreadable' };
}

export async function writeAnchor(path: string, head: Head, since: Anchor['since']): Promise<void> {
  const anchor: Anchor = { v: 1, seq: head.seq, hash: head.hash, bytes: head.bytes, since };
  await writeFileAtomically(path, `${JSON.stringify(anchor)}\n`);
}

/** Where each whole line with a chain place ends, by seq: what an anchor is checked against. */
export class ChainPlaces {
  private readonly places = new Map<number, { hash: string; end: number }>();
  private lastPlace: Head = { seq: 0, hash: null, bytes: 0 };

  add(seq: number, hash: string, end: number): void {
    this.places.set(seq, { hash, end });
    this.lastPlace = { seq, hash, bytes: end };
  }

  /** The last line's place; `{ seq: 0, hash: null, bytes: 0 }` when there is none. */
  get last(): Head {
    return this.lastPlace;
  }

  at(seq: number): Head | undefined {
    if (seq === 0) return { seq: 0, hash: null, bytes: 0 };
    const place = this.places.get(seq);
    return place ? { seq, hash: place.hash, bytes: place.end } : undefined;
  }
}

export type AnchorFinding =
  /** No anchor and no entry: a new journal, which gets its anchor at once. */
  | { state: 'missing' }
  /** No anchor but entries: lines cut off the end cannot be ruled out (the anchor was deleted). */
  | { state: 'anchor_missing' }
  | { state: 'matches'; anchor: Anchor }
  | { state: 'behind'; anchor: Anchor; count: number }
  | { state: 'entries_missing'; anchor: Anchor; count: number }
  | { state: 'mismatch'; anchor: Anchor }
  | { state: 'unreadable' };

export type AnchorProblem = Extract<
  AnchorFinding,
  { state: 'entries_missing' | 'mismatch' | 'unreadable' | 'anchor_missing' }
>;

export function isAnchorProblem(finding: AnchorFinding): finding is AnchorProblem {
  return (
    finding.state === 'entries_missing' ||
    finding.state === 'mismatch' ||
    finding.state === 'unreadable' ||
    finding.state === 'anchor_missing'
  );
}

/**
 * Compares the anchor with the file. The file may be AHEAD of the anchor (a crash between an
 * append and the anchor's rewrite) as long as the entry the anchor names is still there, unchanged
 * and ending where it did; anything else means entries were cut off or the end was rewritten.
 */
export function compareAnchor(read: AnchorRead, chain: ChainPlaces): AnchorFinding {
  if (read.state === 'missing') return chain.last.seq > 0 ? { state: 'anchor_missing' } : read;
  if (read.state !== 'present') return read;
  const { anchor } = read;
  const last = chain.last;
  if (anchor.seq > last.seq) return { state: 'entries_missing', anchor, count: anchor.seq - last.seq };
  const place = chain.at(anchor.seq);
  if (!place || place.hash !== anchor.hash || place.bytes !== anchor.bytes)
    return { state: 'mismatch', anchor };
  return anchor.seq === last.seq
    ? { state: 'matches', anchor }
    : { state: 'behind', anchor, count: last.seq - anchor.seq };
}

/** What a finding means, for the verify report, the CLI and the refusal of new entries. */
export function anchorMessage(finding: AnchorFinding, last: Head): string {
  switch (finding.state) {
    case 'missing':
      return 'The journal has no anchor yet; it is created at the next write.';
    case 'matches':
      return `The journal ends at entry ${last.seq}, as its anchor says.`;
    case 'behind':
      return `${finding.count === 1 ? '1 entry was' : `${finding.count} entries were`} written after the anchor was last updated (a crash in between, or an older Paydesk); it catches up at the next write.`;
    case 'entries_missing':
      return `${finding.count === 1 ? 'The last entry of the journal is' : `The last ${finding.count} entries of the journal are`} missing: the file ends at entry ${last.seq}, but its anchor says entry ${finding.anchor.seq} was written. Lines were cut off the end of the file.`;
    case 'mismatch':
      return `The end of the journal is not what its anchor recorded (entry ${finding.anchor.seq}, ${finding.anchor.bytes} bytes): entries were rewritten or replaced, or the anchor belongs to another journal.`;
    case 'unreadable':
      return 'The journal anchor (journal.anchor) cannot be read, so lines cut off the end of the journal cannot be ruled out.';
    case 'anchor_missing':
      return `The journal anchor (journal.anchor) is missing although the journal holds ${last.seq === 1 ? '1 entry' : `${last.seq} entries`}: lines cut off the end cannot be ruled out, so the journal cannot be verified.`;
  }
}

/** Told to whoever tries to write while a problem is not acknowledged. */
export const ACKNOWLEDGE_HINT =
  'No new entry is recorded, so no payment action can run, until an operator has checked the journal and acknowledged it: paydesk audit acknowledge-truncation --reason "<what was checked>".';

export function anchorReport(finding: AnchorFinding, last: Head): AuditAnchorReport | undefined {
  if (finding.state === 'missing') return undefined;
  const state: AuditAnchorState = finding.state;
  const message = anchorMessage(finding, last);
  if (finding.state === 'unreadable' || finding.state === 'anchor_missing') return { state, message };
  const { anchor } = finding;
  return {
    state,
    head: { seq: anchor.seq, hash: anchor.hash, bytes: anchor.bytes },
    ...('count' in finding && { count: finding.count }),
    since: anchor.since,
    message,
  };
}
