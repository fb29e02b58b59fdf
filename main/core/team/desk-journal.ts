import type { Result } from '../../../shared/contract';
import { openJournalOn, type Journal, type JournalMedium, type OpenJournalOptions } from '../audit';
import type { TeamClient } from './client';
import { teamError } from './errors';

/**
 * A desk's journal whose lines the team's database keeps (migrations/0004-desk-journals.ts): the
 * same journal as the file one (audit/file-journal.ts, the same rules and chain), over a stream
 * only its person can read or append to. The local folder keeps the rest: the sealed requests a
 * retry needs (payer data stays on the desk), and the anchor, which is this desk's witness of the
 * stream's end, so rows taken away by the database's owner show as lines cut off the end.
 */

const LOCK_TIMEOUT_MS = 10_000;
const LOCK_RETRY_MS = 15;
const NEWLINE = 0x0a;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Whole lines, each with its newline, as the rows keep them. */
function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end === -1) throw new Error('A desk journal keeps whole lines only.');
    lines.push(bytes.subarray(start, end + 1));
    start = end + 1;
  }
  return lines;
}

/**
 * The lines of `stream` in the team's database. The lock between processes is a session advisory
 * lock on the stream (released by the server if the process dies); the append function also
 * refuses a writer whose idea of the end is stale, so a lost lock cannot fork the chain.
 */
function teamJournalMedium(client: TeamClient, options: { stream: string; where: string }): JournalMedium {
  const { stream } = options;
  return {
    location: `${options.where}#desk-journal:${stream}`,
    async size() {
      const { rows } = await client.query<{ size: string }>('SELECT paydesk.desk_journal_size($1) AS size', [
        stream,
      ]);
      return Number(rows[0]?.size ?? 0);
    },
    async readAt(position, length) {
      const { rows } = await client.query<{ line_position: string; line: Buffer }>(
        'SELECT line_position, line FROM paydesk.desk_journal_lines($1, $2)',
        [stream, position],
      );
      if (rows.length === 0) return Buffer.alloc(0);
      const first = Number(rows[0]?.line_position ?? position);
      const bytes = Buffer.concat(rows.map((row) => row.line));
      return bytes.subarray(position - first, position - first + length);
    },
    async append(position, bytes) {
      await client.query('SELECT paydesk.append_desk_journal($1, $2, $3)', [
        stream,
        position,
        splitLines(bytes),
      ]);
    },
    truncate() {
      // Rows are whole lines: nothing is ever cut short here, and nothing is taken back.
      return Promise.reject(new Error('A desk journal in the team database is never cut.'));
    },
    async exclusive(task) {
      const deadline = Date.now() + LOCK_TIMEOUT_MS;
      for (;;) {
        let locked: boolean;
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            "SELECT pg_try_advisory_lock(hashtextextended('paydesk-desk-journal:' || $1, 0)) AS locked",
            [stream],
          );
          locked = rows[0]?.locked === true;
        } catch (error) {
          return { ok: false, error: teamError(error) };
        }
        if (locked) break;
        if (Date.now() >= deadline) {
          return {
            ok: false,
            error: {
              kind: 'storage',
              message:
                'The journal in the team database is locked by another Paydesk process of this desk; try again.',
            },
          };
        }
        await sleep(LOCK_RETRY_MS);
      }
      try {
        return await task();
      } finally {
        await client
          .query("SELECT pg_advisory_unlock(hashtextextended('paydesk-desk-journal:' || $1, 0))", [stream])
          .catch(() => undefined); // a lost connection has dropped the lock with it
      }
    },
    close: () => Promise.resolve(),
  };
}

interface OpenTeamJournalOptions extends Omit<OpenJournalOptions, 'lock'> {
  /** The person's connection to the team's database. */
  client: TeamClient;
  /** The stream's id: one per desk folder and team, kept by the desk (a v4 UUID). */
  stream: string;
  /** The database's address, for people (host:port/database). */
  where: string;
}

/** Opens (making on first use) the person's journal stream and the journal over it. */
export async function openTeamJournal(options: OpenTeamJournalOptions): Promise<Result<Journal>> {
  const { client, stream, where, ...journalOptions } = options;
  try {
    await client.query('SELECT paydesk.open_desk_journal($1)', [stream]);
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
  return openJournalOn(teamJournalMedium(client, { stream, where }), journalOptions);
}
