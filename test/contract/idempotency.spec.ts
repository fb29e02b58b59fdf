import { randomUUID } from 'node:crypto';
import type { FaultPlan } from '../../main/sandbox/faults';
import { FaultInjector } from '../../main/sandbox/faults';
import type { SandboxHandle } from '../../main/sandbox';
import type { PaymentsClient } from '../../main/core/payments';
import type { DepositCreateBody } from '../../shared/contract';
import { FULL_PAYER, SEEDED, advanceClock, controlOk, expect, expectError, test, unwrap } from './fixtures';

/**
 * D6 through the client: one key per intent, reused by every retry; the service stores the
 * first answer per (endpoint, key), 500s included, and replays it; a lost answer is recovered by
 * the client's own retry under the same key without a second deposit.
 */

const BODY: DepositCreateBody = { amount: 25, country: 'BR', payer: FULL_PAYER, payment_method: 'BL' };

/**
 * The sandbox hands out deposit ids in sequence: a deposit created now gets the next id, so
 * "the next creation gets id + 1" proves nothing was created in between.
 */
async function nextDepositId(client: PaymentsClient): Promise<number> {
  return unwrap(await client.createDeposit({ amount: 1, country: 'MX' })).record.deposit_id;
}

async function faultCounters(sandbox: SandboxHandle): Promise<Record<string, number>> {
  return (await controlOk(sandbox, 'GET', '/faults')).counters as Record<string, number>;
}

/**
 * A fault seed whose first draws are `plans` (in order), found with the sandbox's own injector
 * so the test does not depend on its random stream's details.
 */
function seedFor(rate: number, kinds: FaultPlan['kind'][], plans: Array<FaultPlan | undefined>): number {
  for (let seed = 0; seed < 10_000; seed += 1) {
    const injector = new FaultInjector();
    injector.configure({ rate, kinds, seed });
    if (plans.every((plan) => JSON.stringify(injector.draw()) === JSON.stringify(plan))) return seed;
  }
  throw new Error('no seed gives these draws');
}

test('the same key twice: the same deposit_id, and only one deposit is created', async ({ client }) => {
  const before = await nextDepositId(client);
  const idempotencyKey = randomUUID();
  const first = unwrap(await client.createDeposit(BODY, { idempotencyKey }));
  const second = unwrap(await client.createDeposit(BODY, { idempotencyKey }));
  expect(first.idempotencyKey).toBe(idempotencyKey);
  expect(second.record).toEqual(first.record);
  expect(first.record.deposit_id).toBe(before + 1);
  expect(await nextDepositId(client)).toBe(before + 2);
});

test('the same refund key twice: one refund, so the amount is taken once', async ({ client }) => {
  const deposit = SEEDED.completedCardDeposit;
  const invoice = `INV-${deposit}`;
  const left = 150 - 20; // the seeded card deposit (150.00) has a pending refund of 20.00 (refund 18)
  const idempotencyKey = randomUUID();
  const body = { deposit_id: deposit, invoice_id: invoice, amount: 100 };
  const first = unwrap(await client.createRefund(body, { idempotencyKey }));
  const second = unwrap(await client.createRefund(body, { idempotencyKey }));
  expect(second.record.refund_id).toBe(first.record.refund_id);
  // Were the refund made twice, nothing would be left for this one (D8: 802).
  unwrap(await client.createRefund({ deposit_id: deposit, invoice_id: invoice, amount: left - 100 }));
});

test('a 500 is stored under its key: the retry with the same key gets the same 500 back, an unknown outcome each time', async ({
  client,
  sandbox,
}) => {
  const before = await nextDepositId(client);
  await controlOk(sandbox, 'POST', '/faults', { rate: 1, kinds: ['http500'] });
  // D16: a 5xx to a creation may come after the service acted, so its outcome is unknown.
  const failed = expectError(await client.createDeposit(BODY), {
    kind: 'outcome_unknown',
    code: 500,
    httpStatus: 500,
  });
  // A creation is not retried on a 5xx by the client (only a lost answer is).
  expect((await faultCounters(sandbox)).requests).toBe(1);
  const idempotencyKey = failed.idempotencyKey;
  expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

  await controlOk(sandbox, 'POST', '/faults', { rate: 0 });
  const replayed = expectError(await client.createDeposit(BODY, { idempotencyKey }), {
    kind: 'outcome_unknown',
    code: 500,
    httpStatus: 500,
  });
  expect(replayed.idempotencyKey).toBe(idempotencyKey);
  // A new intent (new key) goes through, and the 500s created nothing.
  const created = unwrap(await client.createDeposit(BODY));
  expect(created.record.deposit_id).toBe(before + 1);
});

test('an answer lost after the deposit was made is recovered by the automatic retry, same key, no duplicate', async ({
  client,
  sandbox,
}) => {
  const before = await nextDepositId(client);
  // First request: handled, stored, then the connection is closed (drop "after"); second: clean.
  const seed = seedFor(0.5, ['drop'], [{ kind: 'drop', when: 'after' }, undefined]);
  await controlOk(sandbox, 'POST', '/faults', { rate: 0.5, kinds: ['drop'], seed });
  const created = unwrap(await client.createDeposit(BODY));
  const counters = await faultCounters(sandbox);
  expect(counters).toMatchObject({ requests: 2, drop_after: 1 });
  expect(created.record.deposit_id).toBe(before + 1);
  await controlOk(sandbox, 'POST', '/faults', { rate: 0 });
  expect(unwrap(await client.getDeposit(created.record.deposit_id)).record.status).toBe('PENDING');
  expect(await nextDepositId(client)).toBe(before + 2);
});

test('every answer lost: outcome_unknown with the key; repeating the intent with that key finds the deposit', async ({
  client,
  sandbox,
}) => {
  const before = await nextDepositId(client);
  const seed = seedFor(1, ['drop'], [{ kind: 'drop', when: 'after' }]);
  await controlOk(sandbox, 'POST', '/faults', { rate: 1, kinds: ['drop'], seed });
  const lost = expectError(await client.createDeposit(BODY), { kind: 'outcome_unknown' });
  expect((await faultCounters(sandbox)).requests).toBe(3);
  await controlOk(sandbox, 'POST', '/faults', { rate: 0 });
  const recovered = unwrap(
    await client.createDeposit(BODY, { idempotencyKey: lost.idempotencyKey ?? 'missing key' }),
  );
  expect(recovered.record.deposit_id).toBe(before + 1);
  expect(await nextDepositId(client)).toBe(before + 2);
});

test('a cashout cancel whose answer was lost is never repeated: outcome_unknown, and the status tells', async ({
  client,
  sandbox,
}) => {
  const seed = seedFor(1, ['drop'], [{ kind: 'drop', when: 'after' }]);
  await controlOk(sandbox, 'POST', '/faults', { rate: 1, kinds: ['drop'], seed });
  expectError(await client.cancelCashout(SEEDED.pendingCashout), { kind: 'outcome_unknown' });
  expect((await faultCounters(sandbox)).requests).toBe(1);
  await controlOk(sandbox, 'POST', '/faults', { rate: 0 });
  const status = unwrap(await client.getCashoutStatus(SEEDED.pendingCashout)).record;
  expect(status.cashout_status).toBe(2);
});

test('a request dropped before it was handled is retried transparently by a read', async ({
  client,
  sandbox,
}) => {
  const seed = seedFor(0.5, ['drop'], [{ kind: 'drop', when: 'before' }, undefined]);
  await controlOk(sandbox, 'POST', '/faults', { rate: 0.5, kinds: ['drop'], seed });
  const read = unwrap(await client.getDeposit(SEEDED.completedCardDeposit));
  expect(read.record.status).toBe('COMPLETED');
  expect(await faultCounters(sandbox)).toMatchObject({ requests: 2, drop_before: 1 });
});

test('a key is scoped to its endpoint: the same key on a deposit and on a refund are two intents', async ({
  client,
}) => {
  const idempotencyKey = randomUUID();
  const deposit = unwrap(await client.createDeposit(BODY, { idempotencyKey }));
  const refund = unwrap(
    await client.createRefund(
      {
        deposit_id: SEEDED.completedCardDeposit,
        invoice_id: `INV-${SEEDED.completedCardDeposit}`,
        amount: 1,
      },
      { idempotencyKey },
    ),
  );
  expect(deposit.idempotencyKey).toBe(refund.idempotencyKey);
  expect(Number.isSafeInteger(refund.record.refund_id)).toBe(true);
});

test('a stored answer is kept 24 hours (D6): after that the key is free again', async ({
  client,
  sandbox,
}) => {
  const idempotencyKey = randomUUID();
  const first = unwrap(await client.createDeposit(BODY, { idempotencyKey }));
  await advanceClock(sandbox, 23 * 3600);
  expectError(await client.createDeposit({ ...BODY, amount: 26 }, { idempotencyKey }), {
    kind: 'idempotency_conflict',
    code: 104,
    httpStatus: 400,
  });
  await advanceClock(sandbox, 3600 + 1);
  const later = unwrap(await client.createDeposit({ ...BODY, amount: 26 }, { idempotencyKey }));
  expect(later.record.deposit_id).not.toBe(first.record.deposit_id);
});
