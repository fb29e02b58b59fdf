import { randomUUID } from 'node:crypto';
import type { ErrorKind, Result } from '../../shared/contract';
import { guardProcess, Tally } from '../fuzz/support/process-guard';
import {
  addEnvironmentFor,
  control,
  controlGet,
  dataOf,
  expect,
  test,
  type Console,
} from '../unit/console/console-fixture';

/**
 * 1,000 mutating intents (deposit creates, refund creates, cashout
 * cancels) through the console runtime (the guarded, journaled path the app uses) against a
 * sandbox answering 20% of its service requests with a fault (latency, drop before or after the
 * change, http500, malformed; seeded). Afterwards, with the faults off: no duplicate deposit (by
 * invoice_id) or refund (by deposit: each deposit gets one refund intent) in the sandbox's state,
 * as many unresolved journal entries as `outcome_unknown` answers, and a chain that verifies.
 */

const INTENTS = { deposits: 400, refunds: 300, cancels: 300 };
const CONCURRENCY = 4;
const FAULTS = {
  rate: 0.2,
  kinds: ['latency', 'drop', 'http500', 'malformed'],
  seed: 20_707,
  max_latency_ms: 400,
};
/** Short enough that some latency faults become timeouts, long enough for a loaded machine. */
const CLIENT = { retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 1_500 };
const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' };

async function runPool(tasks: Array<() => Promise<void>>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A COMPLETED deposit of the sandbox (created through the console with the faults off). */
async function completedDeposit(
  console_: Console,
  sandbox: { controlUrl: string },
  index: number,
): Promise<{ id: number; invoice: string }> {
  const invoice = `SOAK-SETUP-${index}`;
  const created = dataOf(
    await console_.call('createDeposit', { body: { amount: 100, country: 'BR', invoice_id: invoice } }),
  );
  const id = created.created.record.deposit_id;
  for (const to of ['PENDING', 'COMPLETED']) {
    const moved = (await control(sandbox as never, `/deposits/${id}/transition`, {
      to,
      payment_method: 'BB',
    })) as {
      record?: { status?: string };
    };
    expect(moved.record?.status, `deposit ${id} → ${to}: ${JSON.stringify(moved)}`).toBe(to);
  }
  return { id, invoice };
}

test('1,000 mutating intents against 20% faults: no duplicates, every outcome known or journaled, chain intact', async ({
  openConsole,
  sandbox,
}) => {
  test.setTimeout(600_000);
  const service = await sandbox({ seed: 77 });
  const console_ = openConsole({ client: CLIENT, watch: { polling: false } });
  const testing = await addEnvironmentFor(
    console_,
    { name: 'Soak', kind: 'testing', baseUrl: service.baseUrl },
    service.credentials,
  );
  dataOf(await console_.call('useEnvironment', { id: testing.id }));

  // -- Setup, faults off: deposits to refund, cashouts to cancel, the refund ids' starting point.
  const deposits: Array<{ id: number; invoice: string }> = [];
  for (let index = 0; index < INTENTS.refunds + 1; index += 1)
    deposits.push(await completedDeposit(console_, service, index));
  const probe = deposits.pop() as { id: number; invoice: string };
  const probeRefund = dataOf(
    await console_.call('createRefund', {
      body: { deposit_id: probe.id, invoice_id: probe.invoice, amount: 1, bank_account: BANK_ACCOUNT },
    }),
  );
  const firstRefundId = probeRefund.created.record.refund_id;
  const cashouts: Array<{ cashout_id: number; external_id: string }> = [];
  for (let index = 0; index < INTENTS.cancels; index += 1) {
    cashouts.push(
      (await control(service, '/cashouts', { external_id: `soak-payout-${index}` })) as {
        cashout_id: number;
        external_id: string;
      },
    );
  }
  const firstDepositId = (deposits[0] as { id: number }).id;
  dataOf(await console_.call('listUnresolvedIntents', {}));

  // -- The soak.
  await control(service, '/faults', FAULTS);
  const guard = guardProcess();
  const outcomes = new Tally();
  const unknownKeys: string[] = [];
  let unknownCancels = 0;
  const depositInvoices: string[] = [];
  let answered = 0;
  const record = (label: string, answer: Result<unknown>): void => {
    answered += 1;
    const kind: 'ok' | ErrorKind = answer.ok ? 'ok' : answer.error.kind;
    outcomes.add(`${label} ${kind}`);
    outcomes.add(kind);
    if (!answer.ok && answer.error.kind === 'outcome_unknown') {
      if (answer.error.idempotencyKey) unknownKeys.push(answer.error.idempotencyKey);
      else unknownCancels += 1;
    }
  };
  const tasks: Array<() => Promise<void>> = [];
  for (let index = 0; index < INTENTS.deposits; index += 1) {
    const invoice = `SOAK-${index}-${randomUUID().slice(0, 8)}`;
    depositInvoices.push(invoice);
    tasks.push(async () =>
      record(
        'deposit',
        await console_.call('createDeposit', {
          body: { amount: 10 + (index % 90) / 10, country: 'BR', invoice_id: invoice },
        }),
      ),
    );
  }
  deposits.forEach((deposit) =>
    tasks.push(async () =>
      record(
        'refund',
        await console_.call('createRefund', {
          body: {
            deposit_id: deposit.id,
            invoice_id: deposit.invoice,
            amount: 5,
            bank_account: BANK_ACCOUNT,
          },
        }),
      ),
    ),
  );
  cashouts.forEach((cashout) =>
    tasks.push(async () =>
      record(
        'cancel',
        await console_.call('cancelCashout', {
          cashoutId: cashout.cashout_id,
          externalId: cashout.external_id,
        }),
      ),
    ),
  );
  // Interleaved, so the three kinds meet the same faults.
  const interleaved = tasks.map((task, index) => ({ task, order: (index * 7919) % tasks.length }));
  interleaved.sort((a, b) => a.order - b.order);
  const started = performance.now();
  await runPool(
    interleaved.map(({ task }) => task),
    CONCURRENCY,
  );
  const elapsed = (performance.now() - started) / 1000;
  await control(service, '/faults', { rate: 0 });
  guard.stop();
  expect(guard.escaped()).toEqual([]);

  // -- Afterwards: the sandbox's state, read through its control API and the service.
  const invoiceCounts = new Map<string, number>();
  for (let id = firstDepositId, misses = 0; misses < 20; id += 1) {
    const found = await controlGet(service, `/deposits/${id}`);
    if (found.status === 404) {
      misses += 1;
      continue;
    }
    misses = 0;
    const invoice = (found.body as { record: { invoice_id: string } }).record.invoice_id;
    invoiceCounts.set(invoice, (invoiceCounts.get(invoice) ?? 0) + 1);
  }
  const duplicateDeposits = [...invoiceCounts.entries()].filter(([, count]) => count > 1);
  const refundsByDeposit = new Map<number, number>();
  for (let id = firstRefundId + 1, misses = 0; misses < 20; id += 1) {
    const found = await console_.call('getRefund', { refundId: id });
    if (!found.ok) {
      expect(found.error.kind).toBe('not_found');
      misses += 1;
      continue;
    }
    misses = 0;
    const depositId = found.data.record.deposit_id;
    refundsByDeposit.set(depositId, (refundsByDeposit.get(depositId) ?? 0) + 1);
  }
  const duplicateRefunds = [...refundsByDeposit.entries()].filter(([, count]) => count > 1);

  const unresolved = dataOf(await console_.call('listUnresolvedIntents', {}));
  // A cancel whose answer was lost is answered outcome_unknown, but the console reads the status
  // at once and, when it shows CANCELLED, journals that as the intent's resolution (cashouts.ts).
  const resolvedByReread = dataOf(await console_.call('listAuditEntries', {})).filter(
    (entry) => entry.type === 'resolution',
  ).length;
  const verified = dataOf(await console_.call('verifyAudit', {}));
  const total = INTENTS.deposits + INTENTS.refunds + INTENTS.cancels;
  const definite = total - outcomes.get('outcome_unknown');
  process.stdout.write(
    `soak: ${total} intents (${INTENTS.deposits} deposit creates, ${INTENTS.refunds} refund creates, ` +
      `${INTENTS.cancels} cashout cancels), concurrency ${CONCURRENCY}, faults ${JSON.stringify(FAULTS)}\n` +
      `soak: outcomes: ${outcomes.toString()}\n` +
      `soak: definite ${definite}, outcome unknown ${outcomes.get('outcome_unknown')}, journal unresolved ` +
      `${unresolved.length}, resolved by a status re-read ${resolvedByReread}; duplicate deposits ${duplicateDeposits.length}, duplicate refunds ` +
      `${duplicateRefunds.length}; soak deposits found ${depositInvoices.filter((invoice) => invoiceCounts.has(invoice)).length}, ` +
      `refunds found ${refundsByDeposit.size}; chain ${JSON.stringify(verified)}; elapsed ${elapsed.toFixed(1)} s\n`,
  );

  expect(duplicateDeposits).toEqual([]);
  expect(duplicateRefunds).toEqual([]);
  expect(outcomes.get('internal')).toBe(0);
  expect(answered).toBe(total);
  // Every intent that did not end definite is in the journal as unresolved, and nothing else is.
  expect(unresolved.length + resolvedByReread).toBe(outcomes.get('outcome_unknown'));
  const unresolvedKeys = unresolved.flatMap((entry) => (entry.idempotencyKey ? [entry.idempotencyKey] : []));
  expect(new Set(unresolvedKeys)).toEqual(new Set(unknownKeys));
  expect(unresolved.length - unresolvedKeys.length + resolvedByReread).toBe(unknownCancels);
  // A create answered definitely (ok or error) made exactly what it said: every soak deposit in
  // the sandbox's state is one the console reported ok, or one whose outcome it said was unknown.
  expect(depositInvoices.filter((invoice) => invoiceCounts.has(invoice)).length).toBeLessThanOrEqual(
    outcomes.get('deposit ok') + outcomes.get('deposit outcome_unknown'),
  );
  expect(verified).toMatchObject({ ok: true });
  // The faults really happened (some answers are not ok), yet most intents went through.
  expect(outcomes.get('ok')).toBeLessThan(total);
  expect(outcomes.get('ok')).toBeGreaterThan(total / 2);
});
