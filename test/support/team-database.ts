import { test as base } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { connectTeam } from '../../main/core/team/client';
import { setPolicy, setSigner } from '../../main/core/team/approvals';
import { putTeamEnvironment } from '../../main/core/team/environments';
import { migrate } from '../../main/core/team/migrate';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { dataOf } from './result';

type GroupRole =
  'paydesk_viewer' | 'paydesk_operator' | 'paydesk_approver' | 'paydesk_executor' | 'paydesk_admin';

export interface TeamDatabase {
  cluster: PostgresCluster;
  database: string;
  /** The owner role's connection, after `migrate`. */
  owner: Client;
  /** The owner role's name and password, as `paydesk team …` is given them. */
  ownerRole: { user: string; password: string };
  /** A cluster superuser's connection to the same database, for what only the test may do. */
  admin: Client;
  /**
   * A new person (a LOGIN role in the given groups) connected over TLS, as a desk would be;
   * `reconnect` opens that person's next connection (after the server restarted, say), and
   * `password` answers it for code that connects on its own.
   */
  desk(
    groups: GroupRole[],
  ): Promise<{ person: string; client: Client; reconnect(): Promise<Client>; password(): Promise<string> }>;
  /** Connects over TLS as anyone, to this test's database unless told (closed after the test). */
  login(user: string, password: string, database?: string): Promise<Client>;
  /** Another database with an owner role of its own (CREATEROLE), nothing migrated: for `team init`. */
  emptyDatabase(): Promise<{ database: string; ownerRole: { user: string; password: string } }>;
}

const name = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;
const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * A database of its own, owned by an owner role of its own (CREATEROLE), as a team's would be;
 * `root` is a superuser's connection to the cluster. Nothing migrated.
 */
async function createOwnedDatabase(
  root: Client,
): Promise<{ database: string; ownerRole: { user: string; password: string } }> {
  const made = {
    database: name('team'),
    ownerRole: { user: name('owner'), password: randomBytes(12).toString('hex') },
  };
  const { user, password } = made.ownerRole;
  await root.query(`CREATE ROLE ${quoted(user)} LOGIN CREATEROLE PASSWORD '${password}'`);
  await root.query(`CREATE DATABASE ${quoted(made.database)} OWNER ${quoted(user)} TEMPLATE template0`);
  return made;
}

/**
 * A database of its own on `cluster`, nothing migrated, and a way to connect to it over TLS as
 * anyone: for a spec that starts its cluster itself (the e2e specs, whose fixtures are the page's).
 */
export async function ownedDatabaseOn(cluster: PostgresCluster): Promise<{
  database: string;
  ownerRole: { user: string; password: string };
  connectAs(user: string, password: string): Promise<Client>;
}> {
  const tls = { host: cluster.host, port: cluster.port, ca: cluster.ca };
  const root = await connectTeam({ ...tls, database: 'postgres', ...cluster.superuser });
  const made = await createOwnedDatabase(root);
  await root.end();
  return {
    ...made,
    connectAs: (user, password) => connectTeam({ ...tls, database: made.database, user, password }),
  };
}

/**
 * The team says the service at `baseUrl` ("Service") is governed: every refund waits for one
 * approver, whose approval holds an hour; `signer: 'executor'`: only an executor sends it.
 * `admin`: a connection of a person in paydesk_admin.
 */
export async function governRefunds(
  admin: Client,
  baseUrl: string,
  options: { signer?: 'desk' | 'executor' } = {},
): Promise<void> {
  dataOf(await putTeamEnvironment(admin, { name: 'Service', kind: 'testing', baseUrl }));
  dataOf(
    await setPolicy(admin, {
      environment: 'Service',
      action: 'refund',
      mode: 'always',
      thresholds: {},
      approvers: 1,
      validForSeconds: 3600,
    }),
  );
  if (options.signer !== undefined) {
    dataOf(await setSigner(admin, { environment: 'Service', signer: options.signer }));
  }
}

/**
 * A spec file's PostgreSQL cluster (one per worker: each spec file starts at most one), and for
 * each test a database of its own, migrated by an owner role of its own, with desks made on demand.
 */
export const test = base.extend<{ team: TeamDatabase }, { cluster: PostgresCluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const cluster = await startPostgresCluster();
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  team: async ({ cluster }, use) => {
    const clients: Client[] = [];
    const connect = async (user: string, password: string, database: string) => {
      const client = await connectTeam({
        host: cluster.host,
        port: cluster.port,
        database,
        user,
        password,
        ca: cluster.ca,
      });
      clients.push(client);
      return client;
    };
    const root = await connect(cluster.superuser.user, cluster.superuser.password, 'postgres');
    const ownedDatabase = () => createOwnedDatabase(root);
    const { database, ownerRole } = await ownedDatabase();
    const owner = await connect(ownerRole.user, ownerRole.password, database);
    dataOf(await migrate(owner));
    const admin = await connect(cluster.superuser.user, cluster.superuser.password, database);
    await use({
      cluster,
      database,
      owner,
      ownerRole,
      admin,
      login: (user, password, to = database) => connect(user, password, to),
      emptyDatabase: ownedDatabase,
      async desk(groups) {
        const person = name('person');
        const password = randomBytes(12).toString('hex');
        await admin.query(`CREATE ROLE ${quoted(person)} LOGIN PASSWORD '${password}'`);
        for (const group of groups) await admin.query(`GRANT ${group} TO ${quoted(person)}`);
        return {
          person,
          client: await connect(person, password, database),
          reconnect: () => connect(person, password, database),
          password: async () => password,
        };
      },
    });
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  },
});

export { expect } from '@playwright/test';
