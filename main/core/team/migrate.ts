import type { Result } from '../../../shared/contract';
import type { TeamClient } from './client';
import { teamError } from './errors';
import { foundation } from './migrations/0001-foundation';
import { approvals } from './migrations/0002-approvals';
import { executorReads } from './migrations/0003-executor-reads';
import { deskJournals } from './migrations/0004-desk-journals';

/** Every migration, in order; the last one's version is the schema this code is written for. */
const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  foundation,
  approvals,
  executorReads,
  deskJournals,
];
export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/** Any fixed number: migrators of one database wait for each other on it. */
const MIGRATION_LOCK = 0x70617964;

/** One transaction: committed when `work` resolves, rolled back when it throws. */
export async function inTransaction<T>(client: TeamClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const value = await work();
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function appliedVersion(client: TeamClient): Promise<number> {
  const { rows } = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM paydesk.schema_version',
  );
  return rows[0]?.version ?? 0;
}

/** A schema other than this code's: newer, this desk must be updated; older, the owner must migrate. */
function schemaMismatch(found: number): Result<never> {
  const how =
    found > SCHEMA_VERSION
      ? `newer than this Paydesk knows (${SCHEMA_VERSION}): update Paydesk on this desk before using the team database.`
      : `older than this Paydesk needs (${SCHEMA_VERSION}): the team's owner must apply the migrations first.`;
  return {
    ok: false,
    error: { kind: 'storage', message: `The team database's schema is version ${found}, ${how}` },
  };
}

/**
 * Brings the schema up to SCHEMA_VERSION, one transaction per migration, each recorded in
 * `schema_version`. Run as the owner role: it owns what it creates, and the functions run as it.
 * Refuses a schema newer than this code.
 */
export async function migrate(client: TeamClient): Promise<Result<{ from: number; to: number }>> {
  try {
    const from = await inTransaction(client, async () => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query('CREATE SCHEMA IF NOT EXISTS paydesk');
      await client.query(
        `CREATE TABLE IF NOT EXISTS paydesk.schema_version (
           version integer PRIMARY KEY,
           name text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now(),
           applied_by text NOT NULL DEFAULT session_user
         )`,
      );
      return appliedVersion(client);
    });
    if (from > SCHEMA_VERSION) return schemaMismatch(from);
    for (const migration of MIGRATIONS) {
      await inTransaction(client, async () => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        // Another migrator may have applied it while this one waited for the lock.
        if ((await appliedVersion(client)) >= migration.version) return;
        await client.query(migration.sql);
        await client.query('INSERT INTO paydesk.schema_version (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
      });
    }
    return { ok: true, data: { from, to: SCHEMA_VERSION } };
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
}

/**
 * The schema version as any role in a team group reads it (the view), 0 when nothing was migrated.
 * Throws what the database answers otherwise (a role in no group may not read it).
 */
export async function readSchemaVersion(client: TeamClient): Promise<number> {
  try {
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM paydesk.schema_version_view',
    );
    return rows[0]?.version ?? 0;
  } catch (error) {
    // undefined_table, invalid_schema_name: nothing was migrated yet.
    const code = (error as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return 0;
    throw error;
  }
}

/**
 * What a desk checks before it uses the team database: the schema is exactly the one this code
 * was written for. Newer: this desk must be updated. Older or absent: the owner must migrate.
 */
export async function checkSchema(client: TeamClient): Promise<Result<{ version: number }>> {
  let found: number;
  try {
    found = await readSchemaVersion(client);
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
  if (found !== SCHEMA_VERSION) return schemaMismatch(found);
  return { ok: true, data: { version: found } };
}
