import type { Client, QueryResultRow } from 'pg';
import type { Result } from '../../../shared/contract';
import { connectionError } from './errors';

/**
 * What the team modules need of a PostgreSQL connection: one query at a time on one session. A
 * `pg` Client satisfies it, and so does a pooled client while it is checked out.
 */
export interface TeamClient {
  query<Row extends QueryResultRow>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * How a role proves who it is: a password (SCRAM), or a client certificate the team's CA signed
 * for its name, with its private key (PEM), for a server whose pg_hba says `cert` for it.
 */
export type TeamCredential = { password: string } | { certificate: string; key: string };

/** Where a desk reaches the team's database, as one person (docs/architecture.md, "Team mode"). */
export type TeamConnectionOptions = {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The team's CA (PEM): the server's certificate must chain to it, never to the system's CAs. */
  ca: string;
} & TeamCredential;

const CONNECT_TIMEOUT_MS = 15_000;

/**
 * Opens a connection over TLS checked against the team's CA. `pg` is loaded here, on first use,
 * so a desk without team mode never loads it.
 */
export async function connectTeam(options: TeamConnectionOptions): Promise<Client> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: options.host,
    port: options.port,
    database: options.database,
    user: options.user,
    ...('password' in options
      ? { password: options.password, ssl: { ca: options.ca, rejectUnauthorized: true } }
      : { ssl: { ca: options.ca, cert: options.certificate, key: options.key, rejectUnauthorized: true } }),
    // A host that swallows packets would otherwise hold the command until the OS gives up (minutes).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection the server cuts while idle (a restart, a failover) is reported here; without a
  // listener that would end the process. The next query fails with a typed error (errors.ts).
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** connectTeam as a Result: a refusal says what to check (address, CA, role, password). */
export async function openTeam(options: TeamConnectionOptions): Promise<Result<Client>> {
  try {
    return { ok: true, data: await connectTeam(options) };
  } catch (error) {
    const where = `${options.host}:${options.port}/${options.database}`;
    return { ok: false, error: connectionError(error, where, options.user) };
  }
}
