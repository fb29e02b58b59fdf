/**
 * What the payments client costs on top of the network: median latency of sequential deposit-status
 * lookups through the client (input check, credentials, D1 signing with a fresh X-Date, timeout
 * and abort wiring, capped read, zod parse, clock sample) against a raw fetch of the same URL with
 * headers signed once in advance, whose body is read and JSON-parsed too (the client's baseline).
 * One local node:http server, warm-up first, the paths alternating call by call. The client sends
 * on node:http (wire.ts), so a bare node:http GET is measured alongside as a same-stack baseline:
 * the details give the client against it too (its own overhead without fetch's).
 *
 * Measurement hygiene: the warm-up is long enough for both paths to reach optimised code (a short
 * one left the first run of a process worse than the next: docs/performance.md), and the sample
 * count keeps the median steady on a shared, noisy machine. Both sides get exactly the same
 * treatment.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createPaymentsClient } from '../../main/core/payments';
import { median, percentile, type BenchRow } from './bench-row';
import { rawHttpGetJson } from './raw-http';

const WARM_UP = 2_000;
const SAMPLES = 10_000;
const TARGET = 1.1;

const DEPOSIT = JSON.stringify({
  user_id: 'u-8812',
  deposit_id: 4411,
  invoice_id: 'INV-4411',
  country: 'BR',
  currency: 'BRL',
  local_amount: '150.00',
  usd_amount: 28.4,
  payment_method: 'IX',
  payment_type: 'BANK_TRANSFER',
  status: 'COMPLETED',
  payer: {
    document: '84932568207',
    document_type: 'CPF',
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Souza',
    address: { city: 'São Paulo', state: 'SP', street: 'Av. Paulista 1000', zip_code: '01310-100' },
  },
  fee_amount: 1.2,
  fee_currency: 'USD',
  refunded: false,
});

export async function bench(): Promise<BenchRow[]> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(DEPOSIT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const credentials = { apiKey: 'BenchKey01', apiSecret: 'Bench-Secret-000111' };

  const created = createPaymentsClient({ baseUrl, credentials });
  if (!created.ok) throw new Error(created.error.message);
  const client = created.data;

  const url = `${baseUrl}/v3/deposits/4411`;
  const xDate = `${new Date().toISOString().slice(0, 19)}Z`;
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Date': xDate,
    'X-Login': credentials.apiKey,
    Authorization: `SVC ${createHmac('sha256', credentials.apiSecret)
      .update(xDate + credentials.apiKey)
      .digest('hex')}`,
  };

  const viaClient = async (): Promise<number> => {
    const started = performance.now();
    const result = await client.getDeposit(4411);
    const elapsed = performance.now() - started;
    if (!result.ok) throw new Error(`client lookup failed: ${result.error.message}`);
    return elapsed;
  };
  const viaRawFetch = async (): Promise<number> => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { deposit_id?: unknown };
    const elapsed = performance.now() - started;
    if (body.deposit_id !== 4411) throw new Error('raw lookup failed');
    return elapsed;
  };

  const viaRawHttp = async (): Promise<number> => {
    const started = performance.now();
    const answer = await rawHttpGetJson(url, headers);
    const elapsed = performance.now() - started;
    if ((answer.body as { deposit_id?: unknown }).deposit_id !== 4411)
      throw new Error('raw http lookup failed');
    return elapsed;
  };

  try {
    for (let index = 0; index < WARM_UP; index += 1) {
      await viaClient();
      await viaRawFetch();
      await viaRawHttp();
    }
    const clientTimes: number[] = [];
    const rawTimes: number[] = [];
    const rawHttpTimes: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      // Rotate which goes first, so none always follows the same other's work.
      const turn = index % 3;
      if (turn === 0) {
        clientTimes.push(await viaClient());
        rawTimes.push(await viaRawFetch());
        rawHttpTimes.push(await viaRawHttp());
      } else if (turn === 1) {
        rawTimes.push(await viaRawFetch());
        rawHttpTimes.push(await viaRawHttp());
        clientTimes.push(await viaClient());
      } else {
        rawHttpTimes.push(await viaRawHttp());
        clientTimes.push(await viaClient());
        rawTimes.push(await viaRawFetch());
      }
    }
    const rawHttpMedian = median(rawHttpTimes);
    const value = median(clientTimes);
    const baselineValue = median(rawTimes);
    const ratio = value / baselineValue;
    return [
      {
        name: 'deposit-status lookup via the payments client',
        baseline: 'raw fetch, pre-signed headers',
        unit: 'ms',
        value,
        baselineValue,
        ratio,
        target: `≤ ${TARGET.toFixed(2)}`,
        pass: ratio <= TARGET,
        details: {
          samples: SAMPLES,
          warmUp: WARM_UP,
          clientP90Ms: Number(percentile(clientTimes, 0.9).toFixed(3)),
          rawP90Ms: Number(percentile(rawTimes, 0.9).toFixed(3)),
          overheadMedianUs: Math.round((value - baselineValue) * 1000),
          rawHttpMedianMs: Number(rawHttpMedian.toFixed(3)),
          // The same-stack view: the client's own work on top of a bare node:http GET.
          clientVsRawHttpRatio: Number((value / rawHttpMedian).toFixed(3)),
          overheadVsRawHttpMedianUs: Math.round((value - rawHttpMedian) * 1000),
        },
      },
    ];
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
