import { test, expect } from '@playwright/test';
import { dataOf } from '../../../support/result';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleError, Result } from '../../../../shared/contract';
import {
  AUDIT_CSV_HEADERS,
  openJournal,
  requestBodySha256,
  verifyJournalFile,
  type Journal,
  type OpenJournalOptions,
} from '../../../../main/core/audit';
import { parseCsv } from '../../../../main/core/csv';
import {
  PAYER,
  PRODUCTION,
  SEAL_KEY,
  TESTING,
  depositBody,
  refundBody,
  removeTempDirs,
  tempDir,
} from '../../../support/audit/samples';

test.afterAll(removeTempDirs);

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

async function open(dir: string, options: Partial<OpenJournalOptions> = {}): Promise<Journal> {
  return dataOf(await openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY, ...options }));
}

async function depositIntent(journal: Journal, invoice = 'INV-0001', environment = TESTING) {
  return dataOf(
    await journal.recordIntent({
      environment,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      reason: 'month-end top-up',
      request: depositBody(invoice),
    }),
  );
}

const lines = (journal: Journal): string[] =>
  readFileSync(journal.paths.journal, 'utf8').split('\n').filter(Boolean);
const spoolFile = (journal: Journal, intentId: string): string =>
  join(journal.paths.pendingFolder, `${intentId}.json`);

test.describe('intent and outcome', () => {
  test('the intent and its spooled request are on disk when recordIntent resolves', async () => {
    const journal = await open(tempDir('journal'));
    const intent = await depositIntent(journal);
    expect(intent.seq).toBe(1);
    const [line] = lines(journal);
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      type: 'intent',
      seq: 1,
      intentId: intent.intentId,
      action: 'deposit.create',
      environment: TESTING,
      osUser: 'ana',
      ids: { invoice_id: 'INV-0001' },
      idempotencyKey: intent.idempotencyKey,
      reason: 'month-end top-up',
      bodySha256: requestBodySha256(depositBody() as never),
    });
    const spool = spoolFile(journal, intent.intentId);
    expect(statSync(spool).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(spool, 'utf8'))).toMatchObject({ intentId: intent.intentId });
    await journal.close();
  });

  test('an ok outcome is chained after the intent, settles it and deletes the spooled request', async () => {
    const journal = await open(tempDir('journal'));
    const intent = await depositIntent(journal);
    const outcome = dataOf(
      await journal.recordOutcome(intent.intentId, {
        result: 'ok',
        httpStatus: 200,
        resultingIds: { deposit_id: 3001 },
        status: 'PENDING',
      }),
    );
    expect(outcome.seq).toBe(2);
    expect(existsSync(spoolFile(journal, intent.intentId))).toBe(false);
    const views = dataOf(await journal.entries());
    expect(views.map((view) => [view.type, view.state])).toEqual([
      ['intent', 'ok'],
      ['outcome', 'ok'],
    ]);
    expect(views[1]).toMatchObject({
      result: 'ok',
      httpStatus: 200,
      status: 'PENDING',
      action: 'deposit.create',
      environment: TESTING,
      ids: { invoice_id: 'INV-0001', deposit_id: 3001 },
      idempotencyKey: intent.idempotencyKey,
    });
    expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 2 });
    await journal.close();
  });

  test('an error outcome keeps kind, code, type and status, but not the service text', async () => {
    const journal = await open(tempDir('journal'));
    const intent = await depositIntent(journal);
    dataOf(
      await journal.recordOutcome(intent.intentId, {
        result: 'error',
        error: {
          kind: 'validation',
          message: 'The service refused a field.',
          code: 202,
          type: 'INVALID_REQUEST_BODY',
          httpStatus: 400,
          serviceMessage: 'payer.email ana.souza@example.com is invalid',
          field: 'payer.email',
        },
      }),
    );
    expect(readFileSync(journal.paths.journal, 'utf8')).not.toContain('ana.souza@example.com');
    const [, view] = dataOf(await journal.entries());
    expect(view).toMatchObject({
      result: 'error',
      state: 'error',
      errorKind: 'validation',
      serviceCode: 202,
      httpStatus: 400,
    });
    await journal.close();
  });

  test('the time and the OS user come from the options', async () => {
    const journal = await open(tempDir('journal'), {
      now: () => new Date('2025-02-03T04:05:06.789Z'),
      osUser: null,
    });
    await depositIntent(journal);
    const [view] = dataOf(await journal.entries());
    expect(view).toMatchObject({ time: '2025-02-03T04:05:06.789Z', osUser: null });
    await journal.close();
  });

  test('the OS account name is used when no user is given', async () => {
    const journal = dataOf(await openJournal({ dir: tempDir('journal') }));
    await depositIntent(journal);
    const [view] = dataOf(await journal.entries());
    expect(typeof view?.osUser === 'string' || view?.osUser === null).toBe(true);
    expect(view?.osUser).not.toBe('ana');
    await journal.close();
  });

  test('refunds and cashout cancels take their ids from the request', async () => {
    const journal = await open(tempDir('journal'));
    dataOf(
      await journal.recordIntent({
        environment: TESTING,
        action: 'refund.create',
        idempotencyKey: randomUUID(),
        request: refundBody(3001),
      }),
    );
    dataOf(
      await journal.recordIntent({
        environment: TESTING,
        action: 'cashout.cancel',
        request: { cashoutId: 11954, externalId: 'payout-7781' },
        ids: { invoice_id: 'batch-7' },
      }),
    );
    const views = dataOf(await journal.entries());
    expect(views.map((view) => view.ids)).toEqual([
      { deposit_id: 3001, invoice_id: 'INV-0001' },
      { cashout_id: 11954, external_id: 'payout-7781', invoice_id: 'batch-7' },
    ]);
    expect(views[1]?.idempotencyKey).toBeNull();
    await journal.close();
  });
});

test.describe('refusals', () => {
  test('a production intent needs a reason; other environments do not', async () => {
    const journal = await open(tempDir('journal'));
    for (const reason of [undefined, null, '', '   ']) {
      const refused = await journal.recordIntent({
        environment: PRODUCTION,
        action: 'deposit.create',
        idempotencyKey: randomUUID(),
        reason,
        request: depositBody(),
      });
      expect(failure(refused)).toMatchObject({ kind: 'validation', field: 'reason' });
    }
    const testing = dataOf(
      await journal.recordIntent({
        environment: TESTING,
        action: 'deposit.create',
        idempotencyKey: randomUUID(),
        request: depositBody(),
      }),
    );
    expect(testing.seq).toBe(1);
    const [view] = dataOf(await journal.entries());
    expect(view?.reason).toBeNull();
    await journal.close();
  });

  test('deposits and refunds need a valid idempotency key', async () => {
    const journal = await open(tempDir('journal'));
    const missing = await journal.recordIntent({
      environment: TESTING,
      action: 'refund.create',
      request: refundBody(),
    } as never);
    expect(failure(missing)).toMatchObject({ kind: 'validation', field: 'idempotencyKey' });
    const malformed = await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: 'key with spaces',
      request: depositBody(),
    });
    expect(failure(malformed)).toMatchObject({ kind: 'validation', field: 'idempotencyKey' });
    await journal.close();
  });

  test('a request holding a credential is refused and nothing is written', async () => {
    const dir = tempDir('journal');
    const journal = await open(dir);
    const refused = await journal.recordIntent({
      environment: TESTING,
      action: 'cashout.cancel',
      request: { cashoutId: 1, externalId: 'x-1', pass: 'coPass01' } as never,
    });
    expect(failure(refused)).toMatchObject({ kind: 'validation', field: 'request.pass' });
    const nested = await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      request: { ...depositBody(), extra: { apiSecret: 's' } } as never,
    });
    expect(failure(nested)).toMatchObject({ field: 'request.extra.apiSecret' });
    expect(readFileSync(journal.paths.journal, 'utf8')).toBe('');
    expect(readdirSync(journal.paths.pendingFolder)).toEqual([]);
    await journal.close();
  });

  test('an invalid environment or an unknown action is refused', async () => {
    const journal = await open(tempDir('journal'));
    const environment = await journal.recordIntent({
      environment: { id: 'x', name: 'X', kind: 'staging' as never },
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      request: depositBody(),
    });
    expect(failure(environment)).toMatchObject({ kind: 'validation', field: 'environment.kind' });
    const action = await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.delete',
      request: {},
    } as never);
    expect(failure(action)).toMatchObject({ kind: 'validation', field: 'action' });
    await journal.close();
  });

  test('outcomes: unknown intent, second outcome and error without error are refused', async () => {
    const journal = await open(tempDir('journal'));
    expect(failure(await journal.recordOutcome(randomUUID(), { result: 'ok' })).kind).toBe('not_found');
    expect(failure(await journal.recordOutcome('../../etc/passwd', { result: 'ok' })).kind).toBe(
      'validation',
    );
    const intent = await depositIntent(journal);
    expect(failure(await journal.recordOutcome(intent.intentId, { result: 'error' })).field).toBe('error');
    dataOf(await journal.recordOutcome(intent.intentId, { result: 'ok' }));
    expect(failure(await journal.recordOutcome(intent.intentId, { result: 'ok' })).kind).toBe(
      'invalid_state',
    );
    expect(
      failure(await journal.recordOutcome(intent.intentId, { result: 'ok', httpStatus: 42 } as never)).kind,
    ).toBe('validation');
    await journal.close();
  });
});

test.describe('unresolved intents, retries and resolutions', () => {
  test('after a restart, an intent without outcome is unresolved with its original key', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const intent = await depositIntent(first);
    // The caller's own call is still under way: not listed by this Journal object.
    expect(dataOf(await first.unresolved())).toEqual([]);
    await first.close();

    const second = await open(dir);
    const [unresolved, ...others] = dataOf(await second.unresolved());
    expect(others).toEqual([]);
    expect(unresolved).toMatchObject({
      intentId: intent.intentId,
      cause: 'no_outcome',
      canRetry: true,
      idempotencyKey: intent.idempotencyKey,
      action: 'deposit.create',
      environment: TESTING,
      ids: { invoice_id: 'INV-0001' },
      reason: 'month-end top-up',
    });
    expect(dataOf(await second.entries({ state: 'pending' }))).toHaveLength(1);

    const pending = dataOf(await second.pendingRequest(intent.intentId));
    expect(pending.idempotencyKey).toBe(intent.idempotencyKey);
    expect(pending.body).toEqual(depositBody());
    expect(requestBodySha256(pending.body)).toBe(intent.bodySha256);
    await second.close();
  });

  test('a lost answer keeps the request for a retry and shows as answer_lost', async () => {
    const journal = await open(tempDir('journal'));
    const intent = await depositIntent(journal);
    dataOf(
      await journal.recordOutcome(intent.intentId, {
        result: 'outcome_unknown',
        error: { kind: 'outcome_unknown', message: 'The answer was lost.' },
      }),
    );
    expect(existsSync(spoolFile(journal, intent.intentId))).toBe(true);
    const [unresolved] = dataOf(await journal.unresolved());
    expect(unresolved).toMatchObject({ intentId: intent.intentId, cause: 'answer_lost', canRetry: true });
    expect(dataOf(await journal.entries({ state: 'outcome_unknown' }))).toHaveLength(2);
    await journal.close();
  });

  test('a retry with the same key is recorded as a resolution and settles the intent', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const intent = await depositIntent(first);
    await first.close();

    const journal = await open(dir, { osUser: 'bruno' });
    const pending = dataOf(await journal.pendingRequest(intent.intentId));
    const resolved = dataOf(
      await journal.recordResolution(intent.intentId, {
        method: 'retried_same_key',
        result: 'ok',
        httpStatus: 200,
        resultingIds: { deposit_id: 3002 },
      }),
    );
    expect(resolved.seq).toBe(2);
    expect(pending.idempotencyKey).toBe(intent.idempotencyKey);
    expect(dataOf(await journal.unresolved())).toEqual([]);
    expect(existsSync(spoolFile(journal, intent.intentId))).toBe(false);
    const views = dataOf(await journal.entries());
    expect(views[1]).toMatchObject({
      type: 'resolution',
      resolutionMethod: 'retried_same_key',
      result: 'ok',
      state: 'ok',
      osUser: 'bruno',
      ids: { invoice_id: 'INV-0001', deposit_id: 3002 },
    });
    expect(views[0]?.state).toBe('ok');
    expect(failure(await journal.pendingRequest(intent.intentId)).kind).toBe('invalid_state');
    expect(
      failure(await journal.recordResolution(intent.intentId, { method: 'status_reread', result: 'ok' }))
        .kind,
    ).toBe('invalid_state');
    await journal.close();
  });

  test('a resolution after an answer_lost outcome settles it too; settled intents refuse one', async () => {
    const journal = await open(tempDir('journal'));
    const lost = await depositIntent(journal, 'INV-L');
    dataOf(await journal.recordOutcome(lost.intentId, { result: 'outcome_unknown' }));
    dataOf(
      await journal.recordResolution(lost.intentId, {
        method: 'status_reread',
        result: 'error',
        error: { kind: 'not_found', message: 'No such deposit.' },
      }),
    );
    expect(dataOf(await journal.entries({ state: 'error' })).map((view) => view.type)).toEqual([
      'intent',
      'outcome',
      'resolution',
    ]);
    const done = await depositIntent(journal, 'INV-D');
    dataOf(await journal.recordOutcome(done.intentId, { result: 'ok' }));
    expect(
      failure(await journal.recordResolution(done.intentId, { method: 'status_reread', result: 'ok' })).kind,
    ).toBe('invalid_state');
    await journal.close();
  });

  test('a manual resolution needs a note', async () => {
    const journal = await open(tempDir('journal'));
    const intent = await depositIntent(journal);
    expect(
      failure(await journal.recordResolution(intent.intentId, { method: 'manual', result: 'ok' })).field,
    ).toBe('note');
    dataOf(
      await journal.recordResolution(intent.intentId, {
        method: 'manual',
        result: 'ok',
        note: 'Seen as PENDING in the merchant panel',
      }),
    );
    const [, view] = dataOf(await journal.entries());
    expect(view?.note).toBe('Seen as PENDING in the merchant panel');
    await journal.close();
  });

  test('an edited spool file is not handed out for a retry', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const intent = await depositIntent(first);
    await first.close();
    const path = spoolFile(first, intent.intentId);
    const kept = JSON.parse(readFileSync(path, 'utf8')) as { body: { sealed: string } };
    const sealed = Buffer.from(kept.body.sealed, 'base64');
    sealed[0] = (sealed[0] ?? 0) ^ 1;
    writeFileSync(
      path,
      JSON.stringify({ ...kept, body: { ...kept.body, sealed: sealed.toString('base64') } }),
    );
    const journal = await open(dir);
    expect(failure(await journal.pendingRequest(intent.intentId)).kind).toBe('storage');
    expect(failure(await journal.pendingRequest(randomUUID())).kind).toBe('not_found');
    await journal.close();
  });

  test('the kept request is sealed: no payer detail sits in the spool in plain text', async () => {
    const dir = tempDir('journal');
    const journal = await open(dir);
    const intent = await depositIntent(journal);
    const text = readFileSync(spoolFile(journal, intent.intentId), 'utf8');
    for (const value of Object.values(PAYER)) expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({
      v: 2,
      intentId: intent.intentId,
      body: { sealed: expect.any(String) },
    });
    expect(dataOf(await journal.pendingRequest(intent.intentId)).body).toMatchObject({
      invoice_id: 'INV-0001',
    });
    await journal.close();
  });

  test('without a key nothing of the request is kept in plain text, and no same-key retry is offered', async () => {
    const dir = tempDir('journal');
    const journal = await open(dir, {
      sealKey: async () => ({ ok: false, error: { kind: 'keychain_unavailable', message: 'no keychain' } }),
    });
    const intent = await depositIntent(journal);
    const text = readFileSync(spoolFile(journal, intent.intentId), 'utf8');
    for (const value of Object.values(PAYER)) expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({ v: 2, body: null, ids: { invoice_id: 'INV-0001' } });
    dataOf(await journal.recordOutcome(intent.intentId, { result: 'outcome_unknown' }));
    expect(dataOf(await journal.unresolved())).toMatchObject([
      { intentId: intent.intentId, canRetry: false },
    ]);
    expect(failure(await journal.pendingRequest(intent.intentId)).kind).toBe('not_found');
    await journal.close();
  });

  test("a request sealed with another key (an earlier run's memory keychain) says so, never 'edited'", async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const intent = await depositIntent(first);
    dataOf(await first.recordOutcome(intent.intentId, { result: 'outcome_unknown' }));
    await first.close();
    const otherKey = async (): Promise<{ ok: true; data: Buffer }> => ({
      ok: true,
      data: Buffer.alloc(32, 9),
    });
    const journal = await open(dir, { sealKey: otherKey });
    expect(failure(await journal.pendingRequest(intent.intentId))).toMatchObject({
      kind: 'not_found',
      text: { key: 'journal.keptRequestOtherKey' },
    });
    expect(dataOf(await journal.unresolved())).toMatchObject([
      { intentId: intent.intentId, canRetry: false },
    ]);
    await journal.close();
  });

  test('a version-1 spool file (its body in plain text) is sealed at the next open', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const intent = await depositIntent(first);
    await first.close();
    const path = spoolFile(first, intent.intentId);
    const reader = await open(dir);
    const body = dataOf(await reader.pendingRequest(intent.intentId)).bodyText;
    await reader.close();
    writeFileSync(
      path,
      JSON.stringify({
        v: 1,
        intentId: intent.intentId,
        action: 'deposit.create',
        idempotencyKey: intent.idempotencyKey,
        bodyText: body,
      }),
    );
    expect(readFileSync(path, 'utf8')).toContain(PAYER.document);
    const journal = await open(dir);
    expect(readFileSync(path, 'utf8')).not.toContain(PAYER.document);
    expect(dataOf(await journal.pendingRequest(intent.intentId)).bodyText).toBe(body);
    await journal.close();
  });
});

test.describe('opening', () => {
  test('a cut-short last line is moved aside, recorded, and the chain keeps verifying', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const intent = await depositIntent(first);
    await first.close();
    const partial = '{"action":"deposit.create","bodySha256":"ab';
    appendFileSync(join(dir, 'journal.jsonl'), partial);
    expect(dataOf(await verifyJournalFile(join(dir, 'journal.jsonl'))).firstProblem?.kind).toBe('truncated');

    const journal = await open(dir);
    const sidecars = readdirSync(dir).filter((name) => name.startsWith('journal.jsonl.partial-'));
    expect(sidecars).toHaveLength(1);
    expect(readFileSync(join(dir, sidecars[0] ?? ''), 'utf8')).toBe(partial);
    const views = dataOf(await journal.entries());
    expect(views.map((view) => view.type)).toEqual(['intent', 'repair']);
    expect(views[1]?.note).toContain(sidecars[0]);
    expect(views[1]?.note).toContain(`${Buffer.byteLength(partial)} bytes`);
    expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 2 });
    dataOf(await journal.recordOutcome(intent.intentId, { result: 'ok' }));
    expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 3 });
    await journal.close();
  });

  test('a journal whose first line was cut is emptied and starts with the repair entry', async () => {
    const dir = tempDir('journal');
    writeFileSync(join(dir, 'journal.jsonl'), '{"v":1,"se');
    const journal = await open(dir);
    const [repair] = dataOf(await journal.entries());
    expect(repair).toMatchObject({ seq: 1, type: 'repair' });
    expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 1 });
    await journal.close();
  });

  test('spool files nothing needs are deleted at open; those of unresolved intents stay', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    const kept = await depositIntent(first, 'INV-K');
    await first.close();
    const orphan = join(dir, 'pending', `${randomUUID()}.json`);
    const leftover = join(dir, 'pending', `${randomUUID()}.json.tmp-12345`);
    writeFileSync(orphan, '{}');
    writeFileSync(leftover, '{');
    const journal = await open(dir);
    expect(readdirSync(join(dir, 'pending'))).toEqual([`${kept.intentId}.json`]);
    await journal.close();
  });

  test('a damaged last line stops appends instead of forking the chain', async () => {
    const dir = tempDir('journal');
    const first = await open(dir);
    await depositIntent(first);
    await first.close();
    appendFileSync(join(dir, 'journal.jsonl'), 'garbage\n');
    const journal = await open(dir);
    const refused = await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      request: depositBody(),
    });
    expect(failure(refused)).toMatchObject({ kind: 'storage' });
    expect(failure(refused).message).toContain('Line 2');
    expect(dataOf(await journal.verify()).firstProblem).toMatchObject({ line: 2, kind: 'unparseable' });
    await journal.close();
  });

  test('an unusable folder is a storage error', async () => {
    const file = join(tempDir('journal'), 'a-file');
    writeFileSync(file, '');
    const opened = await openJournal({ dir: join(file, 'journal') });
    expect(failure(opened).kind).toBe('storage');
  });

  test('a closed journal refuses work', async () => {
    const journal = await open(tempDir('journal'));
    await journal.close();
    expect(failure(await journal.entries()).kind).toBe('internal');
  });
});

test.describe('serialisation', () => {
  test('many appends started at once in one process form one chain', async () => {
    const journal = await open(tempDir('journal'));
    const intents = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        journal.recordIntent({
          environment: TESTING,
          action: 'refund.create',
          idempotencyKey: randomUUID(),
          request: refundBody(index + 1),
        }),
      ),
    );
    expect(intents.map((intent) => dataOf(intent).seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 40 });
    await journal.close();
  });

  test('two journal objects on one folder take turns and see each other', async () => {
    const dir = tempDir('journal');
    const [a, b] = [await open(dir, { osUser: 'a' }), await open(dir, { osUser: 'b' })];
    const work = Array.from({ length: 15 }, async (_, index) => {
      const journal = index % 2 === 0 ? a : b;
      const intent = await depositIntent(journal, `INV-${index}`);
      dataOf(await (index % 3 === 0 ? a : b).recordOutcome(intent.intentId, { result: 'ok' }));
    });
    await Promise.all(work);
    expect(dataOf(await a.verify())).toMatchObject({ ok: true, entries: 30 });
    expect(dataOf(await b.entries({ state: 'ok' }))).toHaveLength(30);
    await Promise.all([a.close(), b.close()]);
  });
});

test.describe('queries and export', () => {
  async function mixedJournal(): Promise<Journal> {
    const clock = { time: Date.parse('2025-03-01T10:00:00Z') };
    const journal = await open(tempDir('journal'), {
      now: () => new Date((clock.time += 60_000)),
    });
    const deposit = await depositIntent(journal, 'INV-1', PRODUCTION);
    dataOf(await journal.recordOutcome(deposit.intentId, { result: 'ok', resultingIds: { deposit_id: 7 } }));
    const refund = dataOf(
      await journal.recordIntent({
        environment: TESTING,
        action: 'refund.create',
        idempotencyKey: randomUUID(),
        reason: '=HYPERLINK("http://evil.example","click")',
        request: refundBody(7),
      }),
    );
    dataOf(
      await journal.recordOutcome(refund.intentId, {
        result: 'error',
        httpStatus: 400,
        error: { kind: 'validation', message: 'Amount above what is left.', code: 802, httpStatus: 400 },
      }),
    );
    dataOf(
      await journal.recordIntent({
        environment: TESTING,
        action: 'cashout.cancel',
        request: { cashoutId: 11954, externalId: 'payout-7781' },
      }),
    );
    return journal;
  }

  test('filters by environment, action, state and time range', async () => {
    const journal = await mixedJournal();
    const seqs = async (filter: Parameters<Journal['entries']>[0]): Promise<number[]> =>
      dataOf(await journal.entries(filter)).map((view) => view.seq);
    expect(await seqs({})).toEqual([1, 2, 3, 4, 5]);
    expect(await seqs({ environmentId: 'prod' })).toEqual([1, 2]);
    expect(await seqs({ action: 'refund.create' })).toEqual([3, 4]);
    expect(await seqs({ state: 'error' })).toEqual([3, 4]);
    expect(await seqs({ state: 'ok' })).toEqual([1, 2]);
    expect(await seqs({ state: 'outcome_unknown' })).toEqual([]);
    // The own in-flight cancel is pending in the entries even though unresolved() leaves it out.
    expect(await seqs({ state: 'pending' })).toEqual([5]);
    expect(await seqs({ from: '2025-03-01T10:02:00Z', to: '2025-03-01T10:04:00Z' })).toEqual([2, 3]);
    expect(await seqs({ environmentId: 'testing-1', state: 'error', action: 'refund.create' })).toEqual([
      3, 4,
    ]);
    expect(failure(await journal.entries({ from: 'yesterday' })).kind).toBe('validation');
    expect(failure(await journal.entries({ state: 'lost' as never })).kind).toBe('validation');
    await journal.close();
  });

  test('the CSV export has the auditor columns, one row per line, and neutralised cells', async () => {
    const journal = await mixedJournal();
    const csv = dataOf(await journal.exportCsv());
    const rows = dataOf(parseCsv(csv));
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADERS]);
    expect(rows).toHaveLength(6);
    const column = (name: (typeof AUDIT_CSV_HEADERS)[number]): number => AUDIT_CSV_HEADERS.indexOf(name);
    const refundIntent = rows[3] ?? [];
    expect(refundIntent[column('reason')]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(refundIntent[column('action')]).toBe('refund.create');
    expect(refundIntent[column('ids')]).toBe('invoice_id=INV-0001; deposit_id=7');
    const refundOutcome = rows[4] ?? [];
    expect(refundOutcome[column('outcome')]).toBe('error');
    expect(refundOutcome[column('error_kind')]).toBe('validation');
    expect(refundOutcome[column('service_code')]).toBe('802');
    expect(refundOutcome[column('environment')]).toBe('Testing');
    const views = dataOf(await journal.entries());
    expect(rows.slice(1).map((row) => row[column('hash')])).toEqual(views.map((view) => view.hash));
    expect(rows.slice(1).map((row) => row[column('seq')])).toEqual(['1', '2', '3', '4', '5']);

    const filtered = dataOf(parseCsv(dataOf(await journal.exportCsv({ environmentId: 'prod' }))));
    expect(filtered).toHaveLength(3);
    expect(dataOf(await journal.exportCsv({}, { bom: true })).startsWith('\uFEFFseq,')).toBe(true);
    await journal.close();
  });
});
