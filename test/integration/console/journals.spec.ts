import type { Gateway } from '../../support/gateway';
import { teamWorld, type RuntimeDesk } from '../../support/team-runtime-desks';
import { addEnvironmentFor, dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, type TeamDatabase } from '../../support/team-database';

/**
 * main/core/console/journals.ts: a desk's journals as the console uses them. A profile in a team
 * journals in its stream in the team's database, any other in the desk's file; the audit reads
 * both; an intent's outcome, retry and settlement go where the intent is, across a restart too.
 */

const DEPOSIT = 300_000_001;
const REFUND = { deposit_id: DEPOSIT, invoice_id: 'INV-300000001', amount: 5 };
const REFUNDS_PATH = /^\/v3\/refunds$/;

/** Loses the answers of every attempt the console makes at the next refund (two, in FAST_CLIENT). */
function loseNextRefund(gateway: Gateway): void {
  for (let attempt = 0; attempt < 2; attempt += 1)
    gateway.arm('lose_after', { method: 'POST', path: REFUNDS_PATH });
}

/** The lines of the person's streams in the team's database, as their entries. */
async function streamEntries(team: TeamDatabase, person: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await team.admin.query<{ line: Buffer }>(
    `SELECT l.line FROM paydesk.desk_journal_lines l JOIN paydesk.desk_journals j USING (stream)
      WHERE j.person = $1 ORDER BY l.written_at, l.position`,
    [person],
  );
  return rows.map((row) => JSON.parse(row.line.toString('utf8')) as Record<string, unknown>);
}

/** A second profile of the desk on the same service account, in no team. */
async function aloneOnTheSameAccount(
  desk: RuntimeDesk,
  service: { gateway: Gateway },
  credentials: Parameters<typeof addEnvironmentFor>[2],
) {
  return addEnvironmentFor(
    desk.console,
    { name: 'Alone', kind: 'testing', baseUrl: service.gateway.baseUrl },
    credentials,
  );
}

teamWorld(
  'a joined profile journals in its team stream, one in no team in the file; the audit reads both as one',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const alone = await aloneOnTheSameAccount(one, service, service.sandbox.credentials);

    const joinedDeposit = dataOf(
      await one.console.call('createDeposit', {
        body: { amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'TEAM-STREAM-1' },
      }),
    );
    dataOf(await one.console.call('useEnvironment', { id: alone.id }));
    dataOf(
      await one.console.call('createDeposit', {
        body: { amount: 11, country: 'BR', currency: 'BRL', invoice_id: 'FILE-ONLY-1' },
      }),
    );

    const inStream = await streamEntries(team, one.person);
    expect(inStream.map((entry) => entry.type)).toEqual(['intent', 'outcome']);
    expect(inStream[0]).toMatchObject({
      environment: { id: one.environmentId },
      ids: { invoice_id: 'TEAM-STREAM-1' },
      osUser: 'one',
    });
    expect(JSON.stringify(inStream)).not.toContain('FILE-ONLY-1');
    expect(inStream[1]).toMatchObject({ intentId: joinedDeposit.intentId, result: 'ok' });

    const entries = dataOf(await one.console.call('listAuditEntries', {}));
    expect(entries.map((entry) => [entry.chain ?? 'file', entry.type, entry.ids?.invoice_id])).toEqual([
      [one.environmentId, 'intent', 'TEAM-STREAM-1'],
      [one.environmentId, 'outcome', 'TEAM-STREAM-1'],
      ['file', 'intent', 'FILE-ONLY-1'],
      ['file', 'outcome', 'FILE-ONLY-1'],
    ]);
    // A filter by profile reads that profile's journals only.
    const joinedOnly = dataOf(
      await one.console.call('listAuditEntries', { environmentId: one.environmentId }),
    );
    expect(joinedOnly.map((entry) => entry.ids?.invoice_id)).toEqual(['TEAM-STREAM-1', 'TEAM-STREAM-1']);

    const report = dataOf(await one.console.call('verifyAudit', {}));
    expect(report).toMatchObject({ ok: true, entries: 4 });
    const csv = dataOf(await one.console.call('exportAuditCsv', {})).csv;
    expect(csv).toContain('TEAM-STREAM-1');
    expect(csv).toContain('FILE-ONLY-1');
  },
);

teamWorld(
  'an answer lost on a joined profile is unresolved after a restart, and settled in its stream and the team',
  async ({ openDesk, service, team }) => {
    const first = await openDesk('one');
    loseNextRefund(service.gateway);
    expect(errorOf(await first.console.call('createRefund', { body: REFUND })).kind).toBe('outcome_unknown');

    const one = await first.restart();
    const [unresolved, ...more] = dataOf(await one.console.call('listUnresolvedIntents', {}));
    expect(more).toEqual([]);
    expect(unresolved).toMatchObject({
      chain: one.environmentId,
      action: 'refund.create',
      cause: 'answer_lost',
    });
    dataOf(
      await one.console.call('settleIntent', {
        intentId: unresolved?.intentId ?? '',
        verdict: 'happened',
        note: 'The merchant panel lists the refund.',
      }),
    );
    expect(dataOf(await one.console.call('listUnresolvedIntents', {}))).toEqual([]);
    expect((await streamEntries(team, one.person)).map((entry) => entry.type)).toEqual([
      'intent',
      'outcome',
      'resolution',
    ]);
    const { rows } = await team.admin.query<{ state: string }>('SELECT state FROM paydesk.operations');
    expect(rows).toEqual([{ state: 'ok' }]);
  },
);

teamWorld(
  'with the team database down the lists still answer, verify and export refuse, and the profile stays',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const alone = await aloneOnTheSameAccount(one, service, service.sandbox.credentials);
    dataOf(
      await one.console.call('createDeposit', {
        body: { amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'TEAM-STREAM-2' },
      }),
    );
    await team.cluster.shutDown();
    try {
      // The file's lines still show; the stream's are left out until its database answers.
      expect(dataOf(await one.console.call('listAuditEntries', {}))).toEqual([]);
      expect(dataOf(await one.console.call('listUnresolvedIntents', {}))).toEqual([]);
      const verify = errorOf(await one.console.call('verifyAudit', {}));
      expect(verify.message).toContain(`The journal of ${one.environmentId} is kept in its team's database`);
      expect(errorOf(await one.console.call('exportAuditCsv', {})).kind).toBe(verify.kind);
      // Whether it has unresolved intents cannot be told, so it is not removed.
      expect(errorOf(await one.console.call('removeEnvironment', { id: one.environmentId })).kind).toBe(
        verify.kind,
      );
      expect(
        dataOf(await one.console.call('listEnvironments', {})).environments.map((profile) => profile.id),
      ).toContain(one.environmentId);
      // A profile in no team journals in the file as ever.
      dataOf(await one.console.call('useEnvironment', { id: alone.id }));
      dataOf(
        await one.console.call('createDeposit', {
          body: { amount: 12, country: 'BR', currency: 'BRL', invoice_id: 'FILE-ONLY-2' },
        }),
      );
    } finally {
      await team.cluster.startAgain();
    }
    const entries = dataOf(await one.console.call('listAuditEntries', {}));
    expect(entries.map((entry) => entry.ids?.invoice_id)).toEqual([
      'TEAM-STREAM-2',
      'TEAM-STREAM-2',
      'FILE-ONLY-2',
      'FILE-ONLY-2',
    ]);
  },
);

teamWorld(
  "an unknown outcome in the file on the account blocks the joined profile's move on its target",
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const alone = await aloneOnTheSameAccount(one, service, service.sandbox.credentials);
    dataOf(await one.console.call('useEnvironment', { id: alone.id }));
    loseNextRefund(service.gateway);
    expect(errorOf(await one.console.call('createRefund', { body: REFUND })).kind).toBe('outcome_unknown');

    dataOf(await one.console.call('useEnvironment', { id: one.environmentId }));
    const refused = errorOf(await one.console.call('createRefund', { body: REFUND }));
    expect(refused.kind).toBe('intent_unresolved');
    expect(await streamEntries(team, one.person)).toEqual([]);
    const { rows } = await team.admin.query('SELECT 1 FROM paydesk.operations');
    expect(rows).toEqual([]);
  },
);

teamWorld(
  "lines the owner takes from a profile's stream stop its moves until a person acknowledges them",
  async ({ openDesk, team }) => {
    const one = await openDesk('one');
    const deposit = (invoice: string) =>
      one.console.call('createDeposit', {
        body: { amount: 10, country: 'BR', currency: 'BRL', invoice_id: invoice },
      });
    dataOf(await deposit('TEAM-CUT-1'));
    dataOf(await deposit('TEAM-CUT-2'));
    // The owner, the one role the append-only trigger lets through, takes the last line away.
    await team.owner.query('BEGIN');
    const { rows } = await team.owner.query<{ stream: string; position: string }>(
      `DELETE FROM paydesk.desk_journal_lines WHERE (stream, position) IN
         (SELECT stream, max(position) FROM paydesk.desk_journal_lines GROUP BY stream)
       RETURNING stream, position`,
    );
    await team.owner.query('UPDATE paydesk.desk_journals SET size = $2 WHERE stream = $1', [
      rows[0]?.stream,
      rows[0]?.position,
    ]);
    await team.owner.query('COMMIT');

    const restarted = await one.restart();
    expect(
      errorOf(
        await restarted.console.call('createDeposit', {
          body: { amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'TEAM-CUT-3' },
        }),
      ).text?.key,
    ).toBe('journal.anchorProblem');
    const report = dataOf(await restarted.console.call('verifyAudit', {}));
    expect(report.ok).toBe(false);
    expect(report.anchor?.message).toContain(`the journal of ${one.environmentId} in the team database`);

    // The desk's file has nothing to acknowledge: the stream's gap is.
    const acknowledged = dataOf(
      await restarted.console.runtime.journalCare.acknowledgeTruncation({
        reason: 'The DBA restored a backup.',
      }),
    );
    expect(acknowledged).toMatchObject({ problem: 'entries_missing', missingEntries: 1 });
    dataOf(
      await restarted.console.call('createDeposit', {
        body: { amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'TEAM-CUT-3' },
      }),
    );
    expect(dataOf(await restarted.console.call('verifyAudit', {})).ok).toBe(true);
  },
);

teamWorld(
  'a profile whose team journal has an unknown outcome does not leave the team, database up or down',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    loseNextRefund(service.gateway);
    expect(errorOf(await one.console.call('createRefund', { body: REFUND })).kind).toBe('outcome_unknown');

    const refused = errorOf(await one.console.runtime.team.leave(one.environmentId));
    expect(refused.kind).toBe('intent_unresolved');
    expect(refused.message).toContain('whose outcome is unknown in its journal in the team database');
    await team.cluster.shutDown();
    try {
      // Out of reach, the request this desk keeps for it says as much.
      expect(errorOf(await one.console.runtime.team.leave(one.environmentId)).kind).toBe('intent_unresolved');
    } finally {
      await team.cluster.startAgain();
    }

    const [unresolved] = dataOf(await one.console.call('listUnresolvedIntents', {}));
    dataOf(
      await one.console.call('settleIntent', {
        intentId: unresolved?.intentId ?? '',
        verdict: 'did_not_happen',
        note: 'The merchant panel lists no refund.',
      }),
    );
    dataOf(await one.console.runtime.team.leave(one.environmentId));
  },
);
