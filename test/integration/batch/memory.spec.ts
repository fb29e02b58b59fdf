import { expect, test } from '@playwright/test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BatchEngine, lookupFor } from '../../../main/core/batch';
import { createPaymentsClient } from '../../../main/core/payments';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Memory stays flat with the number of rows: after 10,000 lookups what the engine keeps is its
 * compact rows, not the records, their raw bodies, or a promise or closure per id. Measured as
 * the heap still in use after a full garbage collection, so it does not depend on timing. The
 * service is a bare node:http server answering a full deposit record (payer, card detail…), so
 * that nothing but the client and the engine holds memory in this process.
 */

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

test('10,000 looked-up rows keep a few hundred bytes each', async () => {
  test.setTimeout(120_000);
  const count = 10_000;
  const server = createServer((request, response) => {
    const id = Number(request.url?.split('/').at(-1));
    response.writeHead(200, { 'Content-Type': 'application/json', Date: new Date().toUTCString() });
    response.end(
      JSON.stringify({
        deposit_id: id,
        invoice_id: `INV-${id}`,
        user_id: `u-${id}`,
        country: 'BR',
        currency: 'BRL',
        local_amount: 150.5,
        usd_amount: 28.4,
        payment_method: 'VI',
        payment_type: 'CREDIT_CARD',
        status: 'COMPLETED',
        payer: {
          document: '84932568207',
          document_type: 'CPF',
          email: `payer${id}@example.com`,
          first_name: 'Ana',
          last_name: 'Souza',
          address: { city: 'Sao Paulo', state: 'SP', street: 'Av. Paulista 1000', zip_code: '01310100' },
        },
        card_detail: { card_holder: 'ANA SOUZA', brand: 'VISA', masked_card: '411111******1111' },
        fee_amount: 1.2,
        fee_currency: 'USD',
        refunded: false,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const created = createPaymentsClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      credentials: { apiKey: 'MemoryKey01', apiSecret: 'Memory-Secret-000111' },
    });
    if (!created.ok) throw new Error(created.error.message);
    const ids = Array.from({ length: count }, (_, index) => String(400_000_001 + index));
    const lookup = lookupFor(created.data, 'deposits');
    // A few warm-up calls, so the client's lazily built parts are not counted as rows.
    for (const id of ids.slice(0, 20)) expect((await lookup(id)).ok).toBe(true);

    const before = heapAfterGc();
    let engine: BatchEngine | null = new BatchEngine({
      ids,
      lookup,
      concurrency: 16,
      ratePerSecond: 10_000,
      previous: null,
    });
    await engine.run();
    expect(engine.counts()).toMatchObject({ done: count, failed: 0 });
    expect(engine.row(count - 1)).toMatchObject({
      state: 'ok',
      id: ids.at(-1),
      invoiceId: `INV-${ids.at(-1)}`,
    });
    const withEngine = heapAfterGc();
    // What the HTTP stack keeps for a while (kept-alive sockets, parser buffers) is not the engine's:
    // the engine's share is what goes away with it.
    engine = null;
    const retainedPerRow = (withEngine - heapAfterGc()) / count;

    // A row is a dozen scalar fields (~250 bytes); the record with its raw body would add more
    // than a kilobyte, and a promise or closure per id hundreds of bytes.
    expect(retainedPerRow).toBeGreaterThan(0);
    expect(retainedPerRow).toBeLessThan(500);
    expect(withEngine - before).toBeGreaterThan(0);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
