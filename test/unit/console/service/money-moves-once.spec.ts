import { join } from 'node:path';
import type { EnvironmentProfile } from '../../../../shared/contract';
import type { SandboxHandle } from '../../../../main/sandbox';
import { withFileLock } from '../../../../main/core/storage/file-lock';
import { startGateway, type Gateway } from '../../../support/gateway';
import { addEnvironmentFor, dataOf, errorOf, expect, test as base, type Console } from '../console-fixture';

/**
 * Money moves once on the paths an operator takes, in a production environment whose
 * service sits behind a gateway that loses answers, answers 502 or 104 after the service acted.
 * Every check runs the real core (through the dispatcher) against a real sandbox.
 */

interface Production {
  console: Console;
  service: SandboxHandle;
  gateway: Gateway;
  profile: EnvironmentProfile;
}

const test = base.extend<{ production: Production }>({
  production: async ({ openConsole, sandbox }, use) => {
    const service = await sandbox();
    const gateway = await startGateway(service.baseUrl, { signer: service.credentials });
    const console = openConsole({ journalLock: { timeoutMs: 300 } });
    const profile = await addEnvironmentFor(
      console,
      { name: 'Production', kind: 'production', baseUrl: gateway.baseUrl },
      service.credentials,
    );
    dataOf(await console.call('useEnvironment', { id: profile.id }));
    dataOf(await console.call('armProduction', { confirmation: 'Production' }));
    await use({ console, service, gateway, profile });
    await gateway.close();
  },
});

const DEPOSIT_ID = 300_000_001;
const REFUND = { deposit_id: DEPOSIT_ID, invoice_id: 'INV-300000001', amount: 5 };
const REFUNDS = /^\/v3\/refunds$/;
const DEPOSITS = /^\/v3\/deposits$/;

/** Every attempt of the next call (the client retries a lost answer under the same key). */
function armEvery(gateway: Gateway, fault: Parameters<Gateway['arm']>[0], path: RegExp): void {
  for (let attempt = 0; attempt < 3; attempt += 1) gateway.arm(fault, { method: 'POST', path });
}

/** The ids the service made, from what it answered through the gateway (replays answer the same id). */
function madeIds(gateway: Gateway, path: RegExp, field: 'refund_id' | 'deposit_id'): number[] {
  const ids = new Set<number>();
  for (const post of gateway.posts) {
    if (!path.test(post.path) || post.status !== 200) continue;
    const answer = JSON.parse(post.answer) as Record<string, unknown>;
    if (typeof answer[field] === 'number') ids.add(answer[field]);
  }
  return [...ids];
}

test('a refund whose answer was lost blocks a new refund of the deposit; the same-key retry settles it, one refund made', async ({
  production: { console, gateway },
}) => {
  armEvery(gateway, 'lose_after', REFUNDS);
  const lost = errorOf(await console.call('createRefund', { body: REFUND, reason: 'customer asked' }));
  gateway.disarm();
  expect(lost.kind).toBe('outcome_unknown');
  expect(madeIds(gateway, REFUNDS, 'refund_id')).toHaveLength(1);

  const preflight = dataOf(await console.call('getRefundPreflight', { depositId: DEPOSIT_ID }));
  expect(preflight.getBlockingIntent).toMatchObject({
    state: 'unknown',
    idempotencyKey: lost.idempotencyKey,
    canRetry: true,
    environment: { name: 'Production', kind: 'production' },
  });

  const postsBefore = gateway.posts.length;
  const refused = errorOf(await console.call('createRefund', { body: REFUND, reason: 'try again' }));
  expect(refused).toMatchObject({
    kind: 'intent_unresolved',
    getBlockingIntent: {
      intentId: preflight.getBlockingIntent?.intentId,
      idempotencyKey: lost.idempotencyKey,
    },
  });
  expect(refused.message).toContain(lost.idempotencyKey ?? 'no key');
  expect(gateway.posts.length).toBe(postsBefore);

  const retried = dataOf(
    await console.call('createRefund', {
      body: REFUND,
      reason: 'retry',
      idempotencyKey: lost.idempotencyKey,
    }),
  );
  expect([retried.created.record.refund_id]).toEqual(madeIds(gateway, REFUNDS, 'refund_id'));
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
  const entries = dataOf(await console.call('listAuditEntries', {}));
  const first = entries.find(
    (entry) => entry.type === 'resolution' && entry.intentId === preflight.getBlockingIntent?.intentId,
  );
  expect(first).toMatchObject({ resolutionMethod: 'retried_same_key', state: 'ok' });
  expect(
    dataOf(await console.call('getRefundPreflight', { depositId: DEPOSIT_ID })).getBlockingIntent,
  ).toBeNull();
});

test('a 104 answering a same-key resend settles nothing; only the answer to the same request does', async ({
  production: { console, gateway },
}) => {
  armEvery(gateway, 'lose_after', REFUNDS);
  const lost = errorOf(await console.call('createRefund', { body: REFUND, reason: 'customer asked' }));
  gateway.disarm();
  armEvery(gateway, 'conflict_after', REFUNDS);
  const conflicted = errorOf(
    await console.call('createRefund', {
      body: REFUND,
      reason: 'retry',
      idempotencyKey: lost.idempotencyKey,
    }),
  );
  gateway.disarm();
  expect(conflicted).toMatchObject({ kind: 'outcome_unknown', code: 104 });
  const open = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(open.map((view) => view.idempotencyKey)).toEqual([lost.idempotencyKey, lost.idempotencyKey]);

  // Another body under the used key is refused before anything is sent.
  const postsBefore = gateway.posts.length;
  const otherBody = errorOf(
    await console.call('createRefund', {
      body: { ...REFUND, amount: 6 },
      reason: 'retry',
      idempotencyKey: lost.idempotencyKey,
    }),
  );
  expect(otherBody).toMatchObject({ kind: 'idempotency_conflict', field: 'idempotencyKey' });
  expect(gateway.posts.length).toBe(postsBefore);

  const [oldest] = open;
  dataOf(await console.call('retryIntent', { intentId: oldest?.intentId ?? '' }));
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
  const states = dataOf(await console.call('listAuditEntries', { state: 'ok', action: 'refund.create' }))
    .filter((entry) => entry.type === 'intent')
    .map((entry) => entry.intentId);
  expect(states.sort()).toEqual(open.map((view) => view.intentId).sort());
  expect(madeIds(gateway, REFUNDS, 'refund_id')).toHaveLength(1);
});

test('an answer whose ids cannot be right (refund_id -5) is an unknown outcome, not a success the journal refuses', async ({
  production: { console, gateway },
}) => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    gateway.arm('rewrite_after', { method: 'POST', path: REFUNDS, answer: '{"refund_id":-5}' });
  }
  const answer = errorOf(await console.call('createRefund', { body: REFUND, reason: 'customer asked' }));
  gateway.disarm();
  expect(answer.kind).toBe('outcome_unknown');
  const [open] = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(open).toMatchObject({ cause: 'answer_lost', idempotencyKey: answer.idempotencyKey, canRetry: true });
  dataOf(await console.call('retryIntent', { intentId: open?.intentId ?? '' }));
  expect(madeIds(gateway, REFUNDS, 'refund_id')).toHaveLength(1);
});

test('a 502 after the service created the deposit is an unknown outcome: kept for a same-key retry, never a failure', async ({
  production: { console, gateway },
}) => {
  const body = { amount: 25, country: 'BR', currency: 'BRL', invoice_id: 'INV-502' };
  armEvery(gateway, 'bad_gateway_after', DEPOSITS);
  const failed = errorOf(await console.call('createDeposit', { body, reason: 'new sale' }));
  gateway.disarm();
  expect(failed).toMatchObject({ kind: 'outcome_unknown', httpStatus: 502 });
  const [open] = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(open).toMatchObject({ cause: 'answer_lost', canRetry: true, ids: { invoice_id: 'INV-502' } });

  const refused = errorOf(await console.call('createDeposit', { body, reason: 'again' }));
  expect(refused).toMatchObject({
    kind: 'intent_unresolved',
    getBlockingIntent: { intentId: open?.intentId },
  });

  const settled = dataOf(await console.call('retryIntent', { intentId: open?.intentId ?? '' }));
  expect(settled).toMatchObject({ state: 'ok', resolutionMethod: 'retried_same_key' });
  expect(madeIds(gateway, DEPOSITS, 'deposit_id')).toHaveLength(1);
});

test('a second deposit with an invoice id already used needs its confirmation; the same request resends under the earlier key', async ({
  production: { console, gateway },
}) => {
  const body = { amount: 30, country: 'BR', currency: 'BRL', invoice_id: 'INV-TWICE' };
  const first = dataOf(await console.call('createDeposit', { body, reason: 'sale' }));

  const again = errorOf(await console.call('createDeposit', { body, reason: 'sale' }));
  expect(again).toMatchObject({
    kind: 'duplicate_invoice',
    getBlockingIntent: { intentId: first.intentId, state: 'ok', sameRequest: true },
  });
  const changed = errorOf(
    await console.call('createDeposit', { body: { ...body, amount: 31 }, reason: 'sale' }),
  );
  expect(changed).toMatchObject({ kind: 'duplicate_invoice', getBlockingIntent: { sameRequest: false } });
  expect(madeIds(gateway, DEPOSITS, 'deposit_id')).toHaveLength(1);

  const resent = dataOf(
    await console.call('createDeposit', { body, reason: 'sale', idempotencyKey: first.idempotencyKey }),
  );
  expect(resent.created.record.deposit_id).toBe(first.created.record.deposit_id);

  const second = dataOf(
    await console.call('createDeposit', {
      body: { ...body, amount: 31 },
      reason: 'second instalment',
      confirmedDuplicateOf: first.intentId ?? '',
    }),
  );
  expect(second.created.record.deposit_id).not.toBe(first.created.record.deposit_id);
  expect(madeIds(gateway, DEPOSITS, 'deposit_id')).toHaveLength(2);
});

test('a cancel answered 502 is settled by reading the cashout, and a second cancel meanwhile is refused', async ({
  production: { console, gateway },
}) => {
  gateway.arm('bad_gateway_after', { method: 'DELETE', path: /cashout\/cancel/ });
  const ids = { cashoutId: 11_954, externalId: 'payout-7781' };
  const answer = errorOf(
    await console.call('cancelCashout', { ...ids, typedConfirmation: '11954', reason: 'payee asked' }),
  );
  expect(answer.kind).toBe('outcome_unknown');
  expect(answer.message).toContain('CANCELLED');
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
  const [settled] = dataOf(await console.call('listAuditEntries', { action: 'cashout.cancel' })).filter(
    (entry) => entry.type === 'resolution',
  );
  expect(settled).toMatchObject({ resolutionMethod: 'status_reread', state: 'ok', status: 'CANCELLED' });
});

test('an outcome the journal cannot record is an error, and the intent is unresolved at once and after a restart', async ({
  production: { console, gateway },
  openConsole,
  dataDir,
}) => {
  const lockPath = join(dataDir, 'audit', 'journal.lock');
  // Another holder of the journal lock (a connection of its own, as another process has), taken
  // while the answer travels back and kept until the test lets it go.
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holder: Promise<unknown> = Promise.resolve();
  gateway.arm('delay', {
    method: 'POST',
    path: REFUNDS,
    meanwhile: () =>
      new Promise<void>((taken) => {
        holder = withFileLock(lockPath, {}, async () => {
          taken();
          await released;
          return { ok: true, data: undefined };
        });
      }),
  });
  const failed = errorOf(await console.call('createRefund', { body: REFUND, reason: 'customer asked' }));
  expect(failed.kind).toBe('storage');
  expect(failed.message).toContain('refund_id');
  release();
  await holder;
  expect(madeIds(gateway, REFUNDS, 'refund_id')).toHaveLength(1);

  const [open] = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(open).toMatchObject({ cause: 'no_outcome', canRetry: true });
  expect(errorOf(await console.call('createRefund', { body: REFUND, reason: 'again' })).kind).toBe(
    'intent_unresolved',
  );

  await console.close();
  const restarted = openConsole();
  dataOf(await restarted.call('armProduction', { confirmation: 'Production' }));
  expect(dataOf(await restarted.call('listUnresolvedIntents', {})).map((view) => view.intentId)).toEqual([
    open?.intentId,
  ]);
  expect(errorOf(await restarted.call('createRefund', { body: REFUND, reason: 'again' })).kind).toBe(
    'intent_unresolved',
  );
  // Settled by hand after checking: who and why are kept, and refunds are possible again.
  const settled = dataOf(
    await restarted.call('settleIntent', {
      intentId: open?.intentId ?? '',
      verdict: 'happened',
      note: 'refund seen in the merchant panel',
    }),
  );
  expect(settled).toMatchObject({ state: 'ok', resolutionMethod: 'manual', osUser: 'tester' });
  expect(settled.note).toContain('merchant panel');
  expect(
    dataOf(await restarted.call('getRefundPreflight', { depositId: DEPOSIT_ID })).getBlockingIntent,
  ).toBeNull();
});
