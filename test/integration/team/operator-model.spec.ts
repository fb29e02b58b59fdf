import fc from 'fast-check';
import type { ConsoleError, Result } from '../../../shared/contract';
import type { Gateway } from '../../support/gateway';
import { control, dataOf, type Console } from '../../unit/console/console-fixture';
import { expect } from '../../support/team-database';
import { teamWorld } from '../../support/team-runtime-desks';

/**
 * The operator model with several desks of one team (docs/architecture.md, "Team mode: money
 * moves"): separate runtimes, each its own data folder, keychain and person, act at random on one
 * service account behind a gateway that loses answers, then settle what they left unknown. Checked:
 * every record the service made belongs to exactly one team operation, and the other way round.
 * PAYDESK_TEAM_MODEL_COMMANDS sets the length, PAYDESK_TEAM_MODEL_SEED replays a failure.
 */

const COMMANDS = Number(process.env.PAYDESK_TEAM_MODEL_COMMANDS ?? 80);
const SEED =
  process.env.PAYDESK_TEAM_MODEL_SEED === undefined
    ? Date.now() % 2 ** 31
    : Number(process.env.PAYDESK_TEAM_MODEL_SEED);
const DESKS = 3;
const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' };
const MONEY_PATH = /^\/v3\/(refunds|deposits|cashout\/cancel)$/;
/** Kinds a money move may end with at a desk of the team; anything else is a bug. */
const EXPECTED_KINDS = new Set<ConsoleError['kind']>([
  'outcome_unknown',
  'intent_unresolved',
  'validation',
  'invalid_state',
  // This desk's own rule: a second deposit of an invoice it saw created needs a confirmation.
  'duplicate_invoice',
]);

type Fault = 'none' | 'lose_after' | 'bad_gateway_after';
type Command =
  | { kind: 'refund'; desk: number; deposit: number; cents: number; fault: Fault }
  | { kind: 'deposit'; desk: number; invoice: number; fault: Fault }
  | { kind: 'cancel'; desk: number; cashout: number; fault: Fault }
  | { kind: 'retry'; desk: number }
  | { kind: 'settle'; desk: number };

const desk = fc.nat({ max: DESKS - 1 });
const fault = fc.constantFrom<Fault>('none', 'none', 'lose_after', 'bad_gateway_after');
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('refund' as const),
    desk,
    deposit: fc.nat({ max: 2 }),
    cents: fc.integer({ min: 100, max: 900 }),
    fault,
  }),
  fc.record({ kind: fc.constant('deposit' as const), desk, invoice: fc.nat({ max: 3 }), fault }),
  fc.record({ kind: fc.constant('cancel' as const), desk, cashout: fc.nat({ max: 2 }), fault }),
  fc.record({ kind: fc.constant('retry' as const), desk }),
  fc.record({ kind: fc.constant('settle' as const), desk }),
);

/** What the service made at `path`: each record's id with the request keys it answered. */
function serviceRecords(gateway: Gateway, path: RegExp, idField: string): Map<string, Set<string>> {
  const records = new Map<string, Set<string>>();
  for (const post of gateway.posts) {
    if (!path.test(post.path) || post.status !== 200) continue;
    const answer = JSON.parse(post.answer) as Record<string, unknown>;
    const id = String(answer[idField] ?? (answer.data as Record<string, unknown> | undefined)?.[idField]);
    const keys = records.get(id) ?? new Set<string>();
    keys.add(post.idempotencyKey ?? '');
    records.set(id, keys);
  }
  return records;
}

const test = teamWorld;

test('desks of one team at random behind a lossy gateway: every record the service made is one team operation', async ({
  openDesk,
  service: { sandbox: service, gateway },
  team,
}) => {
  test.setTimeout(300_000);
  const desks: Console[] = [];
  for (let index = 0; index < DESKS; index += 1) desks.push((await openDesk(`desk-${index}`)).console);
  const at = (index: number): Console => desks[index] ?? (desks[0] as Console);

  // Targets: COMPLETED deposits of the sandbox's bulk, invoices of new deposits, pending cashouts.
  const deposits: Array<{ id: number; invoice: string }> = [];
  for (let id = 400_000_001; deposits.length < 3; id += 1) {
    const record = dataOf(await at(0).call('getDeposit', { depositId: id })).record;
    if (record.status === 'COMPLETED') deposits.push({ id, invoice: record.invoice_id ?? `INV-${id}` });
  }
  const cashouts: Array<{ cashoutId: number; externalId: string }> = [];
  for (let index = 0; index < 3; index += 1) {
    const made = (await control(service, '/cashouts', { external_id: `team-model-${index}` })) as {
      cashout_id: number;
      external_id: string;
    };
    cashouts.push({ cashoutId: made.cashout_id, externalId: made.external_id });
  }

  const outcomes = new Map<string, number>();
  const seen = (result: Result<unknown>): void => {
    const name = result.ok ? 'ok' : result.error.kind;
    outcomes.set(name, (outcomes.get(name) ?? 0) + 1);
    if (!result.ok) {
      expect(EXPECTED_KINDS.has(result.error.kind), `${result.error.kind}: ${result.error.message}`).toBe(
        true,
      );
    }
  };
  /** Settles a desk's first unknown intent by the truth the gateway saw: each fault here lets the request through. */
  const settleFirst = async (console: Console): Promise<void> => {
    const [intent] = dataOf(await console.call('listUnresolvedIntents', {}));
    if (intent === undefined) return;
    const reached = gateway.posts.some(
      (post) =>
        post.status === 200 &&
        (intent.idempotencyKey === null
          ? post.body.includes(String(intent.ids.cashout_id))
          : post.idempotencyKey === intent.idempotencyKey),
    );
    seen(
      await console.call('settleIntent', {
        intentId: intent.intentId,
        verdict: reached ? 'happened' : 'did_not_happen',
        note: 'Checked against the gateway log of the test.',
      }),
    );
  };

  const plan =
    fc.sample(fc.array(command, { minLength: COMMANDS, maxLength: COMMANDS }), {
      seed: SEED,
      numRuns: 1,
    })[0] ?? [];
  console.log(`team operator model: seed ${SEED}, ${plan.length} commands`);
  for (const step of plan) {
    gateway.disarm();
    const console = at(step.desk);
    if ('fault' in step && step.fault !== 'none') {
      // Every attempt of the client's retries meets it, so the answer is lost for good.
      for (let attempt = 0; attempt < 2; attempt += 1)
        gateway.arm(step.fault, { method: 'POST', path: MONEY_PATH });
    }
    if (step.kind === 'refund') {
      const deposit = deposits[step.deposit] ?? deposits[0];
      if (!deposit) throw new Error('no deposit');
      seen(
        await console.call('createRefund', {
          body: {
            deposit_id: deposit.id,
            invoice_id: deposit.invoice,
            amount: step.cents / 100,
            bank_account: BANK_ACCOUNT,
          },
        }),
      );
    } else if (step.kind === 'deposit') {
      seen(
        await console.call('createDeposit', {
          body: {
            amount: 10,
            country: 'BR',
            currency: 'BRL',
            invoice_id: `TEAM-MODEL-${SEED}-${step.invoice}`,
          },
        }),
      );
    } else if (step.kind === 'cancel') {
      seen(
        await console.call(
          'cancelCashout',
          cashouts[step.cashout] ?? cashouts[0] ?? { cashoutId: 0, externalId: '' },
        ),
      );
    } else if (step.kind === 'retry') {
      const [intent] = dataOf(await console.call('listUnresolvedIntents', {}));
      if (intent) seen(await console.call('retryIntent', { intentId: intent.intentId }));
    } else {
      await settleFirst(console);
    }
  }

  // Every desk settles what it left unknown, with no faults: retried where it can be, else by the truth.
  gateway.disarm();
  for (const console of desks) {
    for (let guard = 0; guard < 50; guard += 1) {
      const [intent] = dataOf(await console.call('listUnresolvedIntents', {}));
      if (intent === undefined) break;
      const retried = intent.canRetry
        ? await console.call('retryIntent', { intentId: intent.intentId })
        : null;
      if (!retried?.ok) await settleFirst(console);
    }
    expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
  }
  console.log(`team operator model outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);

  const { rows: operations } = await team.admin.query<{
    action: string;
    target_id: string;
    idempotency_key: string;
    state: string;
  }>('SELECT action, target_id, idempotency_key::text, state FROM paydesk.operations ORDER BY id');
  expect(operations.filter((operation) => ['sending', 'outcome_unknown'].includes(operation.state))).toEqual(
    [],
  );
  const okKeys = (action: string): string[] =>
    operations
      .filter((operation) => operation.action === action && operation.state === 'ok')
      .map((operation) => operation.idempotency_key)
      .sort();

  // Refunds and deposits: each record under one key, and the keys of the records are the ok operations'.
  for (const [action, path, idField] of [
    ['refund', /^\/v3\/refunds$/, 'refund_id'],
    ['deposit_create', /^\/v3\/deposits$/, 'deposit_id'],
  ] as const) {
    const records = serviceRecords(gateway, path, idField);
    for (const [id, keys] of records) expect(keys.size, `${action} ${id} answered one key`).toBe(1);
    const recordKeys = [...records.values()].flatMap((keys) => [...keys]).sort();
    expect(recordKeys, `${action}: records and ok operations`).toEqual(okKeys(action));
  }
  // Cancels: each cashout the service cancelled has exactly one ok cancel operation, and the rest none.
  for (const cashout of cashouts) {
    const status = dataOf(await at(0).call('getCashoutStatus', cashout)).record.cashout_status;
    const ok = operations.filter(
      (operation) =>
        operation.action === 'cashout_cancel' &&
        operation.target_id === String(cashout.cashoutId) &&
        operation.state === 'ok',
    );
    expect(ok.length, `cashout ${cashout.cashoutId}`).toBe(status === 2 ? 1 : 0);
  }
  expect(outcomes.get('ok') ?? 0).toBeGreaterThan(0);
});
