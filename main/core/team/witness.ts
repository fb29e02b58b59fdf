import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { AuditVerifyReport, Result } from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { withFileLock } from '../storage/file-lock';
import { storageError } from '../storage/storage-error';
import { checkTeamJournal, readTeamJournal, type SeenHead, type TeamJournalRead } from './chain';
import type { TeamClient } from './client';

/**
 * The heads of the team journal this desk has seen, kept on the desk (docs/architecture.md, "Team
 * mode: the database"). The database's owner can rewrite the whole chain and its head so that it
 * verifies again; what it cannot rewrite is what every desk remembers having seen. A verify then
 * checks that the entry each desk saw is still there, unchanged.
 */
export const WITNESS_FILE = 'team-heads.json';

const witnessedHeadSchema = z.strictObject({
  seq: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  seenAt: z.iso.datetime(),
}) satisfies z.ZodType<SeenHead>;

const witnessFileSchema = z.strictObject({
  version: z.literal(1),
  /** By team: the key the desk's team connection is known by (its host, port and database). */
  heads: z.record(z.string().min(1), witnessedHeadSchema),
});
type WitnessFile = z.infer<typeof witnessFileSchema>;

async function readWitnessFile(filePath: string): Promise<Result<WitnessFile>> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT')
      return { ok: true, data: { version: 1, heads: {} } };
    return {
      ok: false,
      error: storageError(`The team heads this desk saw (${filePath}) could not be read`, cause),
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const file = witnessFileSchema.safeParse(parsed);
  // Never written over: a damaged record of what this desk saw must not quietly become "nothing".
  if (!file.success)
    return {
      ok: false,
      error: storageError(
        `The team heads this desk saw (${filePath}) cannot be read as such; it was left as it is, and the team journal is not verified until it is restored or moved away`,
      ),
    };
  return { ok: true, data: file.data };
}

/** The key a team's heads are kept under in the witness file: where its database is. */
export const teamKeyOf = (team: { host: string; port: number; database: string }): string =>
  `${team.host}:${team.port}/${team.database}`;

interface Witness {
  filePath: string;
  teamKey: string;
  now?: () => Date;
}

/**
 * Verifies the team journal (verifyTeamChain) against the head this desk saw last, then, when
 * the journal is sound, remembers its head. A head only moves forward: the record of entry 40
 * is never replaced by entry 12, whatever the database says.
 */
export async function verifyAndWitness(
  client: TeamClient,
  witness: Witness,
): Promise<Result<AuditVerifyReport>> {
  const read = await readAndWitness(client, witness);
  return read.ok ? { ok: true, data: read.data.report } : read;
}

/**
 * verifyAndWitness, also answering the rows it verified, so that what is then used of them (an
 * export) is exactly what was checked. The rows are read under the witness file's lock: a head
 * another process of this desk keeps meanwhile is never newer than the rows compared with it.
 */
export async function readAndWitness(
  client: TeamClient,
  witness: Witness,
): Promise<Result<{ journal: TeamJournalRead; report: AuditVerifyReport }>> {
  const { filePath, teamKey } = witness;
  const now = witness.now ?? (() => new Date());
  return withFileLock(`${filePath}.lock`, { subject: 'the team heads this desk saw' }, async () => {
    const file = await readWitnessFile(filePath);
    if (!file.ok) return file;
    const seen = file.data.heads[teamKey];
    const journal = await readTeamJournal(client);
    const report = checkTeamJournal(journal, seen);
    const verified = { ok: true as const, data: { journal, report } };
    if (!report.ok || report.headHash === null) return verified;
    if (seen && seen.seq >= report.entries) return verified;
    const heads = {
      ...file.data.heads,
      [teamKey]: { seq: report.entries, hash: report.headHash, seenAt: now().toISOString() },
    };
    try {
      await writeFileAtomically(filePath, `${JSON.stringify({ version: 1, heads }, null, 2)}\n`);
    } catch (cause) {
      return {
        ok: false,
        error: storageError(`The team head this desk saw could not be kept in ${filePath}`, cause),
      };
    }
    return verified;
  });
}
