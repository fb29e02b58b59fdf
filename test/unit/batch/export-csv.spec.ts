import { expect, test } from '@playwright/test';
import {
  BatchEngine,
  batchCsv,
  batchCsvColumns,
  batchCsvHeader,
  batchCsvRows,
  lookupFor,
} from '../../../main/core/batch';
import { parseCsv } from '../../../main/core/csv';
import { clientFor } from '../payments/client-for';
import { sendJson, startDouble, type ServiceDouble } from '../payments/http-double';

/**
 * The batch CSV export: every text cell a service (or a user) could fill is neutralised against
 * spreadsheet formulas; numbers stay numbers. The answers come from a service double, because
 * the sandbox never sends such values (the real service might).
 */

let service: ServiceDouble;
test.beforeAll(async () => {
  service = await startDouble((request, response) => {
    if (request.path === '/v3/deposits/1') {
      sendJson(response, 200, {
        deposit_id: 1,
        status: '=HYPERLINK("http://evil.example","click")',
        invoice_id: '@SUM(A1:A9)',
        currency: '+BRL',
        local_amount: -12.5,
        country: '-1+1',
        payment_method: '\tIX',
      });
    } else if (request.path === '/v3/cashout/status') {
      sendJson(response, 200, {
        cashout_status: 3,
        cashout_status_description: 'Rejected',
        rejection_code: 803,
        rejection_reason: '\r=1+1 account closed',
      });
    } else {
      sendJson(response, 404, { code: 208, description: '=not here', type: 'RESOURCE_NOT_FOUND' });
    }
  });
});
test.afterAll(async () => {
  await service.close();
});

test('deposit rows: formula triggers in every text cell are neutralised, amounts stay numbers', async () => {
  const engine = new BatchEngine({
    ids: ['1'],
    lookup: lookupFor(clientFor(service.baseUrl), 'deposits'),
    concurrency: 1,
    ratePerSecond: 100,
    previous: new Map([['1', '@previous']]),
  });
  await engine.run();
  const csv = batchCsv('deposits', [engine.row(0)]);
  const rows = parseCsv(csv);
  expect(rows.ok).toBe(true);
  if (!rows.ok) return;
  expect(rows.data[0]).toEqual(batchCsvColumns('deposits'));
  const cell = (name: string): string =>
    rows.data[1]?.[batchCsvColumns('deposits').indexOf(name)] ?? '<none>';
  expect(cell('status')).toBe(`'=HYPERLINK("http://evil.example","click")`);
  expect(cell('invoice_id')).toBe("'@SUM(A1:A9)");
  expect(cell('currency')).toBe("'+BRL");
  expect(cell('country')).toBe("'-1+1");
  expect(cell('payment_method')).toBe("'\tIX");
  expect(cell('previous_status')).toBe("'@previous");
  expect(cell('changed')).toBe('changed');
  // A number is written as a number, its sign included: finance staff add these up.
  expect(cell('amount')).toBe('-12.5');
});

test('cashout rows (by external id) and failed rows are neutralised too', async () => {
  const engine = new BatchEngine({
    ids: ['ext:=cmd', '77'],
    lookup: lookupFor(clientFor(service.baseUrl), 'cashouts'),
    concurrency: 1,
    ratePerSecond: 100,
    previous: null,
  });
  await engine.run();
  const rows = parseCsv(batchCsv('cashouts', [engine.row(0)]));
  if (!rows.ok) throw new Error(rows.error.message);
  const columns = batchCsvColumns('cashouts');
  const cell = (name: string): string => rows.data[1]?.[columns.indexOf(name)] ?? '<none>';
  expect(cell('id')).toBe('ext:=cmd');
  expect(cell('status')).toBe('REJECTED');
  expect(cell('status_code')).toBe('3');
  expect(cell('rejection_reason')).toBe("'\r=1+1 account closed");
  // The service double's body said "=not here"; our message is ours, but it is checked the same way.
  const failed = batchCsv('deposits', [
    { index: 0, id: '5', state: 'failed', changed: null, errorKind: 'not_found', errorMessage: '=oops' },
  ]);
  expect(failed).toContain(",'=oops\r\n");
});

test("written a page at a time (the CLI's --csv), a batch CSV is the same text as written whole", () => {
  const rows = Array.from({ length: 7 }, (_, index) => ({
    index,
    id: String(300_000_000 + index),
    state: 'ok' as const,
    status: index % 2 === 0 ? 'COMPLETED' : '=PENDING',
    amount: index * 10.5,
    currency: 'BRL',
    changed: null,
  }));
  const paged =
    batchCsvHeader('deposits') +
    batchCsvRows('deposits', rows.slice(0, 3)) +
    batchCsvRows('deposits', rows.slice(3));
  expect(paged).toBe(batchCsv('deposits', rows));
  expect(paged.split('\r\n')).toHaveLength(rows.length + 2);
});
