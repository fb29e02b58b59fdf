import type { TeamChangedEvent } from '../../../shared/contract';
import { beginOperation } from '../../../main/core/team/operations';
import { teamRefund } from '../../support/team-operations';
import type { Gateway } from '../../support/gateway';
import { teamWorld } from '../../support/team-runtime-desks';
import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, type TeamDatabase } from '../../support/team-database';

/**
 * Money moves of desks in a team (main/core/console/team-referee.ts, docs/architecture.md "Team
 * mode: money moves"): separate runtimes, each its own data folder, keychain and person, on one
 * service account behind a gateway that can lose answers, and one real PostgreSQL database.
 */

const DEPOSIT = 300_000_001;
const REFUND = { deposit_id: DEPOSIT, invoice_id: 'INV-300000001', amount: 5 };
const REFUNDS_PATH = /^\/v3\/refunds$/;
const DEPOSITS_PATH = /^\/v3\/deposits$/;
const DEPOSIT_BODY = { amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'TEAM-INV-1' };

/** Loses the answers of every attempt the console makes at the next POST to `path` (two, in FAST_CLIENT). */
function loseNext(gateway: Gateway, path: RegExp = REFUNDS_PATH): void {
  for (let attempt = 0; attempt < 2; attempt += 1) gateway.arm('lose_after', { method: 'POST', path });
}

/** The records the service made at `path`, one per key (a resend under a key is not a second one). */
const recordsMade = (gateway: Gateway, path: RegExp = REFUNDS_PATH): string[] => [
  ...new Set(
    gateway.posts
      .filter((post) => path.test(post.path) && post.status === 200)
      .map((post) => post.idempotencyKey ?? ''),
  ),
];

async function operationStates(team: TeamDatabase): Promise<Array<{ state: string; made_by: string }>> {
  const { rows } = await team.admin.query<{ state: string; made_by: string }>(
    'SELECT state, made_by FROM paydesk.operations ORDER BY id',
  );
  return rows;
}

const world = teamWorld;

world(
  'a lost answer at one desk blocks the deposit at every desk, and its retry settles it team-wide',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const two = await openDesk('two');

    loseNext(service.gateway);
    const lost = errorOf(await one.console.call('createRefund', { body: REFUND }));
    expect(lost.kind).toBe('outcome_unknown');
    expect(await operationStates(team)).toEqual([{ state: 'outcome_unknown', made_by: one.person }]);

    // Desk two knows nothing of it locally: the team's database says it, in the form and at the send.
    const preflight = dataOf(await two.console.call('getRefundPreflight', { depositId: DEPOSIT, amount: 5 }));
    expect(preflight.texts.blockers.map((text) => text.key)).toContain('refund.teamOperationOpen');
    const refused = errorOf(await two.console.call('createRefund', { body: REFUND }));
    expect(refused.text?.key).toBe('refund.teamOperationOpen');
    expect(recordsMade(service.gateway), 'desk two sent nothing').toHaveLength(1);
    // Refused before sending, its own journal holds nothing unresolved.
    expect(dataOf(await two.console.call('listUnresolvedIntents', {}))).toEqual([]);

    // Desk one sends it again under its key: the same refund, and the operation is ok for everyone.
    const [unresolved] = dataOf(await one.console.call('listUnresolvedIntents', {}));
    expect(unresolved?.idempotencyKey).toBe(lost.idempotencyKey);
    dataOf(await one.console.call('retryIntent', { intentId: unresolved?.intentId ?? '' }));
    expect(await operationStates(team)).toEqual([{ state: 'ok', made_by: one.person }]);
    expect(recordsMade(service.gateway)).toEqual([lost.idempotencyKey]);

    // Desk two now counts desk one's refund in what is left, and may refund the rest.
    const after = dataOf(await two.console.call('getRefundPreflight', { depositId: DEPOSIT, amount: 5 }));
    const deposit = after.deposit.record.local_amount ?? after.deposit.record.amount ?? 0;
    expect(after.remaining).toBe(deposit - 5);
    expect(after.texts.warnings.map((text) => text.key)).toContain('refund.teamRefunded');
    dataOf(await two.console.call('createRefund', { body: REFUND }));
    expect(await operationStates(team)).toEqual([
      { state: 'ok', made_by: one.person },
      { state: 'ok', made_by: two.person },
    ]);
    expect(recordsMade(service.gateway)).toHaveLength(2);
  },
);

world(
  'an unknown outcome settled by a person at one desk is settled in the team',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const two = await openDesk('two');
    // The refund was made and only its answer was lost: the ids come back with the status read.
    loseNext(service.gateway);
    errorOf(await one.console.call('createRefund', { body: REFUND }));
    const [unresolved] = dataOf(await one.console.call('listUnresolvedIntents', {}));
    dataOf(
      await one.console.call('settleIntent', {
        intentId: unresolved?.intentId ?? '',
        verdict: 'happened',
        note: 'The merchant panel lists the refund.',
      }),
    );
    expect(await operationStates(team)).toEqual([{ state: 'ok', made_by: one.person }]);
    const { rows } = await team.admin.query<{ entry: string; person: string }>(
      "SELECT entry, person FROM paydesk.journal WHERE entry::jsonb ->> 'type' = 'operation_settled'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.person).toBe(one.person);
    expect(rows[0]?.entry).toContain('The merchant panel lists the refund.');
    // The target is free again for every desk.
    dataOf(await two.console.call('createRefund', { body: { ...REFUND, amount: 1 } }));
    expect(recordsMade(service.gateway)).toHaveLength(2);
  },
);

world(
  'with the team database down, nothing moves and lookups still work; back up, it does',
  async ({ openDesk, service, team }) => {
    const desk = await openDesk('one');
    dataOf(await desk.console.call('getDeposit', { depositId: DEPOSIT }));
    await team.cluster.shutDown();
    try {
      const refused = errorOf(await desk.console.call('createRefund', { body: REFUND }));
      expect(refused.kind).toBe('network');
      expect(refused.text?.key).toBe('team.unreachable');
      expect(refused.message).toContain('Nothing was sent');
      expect(recordsMade(service.gateway)).toEqual([]);
      // Nothing unresolved is left behind by a refusal, and the read answers with a warning.
      expect(dataOf(await desk.console.call('listUnresolvedIntents', {}))).toEqual([]);
      const preflight = dataOf(
        await desk.console.call('getRefundPreflight', { depositId: DEPOSIT, amount: 5 }),
      );
      expect(preflight.texts.warnings.map((text) => text.key)).toContain('refund.teamUnreachable');
      dataOf(await desk.console.call('getDeposit', { depositId: DEPOSIT }));
    } finally {
      await team.cluster.startAgain();
    }
    // The desk's broken session is opened again on its own.
    dataOf(await desk.console.call('createRefund', { body: REFUND }));
    expect(recordsMade(service.gateway)).toHaveLength(1);
    const admin = await team.login(team.cluster.superuser.user, team.cluster.superuser.password);
    const { rows } = await admin.query<{ state: string }>('SELECT state FROM paydesk.operations');
    expect(rows).toEqual([{ state: 'ok' }]);
  },
);

world(
  'the database refuses a second deposit of an invoice another desk is still sending, before it is sent',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const two = await openDesk('two');
    loseNext(service.gateway, DEPOSITS_PATH);
    const lost = errorOf(await one.console.call('createDeposit', { body: DEPOSIT_BODY }));
    expect(lost.kind).toBe('outcome_unknown');
    // Desk two has no local rule that knows of it: the database is the one to refuse.
    const refused = errorOf(await two.console.call('createDeposit', { body: DEPOSIT_BODY }));
    expect(refused.kind).toBe('intent_unresolved');
    expect(refused.text?.key).toBe('team.targetBusy');
    expect(refused.message).toContain(one.person);
    expect(recordsMade(service.gateway, DEPOSITS_PATH)).toEqual([lost.idempotencyKey]);
    // Its own journal keeps the attempt, refused before sending: nothing unresolved at desk two.
    expect(dataOf(await two.console.call('listUnresolvedIntents', {}))).toEqual([]);
    expect(await operationStates(team)).toEqual([{ state: 'outcome_unknown', made_by: one.person }]);
  },
);

world(
  "another desk's operation reaches the app within a second; after a server restart it resyncs",
  async ({ openDesk, team }) => {
    const desk = await openDesk('one');
    const teamEvents = () =>
      desk.console.events.flatMap((event) =>
        event.event === 'teamChanged' ? [event.payload as TeamChangedEvent] : [],
      );
    await expect.poll(() => teamEvents().some((event) => event.connection === 'live')).toBe(true);

    const other = await team.desk(['paydesk_operator']);
    const begun = dataOf(await beginOperation(other.client, teamRefund('300000009', '2.00')));
    await expect
      .poll(() => teamEvents().find((event) => event.operation?.id === begun.id), { timeout: 1_000 })
      .toEqual({
        environmentId: desk.environmentId,
        connection: 'live',
        operation: { id: begun.id, state: 'sending' },
      });

    const heard = teamEvents().length;
    await team.cluster.crashAndRestart();
    await expect
      .poll(
        () =>
          teamEvents()
            .slice(heard)
            .map((event) => event.connection),
        { timeout: 20_000 },
      )
      .toContain('reconnecting');
    await expect.poll(() => teamEvents().at(-1)?.connection, { timeout: 20_000 }).toBe('live');

    // Another environment active: the team is no longer followed, and says so once.
    dataOf(await desk.console.call('useEnvironment', { id: 'local-sandbox' }));
    await expect.poll(() => teamEvents().at(-1)?.connection).toBe('closed');
    const closedAt = teamEvents().length;
    const again = await other.reconnect();
    dataOf(await beginOperation(again, teamRefund('300000010', '2.00')));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(teamEvents().length).toBe(closedAt);
  },
);

world(
  'an answer the database missed is handed over before the desk next moves money',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const two = await openDesk('two');
    // The refund reaches the service; meanwhile the database cuts desk one's sessions.
    service.gateway.arm('delay', {
      method: 'POST',
      path: REFUNDS_PATH,
      meanwhile: async () => {
        await team.admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [
          one.person,
        ]);
      },
    });
    const missed = errorOf(await one.console.call('createRefund', { body: REFUND }));
    expect(missed.text?.key).toBe('team.outcomeNotRecorded');
    expect(recordsMade(service.gateway)).toHaveLength(1);
    expect(await operationStates(team)).toEqual([{ state: 'sending', made_by: one.person }]);
    // Desk one's own journal has the answer: nothing to settle there.
    expect(dataOf(await one.console.call('listUnresolvedIntents', {}))).toEqual([]);
    const blocked = dataOf(await two.console.call('getRefundPreflight', { depositId: DEPOSIT, amount: 5 }));
    expect(blocked.texts.blockers.map((text) => text.key)).toContain('refund.teamOperationOpen');

    // Desk one's next payment action hands the answer over first.
    dataOf(await one.console.call('createDeposit', { body: DEPOSIT_BODY }));
    expect(await operationStates(team)).toEqual([
      { state: 'ok', made_by: one.person },
      { state: 'ok', made_by: one.person },
    ]);
    const free = dataOf(await two.console.call('getRefundPreflight', { depositId: DEPOSIT, amount: 5 }));
    expect(free.texts.blockers).toEqual([]);
    expect(free.texts.warnings.map((text) => text.key)).toContain('refund.teamRefunded');
  },
);

world(
  'a desk whose person changed their password moves money on the new one once its session is made again',
  async ({ openDesk, team }) => {
    const one = await openDesk('one');
    dataOf(await one.console.call('createRefund', { body: REFUND }));
    const renewed = `renewed-${'x'.repeat(12)}`;
    dataOf(await one.console.runtime.team.changePassword(one.environmentId, renewed));
    // The session open before keeps working; once the server cuts it, the next one is made with
    // the password the keychain now holds (desk-sessions.ts reads it on every open).
    dataOf(await one.console.call('createDeposit', { body: DEPOSIT_BODY }));
    await team.admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [
      one.person,
    ]);
    dataOf(await one.console.call('createDeposit', { body: { ...DEPOSIT_BODY, invoice_id: 'TEAM-INV-2' } }));
    expect(await operationStates(team)).toEqual([
      { state: 'ok', made_by: one.person },
      { state: 'ok', made_by: one.person },
      { state: 'ok', made_by: one.person },
    ]);
    await team.login(one.person, renewed);
  },
);

world(
  'another person settles an operation the desk that began it left unknown',
  async ({ openDesk, service, team }) => {
    const one = await openDesk('one');
    const two = await openDesk('two');
    loseNext(service.gateway);
    errorOf(await one.console.call('createRefund', { body: REFUND }));
    // Desk one is away: desk two lists what blocks the team, checks with the service, settles it.
    const [open] = dataOf(await two.console.runtime.team.openOperations(two.environmentId));
    expect(open).toMatchObject({ state: 'outcome_unknown', made_by: one.person, target_id: String(DEPOSIT) });
    const settled = dataOf(
      await two.console.runtime.team.settleOperation(two.environmentId, {
        operationId: open?.id ?? '',
        happened: true,
        note: 'The merchant panel lists the refund.',
      }),
    );
    expect(settled.state).toBe('ok');
    expect(dataOf(await two.console.runtime.team.openOperations(two.environmentId))).toEqual([]);
    const { rows } = await team.admin.query<{ person: string }>(
      "SELECT person FROM paydesk.journal WHERE entry::jsonb ->> 'type' = 'operation_settled'",
    );
    expect(rows).toEqual([{ person: two.person }]);
    // A note is required: the database refuses a settlement that does not say how it was checked.
    loseNext(service.gateway);
    errorOf(await one.console.call('createRefund', { body: { ...REFUND, amount: 1 } }));
    const [next] = dataOf(await two.console.runtime.team.openOperations(two.environmentId));
    const refused = errorOf(
      await two.console.runtime.team.settleOperation(two.environmentId, {
        operationId: next?.id ?? '',
        happened: false,
        note: ' ',
      }),
    );
    expect(refused.kind).toBe('validation');
  },
);
