import { z } from 'zod';
import type { AuditVerifyReport, ConsoleError, Result } from '../../../shared/contract';
import { GENESIS_HASH, chainPlaceSchema } from '../audit/entries';
import { verifyJournalBytes } from '../audit/verify';
import { readBoundedFile } from '../storage/bounded-read';
import type { TeamMembership } from '../settings/schema';
import { TeamChainChecker, teamJournalRowSchema, type ChainPlaces, type TeamJournalRow } from './chain';
import type { TeamClient } from './client';
import { readAndWitness, teamKeyOf } from './witness';

/**
 * The team journal as a file an auditor is handed (docs/architecture.md, "Team mode: the
 * database"): `paydesk audit export --team --jsonl` writes it, `paydesk audit verify --file`
 * checks it with no database. JSON lines: a header (the format and its version, the team's
 * database, the head the journal named, when and by whom it was exported), then one line per
 * entry with everything its hash covers, the entry's text exactly as stored, so that the hash is
 * recomputed from the file alone (chain.ts, teamEntryHash).
 */

export const TEAM_EXPORT_FORMAT = 'paydesk-team-journal';
const TEAM_EXPORT_VERSION = 1;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** Milliseconds and `Z`, as the hash writes the time: any other spelling is not what was hashed. */
const hashedTime = z.iso
  .datetime({ precision: 3 })
  .refine((text) => new Date(text).toISOString() === text, 'not a time as the hash writes it');

const headerSchema = z.strictObject({
  format: z.literal(TEAM_EXPORT_FORMAT),
  version: z.literal(TEAM_EXPORT_VERSION),
  team: z.strictObject({
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    database: z.string().min(1),
  }),
  /** The head the journal named when it was exported (entry 0 and the genesis hash when empty). */
  head: z.strictObject({ seq: z.number().int().nonnegative(), hash: hex64 }),
  exportedAt: z.iso.datetime(),
  /** The person whose desk exported it. */
  exportedBy: z.string().min(1),
});
export type TeamExportHeader = z.infer<typeof headerSchema>;

/** An entry's line: strict, so that nothing the hash does not cover can be slipped in beside it. */
const entryLineSchema = z.strictObject({
  seq: z.number().int().positive(),
  prev_hash: hex64,
  hash: hex64,
  person: z.string(),
  at: hashedTime,
  entry: z.string(),
});
type EntryLine = z.infer<typeof entryLineSchema>;

export interface TeamJournalExport {
  header: TeamExportHeader;
  /** The file's lines, each ending in a newline: the header, then the entries in order. */
  lines(): Generator<string>;
}

const refused = (kind: ConsoleError['kind'], message: string, field?: string): Result<never> => ({
  ok: false,
  error: { kind, message, ...(field !== undefined && { field }) },
});

function entryLine(row: TeamJournalRow): string {
  const line: EntryLine = {
    seq: Number(row.seq),
    prev_hash: row.prev_hash,
    hash: row.hash,
    person: row.person,
    at: row.at.toISOString(),
    entry: row.entry,
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * The team journal, verified first as every desk verifies it (witness.ts: the chain, its head,
 * and the head this desk saw, which is then kept): a journal that does not verify is refused
 * (`invalid_state`, the first problem named), as an auditor must never be handed a broken file
 * that looks whole. What is written is exactly the rows that were verified.
 */
export async function exportTeamJournal(
  client: TeamClient,
  options: { team: TeamMembership; witnessFile: string; now: () => Date },
): Promise<Result<TeamJournalExport>> {
  const { team, now } = options;
  const read = await readAndWitness(client, { filePath: options.witnessFile, teamKey: teamKeyOf(team), now });
  if (!read.ok) return read;
  const { journal, report } = read.data;
  if (!report.ok) {
    return refused(
      'invalid_state',
      `The team journal does not verify, so it was not exported: ${report.firstProblem?.message ?? 'its chain is broken.'} Tell the team's owner: a verified journal is the only one to hand over.`,
    );
  }
  const header: TeamExportHeader = {
    format: TEAM_EXPORT_FORMAT,
    version: TEAM_EXPORT_VERSION,
    team: { host: team.host, port: team.port, database: team.database },
    head: { seq: report.entries, hash: report.headHash ?? GENESIS_HASH },
    exportedAt: now().toISOString(),
    exportedBy: team.person,
  };
  const rows = journal.rows;
  return { ok: true, data: { header, lines: () => teamExportLines(header, rows) } };
}

/** The file's lines, each ending in a newline: the header, then each row (as the database gives it). */
export function* teamExportLines(header: TeamExportHeader, rows: Iterable<unknown>): Generator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const row of rows) yield entryLine(teamJournalRowSchema.parse(row));
}

/** What `audit verify --file` found the file to be, and its verdict. */
export type JournalFileVerdict =
  | { format: 'team-export'; header: TeamExportHeader; report: AuditVerifyReport }
  | { format: 'desk-journal'; report: AuditVerifyReport };

/** The formats `audit verify --file` reads, as a refusal names them. */
const FORMATS_READ =
  "a team journal export (paydesk audit export --team --jsonl) or a desk's journal (audit/journal.jsonl in the data folder)";

const NEWLINE = 0x0a;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A line's text, or undefined when its bytes are not UTF-8. */
function decoded(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function parsedJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Line n + 1 of the file holds entry n: a problem names the line a person opens in an editor. */
const EXPORT_PLACES: ChainPlaces = {
  line: (entry) => entry + 1,
  name: (entry) => `Line ${entry + 1} (entry ${entry})`,
  head: "The export's header",
};

/** The row an entry's line stands for, as the database gives it; undefined when it is not one. */
function rowOf(bytes: Uint8Array): unknown {
  const line = entryLineSchema.safeParse(parsedJson(decoded(bytes)));
  if (!line.success) return undefined;
  const { seq, at, ...rest } = line.data;
  return { ...rest, seq: String(seq), at: new Date(at) };
}

function verifyTeamExport(buffer: Buffer, headerEnd: number, header: TeamExportHeader): AuditVerifyReport {
  const checker = new TeamChainChecker(EXPORT_PLACES);
  let start = headerEnd + 1;
  while (start < buffer.length) {
    const found = buffer.indexOf(NEWLINE, start);
    // A last line without its newline is still read: if it was cut, it does not parse.
    const end = found === -1 ? buffer.length : found;
    if (!checker.add(rowOf(buffer.subarray(start, end)))) break;
    start = end + 1;
  }
  return checker.report(header.head);
}

/**
 * Verifies a journal file with no database: a team export (its header names the format) by the
 * team chain's checks (chain.ts) and its header's head against its last line, so an edited,
 * deleted, inserted, moved or cut-off line is named by its line; a desk's own journal by the
 * one-desk chain checks (audit/verify.ts), which from the file alone cannot see lines cut off
 * its end (its anchor is beside it, not in it). Anything else is refused, naming what is read.
 */
export function verifyJournalFileBytes(bytes: Uint8Array, name: string): Result<JournalFileVerdict> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notRead = (why: string) =>
    refused('validation', `--file: ${name} ${why}; give ${FORMATS_READ}.`, '--file');
  if (buffer.length === 0) return notRead('is empty');
  if (buffer.includes(0)) return notRead('is not a text file');
  const headerEnd = buffer.indexOf(NEWLINE);
  const firstText = decoded(buffer.subarray(0, headerEnd === -1 ? buffer.length : headerEnd));
  if (firstText === undefined) return notRead('is not a text file (its first line is not UTF-8)');
  const first = parsedJson(firstText);
  if (typeof first === 'object' && first !== null && 'format' in first) {
    const header = headerSchema.safeParse(first);
    if (!header.success) {
      const { format, version } = first as { format: unknown; version?: unknown };
      if (format === TEAM_EXPORT_FORMAT && version !== TEAM_EXPORT_VERSION) {
        return notRead(
          `is a team journal export of version ${JSON.stringify(version)}, which this Paydesk does not read (it reads version ${TEAM_EXPORT_VERSION}): verify it with the Paydesk that wrote it, or a newer one`,
        );
      }
      const field = header.error.issues[0]?.path.join('.') ?? '';
      return notRead(
        format === TEAM_EXPORT_FORMAT
          ? `has a team journal export's header that cannot be read (field ${field || 'format'})`
          : `is of a format this Paydesk does not read (${JSON.stringify(format)})`,
      );
    }
    const end = headerEnd === -1 ? buffer.length : headerEnd;
    return {
      ok: true,
      data: {
        format: 'team-export',
        header: header.data,
        report: verifyTeamExport(buffer, end, header.data),
      },
    };
  }
  if (chainPlaceSchema.safeParse(first).success) {
    return { ok: true, data: { format: 'desk-journal', report: verifyJournalBytes(buffer) } };
  }
  return notRead(
    "is not a journal file: its first line is neither a team export's header nor a journal entry",
  );
}

/**
 * The most `audit verify --file` reads: a file is read whole (as the desk's own journal is), and
 * this is far beyond any journal a team keeps, yet short of what would strain a desk's memory.
 */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** verifyJournalFileBytes of a file, read with a ceiling (a device or a huge file is refused). */
export async function verifyJournalFileAt(
  path: string,
  maxBytes = MAX_FILE_BYTES,
): Promise<Result<JournalFileVerdict>> {
  const bytes = await readBoundedFile(path, {
    maxBytes,
    field: '--file',
    advice: `give ${FORMATS_READ}.`,
  });
  return bytes.ok ? verifyJournalFileBytes(bytes.data, path) : bytes;
}
