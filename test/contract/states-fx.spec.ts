import type { SandboxHandle } from '../../main/sandbox';
import { STATES } from '../../main/sandbox/reference-data';
import { clientFor, expect, expectError, rewritingExchange, test, unwrap } from './fixtures';
import { getFiatQuote } from '../../main/core/payments/crypto';
import { listStates } from '../../main/core/payments/states';

/**
 * D15's two reads, the real client against the real sandbox: GET /v3/states and the fiat quote
 * GET /v3/exchange_rates. Typed answers first, then one case per error the sandbox gives them
 * (a country not served, a malformed country or amount on the wire, an unknown or missing key).
 */

const creds = (sandbox: SandboxHandle): Record<string, string> => ({ ...sandbox.credentials });

/** Every country the sandbox seeds (main/sandbox/reference-data.ts COUNTRIES). */
const SEEDED_COUNTRIES = ['BR', 'MX', 'CL', 'PE', 'PA', 'CO', 'AR'] as const;

test.describe('GET /v3/states (D15)', () => {
  test('every seeded country: ISO 3166-2 codes without the prefix, that payer.address.state takes', async ({
    client,
  }) => {
    for (const country of SEEDED_COUNTRIES) {
      const fetched = unwrap(await client.read(listStates, country));
      expect(fetched.record.length, country).toBeGreaterThan(10);
      for (const state of fetched.record) {
        expect(state.iso, `${country} ${state.name}`).toMatch(/^[A-Z0-9]{1,3}$/);
        expect(state.name.length).toBeGreaterThan(0);
      }
      expect(new Set(fetched.record.map((state) => state.iso)).size).toBe(fetched.record.length);
      expect(fetched.unknownFields).toEqual([]);
    }
    const brazil = unwrap(await client.read(listStates, 'BR')).record;
    expect(brazil).toHaveLength(27);
    expect(brazil).toContainEqual({ iso: 'SP', name: 'São Paulo' });
    expect(unwrap(await client.read(listStates, 'MX')).record).toContainEqual({
      iso: 'CMX',
      name: 'Ciudad de México',
    });
  });

  test('the sandbox serves a list for every country it seeds, and no other', () => {
    expect(Object.keys(STATES).sort()).toEqual([...SEEDED_COUNTRIES].sort());
  });

  test('400, empty body, for a country that is not served', async ({ client, sandbox }) => {
    const error = expectError(
      await client.read(listStates, 'US'),
      { kind: 'validation', httpStatus: 400 },
      creds(sandbox),
    );
    expect(error.serviceMessage).toBeUndefined();
    expect(error.message).toMatch(/does not accept this country/);
  });

  test('a malformed country: refused by the client before any call, and 400 on the wire', async ({
    sandbox,
  }) => {
    const local = await clientFor(sandbox).read(listStates, 'br');
    expectError(local, { kind: 'validation' });
    if (!local.ok) expect(local.error.field).toBe('country');
    const client = clientFor(sandbox, {
      exchange: rewritingExchange((request) => ({ ...request, url: request.url.replace('=BR', '=br') })),
    });
    expectError(await client.read(listStates, 'BR'), { kind: 'validation', httpStatus: 400 }, creds(sandbox));
  });
});

test.describe('GET /v3/exchange_rates (D15)', () => {
  test('USD into the country currency: fx_rate, currency, converted_amount and fee, typed', async ({
    client,
  }) => {
    const fetched = unwrap(await client.read(getFiatQuote, { country: 'BR', amount: 100 }));
    const { fx_rate, currency, converted_amount, fee } = fetched.record;
    expect(currency).toBe('BRL');
    for (const value of [fx_rate, converted_amount, fee]) expect(typeof value).toBe('number');
    expect(converted_amount).toBeCloseTo(100 * fx_rate, 2);
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(converted_amount);
    expect(fetched.unknownFields).toEqual([]);
    // Deterministic: the same question, the same answer; `amount` left out means 1.
    expect(unwrap(await client.read(getFiatQuote, { country: 'BR', amount: '100' })).record).toEqual(
      fetched.record,
    );
    expect(unwrap(await client.read(getFiatQuote, { country: 'BR' })).record.converted_amount).toBe(fx_rate);
    // Panama's currency is the dollar itself.
    expect(unwrap(await client.read(getFiatQuote, { country: 'PA', amount: 10 })).record).toMatchObject({
      fx_rate: 1,
      currency: 'USD',
      converted_amount: 10,
    });
  });

  test('400, empty body, for a country that is not served', async ({ client, sandbox }) => {
    const error = expectError(
      await client.read(getFiatQuote, { country: 'US', amount: 10 }),
      { kind: 'validation', httpStatus: 400 },
      creds(sandbox),
    );
    expect(error.serviceMessage).toBeUndefined();
  });

  test('a bad amount: refused by the client, and 202 naming `amount` on the wire (as the crypto quote)', async ({
    sandbox,
  }) => {
    for (const amount of [0, -5, '1e3', 1.234]) {
      const local = await clientFor(sandbox).read(getFiatQuote, { country: 'BR', amount });
      expectError(local, { kind: 'validation' });
      if (!local.ok) expect(local.error.field).toBe('amount');
    }
    const client = clientFor(sandbox, {
      exchange: rewritingExchange((request) => ({
        ...request,
        url: request.url.replace('amount=5', 'amount=-5'),
      })),
    });
    const error = expectError(
      await client.read(getFiatQuote, { country: 'BR', amount: 5 }),
      { kind: 'validation', code: 202, httpStatus: 400, type: 'INVALID_REQUEST_BODY' },
      creds(sandbox),
    );
    expect(error.serviceMessage).toMatch(/^amount: /);
  });
});

test.describe('D15 reads with the read-only key (D4)', () => {
  for (const [name, call] of [
    ['states', (client: ReturnType<typeof clientFor>) => client.read(listStates, 'BR')],
    [
      'fiat quote',
      (client: ReturnType<typeof clientFor>) => client.read(getFiatQuote, { country: 'BR', amount: 1 }),
    ],
  ] as const) {
    test(`${name}: 401 code 100 for an unknown key; a missing one is not sent`, async ({ sandbox }) => {
      const unknown = clientFor(sandbox, {
        credentials: { ...sandbox.credentials, readOnlyKey: 'not-the-read-only-key' },
      });
      expectError(
        await call(unknown),
        { kind: 'auth', code: 100, httpStatus: 401, type: 'INVALID_CREDENTIALS' },
        creds(sandbox),
      );
      const missing = clientFor(sandbox, { credentials: { ...sandbox.credentials, readOnlyKey: '' } });
      expectError(await call(missing), { kind: 'credentials_missing' });
      // On the wire, no Authorization at all is the same 401 code 100.
      const stripped = clientFor(sandbox, {
        exchange: rewritingExchange((request) => {
          const headers = { ...request.headers };
          delete headers.Authorization;
          return { ...request, headers };
        }),
      });
      expectError(await call(stripped), { kind: 'auth', code: 100, httpStatus: 401 }, creds(sandbox));
    });
  }
});
