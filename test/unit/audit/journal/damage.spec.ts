import { test, expect } from '@playwright/test';
import { dataOf } from '../../../support/result';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleError, Result } from '../../../../shared/contract';
import { openJournal, type Journal } from '../../../../main/core/audit';
import { SEAL_KEY, TESTING, refundBody, removeTempDirs, tempDir } from '../../../support/audit/samples';

/**
 * A line in the middle of the journal that cannot be read may be an intent whose outcome is
 * unknown: the journal refuses every new intent and keeps every kept request until a person
 * repairs it, and the repair lists what the line may have been so it stays unresolved.
 */

test.afterAll(removeTempDirs);

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

const open = async (dir: string): Promise<Journal> =>
  dataOf(await openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY }));

const refundIntent = (journal: Journal, depositId: number) =>
  journal.recordIntent({
    environment: TESTING,
    action: 'refund.create',
    idempotencyKey: randomUUID(),
    request: refundBody(depositId),
  });

/** Flips one character of line `line` (1-based) of the journal file, as a bad disk sector would. */
function damageLine(journal: Journal, line: number, find: string, replace: string): void {
  const lines = readFileSync(journal.paths.journal, 'utf8').split('\n');
  const target = lines[line - 1] ?? '';
  if (!target.includes(find)) throw new Error(`line ${line} does not contain ${find}`);
  lines[line - 1] = target.replace(find, replace);
  writeFileSync(journal.paths.journal, lines.join('\n'));
}

/** A journal whose second line is an unknown refund of deposit 3002, between two sound entries. */
async function journalWithLostRefund(dir: string): Promise<{ lostIntentId: string }> {
  const journal = await open(dir);
  const settled = dataOf(await refundIntent(journal, 3001));
  dataOf(await journal.recordOutcome(settled.intentId, { result: 'ok', resultingIds: { refund_id: 1 } }));
  const lost = dataOf(await refundIntent(journal, 3002));
  dataOf(await journal.recordOutcome(lost.intentId, { result: 'outcome_unknown' }));
  await journal.close();
  return { lostIntentId: lost.intentId };
}

test("one damaged byte in an unknown refund's intent line refuses every new intent and keeps its request", async () => {
  const dir = tempDir('damage');
  const { lostIntentId } = await journalWithLostRefund(dir);
  const spooled = join(dir, 'pending', `${lostIntentId}.json`);
  expect(existsSync(spooled)).toBe(true);
  const first = await open(dir);
  // One digit of the deposit id: the line no longer matches its own hash.
  damageLine(first, 3, '"deposit_id":3002', '"deposit_id":3009');
  await first.close();

  // The next open keeps the request (it may be all that is left of the lost intent)…
  const journal = await open(dir);
  expect(existsSync(spooled)).toBe(true);
  // …and no refund goes out, on this deposit or any other, under any key.
  for (const depositId of [3002, 3003]) {
    expect(failure(await refundIntent(journal, depositId)).text).toEqual({
      key: 'journal.damaged',
      params: { line: 3 },
    });
  }
  expect(
    failure(
      await journal.getBlockingIntent(
        { environmentId: TESTING.id, account: TESTING.account },
        'refund.create',
        {
          deposit_id: 3003,
        },
      ),
    ).text?.key,
  ).toBe('journal.damaged');
  const report = dataOf(await journal.verify());
  expect(report).toMatchObject({
    ok: false,
    writesRefused: true,
    firstProblem: { line: 3, kind: 'tampered' },
  });
  expect(report.damages).toMatchObject([{ line: 3, kind: 'tampered' }]);
  await journal.close();
});

test('a repair keeps the bytes aside, lists the lost intent, and it blocks its deposit until settled', async () => {
  const dir = tempDir('damage');
  const { lostIntentId } = await journalWithLostRefund(dir);
  const first = await open(dir);
  // The intent line of the lost refund: its JSON no longer parses.
  damageLine(first, 3, '"type":"intent"', '"type":"intent\'');
  await first.close();

  const journal = await open(dir);
  expect(failure(await journal.repairDamage({ reason: ' ' })).kind).toBe('validation');
  const repaired = dataOf(
    await journal.repairDamage({ reason: 'Disk error on the desk; checked the backup' }),
  );
  expect(repaired.lines).toMatchObject([{ line: 3 }]);
  expect(repaired.suspects).toMatchObject([
    { intentId: lostIntentId, action: 'refund.create', ids: { deposit_id: 3002 }, environment: TESTING },
  ]);
  const sidecar = repaired.lines[0]?.sidecar ?? '';
  expect(readdirSync(dir)).toContain(sidecar);
  expect(readFileSync(join(dir, sidecar), 'utf8')).toContain(lostIntentId);

  // Writes go through again, except on the lost refund's deposit.
  expect(failure(await refundIntent(journal, 3002))).toMatchObject({
    kind: 'intent_unresolved',
    getBlockingIntent: { intentId: lostIntentId },
  });
  dataOf(await refundIntent(journal, 3003));
  expect(dataOf(await journal.unresolved())).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ intentId: lostIntentId, cause: 'damaged_line', canRetry: true }),
    ]),
  );
  // verify lists the repaired line instead of failing on it.
  const report = dataOf(await journal.verify());
  expect(report).toMatchObject({ ok: true, writesRefused: false });
  expect(report.damages).toMatchObject([
    { line: 3, repairedAt: { reason: 'Disk error on the desk; checked the backup' } },
  ]);
  expect(failure(await journal.repairDamage({ reason: 'again' })).text?.key).toBe('journal.nothingToRepair');

  // Settled by a person, it no longer blocks; the repair survives a restart.
  dataOf(
    await journal.recordResolution(lostIntentId, {
      method: 'manual',
      result: 'error',
      note: 'Not in the merchant panel',
      error: { kind: 'not_found', message: 'Checked by hand.' },
    }),
  );
  await journal.close();
  const reopened = await open(dir);
  dataOf(await refundIntent(reopened, 3002));
  expect(dataOf(await reopened.verify()).ok).toBe(true);
  await reopened.close();
});

test('a damaged outcome line leaves its intent unresolved: an unknown outcome is never forgotten', async () => {
  const dir = tempDir('damage');
  const first = await open(dir);
  const refund = dataOf(await refundIntent(first, 4001));
  dataOf(await first.recordOutcome(refund.intentId, { result: 'ok', resultingIds: { refund_id: 77 } }));
  damageLine(first, 2, '"result":"ok"', '"result":"OK"');
  await first.close();
  const journal = await open(dir);
  dataOf(await journal.repairDamage({ reason: 'outcome line edited by mistake' }));
  expect(dataOf(await journal.unresolved()).map((view) => view.intentId)).toEqual([refund.intentId]);
  expect(failure(await refundIntent(journal, 4001)).kind).toBe('intent_unresolved');
  await journal.close();
});
