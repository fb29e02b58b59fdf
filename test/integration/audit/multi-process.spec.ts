import { test, expect } from '@playwright/test';
import { openJournal } from '../../../main/core/audit';
import { removeTempDirs, tempDir } from '../../support/audit/samples';
import { spawnWriter, writerReport } from '../../support/audit/spawn-writer';

test.afterAll(removeTempDirs);

test('three processes appending to one journal at once form one unforked chain', async () => {
  test.setTimeout(60_000);
  const dir = tempDir('multi');
  const perWriter = 20;
  const writers = ['a', 'b', 'c'].map((label) => spawnWriter(dir, perWriter, label, true));
  await Promise.all(writers.map((writer) => writer.linesSeen(1)));
  // Round by round, the three at once: on a busy machine one writer left free could finish all
  // its appends before the others start, and the lock would go unexercised.
  for (let round = 1; round <= perWriter; round += 1) {
    for (const writer of writers) writer.child.stdin.write('go\n');
    await Promise.all(writers.map((writer) => writer.linesSeen(1 + 2 * round)));
  }
  const exits = await Promise.all(writers.map((writer) => writer.exited));
  expect(exits.map((exit) => [exit.code, exit.stderr])).toEqual(exits.map(() => [0, '']));

  const opened = await openJournal({ dir });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.data;
  const report = await journal.verify();
  expect(report.ok && report.data).toMatchObject({
    ok: true,
    entries: 3 * perWriter * 2,
    headHash: expect.any(String),
    // Each writer moved the anchor under the lock after its appends: it names the last one.
    anchor: { state: 'matches', head: { seq: 3 * perWriter * 2 } },
    repairs: [],
    gaps: [],
  });

  const entries = await journal.entries();
  if (!entries.ok) throw new Error(entries.error.message);
  // Every intent each writer reported is in the chain, settled ok, under the key it used.
  for (const writer of writers) {
    const { intents, settled } = writerReport(writer.lines);
    expect(intents.size).toBe(perWriter);
    expect(settled.size).toBe(perWriter);
    for (const [intentId, key] of intents) {
      const intent = entries.data.find((view) => view.type === 'intent' && view.intentId === intentId);
      expect(intent).toMatchObject({ idempotencyKey: key, state: 'ok' });
    }
  }
  // The writers did take turns, so the lock was exercised rather than avoided.
  const users = entries.data.map((view) => view.osUser);
  const switches = users.filter((user, index) => index > 0 && user !== users[index - 1]).length;
  expect(switches).toBeGreaterThan(2);
  console.log(`multi-process journal: ${entries.data.length} entries, writer switched ${switches} times`);
  await journal.close();
});
