import { z } from 'zod';
import type { AuditVerifyReport } from '../../../shared/contract';
import { sha256Hex } from '../audit/canonical-json';
import { GENESIS_HASH } from '../audit/entries';
import type { TeamClient } from './client';

/** A team journal row as `paydesk.journal_view` gives it. */
export const teamJournalRowSchema = z.object({
  seq: z.string().regex(/^\d+$/),
  prev_hash: z.string(),
  hash: z.string(),
  entry: z.string(),
  person: z.string(),
  at: z.date(),
});
export type TeamJournalRow = z.infer<typeof teamJournalRowSchema>;

/**
 * The hash of a team journal entry: the same canonical content as `paydesk.journal_hash` in the
 * migration (seq, previous hash, person, time in milliseconds UTC, the entry's text, one a line),
 * so any desk can check the database's chain without trusting the database.
 */
export function teamEntryHash(row: Omit<TeamJournalRow, 'hash'>): string {
  return sha256Hex([row.seq, row.prev_hash, row.person, row.at.toISOString(), row.entry].join('\n'));
}

type Problem = NonNullable<AuditVerifyReport['firstProblem']>;

/** A sequence number other than the one due, named as the one-desk verify names it. */
function sequenceProblem(line: number, seq: number, expected: number, message: string): Problem {
  const text: Problem['text'] =
    seq > expected
      ? { key: 'journalLine.entriesMissing', params: { seq, expected, count: seq - expected } }
      : { key: 'journalLine.repeated', params: { seq, expected } };
  return { line, kind: 'bad_sequence', message, text };
}

/** A head of the journal a desk saw (witness.ts): its last entry's number and hash, and when. */
export interface SeenHead {
  seq: number;
  hash: string;
  seenAt: string;
}

/** The head the journal names for itself: the head row, or a team export's header. */
export interface NamedHead {
  seq: number;
  hash: string;
}

/**
 * How a problem names where it is. The database's rows are entries 1, 2, …; a team export's file
 * (export.ts) has a header first, so entry n is on line n + 1 and a person opening it in an editor
 * must be told that line.
 */
export interface ChainPlaces {
  line(entry: number): number;
  name(entry: number): string;
  /** What named the head: "The journal's head", "The export's header". */
  head: string;
}

const DATABASE_PLACES: ChainPlaces = {
  line: (entry) => entry,
  name: (entry) => `Entry ${entry}`,
  head: "The journal's head",
};

/**
 * The team chain's checks, one row at a time, shared by the database's verify (rows from
 * `journal_view`) and a team export's (rows from the file), so both name a problem alike: the
 * sequence number (`bad_sequence`: a row deleted, inserted or moved), the row's own hash
 * (`tampered`), the link to the row before (`broken_link`); at the end the head the journal names
 * against its last row (`truncated` when it names a later one), then the head this desk saw.
 * Stops at the first problem. Keeps one hash, so a long journal costs no memory.
 */
export class TeamChainChecker {
  private entries = 0;
  private prev = GENESIS_HASH;
  private problem: Problem | undefined;
  /** The hash of the entry this desk saw, once read. */
  private seenEntryHash: string | undefined;

  constructor(
    private readonly places: ChainPlaces = DATABASE_PLACES,
    private readonly seen?: SeenHead,
  ) {}

  /** Takes the next row (anything: it is parsed here); false once a problem was found. */
  add(raw: unknown): boolean {
    if (this.problem) return false;
    const entry = this.entries + 1;
    const line = this.places.line(entry);
    const where = this.places.name(entry);
    const row = teamJournalRowSchema.safeParse(raw);
    if (!row.success) {
      const message = `${where} is not a journal row.`;
      this.problem = { line, kind: 'unparseable', message, text: { key: 'journalLine.notEntry' } };
      return false;
    }
    const seq = Number(row.data.seq);
    if (seq !== entry) {
      const message = `${where} carries sequence ${seq}: entries were deleted, inserted or moved.`;
      this.problem = sequenceProblem(line, seq, entry, message);
      return false;
    }
    if (teamEntryHash(row.data) !== row.data.hash) {
      const message = `${where} does not match its own hash: it was changed after it was written.`;
      this.problem = { line, kind: 'tampered', message, text: { key: 'journalLine.tampered' } };
      return false;
    }
    if (row.data.prev_hash !== this.prev) {
      const message = `${where} does not link to the entry before it: the chain was rewritten there.`;
      this.problem = { line, kind: 'broken_link', message, text: { key: 'journalLine.brokenLink' } };
      return false;
    }
    this.prev = row.data.hash;
    this.entries = entry;
    if (this.seen?.seq === entry) this.seenEntryHash = row.data.hash;
    return true;
  }

  /** The verdict on the rows taken, given the head the journal names (none: entry 0). */
  report(head: NamedHead | undefined): AuditVerifyReport {
    const { entries, prev, places, seen } = this;
    const report = (firstProblem?: Problem): AuditVerifyReport => ({
      ok: firstProblem === undefined,
      entries,
      headHash: entries > 0 ? prev : null,
      ...(firstProblem ? { firstProblem } : {}),
    });
    if (this.problem) return report(this.problem);
    // The head is written with every append: a chain that stops short of it lost its last entries.
    const headSeq = head?.seq ?? 0;
    if (headSeq !== entries) {
      const message = `${places.head} names entry ${headSeq}, but the chain ends at entry ${entries}.`;
      const problem = sequenceProblem(places.line(entries + 1), headSeq + 1, entries + 1, message);
      return report(headSeq > entries ? { ...problem, kind: 'truncated' } : problem);
    }
    if (entries > 0 && head?.hash !== prev) {
      const message = `${places.head} does not name entry ${entries}'s hash: the end of the chain was rewritten.`;
      return report({
        line: places.line(entries),
        kind: 'broken_link',
        message,
        text: { key: 'journalLine.brokenLink' },
      });
    }
    // A chain rewritten from some entry on, its head included, verifies again: only what a desk
    // remembers seeing shows it.
    if (seen && seen.seq > entries) {
      const message = `This desk saw entry ${seen.seq} on ${seen.seenAt}, but the team journal ends at entry ${entries}: entries were removed.`;
      const params = { seq: seen.seq, entries, seenAt: seen.seenAt };
      return report({
        line: places.line(entries + 1),
        kind: 'truncated',
        message,
        text: { key: 'journalLine.seenRemoved', params },
      });
    }
    if (seen && this.seenEntryHash !== seen.hash) {
      const message = `Entry ${seen.seq} is not the entry this desk saw on ${seen.seenAt}: the journal was rewritten up to there.`;
      const params = { seq: seen.seq, seenAt: seen.seenAt };
      return report({
        line: places.line(seen.seq),
        kind: 'tampered',
        message,
        text: { key: 'journalLine.seenRewritten', params },
      });
    }
    return report();
  }
}

/** The team journal as a desk reads it: its rows (unparsed) in order, and its head row. */
export interface TeamJournalRead {
  rows: readonly unknown[];
  head: NamedHead | undefined;
}

export async function readTeamJournal(client: TeamClient): Promise<TeamJournalRead> {
  const { rows } = await client.query(
    'SELECT seq, prev_hash, hash, entry, person, at FROM paydesk.journal_view ORDER BY seq',
  );
  const head = await client.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM paydesk.journal_head_view',
  );
  const named = head.rows[0];
  return { rows, head: named && { seq: Number(named.seq), hash: named.hash } };
}

/** Checks a journal read (TeamChainChecker), against the head this desk saw last when given one. */
export function checkTeamJournal(journal: TeamJournalRead, seen?: SeenHead): AuditVerifyReport {
  const checker = new TeamChainChecker(DATABASE_PLACES, seen);
  for (const row of journal.rows) if (!checker.add(row)) break;
  return checker.report(journal.head);
}

/**
 * Reads the team journal and recomputes its chain: each entry's hash over its content, its link to
 * the entry before, its sequence number, and the head row against the last entry; then, given the
 * head this desk saw last, that its entry is still there, unchanged. Stops at the first problem.
 */
export async function verifyTeamChain(client: TeamClient, seen?: SeenHead): Promise<AuditVerifyReport> {
  return checkTeamJournal(await readTeamJournal(client), seen);
}
