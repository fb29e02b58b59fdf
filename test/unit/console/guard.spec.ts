import { addEnvironmentFor, dataOf, errorOf, expect, test } from './console-fixture';

/**
 * The guard rails against real sandboxes: the clock guard, the cashout cancel guard and the
 * refund pre-flight (production arming and the reason: arming.spec.ts). A refusal before the call
 * never reaches the journal.
 */

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
