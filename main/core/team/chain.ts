import { z } from 'zod';
import type { AuditVerifyReport } from '../../../shared/contract';
import { sha256Hex } from '../audit/canonical-json';
import { GENESIS_HASH } from '../audit/entries';
import type { TeamClient } from './client';

/** A team journal row as `paydesk.journal_view` gives it. */
const journalRowSchema = z.object({
  seq: z.string().regex(/^\d+$/),
  prev_hash: z.string(),
  hash: z.string(),
  entry: z.string(),
  person: z.string(),
  at: z.date(),
});
export type TeamJournalRow = z.infer<typeof journalRowSchema>;

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

/**
 * Reads the team journal and recomputes its chain: each entry's hash over its content, its link to
 * the entry before, its sequence number, and the head row against the last entry; then, given the
 * head this desk saw last, that its entry is still there, unchanged. Stops at the first problem.
 */
export async function verifyTeamChain(client: TeamClient, seen?: SeenHead): Promise<AuditVerifyReport> {
  const { rows } = await client.query(
    'SELECT seq, prev_hash, hash, entry, person, at FROM paydesk.journal_view ORDER BY seq',
  );
  const head = await client.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM paydesk.journal_head_view',
  );
  let prev = GENESIS_HASH;
  let entries = 0;
  const hashes: string[] = [];
  const report = (firstProblem?: Problem): AuditVerifyReport => ({
    ok: firstProblem === undefined,
    entries,
    headHash: entries > 0 ? prev : null,
    ...(firstProblem ? { firstProblem } : {}),
  });
  for (const [index, raw] of rows.entries()) {
    const line = index + 1;
    const row = journalRowSchema.safeParse(raw);
    if (!row.success) {
      const message = `Entry ${line} is not a journal row.`;
      return report({ line, kind: 'unparseable', message, text: { key: 'journalLine.notEntry' } });
    }
    const seq = Number(row.data.seq);
    if (seq !== line) {
      const message = `Entry ${line} carries sequence ${seq}: entries were deleted or inserted.`;
      return report(sequenceProblem(line, seq, line, message));
    }
    if (teamEntryHash(row.data) !== row.data.hash) {
      const message = `Entry ${line} does not match its own hash: it was changed after it was written.`;
      return report({ line, kind: 'tampered', message, text: { key: 'journalLine.tampered' } });
    }
    if (row.data.prev_hash !== prev) {
      const message = `Entry ${line} does not link to the entry before it: the chain was rewritten there.`;
      return report({ line, kind: 'broken_link', message, text: { key: 'journalLine.brokenLink' } });
    }
    prev = row.data.hash;
    hashes.push(prev);
    entries = line;
  }
  // The head row is written with every append: a chain that stops short of it lost its last entries.
  const headSeq = Number(head.rows[0]?.seq ?? 0);
  if (headSeq !== entries) {
    const message = `The journal's head names entry ${headSeq}, but the chain ends at entry ${entries}.`;
    return report(sequenceProblem(entries + 1, headSeq + 1, entries + 1, message));
  }
  if (entries > 0 && head.rows[0]?.hash !== prev) {
    const message = `The journal's head does not name entry ${entries}'s hash: the end of the chain was rewritten.`;
    return report({ line: entries, kind: 'broken_link', message, text: { key: 'journalLine.brokenLink' } });
  }
  // A chain rewritten from some entry on, its head included, verifies again: only what a desk
  // remembers seeing shows it.
  if (seen && seen.seq > entries) {
    const message = `This desk saw entry ${seen.seq} on ${seen.seenAt}, but the team journal ends at entry ${entries}: entries were removed.`;
    const params = { seq: seen.seq, entries, seenAt: seen.seenAt };
    return report({
      line: entries + 1,
      kind: 'truncated',
      message,
      text: { key: 'journalLine.seenRemoved', params },
    });
  }
  if (seen && hashes[seen.seq - 1] !== seen.hash) {
    const message = `Entry ${seen.seq} is not the entry this desk saw on ${seen.seenAt}: the journal was rewritten up to there.`;
    const params = { seq: seen.seq, seenAt: seen.seenAt };
    return report({
      line: seen.seq,
      kind: 'tampered',
      message,
      text: { key: 'journalLine.seenRewritten', params },
    });
  }
  return report();
}
