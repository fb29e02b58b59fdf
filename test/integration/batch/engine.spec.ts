import { expect, test } from '@playwright/test';
import { BatchEngine, lookupFor, type IdKind } from '../../../main/core/batch';
import {
  createPaymentsClient,
  httpExchange,
  type Exchange,
  type PaymentsClient,
} from '../../../main/core/payments';
import { FIRST_BULK_DEPOSIT_ID, startSandbox, type SandboxHandle } from '../../../main/sandbox';

/**
 * The batch engine against the real sandbox, through the real payments client. What the engine
 * promises is observed where the calls leave the process: an exchange wrapper counts the calls
 * in flight, stamps when each starts and which id it names.
 */

interface ExchangeLog {
  exchange: Exchange;
  started: Array<{ at: number; path: string }>;
  ended: number;
  inFlight: number;
  maxInFlight: number;
}

/** The real exchange, counted; `holdMs` keeps each call open a little so that calls overlap. */
function countingExchange(holdMs = 0): ExchangeLog {
  const log: ExchangeLog = {
    started: [],
    ended: 0,
    inFlight: 0,
    maxInFlight: 0,
    exchange: async (request, maxResponseBytes, attempt) => {
      log.inFlight += 1;
      log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
      log.started.push({ at: performance.now(), path: new URL(request.url).pathname });
      try {
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
        return await httpExchange(request, maxResponseBytes, attempt);
      } finally {
        log.inFlight -= 1;
        log.ended += 1;
      }
    },
  };
  return log;
}

function clientOf(
  sandbox: SandboxHandle,
  log: ExchangeLog,
  credentials = sandbox.credentials,
): PaymentsClient {
  const created = createPaymentsClient({
    baseUrl: sandbox.baseUrl,
    credentials,
    exchange: log.exchange,
    retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: 5_000,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.data;
}

const bulkIds = (count: number, from = 0): string[] =>
  Array.from({ length: count }, (_, index) => String(FIRST_BULK_DEPOSIT_ID + from + index));

function engineFor(
  client: PaymentsClient,
  ids: string[],
  options: { concurrency: number; ratePerSecond: number; kind?: IdKind },
): BatchEngine {
  return new BatchEngine({
    ids,
    lookup: lookupFor(client, options.kind ?? 'deposits'),
    concurrency: options.concurrency,
    ratePerSecond: options.ratePerSecond,
    previous: null,
  });
}

let sandbox: SandboxHandle;
test.beforeAll(async () => {
  sandbox = await startSandbox({ seed: 61, bulkDeposits: 600 });
});
test.afterAll(async () => {
  await sandbox.close();
});

test('concurrency is never exceeded, and is used', async () => {
  const log = countingExchange(3);
  const engine = engineFor(clientOf(sandbox, log), bulkIds(200), { concurrency: 6, ratePerSecond: 10_000 });
  await engine.run();
  expect(engine.state).toBe('done');
  expect(engine.counts()).toMatchObject({ total: 200, done: 200, failed: 0 });
  expect(log.started).toHaveLength(200);
  expect(log.maxInFlight).toBe(6);
  expect(engine.row(0)).toMatchObject({ index: 0, id: bulkIds(1)[0], state: 'ok', changed: 'new' });
  expect(typeof engine.row(199).status).toBe('string');
});

test('the rate cap holds in every one-second window', async () => {
  const log = countingExchange();
  const rate = 20;
  const engine = engineFor(clientOf(sandbox, log), bulkIds(45, 200), { concurrency: 8, ratePerSecond: rate });
  await engine.run();
  expect(engine.counts().done).toBe(45);
  const starts = log.started.map((call) => call.at);
  // Token bucket with a burst of one (rate / 20): at most rate + 1 starts in any 1 s window; one
  // more where a start was recorded late on a busy machine (uncapped, all 45 fall in one window).
  let worst = 0;
  for (let first = 0; first < starts.length; first += 1) {
    let count = 0;
    for (
      let other = first;
      other < starts.length && (starts[other] as number) - (starts[first] as number) < 1000;
      other += 1
    ) {
      count += 1;
    }
    worst = Math.max(worst, count);
  }
  expect(worst).toBeLessThanOrEqual(rate + 2);
  // …and the cap is what limits it: 45 calls at 20/s span 2.2 s (uncapped, they take ~0.1 s).
  // The slack covers a timer firing a millisecond early and the first call's colder start.
  expect((starts.at(-1) as number) - (starts[0] as number)).toBeGreaterThanOrEqual(
    ((45 - 1) / rate) * 1000 - 50,
  );
});

test('cancel stops the batch: no call starts afterwards, in-flight ids stay pending; resume fetches only the rest', async () => {
  const log = countingExchange(20);
  const ids = bulkIds(120, 300);
  const engine = engineFor(clientOf(sandbox, log), ids, { concurrency: 4, ratePerSecond: 200 });
  const running = engine.run();
  await expect.poll(() => engine.counts().done, { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
  engine.cancel('user');
  expect(engine.state).toBe('cancelled');
  expect(engine.cancelReason).toBe('user');
  await running;
  const startedAtCancel = log.started.length;
  const settledAtCancel = ids.filter((_, index) => engine.settled(index) !== undefined);
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(log.started.length).toBe(startedAtCancel);
  expect(log.inFlight).toBe(0);
  const { done } = engine.counts();
  expect(done).toBe(settledAtCancel.length);
  expect(done).toBeLessThan(ids.length);
  expect(engine.resumable()).toBe(true);
  expect(engine.row(ids.length - 1)).toMatchObject({ state: 'pending', changed: null });

  await engine.run(); // resumes
  expect(engine.state).toBe('done');
  expect(engine.counts()).toMatchObject({ total: 120, done: 120, failed: 0 });
  // Ids answered before the cancel were not fetched again.
  const fetchesOf = (id: string): number => log.started.filter((call) => call.path.endsWith(`/${id}`)).length;
  for (const id of settledAtCancel) expect(fetchesOf(id), id).toBe(1);
  for (const id of ids) expect(fetchesOf(id), id).toBeGreaterThanOrEqual(1);
  expect(engine.resumable()).toBe(false);
});

test('a failure that is not the ids’ (a wrong key) stops the batch at once, leaving every id to resume', async () => {
  const log = countingExchange();
  const wrong = clientOf(sandbox, log, { ...sandbox.credentials, apiSecret: 'not-the-secret-000' });
  const ids = bulkIds(50, 450);
  const engine = engineFor(wrong, ids, { concurrency: 4, ratePerSecond: 10_000 });
  await engine.run();
  expect(engine.state).toBe('failed');
  expect(engine.error).toMatchObject({ kind: 'signature' });
  // Stopped at the first answers, not after fifty identical failures.
  expect(log.started.length).toBeLessThanOrEqual(8);
  expect(engine.counts().done).toBe(0);
  expect(engine.resumable()).toBe(true);
});

test('a service that cannot be reached stops the batch after a run of network failures', async () => {
  const log = countingExchange();
  const created = createPaymentsClient({
    // Nothing listens on port 9 (discard) here: every attempt is refused.
    baseUrl: 'http://127.0.0.1:9',
    credentials: sandbox.credentials,
    exchange: log.exchange,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    timeoutMs: 2_000,
  });
  if (!created.ok) throw new Error(created.error.message);
  const engine = engineFor(created.data, bulkIds(40), { concurrency: 2, ratePerSecond: 10_000 });
  await engine.run();
  expect(engine.state).toBe('failed');
  expect(engine.error?.kind).toBe('network');
  expect(engine.error?.message).toContain('in a row could not reach the service');
  // The failures counted towards the stop are rows; the rest stays pending.
  expect(engine.counts().done).toBeLessThan(12);
  expect(log.started.length).toBeLessThan(14);
});

test('passing failures are retried on resume, definite ones are kept; changed marks compare with the previous run', async () => {
  const log = countingExchange();
  const client = clientOf(sandbox, log);
  // Every service answer is a 500 now: after its retries each lookup fails with `server`.
  await fetch(`${sandbox.controlUrl}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rate: 1, kinds: ['http500'], seed: 1 }),
  });
  const ids = [...bulkIds(3, 500), '999999001'];
  const previous = new Map<string, string | null>([
    [ids[0] as string, 'SOMETHING ELSE'],
    ['999999001', null],
  ]);
  const engine = new BatchEngine({
    ids,
    lookup: lookupFor(client, 'deposits'),
    concurrency: 2,
    ratePerSecond: 10_000,
    previous,
  });
  await engine.run();
  expect(engine.state).toBe('done');
  expect(engine.counts()).toMatchObject({ done: 4, failed: 4 });
  expect(engine.row(0)).toMatchObject({
    state: 'failed',
    errorKind: 'server',
    changed: null,
    previousStatus: 'SOMETHING ELSE',
  });
  expect(engine.resumable()).toBe(true);

  await fetch(`${sandbox.controlUrl}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rate: 0 }),
  });
  await engine.run(); // resumes
  expect(engine.counts()).toMatchObject({ done: 4, failed: 1, changed: 1, new: 2 });
  expect(engine.row(0)).toMatchObject({ state: 'ok', changed: 'changed', previousStatus: 'SOMETHING ELSE' });
  expect(engine.row(1)).toMatchObject({ state: 'ok', changed: 'new' });
  expect(engine.row(1).previousStatus).toBeUndefined();
  // Not found now and then: a definite answer, compared as "not found".
  expect(engine.row(3)).toMatchObject({
    state: 'failed',
    errorKind: 'not_found',
    changed: 'same',
    previousStatus: null,
  });
  expect(engine.resumable()).toBe(false);
});
