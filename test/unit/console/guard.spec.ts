import type { ArmingState } from '../../../shared/contract';
import { ARMING_IDLE_MS } from '../../../main/core/console';
import { addEnvironmentFor, dataOf, errorOf, expect, test } from './console-fixture';

/**
 * The guard rails against real sandboxes: production arming (typed name, 10 idle
 * minutes on an injected clock, reset on switch), the reason, the clock guard, the cashout cancel
 * guard and the refund pre-flight. A refusal before the call never reaches the journal.
 */

const MINUTE = 60_000;

test.describe('production arming', () => {
  test('production opens read-only; a wrong name does not arm it; armed with a reason, it works', async ({
    openConsole,
    sandbox,
  }) => {
    const service = await sandbox({ seed: 41 });
    const console = openConsole();
    const prod = await addEnvironmentFor(
      console,
      { name: 'Live Payments', kind: 'production', baseUrl: service.baseUrl },
      service.credentials,
    );
    dataOf(await console.call('useEnvironment', { id: prod.id }));
    expect(dataOf(await console.call('getArming', {}))).toEqual({
      environmentId: prod.id,
      armed: false,
      expiresAt: null,
    });
    // Reading works unarmed.
    dataOf(await console.call('getDeposit', { depositId: 300000001 }));

    const body = { amount: 10, country: 'BR' };
    expect(errorOf(await console.call('createDeposit', { body, reason: 'month-end test' }))).toMatchObject({
      kind: 'not_permitted',
      message: expect.stringContaining('read-only until it is armed'),
    });
    expect(
      errorOf(
        await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781', reason: 'r' }),
      ).kind,
    ).toBe('not_permitted');
    expect(
      errorOf(
        await console.call('createRefund', {
          body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 1 },
          reason: 'r',
        }),
      ).kind,
    ).toBe('not_permitted');

    for (const wrong of ['live payments', 'Live Payments ', 'Production', '']) {
      expect(errorOf(await console.call('armProduction', { confirmation: wrong }))).toMatchObject({
        kind: 'not_permitted',
        field: 'confirmation',
      });
    }
    expect(dataOf(await console.call('getArming', {})).armed).toBe(false);

    const armed = dataOf(await console.call('armProduction', { confirmation: 'Live Payments' }));
    expect(armed).toMatchObject({ environmentId: prod.id, armed: true, expiresAt: expect.any(String) });
    expect(errorOf(await console.call('createDeposit', { body }))).toMatchObject({
      kind: 'validation',
      field: 'reason',
    });
    expect(errorOf(await console.call('createDeposit', { body, reason: '   ' })).field).toBe('reason');
    const created = dataOf(await console.call('createDeposit', { body, reason: 'month-end test' }));
    expect(created.intentId).toEqual(expect.any(String));

    // Only the allowed call reached the journal, with its reason.
    const entries = dataOf(await console.call('listAuditEntries', {}));
    expect(entries.map((entry) => [entry.type, entry.reason ?? null])).toEqual([
      ['intent', 'month-end test'],
      ['outcome', null],
    ]);
    expect(console.events.filter((item) => item.event === 'armingChanged').at(-1)?.payload).toMatchObject({
      armed: true,
    });
  });

  test('arming lapses after 10 idle minutes; every mutating action starts the idle time again', async ({
    openConsole,
    sandbox,
  }) => {
    const service = await sandbox({ seed: 42 });
    let now = Date.parse('2024-03-05T14:00:00Z');
    const console = openConsole({ now: () => now });
    const prod = await addEnvironmentFor(
      console,
      { name: 'Production', kind: 'production', baseUrl: service.baseUrl },
      service.credentials,
    );
    dataOf(await console.call('useEnvironment', { id: prod.id }));
    const armed = dataOf(await console.call('armProduction', { confirmation: 'Production' }));
    expect(armed.expiresAt).toBe('2024-03-05T14:10:00.000Z');

    now += 9 * MINUTE;
    dataOf(await console.call('createDeposit', { body: { amount: 5, country: 'BR' }, reason: 'keep alive' }));
    expect(dataOf(await console.call('getArming', {})).expiresAt).toBe('2024-03-05T14:19:00.000Z');

    now += 9 * MINUTE;
    expect(dataOf(await console.call('getArming', {})).armed).toBe(true);
    now += ARMING_IDLE_MS - 9 * MINUTE;
    const lapsed = dataOf(await console.call('getArming', {}));
    expect(lapsed).toEqual({ environmentId: prod.id, armed: false, expiresAt: null });
    const armingEvents = console.events
      .filter((item) => item.event === 'armingChanged')
      .map((item) => item.payload as ArmingState);
    expect(armingEvents.at(-1)).toEqual({ environmentId: prod.id, armed: false, expiresAt: null });
    expect(
      errorOf(await console.call('createDeposit', { body: { amount: 5, country: 'BR' }, reason: 'late' }))
        .kind,
    ).toBe('not_permitted');
  });

  test('arming is per environment and resets when the environment changes; elsewhere it is always armed', async ({
    openConsole,
    sandbox,
  }) => {
    const service = await sandbox({ seed: 43 });
    const console = openConsole();
    const prod = await addEnvironmentFor(
      console,
      { name: 'Production', kind: 'production', baseUrl: service.baseUrl },
      service.credentials,
    );
    expect(dataOf(await console.call('getArming', {}))).toEqual({
      environmentId: 'local-sandbox',
      armed: true,
      expiresAt: null,
    });
    expect(dataOf(await console.call('armProduction', { confirmation: 'anything' })).armed).toBe(true);
    dataOf(await console.call('useEnvironment', { id: prod.id }));
    dataOf(await console.call('armProduction', { confirmation: 'Production' }));
    dataOf(await console.call('useEnvironment', { id: 'local-sandbox' }));
    dataOf(await console.call('useEnvironment', { id: prod.id }));
    expect(dataOf(await console.call('getArming', {})).armed).toBe(false);
    dataOf(await console.call('armProduction', { confirmation: 'Production' }));
    expect(dataOf(await console.call('disarmProduction', {})).armed).toBe(false);
  });
});

test('the clock guard refuses mutating actions while the offset is off and cannot be corrected', async ({
  openConsole,
  sandbox,
}) => {
  const skewed = await sandbox({ seed: 44, clockSkewMs: 30_000 });
  const console = openConsole({
    client: { retry: { attempts: 1 }, timeoutMs: 3_000, clock: { correct: false } },
  });
  const testing = await addEnvironmentFor(
    console,
    { name: 'Skewed', kind: 'testing', baseUrl: skewed.baseUrl },
    skewed.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  // A read-only call carries no X-Date, so it works and measures the service's clock.
  dataOf(await console.call('listBanks', { country: 'MX' }));
  const clock = dataOf(await console.call('getClockStatus', {}));
  expect(clock).toMatchObject({ state: 'uncorrectable', blocksMutations: true, correctionActive: false });
  expect(clock.offsetMs).toBeGreaterThan(25_000);
  expect(
    console.events.some(
      (item) =>
        item.event === 'clockChanged' &&
        (item.payload as { environmentId: string }).environmentId === testing.id,
    ),
  ).toBe(true);

  const refused = errorOf(await console.call('createDeposit', { body: { amount: 1, country: 'BR' } }));
  expect(refused.kind).toBe('clock_skew');
  expect(refused.message).toMatch(/clock is about 3\d s away/);
  expect(
    errorOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' })).kind,
  ).toBe('clock_skew');
  expect(dataOf(await console.call('listAuditEntries', {}))).toEqual([]);
});

test.describe('cashout cancel guard', () => {
  test('refuses ids naming different cashouts, an unknown id and a cashout that is not PENDING', async ({
    openConsole,
  }) => {
    const console = openConsole();
    expect(
      errorOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7782' })),
    ).toMatchObject({ kind: 'not_found', message: expect.stringContaining('do not name the same cashout') });
    expect(
      errorOf(await console.call('cancelCashout', { cashoutId: 99999, externalId: 'payout-7781' })),
    ).toMatchObject({ kind: 'not_found', field: 'cashoutId' });
    expect(
      errorOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'nobody' })),
    ).toMatchObject({
      kind: 'not_found',
      field: 'externalId',
    });
    expect(
      errorOf(await console.call('cancelCashout', { cashoutId: 11956, externalId: 'payout-7783' })),
    ).toMatchObject({
      kind: 'invalid_state',
      message: expect.stringContaining('DELIVERED (status 4), not PENDING'),
    });
    // Nothing was cancelled: 11954 is still PENDING, and no intent was written.
    expect(dataOf(await console.call('getCashoutStatus', { cashoutId: 11954 })).record.cashout_status).toBe(
      0,
    );
    expect(dataOf(await console.call('listAuditEntries', {}))).toEqual([]);
  });

  test('pending → cancelled, journaled with the status the answer carried', async ({ openConsole }) => {
    const console = openConsole();
    const outcome = dataOf(
      await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }),
    );
    expect(outcome.status.record).toEqual({ cashout_status: 2, cashout_status_description: 'Canceled' });
    const entries = dataOf(await console.call('listAuditEntries', {}));
    expect(entries.map((entry) => [entry.type, entry.state, entry.status ?? null])).toEqual([
      ['intent', 'ok', null],
      ['outcome', 'ok', 'CANCELLED'],
    ]);
    expect(entries[0]?.ids).toEqual({ cashout_id: 11954, external_id: 'payout-7781' });
    expect(entries[0]?.idempotencyKey).toBeNull();
  });

  test('in production the typed confirmation must be the cashout id', async ({ openConsole, sandbox }) => {
    const service = await sandbox({ seed: 45 });
    const console = openConsole();
    const prod = await addEnvironmentFor(
      console,
      { name: 'Production', kind: 'production', baseUrl: service.baseUrl },
      service.credentials,
    );
    dataOf(await console.call('useEnvironment', { id: prod.id }));
    dataOf(await console.call('armProduction', { confirmation: 'Production' }));
    const ids = { cashoutId: 11954, externalId: 'payout-7781', reason: 'duplicate payout' };
    for (const typedConfirmation of [undefined, '11955', 'payout-7781']) {
      expect(
        errorOf(
          await console.call('cancelCashout', {
            ...ids,
            ...(typedConfirmation !== undefined && { typedConfirmation }),
          }),
        ),
      ).toMatchObject({ kind: 'not_permitted', field: 'typedConfirmation' });
    }
    const done = dataOf(await console.call('cancelCashout', { ...ids, typedConfirmation: '11954' }));
    expect(done.status.record.cashout_status).toBe(2);
  });
});

test.describe('refund pre-flight', () => {
  test('a deposit that is not COMPLETED is a blocker, and createRefund refuses it before any intent', async ({
    openConsole,
  }) => {
    const console = openConsole();
    const preflight = dataOf(await console.call('getRefundPreflight', { depositId: 300000002 }));
    expect(preflight.blockers).toEqual([expect.stringContaining('The deposit is PENDING')]);
    expect(
      errorOf(
        await console.call('createRefund', {
          body: {
            deposit_id: 300000002,
            invoice_id: 'INV-300000002',
            amount: 1,
            bank_account: { bank_code: 1 },
          },
        }),
      ),
    ).toMatchObject({ kind: 'invalid_state' });
    expect(dataOf(await console.call('listAuditEntries', {}))).toEqual([]);
  });

  test('the amount must be above 0 and within what is left after the refunds this console recorded', async ({
    openConsole,
  }) => {
    const console = openConsole();
    const first = dataOf(await console.call('getRefundPreflight', { depositId: 300000001 }));
    expect(first).toMatchObject({ remaining: 150, currency: 'BRL', blockers: [], warnings: [] });
    expect(
      dataOf(await console.call('getRefundPreflight', { depositId: 300000001, amount: 0 })).blockers,
    ).toEqual(['The amount to refund must be greater than 0.']);

    dataOf(
      await console.call('createRefund', {
        body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 100 },
      }),
    );
    const after = dataOf(await console.call('getRefundPreflight', { depositId: 300000001, amount: 60 }));
    expect(after.remaining).toBe(50);
    expect(after.blockers).toEqual([
      'The amount 60 BRL is more than the 50 BRL left to refund (the deposit amount minus the refunds of it this console knows of in this environment, apart from cancelled or rejected ones).',
    ]);
    expect(after.warnings).toEqual([
      expect.stringContaining('recorded 1 refund of this deposit in this environment'),
    ]);
    expect(
      errorOf(
        await console.call('createRefund', {
          body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 60 },
        }),
      ),
    ).toMatchObject({ kind: 'validation', field: 'body.amount' });
    expect(
      dataOf(await console.call('getRefundPreflight', { depositId: 300000001, amount: 50 })).blockers,
    ).toEqual([]);
  });

  test('a payer that differs is a warning; a non-card deposit needs a bank account (D8)', async ({
    openConsole,
  }) => {
    const console = openConsole();
    const unmatched = dataOf(await console.call('getRefundPreflight', { depositId: 300000011, amount: 1 }));
    expect(unmatched).toMatchObject({ paidByCard: true, bankAccountRequired: false, blockers: [] });
    expect(unmatched.warnings).toEqual([expect.stringContaining('payer verification says UNMATCHED')]);

    const bank = dataOf(await console.call('getRefundPreflight', { depositId: 300000006, amount: 1 }));
    expect(bank).toMatchObject({ paidByCard: false, bankAccountRequired: true, blockers: [] });
    // Refund 17 (made elsewhere) refunded it partly: the service says so, this console cannot know how much.
    expect(bank.warnings).toEqual([
      expect.stringContaining('already refunded, but this console has no record'),
    ]);
    const refund = { deposit_id: 300000006, invoice_id: 'INV-300000006', amount: 1 };
    expect(errorOf(await console.call('createRefund', { body: refund }))).toMatchObject({
      kind: 'validation',
      field: 'body.bank_account',
    });
    expect(
      errorOf(await console.call('createRefund', { body: { ...refund, invoice_id: 'INV-1' } })),
    ).toMatchObject({ kind: 'validation', field: 'body.invoice_id' });
    const created = dataOf(
      await console.call('createRefund', {
        body: {
          ...refund,
          bank_account: {
            beneficiary: 'Ana Souza',
            bank_code: 1,
            branch: '3064',
            account_number: '12345678-9',
            account_type: 'SAVING',
          },
        },
      }),
    );
    expect(created.created.record.refund_id).toBeGreaterThan(0);
  });
});
