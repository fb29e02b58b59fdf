import { test as base } from '@playwright/test';
import { tmpdir } from 'node:os';
import { connectTeam } from '../../../main/core/team/client';
import { anotherCa, startPostgresCluster } from '../../support/postgres-cluster';
import { expect, test } from '../../support/team-database';

/** main/core/team/client.ts: a desk reaches the team's database over TLS checked against the team's CA. */

test('a server whose certificate another CA signed is refused', async ({ team }) => {
  const { cluster } = team;
  const connecting = connectTeam({
    ...cluster,
    ...cluster.superuser,
    database: team.database,
    ca: await anotherCa(),
  });
  await expect(connecting).rejects.toThrow(/self-signed certificate|unable to verify|unable to get/);
});

test("with the team's CA and a person's password the connection is TLS, as that person", async ({ team }) => {
  const { client, person } = await team.desk(['paydesk_viewer']);
  const { rows } = await client.query(
    'SELECT ssl, session_user AS who FROM pg_stat_ssl, session_user WHERE pid = pg_backend_pid()',
  );
  expect(rows[0]).toEqual({ ssl: true, who: person });
});

base("without PostgreSQL the team suites fail, naming the README's apt line", async () => {
  const saved = process.env.PAYDESK_PG_BIN;
  process.env.PAYDESK_PG_BIN = tmpdir();
  try {
    await expect(startPostgresCluster()).rejects.toThrow(
      /apt line after the ci:apt marker in README\.md \(it names `postgresql`\)/,
    );
  } finally {
    if (saved === undefined) delete process.env.PAYDESK_PG_BIN;
    else process.env.PAYDESK_PG_BIN = saved;
  }
});
