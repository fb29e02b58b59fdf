import { test, expect } from '@playwright/test';
import { dataOf } from '../../../support/result';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleError, Result } from '../../../../shared/contract';
import { openJournal, verifyJournalFile, type Journal } from '../../../../main/core/audit';
import { SEAL_KEY, TESTING, depositBody, removeTempDirs, tempDir } from '../../../support/audit/samples';

/**
 * What the file store finds at open in a journal.jsonl written behind its back (a cut line, a
 * garbage line) or in a folder it cannot use. The port's behaviour, the same in every store, is
 * in test/support/audit/journal-port-suite.ts (run from port.spec.ts).
 */

test.afterAll(removeTempDirs);

function failure<T>(result: Result<T>): ConsoleError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

async function open(dir: string): Promise<Journal> {
  return dataOf(await openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY }));
}

async function depositIntent(journal: Journal) {
  return dataOf(
    await journal.recordIntent({
      environment: TESTING,
      action: 'deposit.create',
      idempotencyKey: randomUUID(),
      reason: 'month-end top-up',
      request: depositBody(),
    }),
  );
}

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
});
