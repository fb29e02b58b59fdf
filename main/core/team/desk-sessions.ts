import type { Client } from 'pg';
import type { Result } from '../../../shared/contract';
import type { TeamOperations } from '../settings/team-membership';
import type { TeamMembership } from '../settings/schema';
import { openTeam, type TeamClient } from './client';
import { personConnection } from './membership';
import { checkSchema } from './migrate';

/**
 * A desk's sessions with its team's database (docs/architecture.md, "Team mode: money moves"):
 * one connection per environment in a team, as its person, opened on first use and opened again
 * after it broke. A desk in no team never loads `pg` (client.ts loads it on connect).
 */

export interface TeamSession {
  team: TeamMembership;
  client: TeamClient;
}

export interface TeamSessions {
  /**
   * The environment's session with its team's database, or null when it is in no team. A team
   * that cannot be reached, or whose schema is not this desk's, is an error: money waits for it.
   */
  of(environmentId: string): Promise<Result<TeamSession | null>>;
  close(): Promise<void>;
}

interface OpenSession {
  /** Who and where: a profile that left and joined again (or another team) gets a new session. */
  identity: string;
  client: Client;
  /** The client's statements one after the other (oneAtATime). */
  queued: TeamClient;
  broken: boolean;
}

/**
 * The money moves and the shared record index (record-index/postgres.ts) use one session: their
 * statements wait for each other here, since pg deprecates handing a busy client another query.
 */
function oneAtATime(client: Client): TeamClient {
  let last: Promise<unknown> = Promise.resolve();
  return {
    query(text, values) {
      // `last` never rejects: a statement that failed fails its own caller only.
      const next = last.then(() => client.query(text, values));
      last = next.catch(() => undefined);
      return next;
    },
  };
}

/** Who and where a session is: the same profile joined again (or to another team) is another. */
export const teamIdentity = (team: TeamMembership): string =>
  JSON.stringify([team.host, team.port, team.database, team.person, team.joinedAt]);

export function createTeamSessions(
  environments: Pick<TeamOperations, 'teamOf' | 'teamSecret'>,
): TeamSessions {
  const sessions = new Map<string, OpenSession>();
  let closed = false;
  /** One connect at a time per environment: two calls at once share it. */
  const opening = new Map<string, Promise<Result<OpenSession>>>();

  const drop = (environmentId: string, session: OpenSession): void => {
    if (sessions.get(environmentId) === session) sessions.delete(environmentId);
    void session.client.end().catch(() => undefined);
  };

  async function open(environmentId: string, team: TeamMembership): Promise<Result<OpenSession>> {
    const options = await personConnection(environments, environmentId, team);
    if (!options.ok) return options;
    const client = await openTeam(options.data);
    if (!client.ok) return client;
    // A desk never works on a schema other than the one this code was written for (migrate.ts).
    const schema = await checkSchema(client.data);
    if (!schema.ok) {
      await client.data.end().catch(() => undefined);
      return schema;
    }
    const session: OpenSession = {
      identity: teamIdentity(team),
      client: client.data,
      queued: oneAtATime(client.data),
      broken: false,
    };
    // A connection the server cut (restart, failover) is opened again on the next use.
    const broken = () => {
      session.broken = true;
    };
    client.data.on('error', broken);
    client.data.on('end', broken);
    return { ok: true, data: session };
  }

  return {
    async of(environmentId) {
      const found = await environments.teamOf(environmentId);
      // A team is kept on a saved profile: one that is not saved (the embedded sandbox's, say) is in none.
      if (!found.ok) return found.error.kind === 'not_found' ? { ok: true, data: null } : found;
      const { team } = found.data;
      const current = sessions.get(environmentId);
      if (team === null) {
        if (current) drop(environmentId, current);
        return { ok: true, data: null };
      }
      if (current && !current.broken && current.identity === teamIdentity(team)) {
        return { ok: true, data: { team, client: current.queued } };
      }
      if (current) drop(environmentId, current);
      let pending = opening.get(environmentId);
      if (!pending) {
        pending = open(environmentId, team).finally(() => opening.delete(environmentId));
        opening.set(environmentId, pending);
      }
      const opened = await pending;
      if (!opened.ok) return opened;
      if (closed) {
        drop(environmentId, opened.data);
        return { ok: false, error: { kind: 'internal', message: 'The console is closed.' } };
      }
      sessions.set(environmentId, opened.data);
      return { ok: true, data: { team, client: opened.data.queued } };
    },
    async close() {
      closed = true;
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.client.end().catch(() => undefined)));
    },
  };
}
