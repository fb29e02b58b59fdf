import type { ArmingState } from '../../../shared/contract';
import { ARMING_IDLE_MS } from '../../../main/core/console';
import { addEnvironmentFor, dataOf, errorOf, expect, test } from './console-fixture';

/**
 * Production arming against real sandboxes: the typed name, the reason, 10 idle minutes on an
 * injected clock, reset on a switch of environment.
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
