import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntryView } from '../../../shared/contract';
import { verifyJournalFile } from '../../../main/core/audit';
import {
  addEnvironmentFor,
  controlGet,
  dataOf,
  dropFaults,
  dropSeed,
  errorOf,
  expect,
  test,
  type Console,
} from './console-fixture';
import type { SandboxHandle } from '../../../main/sandbox';

/**
 * The journal wiring of the guarded path: every mutation writes its intent (flushed) before the
 * call and its outcome after; a lost answer (the sandbox's `drop` fault after the state change)
 * becomes outcome_unknown, is listed as unresolved, and a retry with the ORIGINAL key settles it
 * without a duplicate (D6).
 */

async function testingConsole(
  openConsole: (options?: object) => Console,
  service: SandboxHandle,
): Promise<Console> {
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: service.baseUrl },
    service.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  return console;
}

const linesOf = (entries: AuditEntryView[], intentId: string): Array<[string, string | undefined]> =>
  entries.filter((entry) => entry.intentId === intentId).map((entry) => [entry.type, entry.result]);

test('every mutation writes its intent, then its outcome (ok or error), and the chain verifies', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole();
  const deposit = dataOf(await console.call('createDeposit', { body: { amount: 10, country: 'BR' } }));
  const refund = dataOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 5 },
    }),
  );
  const cancel = dataOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));
  // The service refuses this one after the intent was written (the country is not served).
  const refused = errorOf(await console.call('createDeposit', { body: { amount: 10, country: 'ZZ' } }));
  expect(refused).toMatchObject({ kind: 'validation', httpStatus: 400, idempotencyKey: expect.any(String) });

  const entries = dataOf(await console.call('listAuditEntries', {}));
  expect(linesOf(entries, deposit.intentId ?? '')).toEqual([
    ['intent', undefined],
    ['outcome', 'ok'],
  ]);
  expect(linesOf(entries, refund.intentId ?? '')).toEqual([
    ['intent', undefined],
    ['outcome', 'ok'],
  ]);
  expect(linesOf(entries, cancel.intentId ?? '')).toEqual([
    ['intent', undefined],
    ['outcome', 'ok'],
  ]);
  const failed = entries.filter((entry) => entry.idempotencyKey === refused.idempotencyKey);
  expect(failed.map((entry) => [entry.type, entry.result, entry.errorKind, entry.httpStatus])).toEqual([
    ['intent', undefined, undefined, undefined],
    ['outcome', 'error', 'validation', 400],
  ]);
  // The outcome names what the call produced, the intent what was asked (masked, keyed).
  const depositOutcome = entries.find(
    (entry) => entry.intentId === deposit.intentId && entry.type === 'outcome',
  );
  expect(depositOutcome?.ids?.deposit_id).toBe(deposit.created.record.deposit_id);
  const depositIntent = entries.find(
    (entry) => entry.intentId === deposit.intentId && entry.type === 'intent',
  );
  expect(depositIntent).toMatchObject({
    idempotencyKey: deposit.idempotencyKey,
    osUser: 'tester',
    environment: { id: 'local-sandbox', kind: 'local-sandbox' },
    summary: { amount: '10', country: 'BR' },
  });
  const refundOutcome = entries.find(
    (entry) => entry.intentId === refund.intentId && entry.type === 'outcome',
  );
  expect(refundOutcome?.ids?.refund_id).toBe(refund.created.record.refund_id);

  expect(dataOf(await console.call('verifyAudit', {}))).toMatchObject({ ok: true, entries: 8 });
  expect((await verifyJournalFile(join(dataDir, 'audit', 'journal.jsonl'))).ok).toBe(true);
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
});

test('a repeated intent reuses the key it is given; without one, each intent gets a new v4 key', async ({
  openConsole,
}) => {
  const console = openConsole();
  const body = { amount: 21.5, country: 'BR', invoice_id: 'INV-KEYED-1' };
  const first = dataOf(await console.call('createDeposit', { body }));
  expect(first.idempotencyKey).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  const again = dataOf(await console.call('createDeposit', { body, idempotencyKey: first.idempotencyKey }));
  // The service replays its first answer for the same key and body (D6): the same deposit.
  expect(again.idempotencyKey).toBe(first.idempotencyKey);
  expect(again.created.record.deposit_id).toBe(first.created.record.deposit_id);
  const other = dataOf(await console.call('createDeposit', { body: { ...body, invoice_id: 'INV-KEYED-2' } }));
  expect(other.idempotencyKey).not.toBe(first.idempotencyKey);
});

test('a deposit whose answers are all lost is outcome_unknown; the retry with the same key settles it, once', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 51 });
  const console = await testingConsole(openConsole, service);
  // Every attempt is dropped; the first one after the deposit was created and its answer stored.
  await dropFaults(service, dropSeed(['after'], 1), 1);
  const lost = errorOf(await console.call('createDeposit', { body: { amount: 33.33, country: 'BR' } }));
  expect(lost).toMatchObject({ kind: 'outcome_unknown', idempotencyKey: expect.any(String) });
  await dropFaults(service, 0, 0);

  const [unresolved, ...rest] = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(rest).toEqual([]);
  expect(unresolved).toMatchObject({
    action: 'deposit.create',
    cause: 'answer_lost',
    canRetry: true,
    idempotencyKey: lost.idempotencyKey,
    summary: { amount: '33.33', country: 'BR' },
  });
  // No id is known, so a status read cannot settle it.
  expect(errorOf(await console.call('rereadIntent', { intentId: unresolved?.intentId ?? '' }))).toMatchObject(
    {
      kind: 'validation',
      message: expect.stringContaining('only a retry with the same idempotency key can settle it'),
    },
  );

  const settled = dataOf(await console.call('retryIntent', { intentId: unresolved?.intentId ?? '' }));
  expect(settled).toMatchObject({
    type: 'resolution',
    resolutionMethod: 'retried_same_key',
    result: 'ok',
    state: 'ok',
    idempotencyKey: lost.idempotencyKey,
  });
  const depositId = settled.ids?.deposit_id ?? 0;
  const created = await controlGet(service, `/deposits/${depositId}`);
  expect(created.status).toBe(200);
  expect((created.body as { record: { amount: number } }).record.amount).toBe(33.33);
  // The lost first attempt created it; the retry was answered from the stored answer: no second deposit.
  expect((await controlGet(service, `/deposits/${depositId + 1}`)).status).toBe(404);
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
  expect(errorOf(await console.call('retryIntent', { intentId: unresolved?.intentId ?? '' })).kind).toBe(
    'invalid_state',
  );
});

test('a lost refund answer: listed, retried with its key, no second refund', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 52 });
  const console = await testingConsole(openConsole, service);
  // The pre-flight read goes through; the refund's first attempt is dropped after the refund was made.
  await dropFaults(service, dropSeed(['none', 'after', 'before']));
  const lost = errorOf(
    await console.call('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 7 },
    }),
  );
  expect(lost.kind).toBe('outcome_unknown');
  await dropFaults(service, 0, 0);
  const [unresolved] = dataOf(await console.call('listUnresolvedIntents', {}));
  expect(unresolved).toMatchObject({ action: 'refund.create', cause: 'answer_lost', canRetry: true });
  const settled = dataOf(await console.call('retryIntent', { intentId: unresolved?.intentId ?? '' }));
  const refundId = settled.ids?.refund_id ?? 0;
  expect(dataOf(await console.call('getRefund', { refundId })).record).toMatchObject({
    deposit_id: 300000001,
    amount: 7,
  });
  expect(errorOf(await console.call('getRefund', { refundId: refundId + 1 })).kind).toBe('not_found');
  // The settled refund now counts in what is left (150 - 7).
  expect(dataOf(await console.call('getRefundPreflight', { depositId: 300000001 })).remaining).toBe(143);
});

test('a cancel whose answer was lost is never sent again: the status is read and reported', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 53 });
  const console = await testingConsole(openConsole, service);
  // Three guard reads pass, the DELETE is dropped after the cancel took effect, the read after passes.
  await dropFaults(service, dropSeed(['none', 'none', 'none', 'after', 'none']));
  const lost = errorOf(await console.call('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }));
  expect(lost).toMatchObject({
    kind: 'outcome_unknown',
    message: expect.stringContaining('is now CANCELLED (status 2)'),
  });
  const entries = dataOf(await console.call('listAuditEntries', {}));
  expect(entries.map((entry) => [entry.type, entry.result ?? null, entry.resolutionMethod ?? null])).toEqual([
    ['intent', null, null],
    ['outcome', 'outcome_unknown', null],
    ['resolution', 'ok', 'status_reread'],
  ]);
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
});

test('a repeated intent under its original key settles the earlier lost one', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 54 });
  const console = await testingConsole(openConsole, service);
  await dropFaults(service, dropSeed(['after', 'after'], 1), 1);
  const body = { amount: 44, country: 'MX' };
  const lost = errorOf(await console.call('createDeposit', { body }));
  await dropFaults(service, 0, 0);
  const again = dataOf(await console.call('createDeposit', { body, idempotencyKey: lost.idempotencyKey }));
  expect(again.idempotencyKey).toBe(lost.idempotencyKey);
  expect(dataOf(await console.call('listUnresolvedIntents', {}))).toEqual([]);
  const resolution = dataOf(await console.call('listAuditEntries', {})).find(
    (entry) => entry.type === 'resolution',
  );
  expect(resolution).toMatchObject({ resolutionMethod: 'retried_same_key', result: 'ok' });
});

test('intents a crashed run left without an outcome are listed on start as no_outcome', async ({
  openConsole,
  dataDir,
  memoryKeychain,
}) => {
  const first = openConsole();
  dataOf(await first.call('createDeposit', { body: { amount: 1, country: 'BR' } }));
  await first.close();
  // What a crash between intent and outcome leaves: the journal's last line is an intent.
  const { openJournal } = await import('../../../main/core/audit');
  const { keychainDraftKey } = await import('../../../main/core/drafts');
  const journal = dataOf(
    await openJournal({
      dir: join(dataDir, 'audit'),
      sealKey: keychainDraftKey(memoryKeychain, 'paydesk-test-console', join(dataDir, 'drafts')),
    }),
  );
  const intent = dataOf(
    await journal.recordIntent({
      environment: {
        id: 'local-sandbox',
        name: 'Local sandbox',
        kind: 'local-sandbox',
        account: 'sandbox-world:a-crashed-run',
      },
      action: 'refund.create',
      request: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 3 },
      idempotencyKey: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    }),
  );
  await journal.close();
  const next = openConsole();
  expect(dataOf(await next.call('listUnresolvedIntents', {}))).toEqual([
    expect.objectContaining({ intentId: intent.intentId, cause: 'no_outcome', canRetry: true }),
  ]);
  const text = await readFile(join(dataDir, 'audit', 'journal.jsonl'), 'utf8');
  expect(text.trim().split('\n')).toHaveLength(3);
});
