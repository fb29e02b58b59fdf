import { test, expect } from '@playwright/test';
import { dataOf } from '../../../support/result';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditEnvironmentRef, ConsoleError, Result } from '../../../../shared/contract';
import { openJournal, type Journal } from '../../../../main/core/audit';
import { canonicalJson } from '../../../../main/core/audit/canonical-json';
import { sealEntry } from '../../../../main/core/audit/entries';
import { SEAL_KEY, TESTING, refundBody, removeTempDirs, tempDir } from '../../../support/audit/samples';

/**
 * Exactly-once belongs to the merchant's account at the service (D19), and a request key lives
 * 24 hours at the service (D18): a resend past 23 hours never goes out under it.
 */

test.afterAll(removeTempDirs);

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

const HOUR = 3_600_000;

/** A journal whose clock the test moves. */
async function openAt(dir: string, clock: { now: number }): Promise<Journal> {
  return dataOf(await openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY, now: () => new Date(clock.now) }));
}

const refund = (journal: Journal, environment: AuditEnvironmentRef, depositId: number, key = randomUUID()) =>
  journal.recordIntent({
    environment,
    action: 'refund.create',
    idempotencyKey: key,
    request: refundBody(depositId),
  });

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

test('an unknown outcome blocks its target on every profile of the account, and on no other account', async () => {
  const clock = { now: Date.parse('2026-03-02T09:00:00Z') };
  const journal = await openAt(tempDir('accounts'), clock);
  const lost = dataOf(await refund(journal, TESTING, 3001));
  dataOf(await journal.recordOutcome(lost.intentId, { result: 'outcome_unknown' }));

  // Another profile (or the same one removed and added again) on the same account.
  expect(failure(await refund(journal, SAME_ACCOUNT, 3001))).toMatchObject({
    kind: 'intent_unresolved',
    getBlockingIntent: { intentId: lost.intentId },
  });
  const scope = { environmentId: SAME_ACCOUNT.id, account: SAME_ACCOUNT.account };
  expect(dataOf(await journal.getBlockingIntent(scope, 'refund.create', { deposit_id: 3001 }))).toMatchObject(
    {
      intentId: lost.intentId,
    },
  );
  // The same profile id with another key is another account (an earlier sandbox world, say).
  dataOf(await refund(journal, OTHER_ACCOUNT, 3001));
  // A new intent must name its account.
  const { account: _none, ...withoutAccount } = TESTING;
  expect(failure(await refund(journal, withoutAccount, 3002)).field).toBe('environment.account');
  await journal.close();
});

test('a line written before accounts were kept blocks by its environment id', async () => {
  const dir = tempDir('accounts');
  const { account: _none, ...legacy } = TESTING;
  const { entry, line } = sealEntry(
    {
      type: 'intent',
      intentId: randomUUID(),
      environment: legacy,
      osUser: 'ana',
      action: 'refund.create',
      ids: { deposit_id: 3001, invoice_id: 'INV-0001' },
      idempotencyKey: randomUUID(),
      reason: null,
      summary: { deposit_id: 3001, invoice_id: 'INV-0001', amount: '20' },
      bodySha256: 'a'.repeat(64),
    },
    { seq: 1, prev: '0'.repeat(64), time: '2026-03-01T09:00:00.000Z' },
  );
  writeFileSync(join(dir, 'journal.jsonl'), line);
  writeFileSync(
    join(dir, 'journal.anchor'),
    canonicalJson({
      v: 1,
      seq: 1,
      hash: entry.hash,
      bytes: Buffer.byteLength(line),
      since: { time: entry.time, seq: 0 },
    }),
  );
  const journal = await openAt(dir, { now: Date.parse('2026-03-01T10:00:00Z') });
  expect(failure(await refund(journal, TESTING, 3001)).kind).toBe('intent_unresolved');
  dataOf(await refund(journal, SAME_ACCOUNT, 3001));
  await journal.close();
});

test('D18: the same request is resent under its key for 23 hours, never after', async () => {
  const clock = { now: Date.parse('2026-03-06T18:00:00Z') };
  const journal = await openAt(tempDir('accounts'), clock);
  const key = randomUUID();
  const lost = dataOf(await refund(journal, TESTING, 3001, key));
  dataOf(await journal.recordOutcome(lost.intentId, { result: 'outcome_unknown' }));
  const [open] = dataOf(await journal.unresolved());
  expect(open).toMatchObject({ canRetry: true, resendUntil: '2026-03-07T17:00:00.000Z' });

  clock.now += 22 * HOUR;
  dataOf(await journal.pendingRequest(lost.intentId));
  const resent = dataOf(await refund(journal, SAME_ACCOUNT, 3001, key));
  dataOf(await journal.recordOutcome(resent.intentId, { result: 'outcome_unknown' }));

  // A weekend later: the service has forgotten the key and would make a second refund.
  clock.now += 3 * HOUR;
  for (const environment of [TESTING, SAME_ACCOUNT]) {
    expect(failure(await refund(journal, environment, 3001, key))).toMatchObject({
      kind: 'invalid_state',
      text: { key: 'journal.keyExpired', params: { time: '2026-03-06T18:00:00.000Z' } },
      getBlockingIntent: { intentId: lost.intentId, canRetry: false },
    });
  }
  expect(failure(await journal.pendingRequest(lost.intentId)).text?.key).toBe('journal.keyExpired');
  expect(failure(await journal.pendingRequest(resent.intentId)).text?.key).toBe('journal.keyExpired');
  expect(dataOf(await journal.unresolved()).map((view) => view.canRetry)).toEqual([false, false]);
  // Still unresolved, so still blocking: only a status read or a person settles it.
  expect(failure(await refund(journal, TESTING, 3001)).kind).toBe('intent_unresolved');
  await journal.close();
});
