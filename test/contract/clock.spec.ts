import { setTimeout as sleep } from 'node:timers/promises';
import { ServerClock } from '../../main/core/payments';
import type { SandboxHandle } from '../../main/sandbox';
import {
  FULL_PAYER,
  SEEDED,
  clientFor,
  controlOk,
  expect,
  expectError,
  test,
  unwrap,
  withSandbox,
} from './fixtures';
import { listBanks } from '../../main/core/payments/banks';

/**
 * D2 through the client: X-Date within 5 s of the service clock is accepted, 6 s is refused
 * with 103; with correction on (the default) the client writes X-Date on the service's time,
 * estimated from the Date headers, re-measuring once after a 103.
 */

/**
 * X-Date has whole seconds: starting just after a second boundary keeps the client's X-Dates and
 * the sandbox's checks (a few ms of loopback calls) inside the same second, so the measured
 * difference is the skew exactly.
 */
async function atStartOfSecond(): Promise<void> {
  // A busy machine may wake the timer late: wait again until the second has just begun.
  do await sleep(1000 - (Date.now() % 1000) + 10);
  while (Date.now() % 1000 > 200);
}

const requestsSeen = async (sandbox: SandboxHandle): Promise<number> =>
  ((await controlOk(sandbox, 'GET', '/faults')).counters as { requests: number }).requests;

test.describe('the X-Date window with correction off: a local clock off by', () => {
  for (const seconds of [-5, -4, 4, 5]) {
    test(`${seconds} s is accepted, on a read and on a creation`, async ({ sandbox }) => {
      const client = clientFor(sandbox, {
        clock: new ServerClock({ correct: false, localNow: () => Date.now() + seconds * 1000 }),
      });
      await atStartOfSecond();
      unwrap(await client.getDeposit(SEEDED.completedCardDeposit));
      unwrap(await client.createDeposit({ amount: 5, country: 'BR' }));
      // Seen, but not corrected: correction is off.
      const status = client.clock.status();
      expect(status.correctionActive).toBe(false);
      expect(status.state).toBe('uncorrectable');
    });
  }

  for (const seconds of [-6, 6]) {
    test(`${seconds} s is refused with 103 clock_skew`, async ({ sandbox }) => {
      const client = clientFor(sandbox, {
        clock: new ServerClock({ correct: false, localNow: () => Date.now() + seconds * 1000 }),
      });
      await atStartOfSecond();
      expectError(await client.getDeposit(SEEDED.completedCardDeposit), {
        kind: 'clock_skew',
        code: 103,
        httpStatus: 400,
        type: 'INVALID_DATE_RANGE',
      });
      const refused = expectError(await client.createDeposit({ amount: 5, country: 'BR' }), {
        kind: 'clock_skew',
        code: 103,
        httpStatus: 400,
      });
      expect(refused.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      const status = client.clock.status();
      expect(status.state).toBe('uncorrectable');
      expect(status.blocksMutations).toBe(true);
      expect(Math.abs((status.offsetMs ?? 0) + seconds * 1000)).toBeLessThanOrEqual(2000);
    });
  }
});

test.describe('correction on (default): a sandbox clock far off still works', () => {
  for (const offsetSeconds of [30, -30]) {
    test(`${offsetSeconds} s: the first signed call re-measures after one 103, then every call is on time`, async () => {
      await withSandbox({ clockSkewMs: offsetSeconds * 1000 }, async (sandbox) => {
        const client = clientFor(sandbox);
        expect(client.clock.status().state).toBe('unmeasured');
        unwrap(await client.getDeposit(SEEDED.completedCardDeposit));
        // One 103 (X-Date from the unmeasured local clock), then the corrected retry.
        expect(await requestsSeen(sandbox)).toBe(2);
        const status = client.clock.status();
        expect(status.state).toBe('corrected');
        expect(status.correctionActive).toBe(true);
        expect(Math.abs((status.offsetMs ?? 0) - offsetSeconds * 1000)).toBeLessThanOrEqual(2000);
        // Now on the service's time: a creation and a refund go through on the first attempt.
        const created = unwrap(
          await client.createDeposit({ amount: 10, country: 'BR', payer: FULL_PAYER, payment_method: 'BL' }),
        );
        unwrap(await client.getDeposit(created.record.deposit_id));
        expect(await requestsSeen(sandbox)).toBe(4);
      });
    });
  }

  test('a creation as the very first call: 103, re-measure, retried under the same key, one deposit', async () => {
    await withSandbox({ clockSkewMs: 30_000 }, async (sandbox) => {
      const client = clientFor(sandbox);
      const created = unwrap(await client.createDeposit({ amount: 10, country: 'MX' }));
      expect(await requestsSeen(sandbox)).toBe(2);
      // The refused attempt was not stored under the key (auth failures never are): the replay
      // of the same key returns the one deposit.
      const again = unwrap(
        await client.createDeposit({ amount: 10, country: 'MX' }, { idempotencyKey: created.idempotencyKey }),
      );
      expect(again.record.deposit_id).toBe(created.record.deposit_id);
    });
  });

  test('a read-only call first measures the clock: the signed call after it needs no 103', async () => {
    await withSandbox({ clockSkewMs: -30_000 }, async (sandbox) => {
      const client = clientFor(sandbox);
      unwrap(await client.read(listBanks, 'BR'));
      expect(client.clock.status().state).toBe('corrected');
      unwrap(await client.getSubMerchant(SEEDED.activeSubMerchant));
      expect(await requestsSeen(sandbox)).toBe(2);
    });
  });

  test('a clock listener hears the skew report (D2)', async () => {
    await withSandbox({ clockSkewMs: 30_000 }, async (sandbox) => {
      const heard: string[] = [];
      const client = clientFor(sandbox, { onClockChange: (status) => heard.push(status.state) });
      unwrap(await client.getDeposit(SEEDED.completedCardDeposit));
      expect(heard).toContain('corrected');
    });
  });
});
