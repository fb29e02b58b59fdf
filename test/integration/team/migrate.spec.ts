import { connectTeam } from '../../../main/core/team/client';
import { checkSchema, migrate, SCHEMA_VERSION } from '../../../main/core/team/migrate';
import { dataOf } from '../../support/result';
import { expect, test } from '../../support/team-database';

/** main/core/team/migrate.ts against a real PostgreSQL: versions applied once, newer refused. */

test("a migrated database passes a desk's schema check, and migrating again changes nothing", async ({
  team,
}) => {
  const { client } = await team.desk(['paydesk_viewer']);
  expect(dataOf(await checkSchema(client))).toEqual({ version: SCHEMA_VERSION });
  expect(dataOf(await migrate(team.owner))).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
  const { rows } = await team.owner.query(
    'SELECT version, name, applied_by FROM paydesk.schema_version ORDER BY version',
  );
  expect(rows).toHaveLength(SCHEMA_VERSION);
  expect(rows[0]).toMatchObject({ version: 1, name: 'foundation' });
  expect(rows[0].applied_by).toMatch(/^owner_/);
});

test('a schema newer than the code is refused with a message that says to update this desk', async ({
  team,
}) => {
  await team.owner.query(
    "INSERT INTO paydesk.schema_version (version, name) VALUES ($1, 'from the future')",
    [SCHEMA_VERSION + 1],
  );
  const { client } = await team.desk(['paydesk_operator']);
  const checked = await checkSchema(client);
  expect(checked.ok).toBe(false);
  if (checked.ok) return;
  expect(checked.error.kind).toBe('storage');
  expect(checked.error.message).toBe(
    `The team database's schema is version ${SCHEMA_VERSION + 1}, newer than this Paydesk knows (${SCHEMA_VERSION}): ` +
      'update Paydesk on this desk before using the team database.',
  );
  const migrated = await migrate(team.owner);
  expect(migrated.ok ? 'migrated' : migrated.error.message).toMatch(/newer than this Paydesk knows/);
});

test('a database nobody migrated is refused as older: the owner must migrate first', async ({ team }) => {
  const fresh = `${team.database}_empty`;
  await team.admin.query(`CREATE DATABASE "${fresh}" TEMPLATE template0`);
  const { cluster } = team;
  const client = await connectTeam({ ...cluster, database: fresh, ...cluster.superuser });
  try {
    const checked = await checkSchema(client);
    expect(checked.ok ? 'ok' : checked.error.message).toMatch(
      /version 0, older than this Paydesk needs .*owner must apply/,
    );
  } finally {
    await client.end();
  }
});
