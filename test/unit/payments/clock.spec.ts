import { expect, test } from '@playwright/test';
import type { ServerResponse } from 'node:http';
import type { ClockStatus } from '../../../main/core/payments';
import { ServerClock } from '../../../main/core/payments';
import type { RecordedRequest, ServiceDouble } from './http-double';
import { X_DATE, expectSigned, sendJson, startDouble, requestAt } from './http-double';
import { clientFor } from './client-for';

/** D2: the server-offset estimate, X-Date correction, and the 103 re-measure-and-retry-once. */

test.describe('ServerClock estimate', () => {
  const at = (iso: string): number => Date.parse(iso);

  test('is unmeasured before any answer, and X-Date is the local clock', () => {
    const clock = new ServerClock({ localNow: () => at('2024-03-05T14:07:09.900Z') });
    expect(clock.status()).toEqual({
      state: 'unmeasured',
      offsetMs: null,
      uncertaintyMs: null,
      samples: 0,
      lastSampleAt: null,
      correctionActive: false,
      blocksMutations: false,
    });
    expect(clock.xDate()).toBe('2024-03-05T14:07:09Z');
  });

  test('one sample bounds the offset by the header’s second and the round trip', () => {
    const clock = new ServerClock();
    // Sent at 10.000, answered at 10.200, Date says 40 s (so the service is 29.8…31 s ahead).
    expect(
      clock.observe(
        'Tue, 05 Mar 2024 14:00:40 GMT',
        at('2024-03-05T14:00:10.000Z'),
        at('2024-03-05T14:00:10.200Z'),
      ),
    ).toBe(true);
    const status = clock.status();
    expect(status.offsetMs).toBe(30_400);
    expect(status.uncertaintyMs).toBe(600);
    expect(status.state).toBe('corrected');
    expect(status.samples).toBe(1);
    expect(status.lastSampleAt).toBe(at('2024-03-05T14:00:10.200Z'));
  });

  test('samples are intersected, narrowing the estimate below one second', () => {
    const clock = new ServerClock();
    clock.observe(
      'Tue, 05 Mar 2024 14:00:03 GMT',
      at('2024-03-05T14:00:00.000Z'),
      at('2024-03-05T14:00:00.010Z'),
    );
    clock.observe(
      'Tue, 05 Mar 2024 14:00:04 GMT',
      at('2024-03-05T14:00:00.600Z'),
      at('2024-03-05T14:00:00.610Z'),
    );
    const status = clock.status();
    // First: [2990, 4000]; second: [3390, 4400] → [3390, 4000].
    expect(status.offsetMs).toBe(3_695);
    expect(status.uncertaintyMs).toBe(305);
    expect(status.samples).toBe(2);
  });

  test('a sample that contradicts the estimate replaces it (the clock stepped)', () => {
    const clock = new ServerClock();
    clock.observe(
      'Tue, 05 Mar 2024 14:00:00 GMT',
      at('2024-03-05T14:00:00.000Z'),
      at('2024-03-05T14:00:00.010Z'),
    );
    clock.observe(
      'Tue, 05 Mar 2024 14:01:00 GMT',
      at('2024-03-05T14:00:01.000Z'),
      at('2024-03-05T14:00:01.010Z'),
    );
    expect(clock.status().offsetMs).toBe(59_495);
  });

  test('within 2 s the local clock is used; beyond, X-Date follows the estimate', () => {
    let now = at('2024-03-05T14:00:00.000Z');
    const clock = new ServerClock({ localNow: () => now });
    clock.observe('Tue, 05 Mar 2024 14:00:01 GMT', now, now + 20);
    expect(clock.status()).toMatchObject({ state: 'in_sync', correctionActive: false });
    expect(clock.xDate()).toBe('2024-03-05T14:00:00Z');
    now += 1_000;
    clock.remeasure('Tue, 05 Mar 2024 14:00:31 GMT', now, now + 20);
    expect(clock.status()).toMatchObject({
      state: 'corrected',
      correctionActive: true,
      blocksMutations: false,
    });
    expect(clock.xDate()).toBe('2024-03-05T14:00:31Z');
  });

  test('with correction disabled an off clock is uncorrectable and blocks mutations above 4 s', () => {
    const clock = new ServerClock({ correct: false });
    clock.observe(
      'Tue, 05 Mar 2024 14:00:03 GMT',
      at('2024-03-05T14:00:00.000Z'),
      at('2024-03-05T14:00:00.010Z'),
    );
    expect(clock.status()).toMatchObject({
      state: 'uncorrectable',
      correctionActive: false,
      blocksMutations: false,
    });
    clock.observe(
      'Tue, 05 Mar 2024 14:00:10 GMT',
      at('2024-03-05T14:00:00.000Z'),
      at('2024-03-05T14:00:00.010Z'),
    );
    expect(clock.status()).toMatchObject({ state: 'uncorrectable', blocksMutations: true });
  });

  test('an estimate too uncertain to keep X-Date in the 5 s window is uncorrectable', () => {
    const clock = new ServerClock();
    // A 9 s round trip: the offset lies somewhere in a 10 s interval.
    clock.observe(
      'Tue, 05 Mar 2024 14:00:30 GMT',
      at('2024-03-05T14:00:00.000Z'),
      at('2024-03-05T14:00:09.000Z'),
    );
    expect(clock.status()).toMatchObject({ state: 'uncorrectable', blocksMutations: true });
  });

  test('an unreadable Date header is no sample', () => {
    const clock = new ServerClock();
    expect(clock.observe(null, 0, 1)).toBe(false);
    expect(clock.observe('yesterday', 0, 1)).toBe(false);
    expect(clock.status().samples).toBe(0);
  });

  test('listeners hear state changes, and a throwing listener breaks nothing', () => {
    const clock = new ServerClock();
    const heard: string[] = [];
    clock.subscribe(() => {
      throw new Error('listener bug');
    });
    const unsubscribe = clock.subscribe((status) => heard.push(status.state));
    clock.observe(
      'Tue, 05 Mar 2024 14:00:00 GMT',
      at('2024-03-05T14:00:00.000Z'),
      at('2024-03-05T14:00:00.010Z'),
    );
    clock.observe(
      'Tue, 05 Mar 2024 14:00:00 GMT',
      at('2024-03-05T14:00:00.100Z'),
      at('2024-03-05T14:00:00.110Z'),
    );
    clock.remeasure(
      'Tue, 05 Mar 2024 14:00:30 GMT',
      at('2024-03-05T14:00:00.200Z'),
      at('2024-03-05T14:00:00.210Z'),
    );
    unsubscribe();
    clock.remeasure(
      'Tue, 05 Mar 2024 14:00:00 GMT',
      at('2024-03-05T14:00:00.300Z'),
      at('2024-03-05T14:00:00.310Z'),
    );
    expect(heard).toEqual(['in_sync', 'corrected']);
  });
});

/**
 * A double whose clock runs `shiftMs` away from ours: it sends its own Date and refuses an X-Date
 * more than 5 s from its time with 103, as D2 says.
 */
async function shiftedService(
  shiftMs: number,
  answer: (request: RecordedRequest, response: ServerResponse) => void,
): Promise<ServiceDouble> {
  return startDouble((request, response) => {
    const serviceNow = Date.now() + shiftMs;
    const date = new Date(serviceNow).toUTCString();
    const xDate = request.headers['x-date'];
    if (typeof xDate !== 'string' || Math.abs(Date.parse(xDate) - serviceNow) > 5_000) {
      sendJson(
        response,
        400,
        { code: 103, description: 'X-Date out of range', type: 'INVALID_DATE_RANGE' },
        { Date: date },
      );
      return;
    }
    response.setHeader('Date', date);
    answer(request, response);
  });
}

const depositAnswer = (_request: RecordedRequest, response: ServerResponse): void =>
  sendJson(response, 200, { deposit_id: 5, status: 'PENDING' });

const xDateDistance = (request: RecordedRequest, shiftMs: number): number =>
  Math.abs(Date.parse(request.headers['x-date'] as string) - (request.receivedAt + shiftMs));

test.describe('X-Date against a service whose clock is off', () => {
  let service: ServiceDouble | undefined;
  test.afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  test('3 s ahead: the first call passes uncorrected, later calls are corrected and the skew reported', async () => {
    service = await shiftedService(3_000, depositAnswer);
    const reports: ClockStatus[] = [];
    const client = clientFor(service.baseUrl, { onClockChange: (status) => reports.push(status) });
    expect((await client.getDeposit(5)).ok).toBe(true);
    expect(client.clock.status()).toMatchObject({ state: 'corrected', correctionActive: true, samples: 1 });
    expect(Math.abs((client.clock.status().offsetMs ?? 0) - 3_000)).toBeLessThanOrEqual(1_000);
    expect(reports.at(-1)).toMatchObject({ state: 'corrected' });
    expect((await client.getDeposit(5)).ok).toBe(true);
    const [first, second] = [requestAt(service, 0), requestAt(service, 1)];
    expect(xDateDistance(first, 3_000)).toBeGreaterThan(2_000);
    expect(xDateDistance(second, 3_000)).toBeLessThanOrEqual(2_000);
    expect(second.headers['x-date']).toMatch(X_DATE);
    expectSigned(second, { post: false });
  });

  for (const shiftMs of [30_000, -30_000]) {
    test(`${shiftMs / 1000} s: 103, re-measure from that answer, one retry that passes`, async () => {
      service = await shiftedService(shiftMs, (_request, response) =>
        sendJson(response, 200, { checkout_type: 'HOSTED', deposit_id: 9 }),
      );
      const client = clientFor(service.baseUrl);
      const result = await client.createDeposit({ amount: 10, country: 'BR' });
      expect(result.ok).toBe(true);
      const [rejected, retried] = [requestAt(service, 0), requestAt(service, 1)];
      expect(service.requests).toHaveLength(2);
      expect(xDateDistance(rejected, shiftMs)).toBeGreaterThan(5_000);
      expect(xDateDistance(retried, shiftMs)).toBeLessThanOrEqual(2_000);
      // The same intent: same key, same body, re-signed over the new date (D6, D2).
      expect(retried.headers['x-idempotency-key']).toBe(rejected.headers['x-idempotency-key']);
      expect(retried.text).toBe(rejected.text);
      expectSigned(retried, { post: true });
      expect(client.clock.status()).toMatchObject({ state: 'corrected', correctionActive: true });
      // Later calls go out corrected at once.
      await client.getRefund(1);
      expect(service.requests).toHaveLength(3);
      expect(xDateDistance(requestAt(service, 2), shiftMs)).toBeLessThanOrEqual(2_000);
    });
  }

  test('a 103 is retried only once', async () => {
    service = await startDouble((_request, response) =>
      sendJson(response, 400, { code: 103, description: 'X-Date out of range', type: 'INVALID_DATE_RANGE' }),
    );
    const result = await clientFor(service.baseUrl).getDeposit(5);
    expect(result.ok || result.error).toMatchObject({ kind: 'clock_skew', code: 103, httpStatus: 400 });
    expect(service.requests).toHaveLength(2);
  });

  test('a 103 without a Date header cannot be re-measured, so it is not retried', async () => {
    service = await startDouble((_request, response) => {
      response.sendDate = false;
      sendJson(response, 400, { code: 103, description: 'X-Date out of range', type: 'INVALID_DATE_RANGE' });
    });
    const result = await clientFor(service.baseUrl).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('clock_skew');
    expect(service.requests).toHaveLength(1);
  });

  test('an in-sync service leaves X-Date on the local clock', async () => {
    service = await shiftedService(0, depositAnswer);
    const client = clientFor(service.baseUrl);
    await client.getDeposit(5);
    await client.getDeposit(5);
    expect(client.clock.status()).toMatchObject({ state: 'in_sync', correctionActive: false, samples: 2 });
    expect(xDateDistance(requestAt(service, 1), 0)).toBeLessThanOrEqual(1_100);
  });
});
