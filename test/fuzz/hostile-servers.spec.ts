import { expect, test } from '@playwright/test';
import type { ErrorKind, Result } from '../../shared/contract';
import type { PaymentsClient } from '../../main/core/payments';
import { clientFor } from '../unit/payments/client-for';
import { HOSTILE_BEHAVIOURS, startHostileServer } from '../support/hostile/servers';
import { guardProcess } from './support/process-guard';
import { listPaymentMethods } from '../../main/core/payments/payment-methods';

/**
 * The payments client against servers that answer with malformed JSON,
 * wrong types, bodies over 10 MB (with and without Content-Length), a byte every 300 ms, a
 * connection closed mid-headers or mid-body, no answer at all, a redirect and a gzip bomb. Every
 * call ends in a typed error within its timeout (one attempt, so the bound is the timeout plus a
 * margin for a loaded machine), while a 20 ms interval timer keeps ticking and the heap does not
 * balloon.
 */

const TIMEOUT_MS = 1_500;
/** Scheduling slack on a shared 2-core machine; the point is "bounded", not "fast". */
const MARGIN_MS = 1_500;
const MAX_TIMER_LAG_MS = 1_000;
const MAX_HEAP_GROWTH_BYTES = 150 * 1024 * 1024;

const CALLS: Array<[string, (client: PaymentsClient) => Promise<Result<unknown>>]> = [
  ['getDeposit', (client) => client.getDeposit(300000001)],
  ['getRefund', (client) => client.getRefund(1001)],
  ['getCashoutStatus', (client) => client.getCashoutStatus({ cashoutId: 11954 })],
  ['listPaymentMethods', (client) => client.read(listPaymentMethods, 'BR')],
  ['getSubMerchant', (client) => client.getSubMerchant(7)],
  ['createDeposit', (client) => client.createDeposit({ amount: 10, country: 'BR' })],
  [
    'createRefund',
    (client) => client.createRefund({ deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 1 }),
  ],
];

const TYPED_FAILURES: ReadonlySet<ErrorKind> = new Set([
  'bad_response',
  'timeout',
  'network',
  'outcome_unknown',
  'server',
]);

for (const behaviour of HOSTILE_BEHAVIOURS) {
  test(`a server that answers with ${behaviour}: every call ends in a typed error within its timeout`, async () => {
    test.setTimeout(120_000);
    const server = await startHostileServer(behaviour);
    const client = clientFor(server.baseUrl, {
      retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 5 },
      timeoutMs: TIMEOUT_MS,
    });
    const guard = guardProcess();
    let last = performance.now();
    let worstLag = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 20);
      last = now;
    }, 20);
    const heapBefore = process.memoryUsage().heapUsed;
    const lines: string[] = [];
    try {
      // All at once, as a busy screen would: the process must stay responsive meanwhile.
      const results = await Promise.all(
        CALLS.map(async ([name, call]) => {
          const started = performance.now();
          const result = await call(client);
          return { name, result, elapsed: performance.now() - started };
        }),
      );
      for (const { name, result, elapsed } of results) {
        lines.push(`${name} ${result.ok ? 'ok' : result.error.kind} ${Math.round(elapsed)} ms`);
        expect(result.ok, `${behaviour} ${name}`).toBe(false);
        if (result.ok) continue;
        expect(TYPED_FAILURES.has(result.error.kind), `${behaviour} ${name}: ${result.error.kind}`).toBe(
          true,
        );
        expect(result.error.message).not.toMatch(/\n\s+at /); // no stack trace
        expect(elapsed, `${behaviour} ${name}`).toBeLessThanOrEqual(TIMEOUT_MS + MARGIN_MS);
      }
    } finally {
      clearInterval(ticker);
      guard.stop();
      await server.close();
    }
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    process.stdout.write(
      `hostile ${behaviour}: ${lines.join(', ')}; worst timer lag ${Math.round(worstLag)} ms; heap growth ${(heapGrowth / 1024 / 1024).toFixed(1)} MB\n`,
    );
    expect(guard.escaped()).toEqual([]);
    expect(worstLag).toBeLessThan(MAX_TIMER_LAG_MS);
    expect(heapGrowth).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
  });
}
