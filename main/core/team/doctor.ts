import { z } from 'zod';
import type { Result, TeamDoctorReport } from '../../../shared/contract';
import type { TeamClient } from './client';
import { teamError } from './errors';
import { readSchemaVersion, SCHEMA_VERSION } from './migrate';
import { roleOf } from './people';

const sessionSchema = z.object({
  ssl: z.boolean().nullable(),
  version: z.string().nullable(),
  cipher: z.string().nullable(),
  role: z.string(),
  owner: z.boolean(),
});

function schemaVerdict(found: number | null): TeamDoctorReport['schema']['verdict'] {
  if (found === null) return 'unreadable';
  if (found < SCHEMA_VERSION) return 'owner_must_migrate';
  if (found > SCHEMA_VERSION) return 'update_paydesk';
  return 'ok';
}

/** `paydesk team doctor` on one connection, as any role (the report: shared/contract/team.ts). */
export async function teamDoctor(client: TeamClient): Promise<Result<TeamDoctorReport>> {
  try {
    const { rows } = await client.query(
      `SELECT s.ssl, s.version, s.cipher, session_user::text AS role,
              session_user = pg_get_userbyid(d.datdba) AS owner
         FROM pg_catalog.pg_stat_ssl s, pg_catalog.pg_database d
        WHERE s.pid = pg_backend_pid() AND d.datname = current_database()`,
    );
    const session = sessionSchema.parse(rows[0]);
    const membership = await roleOf(client, session.role);
    const groups = membership?.groups ?? [];
    let found: number | null;
    try {
      found = await readSchemaVersion(client);
    } catch (error) {
      // insufficient_privilege: a role in no group has no right to the schema at all.
      if ((error as { code?: unknown }).code !== '42501') throw error;
      found = null;
    }
    const verdict = schemaVerdict(found);
    const advice: string[] = [];
    if (session.ssl !== true)
      advice.push("The session is not TLS: require hostssl in the server's pg_hba.conf.");
    if (!session.owner && groups.length === 0) {
      advice.push(`${session.role} is in no team group: the owner adds people with paydesk team add-person.`);
    }
    if (verdict === 'owner_must_migrate') {
      advice.push(
        `The schema is version ${found}, this Paydesk needs ${SCHEMA_VERSION}: the owner runs paydesk team migrate (or init).`,
      );
    }
    if (verdict === 'update_paydesk') {
      advice.push(
        `The schema is version ${found}, newer than this Paydesk knows (${SCHEMA_VERSION}): update Paydesk on this desk.`,
      );
    }
    return {
      ok: true,
      data: {
        tls: { on: session.ssl === true, version: session.version, cipher: session.cipher },
        role: session.role,
        owner: session.owner,
        groups,
        schema: { found, expected: SCHEMA_VERSION, verdict },
        advice,
      },
    };
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
}
