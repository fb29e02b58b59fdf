import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { connectTeam } from '../../main/core/team/client';
import { migrate } from '../../main/core/team/migrate';
import type { PostgresCluster } from '../support/postgres-cluster';

/** The team benches' database: `bench_team`, migrated by its owner role, on the benches' own cluster. */
interface BenchTeam {
  owner: Client;
  /** A LOGIN role in the group, connected over TLS as a desk would be. */
  desk(person: string, group: 'paydesk_viewer' | 'paydesk_operator' | 'paydesk_executor'): Promise<Client>;
  /** Every person's password, for a runtime that joins the team as one of them. */
  password: string;
  /** Another connection as the owner. */
  ownerAgain(): Promise<Client>;
  close(): Promise<void>;
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export async function openBenchTeam(cluster: PostgresCluster): Promise<BenchTeam> {
  const open: Client[] = [];
  const connect = async (user: string, password: string, database: string) => {
    const client = await connectTeam({ ...cluster, user, password, database, ca: cluster.ca });
    open.push(client);
    return client;
  };
  const root = await connect(cluster.superuser.user, cluster.superuser.password, 'postgres');
  const password = randomBytes(12).toString('hex');
  await root.query(`CREATE ROLE bench_owner LOGIN CREATEROLE PASSWORD '${password}'`);
  await root.query('CREATE DATABASE bench_team OWNER bench_owner TEMPLATE template0');
  const owner = await connect('bench_owner', password, 'bench_team');
  const migrated = await migrate(owner);
  if (!migrated.ok) throw new Error(migrated.error.message);
  return {
    owner,
    password,
    async desk(person, group) {
      await owner.query(`CREATE ROLE ${quoted(person)} LOGIN PASSWORD '${password}' IN ROLE ${group}`);
      return connect(person, password, 'bench_team');
    },
    ownerAgain: () => connect('bench_owner', password, 'bench_team'),
    close: async () => {
      await Promise.all(open.map((client) => client.end().catch(() => undefined)));
    },
  };
}
