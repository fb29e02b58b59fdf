import { test, expect } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_FILE, LOCK_FILE, openJournal } from '../../../main/core/audit';
import { removeTempDirs, tempDir } from '../../support/audit/samples';
import { killLockChildren, spawnLockChild, type LockChild } from './spawn-lock-child';

/**
 * Many processes on one lock while holders die with the lock held (kill -9): the lock must let
 * exactly one in at a time throughout. Counts are printed so that a CI log shows the evidence.
 */

test.afterEach(killLockChildren);
test.afterAll(removeTempDirs);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Kills a child that holds the lock (kill -9: it cannot release anything) and waits for its end. */
async function kill(holder: LockChild): Promise<void> {
  holder.child.kill('SIGKILL');
  expect((await holder.exited).signal).toBe('SIGKILL');
}

const count = (holder: LockChild, line: string): number =>
  holder.lines.filter((candidate) => candidate === line).length;

test('16 processes hammering one lock, holders killed with it held: never two holders at once', async () => {
  test.setTimeout(90_000);
  const dir = tempDir('lock-stress');
  const log = join(dir, 'log');
  writeFileSync(log, '');
  const logLines = (): string[] => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const minimumRounds = 400;
  const kills = 5;

  // 15 hammering, and one more at a time that takes its turn, then holds on until killed. All
  // are started at once: the holders wait for a line before they go for the lock.
  const hammers = Array.from({ length: 15 }, (_, index) => spawnLockChild('hammer', dir, `h${index}`));
  const holders = Array.from({ length: kills }, () =>
    spawnLockChild('hold-on-line', join(dir, 'x.lock'), dir),
  );
  await Promise.all([...hammers, ...holders].map((child) => child.line(/^R$/)));
  let killed = 0;
  let doubles = 0;
  let intrusions = 0;
  for (const holder of holders) {
    holder.send('go');
    await holder.line(/^HELD$/);
    await sleep(20 + Math.random() * 60);
    await kill(holder);
    intrusions += count(holder, 'INTRUDED');
    doubles += count(holder, 'DOUBLE');
    killed += 1;
  }
  const deadline = Date.now() + 30_000;
  while (logLines().length < minimumRounds && Date.now() < deadline) await sleep(100);
  for (const hammer of hammers) hammer.send('stop');
  const done = await Promise.all(hammers.map((hammer) => hammer.line(/^(DONE|FAILED) /)));
  const exits = await Promise.all(hammers.map((hammer) => hammer.exited));

  const perHammer = done.map((line) => {
    const [, rounds = '0', double = '0'] = line.split(' ');
    doubles += Number(double);
    return Number(rounds);
  });
  const rounds = perHammer.reduce((sum, each) => sum + each, 0);
  console.log(
    `file-lock stress: ${hammers.length} hammering processes + 1 holder at a time, ${rounds} rounds ` +
      `(${Math.min(...perHammer)} to ${Math.max(...perHammer)} per hammer), ${killed} holders killed while ` +
      `holding, ${doubles} double holders, ${intrusions} intrusions while a holder held`,
  );
  expect(done.filter((line) => line.startsWith('FAILED'))).toEqual([]);
  expect(exits.map((exit) => [exit.code, exit.stderr])).toEqual(exits.map(() => [0, '']));
  expect(killed).toBe(kills);
  expect(rounds).toBeGreaterThanOrEqual(minimumRounds);
  // Every turn was logged, each hammer's and each killed holder's, and nobody's was lost.
  expect(logLines()).toHaveLength(rounds + killed);
  expect(doubles).toBe(0);
  expect(intrusions).toBe(0);
});

test('16 journals refunding one deposit at once, the lock holder killed: one intent per window, one chain', async () => {
  test.setTimeout(90_000);
  const dir = tempDir('lock-journal');
  const depositId = 3001;
  const windows = 6;
  const refunders = Array.from({ length: 16 }, (_, index) => spawnLockChild('journal', dir, `r${index}`));
  const holders = Array.from({ length: windows }, () => spawnLockChild('hold-on-line', join(dir, LOCK_FILE)));
  const ready = [...refunders, ...holders];
  await Promise.all(ready.map((child) => child.line(/^(R|FAILED)/)));
  expect(ready.map((child) => child.lines[0])).toEqual(ready.map(() => 'R'));

  const accepted: { intentId: string; seq: number }[][] = [];
  const refusals: Record<string, number> = {};
  let killed = 0;
  for (const holder of holders) {
    // Another process holds the journal while all 16 ask, then dies holding it.
    holder.send('go');
    await holder.line(/^HELD$/);
    const from = refunders.map((refunder) => refunder.lines.length);
    for (const refunder of refunders) refunder.send(`refund ${depositId}`);
    await Promise.all(refunders.map((refunder, index) => refunder.line(/^T$/, from[index])));
    await sleep(50);
    await kill(holder);
    killed += 1;
    const answers = await Promise.all(refunders.map((refunder, index) => refunder.line(/^A /, from[index])));
    const parsed = answers.map(
      (answer) => JSON.parse(answer.slice(2)) as { intentId?: string; seq?: number; kind?: string },
    );
    const inWindow: { intentId: string; seq: number }[] = [];
    parsed.forEach((answer, index) => {
      if (answer.intentId !== undefined && answer.seq !== undefined) {
        inWindow.push({ intentId: answer.intentId, seq: answer.seq });
        // The one accepted is answered (settled), which opens the next window.
        const winner = refunders[index];
        winner?.send(`settle ${answer.intentId}`);
      } else {
        refusals[answer.kind ?? '?'] = (refusals[answer.kind ?? '?'] ?? 0) + 1;
      }
    });
    accepted.push(inWindow);
    await Promise.all(
      parsed.flatMap((answer, index) =>
        answer.intentId === undefined ? [] : [refunders[index]?.line(/^S /, from[index])],
      ),
    );
  }
  for (const refunder of refunders) refunder.child.stdin.end();
  const exits = await Promise.all(refunders.map((refunder) => refunder.exited));

  const seqs = readFileSync(join(dir, JOURNAL_FILE), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { seq: number }).seq);
  const repeatedSeqs = seqs.length - new Set(seqs).size;
  const opened = await openJournal({ dir });
  if (!opened.ok) throw new Error(opened.error.message);
  const report = await opened.data.verify();
  const entries = await opened.data.entries({ action: 'refund.create' });
  await opened.data.close();
  const intents = entries.ok ? entries.data.filter((view) => view.type === 'intent') : [];
  console.log(
    `file-lock journal stress: 16 processes, ${windows} windows, ${killed} holders killed while holding, ` +
      `accepted per window ${JSON.stringify(accepted.map((inWindow) => inWindow.length))}, ` +
      `refused ${JSON.stringify(refusals)}, ${seqs.length} lines, ${repeatedSeqs} repeated seqs (forks), ` +
      `verify ${report.ok ? (report.data.ok ? 'ok' : JSON.stringify(report.data.firstProblem)) : report.error.message}`,
  );
  expect(exits.map((exit) => [exit.code, exit.stderr])).toEqual(exits.map(() => [0, '']));
  expect(accepted.map((inWindow) => inWindow.length)).toEqual(accepted.map(() => 1));
  expect(refusals).toEqual({ intent_unresolved: windows * 15 });
  expect(repeatedSeqs).toBe(0);
  expect(seqs).toEqual(seqs.map((_, index) => index + 1));
  expect(report.ok && report.data).toMatchObject({ ok: true, entries: windows * 2, repairs: [], gaps: [] });
  expect(intents.map((view) => view.intentId).sort()).toEqual(
    accepted
      .flat()
      .map((intent) => intent.intentId)
      .sort(),
  );
});
