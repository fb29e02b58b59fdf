import { z } from 'zod';
import type { Result, TeamRoster } from '../../../shared/contract';
import type { TeamClient } from './client';
import { teamError } from './errors';
import { groupRolesSchema } from './people';

/**
 * Who is who in a team (docs/architecture.md, "Team mode: the database"), as any person may read
 * it: `paydesk.people_view`, granted to every group through paydesk_viewer.
 */

const personRowSchema = z.object({
  person: z.string().min(1),
  can_login: z.boolean(),
  groups: groupRolesSchema,
});
const sessionSchema = z.object({ you: z.string().min(1) });

/** The people, by name; `isYou` marks the role this connection logged in as. */
export async function readRoster(client: TeamClient): Promise<Result<TeamRoster>> {
  try {
    const session = await client.query('SELECT session_user::text AS you');
    const { you } = sessionSchema.parse(session.rows[0]);
    const { rows } = await client.query(
      'SELECT person, can_login, groups FROM paydesk.people_view ORDER BY person',
    );
    const people = rows.map((row) => {
      const parsed = personRowSchema.parse(row);
      return {
        person: parsed.person,
        groups: parsed.groups,
        canLogin: parsed.can_login,
        isYou: parsed.person === you,
      };
    });
    return { ok: true, data: { people, you } };
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
}
