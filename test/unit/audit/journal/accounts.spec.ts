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
 * Exactly-once belongs to the merchant's account at the service (D19). A line the file store wrote
 * before it kept accounts still blocks its target, by its environment id; the port's account and
 * key rules, the same in every store, are in test/support/audit/journal-port-suite.ts.
 */

test.afterAll(removeTempDirs);

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

/** A journal whose clock the test moves. */
async function openAt(dir: string, clock: { now: number }): Promise<Journal> {
  return dataOf(await openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY, now: () => new Date(clock.now) }));
}

const refund = (journal: Journal, environment: AuditEnvironmentRef, depositId: number) =>
  journal.recordIntent({
    environment,
    action: 'refund.create',
    idempotencyKey: randomUUID(),
    request: refundBody(depositId),
  });

/** A second profile on the same service account. */
const SAME_ACCOUNT: AuditEnvironmentRef = {
  id: 'testing-copy',
  name: 'Testing (copy)',
  kind: 'testing',
  account: TESTING.account,
};

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
