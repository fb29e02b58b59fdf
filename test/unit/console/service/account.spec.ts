import type { EnvironmentProfile } from '../../../../shared/contract';
import { sqliteRecordIndexStarter } from '../../../../main/core/console';
import type { SandboxHandle } from '../../../../main/sandbox';
import { startGateway, type Gateway } from '../../../support/gateway';
import {
  addEnvironmentFor,
  control,
  dataOf,
  errorOf,
  expect,
  test as base,
  type Console,
} from '../console-fixture';

/**
 * Money moves once per merchant account at the service (D19), for 23 hours per request key (D18),
 * through the real core against a real sandbox behind a gateway that loses answers.
 */

interface Service {
  service: SandboxHandle;
  gateway: Gateway;
  /** The injected clock of every console this test opens. */
  clock: { now: number };
  open(): Console;
}

const test = base.extend<{ live: Service }>({
  live: async ({ openConsole, sandbox, dataDir }, use) => {
    const service = await sandbox();
    const gateway = await startGateway(service.baseUrl, { signer: service.credentials });
    const clock = { now: Date.now() };
    await use({
      service,
      gateway,
      clock,
      open: () =>
        openConsole({
          now: () => clock.now,
          journalLock: { timeoutMs: 2_000 },
          // What the console saw of other refunds counts in what is left.
          recordIndex: sqliteRecordIndexStarter(dataDir),
        }),
    });
    await gateway.close();
  },
});

const DEPOSIT_ID = 300_000_001;
const REFUND = { deposit_id: DEPOSIT_ID, invoice_id: 'INV-300000001', amount: 5 };
const REFUNDS = /^\/v3\/refunds$/;

async function production(console: Console, name: string, baseUrl: string, service: SandboxHandle) {
  const profile = await addEnvironmentFor(
    console,
    { name, kind: 'production', baseUrl },
    service.credentials,
  );
  await use(console, profile);
  return profile;
}

async function use(console: Console, profile: EnvironmentProfile): Promise<void> {
  dataOf(await console.call('useEnvironment', { id: profile.id }));
  if (profile.kind === 'production')
    dataOf(await console.call('armProduction', { confirmation: profile.name }));
}

function loseNextRefund(gateway: Gateway): void {
  for (let attempt = 0; attempt < 3; attempt += 1)
    gateway.arm('lose_after', { method: 'POST', path: REFUNDS });
}

test('an unknown refund blocks its deposit on every profile of the account, however its address is spelled', async ({
  live: { service, gateway, open },
}) => {
  const console = open();
  const port = new URL(gateway.baseUrl).port;
  const first = await production(console, 'Live A', `http://127.0.0.1:${port}`, service);
  loseNextRefund(gateway);
  const lost = errorOf(await console.call('createRefund', { body: REFUND, reason: 'customer asked' }));
  gateway.disarm();
  expect(lost.kind).toBe('outcome_unknown');

  // A second production profile on the same service and key, spelled another way.
  await production(console, 'Live B', `http://localhost:${port}/`, service);
  const posts = gateway.posts.length;
  const refused = errorOf(await console.call('createRefund', { body: REFUND, reason: 'again, from B' }));
  expect(refused).toMatchObject({
    kind: 'intent_unresolved',
    getBlockingIntent: { idempotencyKey: lost.idempotencyKey },
  });
  expect(gateway.posts.length).toBe(posts);
  // The first profile cannot go while its request's outcome is unknown.
  expect(
    errorOf(await console.call('removeEnvironment', { id: first.id, typedName: 'Live A' })).text,
  ).toMatchObject({ key: 'environment.unresolvedIntents', params: { count: 1 } });
  // The retry goes out through B under the original key: one refund in all.
  dataOf(
    await console.call('createRefund', {
      body: REFUND,
      reason: 'retry',
      idempotencyKey: lost.idempotencyKey,
    }),
  );
  const made = new Set(gateway.posts.filter((post) => post.status === 200).map((post) => post.answer));
  expect(made.size).toBe(1);
  dataOf(await console.call('removeEnvironment', { id: first.id, typedName: 'Live A' }));
});

test('D18: 25 hours later the same key is never sent again, by retry or resend; a person settles it', async ({
  live: { service, gateway, clock, open },
}) => {
  const console = open();
  await production(console, 'Live', gateway.baseUrl, service);
  loseNextRefund(gateway);
  const lost = errorOf(await console.call('createRefund', { body: REFUND, reason: 'customer asked' }));
  gateway.disarm();
  const [open1] = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(open1).toMatchObject({ canRetry: true, resendUntil: expect.any(String) });

  // A weekend: the service forgets the key after 24 h (its business clock) and the console's clock moves on.
  clock.now += 25 * 3_600_000;
  await control(service, '/clock/advance', { seconds: 25 * 3_600 });
  dataOf(await console.call('armProduction', { confirmation: 'Live' }));
  const posts = gateway.posts.length;
  const resend = errorOf(
    await console.call('createRefund', {
      body: REFUND,
      reason: 'resend',
      idempotencyKey: lost.idempotencyKey,
    }),
  );
  expect(resend.text?.key).toBe('journal.keyExpired');
  const retry = errorOf(await console.call('retryIntent', { intentId: open1?.intentId ?? '' }));
  expect(retry.text?.key).toBe('journal.keyExpired');
  expect(gateway.posts.length).toBe(posts);
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toMatchObject([{ canRetry: false }]);
  // Still blocking under a new key too, until a person settles it after checking.
  expect(errorOf(await console.call('createRefund', { body: REFUND, reason: 'new key' })).kind).toBe(
    'intent_unresolved',
  );
  dataOf(
    await console.call('settleIntent', {
      intentId: open1?.intentId ?? '',
      verdict: 'happened',
      note: 'refund seen in the merchant panel',
    }),
  );
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
});

test('a refund goes out with the amount confirmed, and its intent line says how much of what', async ({
  live: { service, gateway, open },
}) => {
  const console = open();
  await production(console, 'Live', gateway.baseUrl, service);
  const { amount: _none, ...everything } = REFUND;
  const posts = gateway.posts.length;
  const refused = errorOf(await console.call('createRefund', { body: everything, reason: 'all of it' }));
  expect(refused).toMatchObject({
    kind: 'validation',
    field: 'body.amount',
    text: { key: 'refund.amountRequired' },
  });
  expect(gateway.posts.length).toBe(posts);

  const made = dataOf(await console.call('createRefund', { body: REFUND, reason: 'part of it' }));
  const intent = dataOf(await console.call('listAuditEntries', { action: 'refund.create' })).find(
    (entry) => entry.type === 'intent' && entry.intentId === made.intentId,
  );
  expect(intent?.summary).toMatchObject({ amount: '5', currency: 'BRL' });
});

test('a refund the service sent without its amount makes what is left uncertain: the amount must be typed', async ({
  live: { service, gateway, open },
}) => {
  const console = open();
  await production(console, 'Live', gateway.baseUrl, service);
  const before = dataOf(await console.call('getRefundPreflight', { depositId: DEPOSIT_ID }));
  expect(before.remainingUncertain).toBe(false);
  // Refund 18 of this deposit is PENDING and its record carries no amount (seed-data.ts).
  dataOf(await console.call('getRefund', { refundId: 18 }));
  const after = dataOf(await console.call('getRefundPreflight', { depositId: DEPOSIT_ID }));
  expect(after).toMatchObject({ remaining: before.remaining, remainingUncertain: true });
  expect(after.texts.warnings).toContainEqual({ key: 'refund.amountsMissing', params: { count: 1 } });
  // What the service really has left is less: the full amount is refused and nothing moves.
  const tooMuch = errorOf(
    await console.call('createRefund', { body: { ...REFUND, amount: before.remaining ?? 0 }, reason: 'all' }),
  );
  expect(tooMuch.code).toBe(802);
});

test('the same deposit sent twice without an invoice id is one intent: the second is refused, nothing sent', async ({
  live: { service, gateway, open },
}) => {
  const console = open();
  await production(console, 'Live', gateway.baseUrl, service);
  const body = { amount: 42, country: 'BR', currency: 'BRL' };
  const first = dataOf(await console.call('createDeposit', { body, reason: 'invoice for Ana' }));
  expect(first.created.record.merchant_invoice_id).toMatch(/^PD-\d{8}-[0-9A-F]{16}$/);
  const posts = gateway.posts.length;
  const again = errorOf(await console.call('createDeposit', { body, reason: 'invoice for Ana' }));
  expect(again).toMatchObject({
    kind: 'duplicate_invoice',
    getBlockingIntent: {
      intentId: first.intentId,
      ids: { invoice_id: first.created.record.merchant_invoice_id },
    },
  });
  expect(gateway.posts.length).toBe(posts);
  // Other details are another deposit.
  dataOf(await console.call('createDeposit', { body: { ...body, amount: 43 }, reason: 'another one' }));
});

test('the embedded sandbox: a restart is another world, whose records no earlier one alters', async ({
  openConsole,
}) => {
  const first = openConsole();
  dataOf(await first.call('createRefund', { body: { ...REFUND, amount: 100 }, reason: 'world one' }));
  const emptied = dataOf(await first.call('getRefundPreflight', { depositId: DEPOSIT_ID }));
  await first.close();

  // The same seed, the same deposit id; the earlier world's refund is gone with its world.
  const second = openConsole();
  const fresh = dataOf(await second.call('getRefundPreflight', { depositId: DEPOSIT_ID }));
  expect(fresh.remaining).toBe((emptied.remaining ?? 0) + 100);
  expect(fresh.texts.warnings.map((text) => text.key)).not.toContain('refund.recorded');
  dataOf(await second.call('createRefund', { body: { ...REFUND, amount: 100 }, reason: 'world two' }));
});
