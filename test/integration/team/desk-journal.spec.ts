import { randomUUID } from 'node:crypto';
import type { Journal } from '../../../main/core/audit';
import { openTeamJournal } from '../../../main/core/team/desk-journal';
import type { TeamClient } from '../../../main/core/team/client';
import { journalPortSuite } from '../../support/audit/journal-port-suite';
import { SEAL_KEY, TESTING, depositBody, removeTempDirs, tempDir } from '../../support/audit/samples';
import { dataOf } from '../../support/result';
import { expect, test } from '../../support/team-database';

/**
 * main/core/team/desk-journal.ts: a desk's journal whose lines the team's database keeps, on a real
 * PostgreSQL, as a desk's role reaches it. What only this store does: a stream is its person's
 * alone, no one but the owner can change a line, a row the owner takes away shows at the desk as
 * lines cut off the end, and a writer that read a stale end is refused.
 */

test.afterAll(removeTempDirs);

/**
 * The port's suite on this store: one person, one stream per place, and each opened journal on a
 * connection of its own, as each process of a desk has (a session's advisory lock is its own again,
 * so two journals on one connection would not take turns).
 */
journalPortSuite(test, async ({ team }, use) => {
  const desk = await team.desk(['paydesk_operator']);
  const streams = new Map<string, string>();
  const streamOf = (place: string): string => {
    let stream = streams.get(place);
    if (stream === undefined) {
      stream = randomUUID();
      streams.set(place, stream);
    }
    return stream;
  };
  const placeOf = new Map<Journal, string>();
  await use({
    async open(place, options) {
      const client = await desk.reconnect();
      const opened = await openTeamJournal({
        client,
        stream: streamOf(place),
        where: 'team.test',
        dir: place,
        osUser: 'ana',
        sealKey: SEAL_KEY,
        ...options,
      });
      if (opened.ok) placeOf.set(opened.data, place);
      return opened;
    },
    async lines(journal) {
      const { rows } = await team.owner.query<{ line: Buffer }>(
        'SELECT line FROM paydesk.desk_journal_lines WHERE stream = $1 ORDER BY position',
        [streamOf(placeOf.get(journal) ?? '')],
      );
      return rows.map((row) => row.line.toString('utf8').replace(/\n$/, ''));
    },
  });
});

const open = async (client: TeamClient, stream: string, dir: string): Promise<Journal> =>
  dataOf(
    await openTeamJournal({ client, stream, where: 'team.test', dir, osUser: 'ana', sealKey: SEAL_KEY }),
  );

const depositIntent = async (journal: Journal, invoice: string) =>
  dataOf(
    await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      reason: null,
      request: depositBody(invoice),
    }),
  );

test('the lines are in the database, each whole, and a reopened journal reads them back', async ({
  team,
}) => {
  const desk = await team.desk(['paydesk_operator']);
  const stream = randomUUID();
  const dir = tempDir('desk-journal');
  const journal = await open(desk.client, stream, dir);
  const intent = await depositIntent(journal, 'INV-DB-1');
  await journal.close();

  const { rows } = await team.owner.query<{ position: string; line: Buffer }>(
    'SELECT position, line FROM paydesk.desk_journal_lines WHERE stream = $1 ORDER BY position',
    [stream],
  );
  expect(rows).toHaveLength(1);
  const line = rows[0]?.line.toString('utf8') ?? '';
  expect(line.endsWith('\n')).toBe(true);
  expect(JSON.parse(line)).toMatchObject({ type: 'intent', intentId: intent.intentId, seq: 1 });
  // Payer data never leaves the desk: the line is the masked summary, the body stays in the local spool.
  expect(line).not.toContain('ana.souza@example.com');

  const again = await open(desk.client, stream, dir);
  const unresolved = dataOf(await again.unresolved());
  expect(unresolved.map((entry) => entry.intentId)).toEqual([intent.intentId]);
  expect(dataOf(await again.pendingRequest(intent.intentId)).idempotencyKey).toBe(intent.idempotencyKey);
  expect(dataOf(await again.verify()).ok).toBe(true);
});

test("a stream is its person's: another person can neither open, read nor append to it", async ({ team }) => {
  const ana = await team.desk(['paydesk_operator']);
  const bob = await team.desk(['paydesk_operator']);
  const stream = randomUUID();
  await depositIntent(await open(ana.client, stream, tempDir('ana')), 'INV-DB-2');

  const opened = await openTeamJournal({
    client: bob.client,
    stream,
    where: 'team.test',
    dir: tempDir('bob'),
  });
  expect(opened.ok).toBe(false);
  if (!opened.ok) expect(opened.error.kind).toBe('not_found');
  await expect(bob.client.query('SELECT * FROM paydesk.desk_journal_lines($1, 0)', [stream])).rejects.toThrow(
    /no desk journal/,
  );
  await expect(
    bob.client.query('SELECT paydesk.append_desk_journal($1, 0, $2)', [stream, [Buffer.from('{}\n')]]),
  ).rejects.toThrow(/no desk journal/);
});

test('a desk has no right on the tables, and no one but the owner can rewrite or delete a line', async ({
  team,
}) => {
  const desk = await team.desk(['paydesk_operator']);
  const stream = randomUUID();
  await depositIntent(await open(desk.client, stream, tempDir('desk')), 'INV-DB-3');

  await expect(desk.client.query('SELECT * FROM paydesk.desk_journal_lines')).rejects.toThrow(
    /permission denied/,
  );
  await expect(
    desk.client.query(
      'INSERT INTO paydesk.desk_journal_lines (stream, position, line) VALUES ($1, 999, $2)',
      [stream, Buffer.from('{}\n')],
    ),
  ).rejects.toThrow(/permission denied/);
  // A superuser is not the owner: the append-only trigger stops it too.
  await expect(
    team.admin.query("UPDATE paydesk.desk_journal_lines SET line = '\\x7b7d0a' WHERE stream = $1", [stream]),
  ).rejects.toThrow(/append-only/);
  await expect(
    team.admin.query('DELETE FROM paydesk.desk_journal_lines WHERE stream = $1', [stream]),
  ).rejects.toThrow(/append-only/);
});

test('lines the owner takes away show at the desk as cut off the end, and new intents are refused', async ({
  team,
}) => {
  const desk = await team.desk(['paydesk_operator']);
  const stream = randomUUID();
  const dir = tempDir('cut');
  const journal = await open(desk.client, stream, dir);
  await depositIntent(journal, 'INV-DB-4');
  await depositIntent(journal, 'INV-DB-5');
  await journal.close();

  // The owner (the only role the trigger lets through) takes the last line away and moves the end back.
  await team.owner.query('BEGIN');
  const { rows } = await team.owner.query<{ position: string }>(
    'DELETE FROM paydesk.desk_journal_lines WHERE stream = $1 AND position = (SELECT max(position) FROM paydesk.desk_journal_lines WHERE stream = $1) RETURNING position',
    [stream],
  );
  await team.owner.query('UPDATE paydesk.desk_journals SET size = $2 WHERE stream = $1', [
    stream,
    rows[0]?.position,
  ]);
  await team.owner.query('COMMIT');

  const reopened = await open(desk.client, stream, dir);
  const report = dataOf(await reopened.verify());
  expect(report.ok).toBe(false);
  const refused = await reopened.recordIntent({
    environment: TESTING,
    action: 'deposit.create',
    idempotencyKey: randomUUID(),
    reason: null,
    request: depositBody('INV-DB-6'),
  });
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.error.text?.key).toBe('journal.anchorProblem');
});

test('a writer whose idea of the end is stale is refused by the database', async ({ team }) => {
  const desk = await team.desk(['paydesk_operator']);
  const stream = randomUUID();
  const journal = await open(desk.client, stream, tempDir('stale'));
  await depositIntent(journal, 'INV-DB-7');
  await expect(
    desk.client.query('SELECT paydesk.append_desk_journal($1, 0, $2)', [stream, [Buffer.from('{}\n')]]),
  ).rejects.toThrow(/ends at \d+, not at 0/);
  await expect(
    desk.client.query('SELECT paydesk.append_desk_journal($1, (SELECT paydesk.desk_journal_size($1)), $2)', [
      stream,
      [Buffer.from('{}\n{}\n')],
    ]),
  ).rejects.toThrow(/one line/);
  expect(dataOf(await journal.verify()).ok).toBe(true);
});
