import type { ServiceAccount } from '../../../main/core/payments/account';
import { createTeamRecordIndex } from '../../../main/core/record-index/postgres';
import {
  RecordIndexError,
  type RecordIndex,
  type RecordObservation,
} from '../../../main/core/record-index/port';
import type { TeamClient } from '../../../main/core/team/client';
import { recordIndexPortSuite, seen } from '../../support/record-index-port-suite';
import { expect, test as teamTest } from '../../support/team-database';

/**
 * main/core/record-index/postgres.ts: the record index a team shares, on a real PostgreSQL, as a
 * desk's role reaches it (observe_records, records_view). The port's suite first, then what only
 * the shared store does: one account's desks find what the others saw, another account's do not,
 * and a desk writes the table through the function only.
 */

const accountsOf = (environmentId: string): ServiceAccount => ({
  payments: `https://service.test#key:${environmentId}`,
  cashouts: `https://service.test#login:${environmentId}`,
});

/**
 * The port names environments; the team store serves one per index, keyed by its account. For the
 * port's suite, each of its environments is a desk environment with an account of its own.
 */
function perEnvironment(client: TeamClient): RecordIndex {
  const indexes = new Map<string, RecordIndex>();
  const of = (environmentId: string): RecordIndex => {
    let index = indexes.get(environmentId);
    if (!index) {
      index = createTeamRecordIndex(client, { environmentId, accounts: accountsOf(environmentId) });
      indexes.set(environmentId, index);
    }
    return index;
  };
  return {
    async observe(observations) {
      const byEnvironment = new Map<string, RecordObservation[]>();
      for (const observation of observations) {
        byEnvironment.set(observation.environmentId, [
          ...(byEnvironment.get(observation.environmentId) ?? []),
          observation,
        ]);
      }
      for (const [environmentId, group] of byEnvironment) await of(environmentId).observe(group);
    },
    search: (query) => of(query.environmentId).search(query),
    recent: (query) => of(query.environmentId).recent(query),
    get: (environmentId, kind, id) => of(environmentId).get(environmentId, kind, id),
    refundsOf: (environmentId, depositId) => of(environmentId).refundsOf(environmentId, depositId),
    forgetEnvironment: (environmentId) => of(environmentId).forgetEnvironment(environmentId),
    close: () => Promise.resolve(),
  };
}

const test = teamTest.extend<{ index: RecordIndex }>({
  index: async ({ team }, use) => {
    const desk = await team.desk(['paydesk_viewer']);
    await use(perEnvironment(desk.client));
  },
});

recordIndexPortSuite(test);

test.describe('shared by the desks of one account', () => {
  const ACCOUNTS: ServiceAccount = {
    payments: 'https://service.test#key:merchant-1',
    cashouts: 'https://service.test#login:merchant-1',
  };
  const deposit = (environmentId: string, id: string, fields: Partial<RecordObservation> = {}) => ({
    ...seen(1, { id, invoiceId: `INV-${id}`, status: 'PENDING', amount: 100, currency: 'BRL' }),
    environmentId,
    ...fields,
  });

  test('what one desk observes, another desk of the account finds, under its own environment', async ({
    team,
  }) => {
    const deskA = await team.desk(['paydesk_operator']);
    const deskB = await team.desk(['paydesk_viewer']);
    // Each desk names the profile as it is called there: the account is what they share (D19).
    const atA = createTeamRecordIndex(deskA.client, { environmentId: 'prod-sp', accounts: ACCOUNTS });
    const atB = createTeamRecordIndex(deskB.client, { environmentId: 'production', accounts: ACCOUNTS });
    await atA.observe([deposit('prod-sp', '7001')]);
    await atA.observe([
      { ...seen(2, { id: 'c-1', kind: 'cashout', externalId: 'payout-1' }), environmentId: 'prod-sp' },
    ]);

    expect(await atB.search({ environmentId: 'production', text: 'INV-70', limit: 10 })).toEqual([
      expect.objectContaining({
        environmentId: 'production',
        kind: 'deposit',
        id: '7001',
        status: 'PENDING',
      }),
    ]);
    expect(await atB.get('production', 'cashout', 'c-1')).toMatchObject({
      environmentId: 'production',
      externalId: 'payout-1',
      account: ACCOUNTS.cashouts,
    });
    // B's later sighting updates the same row; A reads it.
    await atB.observe([
      deposit('production', '7001', { status: 'COMPLETED', seenAt: '2024-05-01T12:30:00Z' }),
    ]);
    expect(await atA.get('prod-sp', 'deposit', '7001')).toMatchObject({
      status: 'COMPLETED',
      firstSeen: '2024-05-01T12:01:00.000Z',
      lastSeen: '2024-05-01T12:30:00.000Z',
    });
    const { rows } = await team.owner.query(
      "SELECT observed_by, count(*)::int AS n FROM paydesk.records WHERE kind = 'deposit' GROUP BY observed_by",
    );
    expect(rows).toEqual([{ observed_by: deskB.person, n: 1 }]);
  });

  test('a desk of another account finds none of it', async ({ team }) => {
    const deskA = await team.desk(['paydesk_operator']);
    const other = await team.desk(['paydesk_operator']);
    const atA = createTeamRecordIndex(deskA.client, { environmentId: 'production', accounts: ACCOUNTS });
    const elsewhere = createTeamRecordIndex(other.client, {
      environmentId: 'production',
      accounts: { payments: 'https://service.test#key:merchant-2', cashouts: null },
    });
    await atA.observe([deposit('production', '7001')]);
    expect(await elsewhere.search({ environmentId: 'production', text: '7001', limit: 10 })).toEqual([]);
    expect(await elsewhere.get('production', 'deposit', '7001')).toBeNull();
    expect(
      (await elsewhere.recent({ environmentId: 'production', kind: 'deposit', offset: 0, limit: 10 })).total,
    ).toBe(0);
    // No cashout login: no cashouts, kept or found.
    await elsewhere.observe([{ ...seen(1, { id: 'c-9', kind: 'cashout' }), environmentId: 'production' }]);
    expect(await elsewhere.get('production', 'cashout', 'c-9')).toBeNull();
  });

  test('a desk writes only through observe_records: INSERT, UPDATE, DELETE and SELECT on the table are denied', async ({
    team,
  }) => {
    const desk = await team.desk(['paydesk_admin']);
    await createTeamRecordIndex(desk.client, { environmentId: 'production', accounts: ACCOUNTS }).observe([
      deposit('production', '7001'),
    ]);
    for (const statement of [
      `INSERT INTO paydesk.records (account, kind, id, first_seen, last_seen, source)
         VALUES ('${ACCOUNTS.payments}', 'deposit', '666', now(), now(), 'lookup')`,
      "UPDATE paydesk.records SET status = 'COMPLETED'",
      'DELETE FROM paydesk.records',
      'SELECT * FROM paydesk.records',
      'SELECT paydesk.merge_record(NULL::paydesk.records)',
    ]) {
      await expect(desk.client.query(statement), statement).rejects.toMatchObject({ code: '42501' });
    }
    // Nor through the view, which is read-only to desks.
    await expect(desk.client.query("UPDATE paydesk.records_view SET status = 'X'")).rejects.toMatchObject({
      code: '42501',
    });
    const { rows } = await team.owner.query('SELECT id, status FROM paydesk.records');
    expect(rows).toEqual([{ id: '7001', status: 'PENDING' }]);
  });

  test('a role in no team group reads and writes nothing', async ({ team }) => {
    const outsider = await team.desk([]);
    await expect(outsider.client.query('SELECT * FROM paydesk.records_view')).rejects.toMatchObject({
      code: '42501',
    });
    const index = createTeamRecordIndex(outsider.client, { environmentId: 'production', accounts: ACCOUNTS });
    const failed = await index.observe([deposit('production', '1')]).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RecordIndexError);
    expect((failed as RecordIndexError).error.kind).toBe('not_permitted');
  });

  test('every sighting of a call or none: one the database refuses leaves the others unwritten', async ({
    team,
  }) => {
    const desk = await team.desk(['paydesk_operator']);
    const index = createTeamRecordIndex(desk.client, { environmentId: 'production', accounts: ACCOUNTS });
    // JSON to JavaScript, not to PostgreSQL (no \u0000 in jsonb): the table's CHECK refuses the
    // second row, after the function merged the first.
    const failed = await index
      .observe([
        deposit('production', 'first'),
        deposit('production', 'second', { instructions: { json: '{"pix":"\\u0000"}' } }),
      ])
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RecordIndexError);
    expect((failed as RecordIndexError).error.message).toMatch(/jsonb|unsupported Unicode/);
    expect(await index.get('production', 'deposit', 'first')).toBeNull();
  });

  test('forgetting an environment at one desk deletes nothing of the team’s', async ({ team }) => {
    const desk = await team.desk(['paydesk_operator']);
    const index = createTeamRecordIndex(desk.client, { environmentId: 'production', accounts: ACCOUNTS });
    await index.observe([deposit('production', '7001')]);
    await index.forgetEnvironment('production');
    expect(await index.get('production', 'deposit', '7001')).not.toBeNull();
  });

  test('a database that does not answer is a typed RecordIndexError, never a crash', async ({ team }) => {
    const desk = await team.desk(['paydesk_operator']);
    const index = createTeamRecordIndex(desk.client, { environmentId: 'production', accounts: ACCOUNTS });
    await desk.client.end();
    const failed = await index
      .search({ environmentId: 'production', text: '7', limit: 5 })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RecordIndexError);
    expect((failed as RecordIndexError).error).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^The team record index could not be searched: /),
    });
  });
});
