import fc from 'fast-check';
import type { ConsoleError, Result } from '../../../shared/contract';
import { setPolicy, setSigner } from '../../../main/core/team/approvals';
import { putTeamEnvironment } from '../../../main/core/team/environments';
import { dataOf, type Console } from '../../unit/console/console-fixture';
import { expect } from '../../support/team-database';
import { teamWorld, type RuntimeDesk } from '../../support/team-runtime-desks';

/**
 * The operator model with four eyes (docs/architecture.md, "Team mode: approvals"): makers,
 * approvers and two executors as separate runtimes on one service account, behind a gateway that
 * loses the executors' answers, the environment executor-signed with every refund governed.
 * Checked at the end: every refund the service made belongs to exactly one operation, begun by a
 * claim of an approved request, sent by an executor, approved by someone other than its maker.
 * PAYDESK_APPROVAL_MODEL_SEED replays a failure.
 */

const STEPS = 60;
const SEED =
  process.env.PAYDESK_APPROVAL_MODEL_SEED === undefined
    ? Date.now() % 2 ** 31
    : Number(process.env.PAYDESK_APPROVAL_MODEL_SEED);
const REFUNDS_PATH = /^\/v3\/refunds$/;
const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' };
/** What a step may end with; anything else is a bug. */
const EXPECTED_KINDS = new Set<ConsoleError['kind']>([
  'not_permitted', // submitted for approval, or a four-eyes refusal
  'intent_unresolved', // a request or operation already pending on the deposit
  'invalid_state', // a claim lost to the other executor, a closed request
  'outcome_unknown',
  'validation',
]);

type Step =
  | { kind: 'submit'; maker: number; deposit: number; cents: number }
  | { kind: 'approve'; approver: number; reject: boolean }
  | { kind: 'execute'; executor: number; lose: boolean }
  | { kind: 'retry'; executor: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('submit' as const),
    maker: fc.nat({ max: 1 }),
    deposit: fc.nat({ max: 2 }),
    cents: fc.integer({ min: 100, max: 500 }),
  }),
  fc.record({ kind: fc.constant('approve' as const), approver: fc.nat({ max: 1 }), reject: fc.boolean() }),
  fc.record({ kind: fc.constant('execute' as const), executor: fc.nat({ max: 1 }), lose: fc.boolean() }),
  fc.record({ kind: fc.constant('retry' as const), executor: fc.nat({ max: 1 }) }),
);

teamWorld(
  'makers, approvers and two executors at random: no refund moves without four eyes, none twice',
  async ({ openDesk, service: { gateway }, team }) => {
    teamWorld.setTimeout(300_000);
    const admin = await team.desk(['paydesk_admin']);
    dataOf(
      await putTeamEnvironment(admin.client, { name: 'Service', kind: 'testing', baseUrl: gateway.baseUrl }),
    );
    const always = { environment: 'Service', action: 'refund', mode: 'always', thresholds: {} } as const;
    dataOf(await setPolicy(admin.client, { ...always, approvers: 1, validForSeconds: 3600 }));
    dataOf(await setSigner(admin.client, { environment: 'Service', signer: 'executor' }));

    const makers = [await openDesk('maker-0'), await openDesk('maker-1')];
    const approvers = [
      await openDesk('approver-0', { groups: ['paydesk_approver'] }),
      await openDesk('approver-1', { groups: ['paydesk_approver'] }),
    ];
    const executors = [
      await openDesk('executor-0', { groups: ['paydesk_executor'] }),
      await openDesk('executor-1', { groups: ['paydesk_executor'] }),
    ];
    const pick = (desks: RuntimeDesk[], index: number): RuntimeDesk =>
      desks[index] ?? (desks[0] as RuntimeDesk);

    const deposits: Array<{ id: number; invoice: string }> = [];
    const reader: Console = pick(makers, 0).console;
    for (let id = 400_000_001; deposits.length < 3; id += 1) {
      const record = dataOf(await reader.call('getDeposit', { depositId: id })).record;
      if (record.status === 'COMPLETED') deposits.push({ id, invoice: record.invoice_id ?? `INV-${id}` });
    }

    const outcomes = new Map<string, number>();
    const seen = (result: Result<unknown>): void => {
      const name = result.ok ? 'ok' : result.error.kind;
      outcomes.set(name, (outcomes.get(name) ?? 0) + 1);
      if (!result.ok)
        expect(EXPECTED_KINDS.has(result.error.kind), `${name}: ${result.error.message}`).toBe(true);
    };
    const retryAll = async (desk: RuntimeDesk): Promise<void> => {
      for (const intent of dataOf(await desk.console.call('listUnresolvedIntents', {}))) {
        seen(await desk.console.call('retryIntent', { intentId: intent.intentId }));
      }
    };

    const plan =
      fc.sample(fc.array(step, { minLength: STEPS, maxLength: STEPS }), { seed: SEED, numRuns: 1 })[0] ?? [];
    console.log(`approval operator model: seed ${SEED}, ${plan.length} steps`);
    for (const action of plan) {
      gateway.disarm();
      if (action.kind === 'submit') {
        const deposit = deposits[action.deposit] ?? (deposits[0] as { id: number; invoice: string });
        const body = {
          deposit_id: deposit.id,
          invoice_id: deposit.invoice,
          amount: action.cents / 100,
          bank_account: BANK_ACCOUNT,
        };
        seen(
          await pick(makers, action.maker).console.call('createRefund', { body, reason: `model ${SEED}` }),
        );
      } else if (action.kind === 'approve') {
        const desk = pick(approvers, action.approver);
        const [waiting] = dataOf(await desk.console.runtime.team.approvals(desk.environmentId)).filter(
          (request) => request.state === 'waiting',
        );
        if (!waiting) continue;
        seen(
          action.reject
            ? await desk.console.runtime.team.reject(desk.environmentId, {
                requestId: waiting.id,
                note: 'model says no',
              })
            : await desk.console.runtime.team.approve(desk.environmentId, {
                requestId: waiting.id,
                bodyHash: waiting.body_hash,
                note: null,
              }),
        );
      } else if (action.kind === 'execute') {
        const desk = pick(executors, action.executor);
        if (action.lose)
          for (let attempt = 0; attempt < 2; attempt += 1)
            gateway.arm('lose_after', { method: 'POST', path: REFUNDS_PATH });
        const pass = dataOf(await desk.console.runtime.team.executorPass(desk.environmentId, {}));
        for (const request of pass.requests) {
          outcomes.set(
            request.sent ? 'sent' : (request.error?.kind ?? '?'),
            (outcomes.get(request.sent ? 'sent' : (request.error?.kind ?? '?')) ?? 0) + 1,
          );
          if (request.error)
            expect(
              EXPECTED_KINDS.has(request.error.kind as ConsoleError['kind']),
              request.error.message,
            ).toBe(true);
        }
      } else {
        await retryAll(pick(executors, action.executor));
      }
    }
    // The executors resend what they left unknown, with no faults, under the stored keys.
    gateway.disarm();
    for (const desk of executors) {
      await retryAll(desk);
      expect(dataOf(await desk.console.call('listUnresolvedIntents', {}))).toEqual([]);
    }
    console.log(`approval operator model outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);

    const { rows: operations } = await team.admin.query<{
      id: string;
      idempotency_key: string;
      state: string;
      made_by: string;
      maker: string | null;
      approved_by: string[] | null;
    }>(
      `SELECT o.id::text, o.idempotency_key::text, o.state, o.made_by, r.made_by AS maker,
            (SELECT array_agg(a.approver) FROM paydesk.approvals a WHERE a.request = r.id) AS approved_by
       FROM paydesk.operations o LEFT JOIN paydesk.approval_requests r ON r.operation = o.id
      WHERE o.action = 'refund'`,
    );
    const executorPeople = new Set(executors.map((desk) => desk.person));
    for (const operation of operations) {
      expect(operation.maker, `operation ${operation.id} came from a claimed request`).not.toBeNull();
      expect(executorPeople.has(operation.made_by), `operation ${operation.id} sent by an executor`).toBe(
        true,
      );
      expect(operation.approved_by ?? [], `operation ${operation.id} approved`).not.toEqual([]);
      expect(operation.approved_by ?? []).not.toContain(operation.maker);
    }
    // Each refund the service made answered one key, and those keys are exactly the ok operations'.
    const made = new Map<string, Set<string>>();
    for (const post of gateway.posts) {
      if (!REFUNDS_PATH.test(post.path) || post.status !== 200) continue;
      const answer = JSON.parse(post.answer) as { refund_id?: unknown };
      const keys = made.get(String(answer.refund_id)) ?? new Set<string>();
      keys.add(post.idempotencyKey ?? '');
      made.set(String(answer.refund_id), keys);
    }
    for (const [id, keys] of made) expect(keys.size, `refund ${id} answered one key`).toBe(1);
    const okKeys = operations
      .filter((operation) => operation.state === 'ok')
      .map((operation) => operation.idempotency_key);
    expect([...made.values()].flatMap((keys) => [...keys]).sort()).toEqual(okKeys.sort());
  },
);
