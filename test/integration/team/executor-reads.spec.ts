import { accountOrigin } from '../../../main/core/payments/base-url';
import { setPolicy, setSigner } from '../../../main/core/team/approvals';
import { SEEDED_RECORDS } from '../../../main/sandbox';
import { putTeamEnvironment } from '../../../main/core/team/environments';
import { answerRead, askRead, claimReads, takeReadAnswer } from '../../../main/core/team/executor-reads';
import { approveAsRead, teamWorld, type OpenDesk, type RuntimeDesk } from '../../support/team-runtime-desks';
import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect, governRefunds, type TeamDatabase } from '../../support/team-database';

/**
 * Desks of an executor-signed environment hold no service credentials: their deposit, refund and
 * sub-merchant lookups are asked of the team's executor through the database
 * (console/executor-reads.ts over team/migrations/0003-executor-reads.ts), the asker alone takes the
 * answer, once, and the row is gone when it is taken.
 */

const DEPOSIT = 300_000_001;
const REFUND = 17;
const SUB_MERCHANT = 18_703;

/** The team signs the service's environment by the executor alone. */
async function executorSigned(team: TeamDatabase, baseUrl: string): Promise<void> {
  const admin = await team.desk(['paydesk_admin']);
  dataOf(await putTeamEnvironment(admin.client, { name: 'Service', kind: 'testing', baseUrl }));
  dataOf(await setSigner(admin.client, { environment: 'Service', signer: 'executor' }));
}

/** An executor that has made a pass (so it is heard from) and answers reads until stopped. */
async function runningExecutor(executor: RuntimeDesk): Promise<{ stop(): Promise<void> }> {
  dataOf(await executor.console.runtime.team.executorPass(executor.environmentId, {}));
  const reads = executor.console.runtime.team.executorReads(executor.environmentId);
  const stopping = new AbortController();
  const serving = reads.serveUntil(Date.now() + 120_000, stopping.signal);
  return {
    async stop() {
      stopping.abort();
      await serving;
      await reads.close();
    },
  };
}

/** The running executor, and a maker and an approver with no service credentials of their own. */
async function executorMakerApprover(openDesk: OpenDesk) {
  const executor = await openDesk('executor', { groups: ['paydesk_executor'] });
  const maker = await openDesk('maker', { credentials: false });
  const approver = await openDesk('approver', {
    groups: ['paydesk_operator', 'paydesk_approver'],
    credentials: false,
  });
  return { executor, maker, approver, running: await runningExecutor(executor) };
}

const rowsLeft = async (team: TeamDatabase): Promise<number> => {
  const { rows } = await team.admin.query<{ count: string }>('SELECT count(*) FROM paydesk.read_requests');
  return Number(rows[0]?.count);
};

teamWorld(
  'a desk with no service credentials reads a deposit through the executor',
  async ({ openDesk, service, team }) => {
    await executorSigned(team, service.gateway.baseUrl);
    const executor = await openDesk('executor', { groups: ['paydesk_executor'] });
    const desk = await openDesk('reader', { credentials: false });
    // Alone, the desk cannot sign: this is what the executor spares it.
    const alone = await openDesk('alone', { credentials: false, joined: false });
    expect(errorOf(await alone.console.call('getDeposit', { depositId: DEPOSIT })).kind).toBe(
      'credentials_missing',
    );

    const running = await runningExecutor(executor);
    try {
      const direct = dataOf(await executor.console.call('getDeposit', { depositId: DEPOSIT }));
      const through = dataOf(await desk.console.call('getDeposit', { depositId: DEPOSIT }));
      expect(through.record).toEqual(direct.record);
      expect(through.unknownFields).toEqual(direct.unknownFields);

      const refund = dataOf(await desk.console.call('getRefund', { refundId: REFUND }));
      expect(refund.record).toEqual(
        dataOf(await executor.console.call('getRefund', { refundId: REFUND })).record,
      );
      const subMerchant = dataOf(await desk.console.call('getSubMerchant', { subMerchantId: SUB_MERCHANT }));
      expect(subMerchant.record).toEqual(
        dataOf(await executor.console.call('getSubMerchant', { subMerchantId: SUB_MERCHANT })).record,
      );
      // The service's refusal reaches the desk in its kind, as a direct read's would.
      const missing = errorOf(await desk.console.call('getDeposit', { depositId: 399_999_999 }));
      expect(missing.kind).toBe(
        errorOf(await executor.console.call('getDeposit', { depositId: 399_999_999 })).kind,
      );
      expect(missing.message).toContain(executor.person);
      // Every answer was taken, and taking it deleted it: no record's data stays in the database.
      expect(await rowsLeft(team)).toBe(0);
    } finally {
      await running.stop();
    }
  },
);

teamWorld(
  'with no executor running the desk gets the typed error within the timeout',
  async ({ openDesk, service, team }) => {
    teamWorld.setTimeout(60_000);
    const desk = await openDesk('reader', { credentials: false });
    // While the team signs no environment of the service by the executor, the desk's read is
    // refused as a direct one is: ask_read's refusal is the signer check.
    expect(errorOf(await desk.console.call('getDeposit', { depositId: DEPOSIT }))).toMatchObject({
      kind: 'credentials_missing',
      text: { key: 'credentials.missingSigned' },
    });
    await executorSigned(team, service.gateway.baseUrl);
    const executor = await openDesk('executor', { groups: ['paydesk_executor'] });

    // No executor ever heard from: said at once.
    const never = errorOf(await desk.console.call('getDeposit', { depositId: DEPOSIT }));
    expect(never).toMatchObject({ kind: 'timeout', text: { key: 'team.executorNoAnswer' } });

    // Heard from once, but not answering now: said when the wait is over.
    dataOf(await executor.console.runtime.team.executorPass(executor.environmentId, {}));
    const started = Date.now();
    const silent = errorOf(await desk.console.call('getDeposit', { depositId: DEPOSIT }));
    const waited = Date.now() - started;
    expect(silent).toMatchObject({ kind: 'timeout', text: { key: 'team.executorNoAnswer' } });
    expect(waited).toBeGreaterThanOrEqual(9_500);
    expect(waited).toBeLessThan(15_000);
  },
);

teamWorld(
  'a viewer may ask; only the asker takes the answer, once; only an executor answers',
  async ({ openDesk, service, team }) => {
    await executorSigned(team, service.gateway.baseUrl);
    const executor = await openDesk('executor', { groups: ['paydesk_executor'] });
    const viewer = await team.desk(['paydesk_viewer']);
    const other = await team.desk(['paydesk_operator']);
    const origin = accountOrigin(service.gateway.baseUrl) ?? '';

    const running = await runningExecutor(executor);
    let requestId: string;
    try {
      // A service no executor-signed environment names: no request, the desk reads directly.
      expect(
        dataOf(
          await askRead(viewer.client, {
            origin: 'https://elsewhere.test',
            kind: 'deposit',
            id: { recordId: 1, externalId: null },
          }),
        ),
      ).toBeNull();
      requestId =
        dataOf(
          await askRead(viewer.client, {
            origin,
            kind: 'deposit',
            id: { recordId: DEPOSIT, externalId: null },
          }),
        ) ?? '';
      expect(requestId).toMatch(/^\d+$/);
      // Someone else cannot take it, nor can a non-executor answer it, nor read the table.
      expect(errorOf(await takeReadAnswer(other.client, requestId, 1_000)).kind).toBe('not_permitted');
      expect(
        errorOf(await answerRead(other.client, requestId, { answer: { deposit_id: 1, status: 'PAID' } }))
          .kind,
      ).toBe('not_permitted');
      await expect(viewer.client.query('SELECT * FROM paydesk.read_requests')).rejects.toThrow(
        /permission denied/,
      );

      let taken = dataOf(await takeReadAnswer(viewer.client, requestId, 1_000));
      for (let tries = 0; taken === null && tries < 10; tries += 1) {
        taken = dataOf(await takeReadAnswer(viewer.client, requestId, 1_000));
      }
      expect(taken).toMatchObject({ answered: true, by: executor.person, answer: { deposit_id: DEPOSIT } });
    } finally {
      await running.stop();
    }
    // Taken once: the row is gone.
    expect(errorOf(await takeReadAnswer(viewer.client, requestId, 0)).kind).toBe('not_found');
    expect(await rowsLeft(team)).toBe(0);
  },
);

teamWorld(
  'a desk with no credentials asks for a refund; approved, the executor sends it under its account, once',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl, { signer: 'executor' });
    const { executor, maker, approver, running } = await executorMakerApprover(openDesk);
    try {
      const { rows } = await team.admin.query<{ account: string }>(
        'SELECT account FROM paydesk.executor_heartbeats',
      );
      const executorsAccount = rows[0]?.account ?? '';
      expect(executorsAccount).toMatch(/#key:/);

      const before = dataOf(await maker.console.call('getRefundPreflight', { depositId: DEPOSIT }));
      // The maker's refund form reads the deposit through the executor, then submits under the
      // account the executor acts for: no key of the maker's own names it.
      const submitted = errorOf(
        await maker.console.call('createRefund', {
          body: { deposit_id: DEPOSIT, invoice_id: 'INV-300000001', amount: 5 },
          reason: 'Ticket 9: double charge',
        }),
      );
      expect(submitted.text?.key).toBe('team.approvalSubmitted');
      const [waiting] = dataOf(await approver.console.runtime.team.approvals(approver.environmentId));
      expect(waiting).toMatchObject({ account: executorsAccount, made_by: maker.person, state: 'waiting' });

      const requestId = waiting?.id ?? '';
      await approveAsRead(approver, requestId);
      const pass = dataOf(await executor.console.runtime.team.executorPass(executor.environmentId, {}));
      expect(pass.requests).toEqual([{ requestId, sent: true }]);
      const made = service.gateway.posts.filter(
        (post) => /^\/v3\/refunds$/.test(post.path) && post.status === 200,
      );
      expect(made).toHaveLength(1);
      // The team's refund arithmetic sees it at the maker's desk, under the same account.
      const after = dataOf(await maker.console.call('getRefundPreflight', { depositId: DEPOSIT }));
      expect(before.remaining).not.toBeNull();
      expect(after.remaining).toBe((before.remaining ?? 0) - 5);
    } finally {
      await running.stop();
    }
  },
);

teamWorld(
  'two executors of one account: one takes a read to answer, and one answer wins',
  async ({ service, team }) => {
    await executorSigned(team, service.gateway.baseUrl);
    const origin = accountOrigin(service.gateway.baseUrl) ?? '';
    const account = `${origin}#key:shared`;
    const [first, second] = [await team.desk(['paydesk_executor']), await team.desk(['paydesk_executor'])];
    for (const executor of [first, second]) {
      await executor.client.query('SELECT paydesk.executor_heartbeat($1, 0, NULL)', [account]);
    }
    const viewer = await team.desk(['paydesk_viewer']);
    const requestId = dataOf(
      await askRead(viewer.client, { origin, kind: 'deposit', id: { recordId: DEPOSIT, externalId: null } }),
    );

    // Both take at once: SKIP LOCKED and the mark give the read to one of them only.
    const taken = await Promise.all(
      [first, second].map((executor) => claimReads(executor.client, account, 16)),
    );
    expect(taken.map((result) => dataOf(result).map((read) => read.id)).sort()).toEqual([[], [requestId]]);
    // Taken, it stays its taker's while fresh: neither takes it again.
    for (const executor of [first, second])
      expect(dataOf(await claimReads(executor.client, account, 16))).toEqual([]);
    // A viewer may not take reads to answer; an executor not heard for the account takes none.
    expect(errorOf(await claimReads(viewer.client, account, 16)).kind).toBe('not_permitted');
    const unheard = await team.desk(['paydesk_executor']);
    expect(dataOf(await claimReads(unheard.client, account, 16))).toEqual([]);

    dataOf(
      await answerRead(second.client, requestId ?? '', { answer: { deposit_id: DEPOSIT, status: 'PAID' } }),
    );
    expect(
      errorOf(
        await answerRead(first.client, requestId ?? '', { answer: { deposit_id: DEPOSIT, status: 'NEW' } }),
      ).kind,
    ).toBe('invalid_state');
    expect(dataOf(await takeReadAnswer(viewer.client, requestId ?? '', 0))).toMatchObject({
      answer: { status: 'PAID' },
    });
    expect(await rowsLeft(team)).toBe(0);
  },
);

teamWorld(
  'a desk with no credentials reads a cashout and asks to cancel it; approved, the executor cancels it under its cashout account',
  async ({ openDesk, service, team }) => {
    const admin = await team.desk(['paydesk_admin']);
    await governRefunds(admin.client, service.gateway.baseUrl, { signer: 'executor' });
    dataOf(
      await setPolicy(admin.client, {
        environment: 'Service',
        action: 'cashout_cancel',
        mode: 'always',
        thresholds: {},
        approvers: 1,
        validForSeconds: 3600,
      }),
    );
    const { executor, maker, approver, running } = await executorMakerApprover(openDesk);
    try {
      const { rows } = await team.admin.query<{ cashouts_account: string | null }>(
        'SELECT cashouts_account FROM paydesk.executor_heartbeats',
      );
      const cashoutsAccount = rows[0]?.cashouts_account ?? '';
      expect(cashoutsAccount).toMatch(/#login:/);

      // The cashout, by its external id, as the executor reads it with its own cashout login.
      const byExternal = { externalId: 'payout-7781' };
      const read = dataOf(await maker.console.call('getCashoutStatus', byExternal)).record;
      expect(read).toEqual(dataOf(await executor.console.call('getCashoutStatus', byExternal)).record);
      expect(read.cashout_status).toBe(0);

      const submitted = errorOf(
        await maker.console.call('cancelCashout', {
          cashoutId: SEEDED_RECORDS.pendingCashout,
          externalId: 'payout-7781',
          reason: 'Ticket 10: paid twice',
        }),
      );
      expect(submitted.text?.key).toBe('team.approvalSubmitted');
      const [waiting] = dataOf(await approver.console.runtime.team.approvals(approver.environmentId));
      expect(waiting).toMatchObject({ account: cashoutsAccount, action: 'cashout_cancel', state: 'waiting' });
      const requestId = waiting?.id ?? '';
      await approveAsRead(approver, requestId);
      const pass = dataOf(await executor.console.runtime.team.executorPass(executor.environmentId, {}));
      expect(pass.requests).toEqual([{ requestId, sent: true }]);
      // Cancelled (D7 code 2), as the maker's desk reads it through the executor.
      expect(dataOf(await maker.console.call('getCashoutStatus', byExternal)).record.cashout_status).toBe(2);
    } finally {
      await running.stop();
    }
  },
);

teamWorld(
  'where only the executor signs, a move no policy governs is handed to it, approved as submitted, and sent once',
  async ({ openDesk, service, team }) => {
    await executorSigned(team, service.gateway.baseUrl);
    const executor = await openDesk('executor', { groups: ['paydesk_executor'] });
    const bare = await openDesk('bare', { credentials: false });
    // Even a desk that holds the credentials does not sign there: the database refuses its begin.
    const keyed = await openDesk('keyed');
    const deposits = () =>
      service.gateway.posts.filter((post) => /^\/v3\/deposits$/.test(post.path) && post.status === 200);
    const running = await runningExecutor(executor);
    try {
      for (const [desk, amount] of [
        [bare, 10],
        [keyed, 12],
      ] as const) {
        const handed = errorOf(
          await desk.console.call('createDeposit', {
            body: { amount, country: 'BR' },
            reason: 'Order 7',
          }),
        );
        expect(handed.text?.key).toBe('team.executorSubmitted');
        // Refused before sending: nothing is left unresolved at the desk.
        expect(dataOf(await desk.console.call('listUnresolvedIntents', {}))).toEqual([]);
      }
      expect(deposits()).toHaveLength(0);
      const requests = dataOf(await executor.console.runtime.team.approvals(executor.environmentId));
      expect(requests.map((request) => [request.state, request.approvers_needed, request.action])).toEqual([
        ['approved', 0, 'deposit_create'],
        ['approved', 0, 'deposit_create'],
      ]);

      const pass = dataOf(await executor.console.runtime.team.executorPass(executor.environmentId, {}));
      expect(pass.requests.map((request) => request.sent)).toEqual([true, true]);
      expect(deposits()).toHaveLength(2);
      // The executor's journal names who asked, and that no one approved (none was asked).
      const lines = dataOf(await executor.console.call('listAuditEntries', {}));
      expect(
        lines
          .filter((line) => line.type === 'intent')
          .map((line) => [line.madeBy, line.approvedBy])
          .sort(),
      ).toEqual(
        [
          [bare.person, []],
          [keyed.person, []],
        ].sort(),
      );
      // The executor's own move needs no hand-over: it signs.
      dataOf(await executor.console.call('createDeposit', { body: { amount: 11, country: 'BR' } }));
      expect(deposits()).toHaveLength(3);
    } finally {
      await running.stop();
    }
  },
);
