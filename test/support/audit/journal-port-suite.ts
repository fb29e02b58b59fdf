import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Fixtures, type TestFixture, type TestType } from '@playwright/test';
import type { AuditEnvironmentRef, ConsoleError, Result } from '../../../shared/contract';
import {
  AUDIT_CSV_HEADERS,
  requestBodySha256,
  type Journal,
  type OpenJournalOptions,
} from '../../../main/core/audit';
import { parseCsv } from '../../../main/core/csv';
import { countryOfIntent } from '../../../renderer/src/features/audit/audit-view';
import { dataOf } from '../result';
import { PAYER, PRODUCTION, TESTING, depositBody, refundBody, removeTempDirs, tempDir } from './samples';

/**
 * The Journal port's behaviour, run against every store (docs/architecture.md, "The journal"):
 * the file store (test/unit/audit/journal/port.spec.ts) and any other whose spec hands it a
 * `JournalStore`, such as the team's PostgreSQL one. Only the lines move between stores; the
 * sealed spool of kept requests stays in the local folder (`journal.paths.pendingFolder`) in every
 * store, so its tests are port tests too. What only one store does (bytes written into
 * journal.jsonl behind the journal's back, an unusable folder) stays in that store's specs.
 */

/** Where a journal keeps its lines, as the suite reaches it. */
export interface JournalStore {
  /** Opens the journal kept at `place` (a temp folder); the same place reopens the same journal: a restart. */
  open(place: string, options?: Partial<OpenJournalOptions>): Promise<Result<Journal>>;
  /** The journal's lines as stored, in order (no trailing empty line). */
  lines(journal: Journal): Promise<string[]>;
}

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

const openAt = async (
  store: JournalStore,
  place: string,
  options: Partial<OpenJournalOptions> = {},
): Promise<Journal> => dataOf(await store.open(place, options));

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

const refundIntent = (
  journal: Journal,
  environment: AuditEnvironmentRef,
  depositId: number,
  key = randomUUID(),
) =>
  journal.recordIntent({
    environment,
    action: 'refund.create',
    idempotencyKey: key,
    request: refundBody(depositId),
  });

const spoolFile = (journal: Journal, intentId: string): string =>
  join(journal.paths.pendingFolder, `${intentId}.json`);

const HOUR = 3_600_000;

/** A second profile on the same service account, and one on another account. */
const SAME_ACCOUNT: AuditEnvironmentRef = {
  id: 'testing-copy',
  name: 'Testing (copy)',
  kind: 'testing',
  account: TESTING.account,
};
const OTHER_ACCOUNT: AuditEnvironmentRef = {
  id: 'testing-1',
  name: 'Testing',
  kind: 'testing',
  account: 'https://sandbox.example.com:443#key:ffffffffffffffffffffffff',
};

/**
 * Declares the port's tests on `base`, each with the journal store `store`: a value, or a fixture
 * that builds it from `base`'s own fixtures (a team database made for each test, say).
 */
export function journalPortSuite<T extends object, W extends object>(
  base: TestType<T, W>,
  store: JournalStore | TestFixture<JournalStore, T & W>,
): void {
  // extend() cannot check a fixture against a `base` whose fixtures are generic; `store` is typed above.
  const fixtures = { store } as unknown as Fixtures<{ store: JournalStore }, object, T, W>;
  const test = base.extend<{ store: JournalStore }>(fixtures);

  test.afterAll(removeTempDirs);

  test.describe('intent and outcome', () => {
    test('the intent and its spooled request are stored when recordIntent resolves', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
      const intent = await depositIntent(journal);
      expect(intent.seq).toBe(1);
      const [line] = await store.lines(journal);
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

    test('an ok outcome is chained after the intent, settles it and deletes the spooled request', async ({
      store,
    }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('an error outcome keeps kind, code, type and status, but not the service text', async ({
      store,
    }) => {
      const journal = await openAt(store, tempDir('journal'));
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
      expect((await store.lines(journal)).join('\n')).not.toContain('ana.souza@example.com');
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

    test('the time and the OS user come from the options', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'), {
        now: () => new Date('2025-02-03T04:05:06.789Z'),
        osUser: null,
      });
      await depositIntent(journal);
      const [view] = dataOf(await journal.entries());
      expect(view).toMatchObject({ time: '2025-02-03T04:05:06.789Z', osUser: null });
      await journal.close();
    });

    test('the OS account name is used when no user is given', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'), { osUser: undefined });
      await depositIntent(journal);
      const [view] = dataOf(await journal.entries());
      expect(typeof view?.osUser === 'string' || view?.osUser === null).toBe(true);
      expect(view?.osUser).not.toBe('ana');
      await journal.close();
    });

    test('refunds and cashout cancels take their ids from the request', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
      dataOf(await refundIntent(journal, TESTING, 3001));
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

    test('a reopened journal answers the same entries, each a stored line in order', async ({ store }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
      const intent = await depositIntent(first);
      dataOf(await first.recordOutcome(intent.intentId, { result: 'ok' }));
      const before = dataOf(await first.entries());
      await first.close();

      const journal = await openAt(store, place);
      const after = dataOf(await journal.entries());
      expect(after).toEqual(before);
      const stored = (await store.lines(journal)).map(
        (line) => JSON.parse(line) as { seq: number; hash: string },
      );
      expect(stored.map((line) => [line.seq, line.hash])).toEqual(after.map((view) => [view.seq, view.hash]));
      await journal.close();
    });
  });

  test.describe('refusals', () => {
    test('a production intent needs a reason; other environments do not', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('deposits and refunds need a valid idempotency key', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('a request holding a credential is refused and nothing is written', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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
      expect(await store.lines(journal)).toEqual([]);
      expect(readdirSync(journal.paths.pendingFolder)).toEqual([]);
      await journal.close();
    });

    test('an invalid environment or an unknown action is refused', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('outcomes: unknown intent, second outcome and error without error are refused', async ({
      store,
    }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('a closed journal refuses work', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
      await journal.close();
      expect(failure(await journal.entries()).kind).toBe('internal');
    });
  });

  test.describe('unresolved intents, retries and resolutions', () => {
    test('after a restart, an intent without outcome is unresolved with its original key', async ({
      store,
    }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
      const intent = await depositIntent(first);
      // The caller's own call is still under way: not listed by this Journal object.
      expect(dataOf(await first.unresolved())).toEqual([]);
      await first.close();

      const second = await openAt(store, place);
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

    test('a lost answer keeps the request for a retry and shows as answer_lost', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('a retry with the same key is recorded as a resolution and settles the intent', async ({
      store,
    }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
      const intent = await depositIntent(first);
      await first.close();

      const journal = await openAt(store, place, { osUser: 'bruno' });
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

    test('a resolution after an answer_lost outcome settles it too; settled intents refuse one', async ({
      store,
    }) => {
      const journal = await openAt(store, tempDir('journal'));
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
        failure(await journal.recordResolution(done.intentId, { method: 'status_reread', result: 'ok' }))
          .kind,
      ).toBe('invalid_state');
      await journal.close();
    });

    test('a manual resolution needs a note', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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
  });

  test.describe('the spool of kept requests', () => {
    test('an edited spool file is not handed out for a retry', async ({ store }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
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
      const journal = await openAt(store, place);
      expect(failure(await journal.pendingRequest(intent.intentId)).kind).toBe('storage');
      expect(failure(await journal.pendingRequest(randomUUID())).kind).toBe('not_found');
      await journal.close();
    });

    test('the kept request is sealed: no payer detail sits in the spool in plain text', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
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

    test('without a key nothing of the request is kept in plain text, and no same-key retry is offered', async ({
      store,
    }) => {
      const journal = await openAt(store, tempDir('journal'), {
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

    test("a request sealed with another key (an earlier run's memory keychain) says so, never 'edited'", async ({
      store,
    }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
      const intent = await depositIntent(first);
      dataOf(await first.recordOutcome(intent.intentId, { result: 'outcome_unknown' }));
      await first.close();
      const otherKey = async (): Promise<{ ok: true; data: Buffer }> => ({
        ok: true,
        data: Buffer.alloc(32, 9),
      });
      const journal = await openAt(store, place, { sealKey: otherKey });
      expect(failure(await journal.pendingRequest(intent.intentId))).toMatchObject({
        kind: 'not_found',
        text: { key: 'journal.keptRequestOtherKey' },
      });
      expect(dataOf(await journal.unresolved())).toMatchObject([
        { intentId: intent.intentId, canRetry: false },
      ]);
      await journal.close();
    });

    test('a version-1 spool file (its body in plain text) is sealed at the next open', async ({ store }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
      const intent = await depositIntent(first);
      await first.close();
      const path = spoolFile(first, intent.intentId);
      const reader = await openAt(store, place);
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
      const journal = await openAt(store, place);
      expect(readFileSync(path, 'utf8')).not.toContain(PAYER.document);
      expect(dataOf(await journal.pendingRequest(intent.intentId)).bodyText).toBe(body);
      await journal.close();
    });

    test('spool files nothing needs are deleted at open; those of unresolved intents stay', async ({
      store,
    }) => {
      const place = tempDir('journal');
      const first = await openAt(store, place);
      const kept = await depositIntent(first, 'INV-K');
      await first.close();
      const pending = first.paths.pendingFolder;
      writeFileSync(join(pending, `${randomUUID()}.json`), '{}');
      writeFileSync(join(pending, `${randomUUID()}.json.tmp-12345`), '{');
      const journal = await openAt(store, place);
      expect(readdirSync(pending)).toEqual([`${kept.intentId}.json`]);
      await journal.close();
    });
  });

  test.describe('serialisation', () => {
    test('many appends started at once in one process form one chain', async ({ store }) => {
      const journal = await openAt(store, tempDir('journal'));
      const intents = await Promise.all(
        Array.from({ length: 40 }, (_, index) => refundIntent(journal, TESTING, index + 1)),
      );
      expect(intents.map((intent) => dataOf(intent).seq).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, index) => index + 1),
      );
      expect(dataOf(await journal.verify())).toMatchObject({ ok: true, entries: 40 });
      await journal.close();
    });

    test('two journal objects on one place take turns and see each other', async ({ store }) => {
      const place = tempDir('journal');
      const [a, b] = [
        await openAt(store, place, { osUser: 'a' }),
        await openAt(store, place, { osUser: 'b' }),
      ];
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
    async function mixedJournal(store: JournalStore): Promise<Journal> {
      const clock = { time: Date.parse('2025-03-01T10:00:00Z') };
      const journal = await openAt(store, tempDir('journal'), {
        now: () => new Date((clock.time += 60_000)),
      });
      const deposit = await depositIntent(journal, 'INV-1', PRODUCTION);
      dataOf(
        await journal.recordOutcome(deposit.intentId, { result: 'ok', resultingIds: { deposit_id: 7 } }),
      );
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

    test('filters by environment, action, state and time range', async ({ store }) => {
      const journal = await mixedJournal(store);
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

    test('the CSV export has the auditor columns, one row per line, and neutralised cells', async ({
      store,
    }) => {
      const journal = await mixedJournal(store);
      const csv = dataOf(await journal.exportCsv());
      const rows = dataOf(parseCsv(csv));
      expect(rows[0]).toEqual([...AUDIT_CSV_HEADERS]);
      expect(rows).toHaveLength(6);
      const column = (name: (typeof AUDIT_CSV_HEADERS)[number]): number => AUDIT_CSV_HEADERS.indexOf(name);
      const refundIntentRow = rows[3] ?? [];
      expect(refundIntentRow[column('reason')]).toBe('\'=HYPERLINK("http://evil.example","click")');
      expect(refundIntentRow[column('action')]).toBe('refund.create');
      expect(refundIntentRow[column('ids')]).toBe('invoice_id=INV-0001; deposit_id=7');
      const refundOutcomeRow = rows[4] ?? [];
      expect(refundOutcomeRow[column('outcome')]).toBe('error');
      expect(refundOutcomeRow[column('error_kind')]).toBe('validation');
      expect(refundOutcomeRow[column('service_code')]).toBe('802');
      expect(refundOutcomeRow[column('environment')]).toBe('Testing');
      const views = dataOf(await journal.entries());
      expect(rows.slice(1).map((row) => row[column('hash')])).toEqual(views.map((view) => view.hash));
      expect(rows.slice(1).map((row) => row[column('seq')])).toEqual(['1', '2', '3', '4', '5']);

      const filtered = dataOf(parseCsv(dataOf(await journal.exportCsv({ environmentId: 'prod' }))));
      expect(filtered).toHaveLength(3);
      expect(dataOf(await journal.exportCsv({}, { bom: true })).startsWith('\uFEFFseq,')).toBe(true);
      await journal.close();
    });
  });

  /**
   * Exactly-once belongs to the merchant's account at the service (D19), and a request key lives
   * 24 hours at the service (D18): a resend past 23 hours never goes out under it.
   */
  test.describe('accounts and the life of a key', () => {
    test('an unknown outcome blocks its target on every profile of the account, and on no other account', async ({
      store,
    }) => {
      const clock = { now: Date.parse('2026-03-02T09:00:00Z') };
      const journal = await openAt(store, tempDir('accounts'), { now: () => new Date(clock.now) });
      const lost = dataOf(await refundIntent(journal, TESTING, 3001));
      dataOf(await journal.recordOutcome(lost.intentId, { result: 'outcome_unknown' }));

      // Another profile (or the same one removed and added again) on the same account.
      expect(failure(await refundIntent(journal, SAME_ACCOUNT, 3001))).toMatchObject({
        kind: 'intent_unresolved',
        getBlockingIntent: { intentId: lost.intentId },
      });
      const scope = { environmentId: SAME_ACCOUNT.id, account: SAME_ACCOUNT.account };
      expect(
        dataOf(await journal.getBlockingIntent(scope, 'refund.create', { deposit_id: 3001 })),
      ).toMatchObject({ intentId: lost.intentId });
      // The same profile id with another key is another account (an earlier sandbox world, say).
      dataOf(await refundIntent(journal, OTHER_ACCOUNT, 3001));
      // A new intent must name its account.
      const { account: _none, ...withoutAccount } = TESTING;
      expect(failure(await refundIntent(journal, withoutAccount, 3002)).field).toBe('environment.account');
      await journal.close();
    });

    test('D18: the same request is resent under its key for 23 hours, never after', async ({ store }) => {
      const clock = { now: Date.parse('2026-03-06T18:00:00Z') };
      const journal = await openAt(store, tempDir('accounts'), { now: () => new Date(clock.now) });
      const key = randomUUID();
      const lost = dataOf(await refundIntent(journal, TESTING, 3001, key));
      dataOf(await journal.recordOutcome(lost.intentId, { result: 'outcome_unknown' }));
      const [open] = dataOf(await journal.unresolved());
      expect(open).toMatchObject({ canRetry: true, resendUntil: '2026-03-07T17:00:00.000Z' });

      clock.now += 22 * HOUR;
      dataOf(await journal.pendingRequest(lost.intentId));
      const resent = dataOf(await refundIntent(journal, SAME_ACCOUNT, 3001, key));
      dataOf(await journal.recordOutcome(resent.intentId, { result: 'outcome_unknown' }));

      // A weekend later: the service has forgotten the key and would make a second refund.
      clock.now += 3 * HOUR;
      for (const environment of [TESTING, SAME_ACCOUNT]) {
        expect(failure(await refundIntent(journal, environment, 3001, key))).toMatchObject({
          kind: 'invalid_state',
          text: { key: 'journal.keyExpired', params: { time: '2026-03-06T18:00:00.000Z' } },
          getBlockingIntent: { intentId: lost.intentId, canRetry: false },
        });
      }
      expect(failure(await journal.pendingRequest(lost.intentId)).text?.key).toBe('journal.keyExpired');
      expect(failure(await journal.pendingRequest(resent.intentId)).text?.key).toBe('journal.keyExpired');
      expect(dataOf(await journal.unresolved()).map((view) => view.canRetry)).toEqual([false, false]);
      // Still unresolved, so still blocking: only a status read or a person settles it.
      expect(failure(await refundIntent(journal, TESTING, 3001)).kind).toBe('intent_unresolved');
      await journal.close();
    });
  });

  /**
   * The journal answers "how much" and "who" without reading a request's summary: every line of an
   * operation carries its amount and currency, and, once someone settled it, who did; the CSV export
   * has them as columns of their own.
   */
  test.describe('how much and who', () => {
    test('each line of an operation says how much, in what, and who settled it', async ({ store }) => {
      const place = tempDir('how-much');
      const ana = await openAt(store, place, { osUser: 'ana' });
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
      const bruno = await openAt(store, place, { osUser: 'bruno' });
      dataOf(
        await bruno.recordResolution(refund.intentId, {
          method: 'manual',
          result: 'ok',
          note: 'seen in the merchant panel',
        }),
      );
      const views = dataOf(await bruno.entries());
      expect(
        views.map((view) => [
          view.type,
          view.action,
          view.amount,
          view.currency,
          view.osUser,
          view.settledBy,
        ]),
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

    test('a move the team approved names who asked and who approved on each line, and in the CSV', async ({
      store,
    }) => {
      const place = tempDir('approved');
      const bob = await openAt(store, place, { osUser: 'bob' });
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

      const again = await openAt(store, place, { osUser: 'bob' });
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

    test('a deposit asked without a currency has an amount and no currency, and its country for every line', async ({
      store,
    }) => {
      const journal = await openAt(store, tempDir('no-currency'));
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
      dataOf(
        await journal.recordOutcome(intent.intentId, { result: 'ok', resultingIds: { deposit_id: 3002 } }),
      );
      const views = dataOf(await journal.entries());
      expect(views.map((view) => [view.amount, view.currency])).toEqual([
        [100.5, undefined],
        [100.5, undefined],
      ]);
      // The screen says "in BR's currency" on both lines, from the intent's request.
      expect(countryOfIntent(views)).toEqual(new Map([[intent.intentId, 'BR']]));
      await journal.close();
    });

    test('a cashout cancel moves no amount of its own', async ({ store }) => {
      const journal = await openAt(store, tempDir('cancel'));
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
  });
}
