import { test, expect } from '@playwright/test';
import { dataOf } from '../../../support/result';
import { randomUUID } from 'node:crypto';
import { AUDIT_CSV_HEADERS, openJournal, type Journal } from '../../../../main/core/audit';
import { parseCsv } from '../../../../main/core/csv';
import { countryOfIntent } from '../../../../renderer/src/features/audit/audit-view';
import {
  SEAL_KEY,
  TESTING,
  depositBody,
  refundBody,
  removeTempDirs,
  tempDir,
} from '../../../support/audit/samples';

/**
 * The journal answers "how much" and "who" without reading a request's summary: every line of an
 * operation carries its amount and currency, and, once someone settled it, who did; the CSV export
 * has them as columns of their own.
 */

test.afterAll(removeTempDirs);

async function open(dir: string, osUser: string): Promise<Journal> {
  return dataOf(await openJournal({ dir, osUser, sealKey: SEAL_KEY }));
}

test('each line of an operation says how much, in what, and who settled it', async () => {
  const dir = tempDir('how-much');
  const ana = await open(dir, 'ana');
  const deposit = dataOf(
    await ana.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      reason: null,
      request: depositBody('INV-HOW-MUCH'),
    }),
  );
  dataOf(
    await ana.recordOutcome(deposit.intentId, {
      result: 'ok',
      httpStatus: 200,
      resultingIds: { deposit_id: 3001 },
    }),
  );
  const refund = dataOf(
    await ana.recordIntent({
      environment: TESTING,
      action: 'refund.create',
      idempotencyKey: randomUUID(),
      reason: null,
      request: refundBody(3001),
      currency: 'BRL',
    }),
  );
  dataOf(await ana.recordOutcome(refund.intentId, { result: 'outcome_unknown' }));
  await ana.close();

  // Another person settles the refund whose answer was lost.
  const bruno = await open(dir, 'bruno');
  dataOf(
    await bruno.recordResolution(refund.intentId, {
      method: 'manual',
      result: 'ok',
      note: 'seen in the merchant panel',
    }),
  );
  const views = dataOf(await bruno.entries());
  expect(
    views.map((view) => [view.type, view.action, view.amount, view.currency, view.osUser, view.settledBy]),
  ).toEqual([
    ['intent', 'deposit.create', 100.5, 'BRL', 'ana', undefined],
    ['outcome', 'deposit.create', 100.5, 'BRL', 'ana', undefined],
    ['intent', 'refund.create', 20, 'BRL', 'ana', 'bruno'],
    ['outcome', 'refund.create', 20, 'BRL', 'ana', 'bruno'],
    ['resolution', 'refund.create', 20, 'BRL', 'bruno', 'bruno'],
  ]);

  const rows = dataOf(parseCsv(dataOf(await bruno.exportCsv())));
  const header = rows[0] ?? [];
  expect(header).toEqual([...AUDIT_CSV_HEADERS]);
  const column = (name: string): number => header.indexOf(name);
  expect(column('amount')).toBeGreaterThan(-1);
  expect(column('currency')).toBeGreaterThan(-1);
  expect(column('settled_by')).toBeGreaterThan(-1);
  const cells = rows
    .slice(1)
    .map((row) => [
      row[column('type')],
      row[column('amount')],
      row[column('currency')],
      row[column('user')],
      row[column('settled_by')],
    ]);
  expect(cells).toEqual([
    ['intent', '100.5', 'BRL', 'ana', ''],
    ['outcome', '100.5', 'BRL', 'ana', ''],
    ['intent', '20', 'BRL', 'ana', 'bruno'],
    ['outcome', '20', 'BRL', 'ana', 'bruno'],
    ['resolution', '20', 'BRL', 'bruno', 'bruno'],
  ]);
  await bruno.close();
});

test('a move the team approved names who asked and who approved on each line, and in the CSV', async () => {
  const dir = tempDir('approved');
  const bob = await open(dir, 'bob');
  const approval = { requestId: '7', madeBy: 'mia', approvedBy: ['bob', 'cy'] };
  const approved = dataOf(
    await bob.recordIntent({
      environment: TESTING,
      action: 'refund.create',
      idempotencyKey: randomUUID(),
      reason: 'Approved request 7: Ticket 7',
      request: refundBody(3001),
      currency: 'BRL',
      approval,
    }),
  );
  dataOf(await bob.recordOutcome(approved.intentId, { result: 'ok', resultingIds: { refund_id: 77 } }));
  dataOf(
    await bob.recordIntent({
      environment: TESTING,
      action: 'refund.create',
      idempotencyKey: randomUUID(),
      reason: null,
      request: refundBody(3002),
    }),
  );
  // What the team's row says is checked like any input: at most five approvers (the policy's most).
  const tooMany = await bob.recordIntent({
    environment: TESTING,
    action: 'refund.create',
    idempotencyKey: randomUUID(),
    reason: null,
    request: refundBody(3003),
    approval: { ...approval, approvedBy: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] },
  });
  expect(tooMany.ok || tooMany.error).toMatchObject({ kind: 'validation', field: 'approval.approvedBy' });
  await bob.close();

  const again = await open(dir, 'bob');
  expect(dataOf(await again.verify())).toMatchObject({ ok: true, entries: 3 });
  const views = dataOf(await again.entries());
  expect(views.map((view) => [view.type, view.osUser, view.madeBy, view.approvedBy])).toEqual([
    ['intent', 'bob', 'mia', ['bob', 'cy']],
    ['outcome', 'bob', 'mia', ['bob', 'cy']],
    ['intent', 'bob', undefined, undefined],
  ]);

  const rows = dataOf(parseCsv(dataOf(await again.exportCsv())));
  const header = rows[0] ?? [];
  expect(header).toEqual([...AUDIT_CSV_HEADERS]);
  const column = (name: string): number => header.indexOf(name);
  expect(
    rows.slice(1).map((row) => [row[column('user')], row[column('maker')], row[column('approvers')]]),
  ).toEqual([
    ['bob', 'mia', 'bob; cy'],
    ['bob', 'mia', 'bob; cy'],
    ['bob', '', ''],
  ]);
  await again.close();
});

test('a deposit asked without a currency has an amount and no currency, and its country for every line', async () => {
  const journal = await open(tempDir('no-currency'), 'ana');
  const { currency: _currency, ...body } = depositBody('INV-NO-CURRENCY');
  const intent = dataOf(
    await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      reason: null,
      request: body,
    }),
  );
  dataOf(await journal.recordOutcome(intent.intentId, { result: 'ok', resultingIds: { deposit_id: 3002 } }));
  const views = dataOf(await journal.entries());
  expect(views.map((view) => [view.amount, view.currency])).toEqual([
    [100.5, undefined],
    [100.5, undefined],
  ]);
  // The screen says "in BR's currency" on both lines, from the intent's request.
  expect(countryOfIntent(views)).toEqual(new Map([[intent.intentId, 'BR']]));
  await journal.close();
});

test('a cashout cancel moves no amount of its own', async () => {
  const journal = await open(tempDir('cancel'), 'ana');
  dataOf(
    await journal.recordIntent({
      environment: TESTING,
      action: 'cashout.cancel',
      request: { cashoutId: 11954, externalId: 'payout-7781' },
    }),
  );
  const [view] = dataOf(await journal.entries());
  expect(view).not.toHaveProperty('amount');
  expect(view).not.toHaveProperty('currency');
  await journal.close();
});
