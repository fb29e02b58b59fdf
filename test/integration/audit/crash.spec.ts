import { test, expect } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_FILE, openJournal, verifyJournalFile } from '../../../main/core/audit';
import { SEAL_KEY, removeTempDirs, tempDir } from '../../support/audit/samples';
import { spawnWriter, writerReport } from '../../support/audit/spawn-writer';

test.afterAll(removeTempDirs);

/**
 * Kill -9 a process in the middle of many journal writes, 20 times at random
 * points. After each kill, opening the journal must repair any cut line, the chain must verify,
 * every intent the process reported durable must be there, and an intent whose outcome never
 * came must show as unresolved ("outcome unknown") with its original key and spooled request.
 *
 * SIGKILL does not cut a write(2) to a local file in half, so a real kill leaves whole lines; the
 * cut line a power failure can leave is simulated in about half of the runs by appending a prefix
 * of a real line after the kill. Replay a failure with PAYDESK_CRASH_SEED=<seed printed below>.
 */

const REPETITIONS = 20;
/** Independent journals, run side by side to keep the test short; each lives through its crashes. */
const LANES = 4;

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Run {
  repetition: number;
  /** Kill once the child has reported this many durable steps. */
  killAfterLines: number;
  extraDelayMs: number;
  /** Fraction of a line to leave cut at the end of the file, or null for no simulated cut. */
  tornFraction: number | null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('the journal survives kill -9 at random points: repaired, verified, lost intents unresolved', async () => {
  test.setTimeout(120_000);
  const seed = Number(process.env.PAYDESK_CRASH_SEED ?? randomInt(2 ** 31));
  console.log(`audit crash test seed ${seed} (replay: PAYDESK_CRASH_SEED=${seed})`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });

  const random = mulberry32(seed);
  const runs: Run[] = Array.from({ length: REPETITIONS }, (_, repetition) => ({
    repetition,
    killAfterLines: 1 + Math.floor(random() * 12),
    extraDelayMs: Math.floor(random() * 4),
    tornFraction: random() < 0.5 ? random() : null,
  }));
  const stats = { entries: 0, repairs: 0, unresolved: 0, answerLostBeforeAck: 0 };

  async function lane(index: number): Promise<void> {
    const dir = tempDir(`crash-${index}`);
    const journalPath = join(dir, JOURNAL_FILE);
    for (const run of runs.filter((candidate) => candidate.repetition % LANES === index)) {
      const where = `seed ${seed}, repetition ${run.repetition}`;
      const writer = spawnWriter(dir, 'forever', `r${run.repetition}`);
      await writer.linesSeen(run.killAfterLines);
      if (run.extraDelayMs > 0) await sleep(run.extraDelayMs);
      writer.child.kill('SIGKILL');
      const exit = await writer.exited;
      expect(exit.signal, `${where}: the writer stopped on its own: ${exit.stderr}`).toBe('SIGKILL');

      let cut = '';
      if (run.tornFraction !== null) {
        const whole = readFileSync(journalPath, 'utf8').split('\n').filter(Boolean).at(-1) ?? '{"v":1}';
        cut = whole.slice(0, 1 + Math.floor(run.tornFraction * (whole.length - 1)));
        appendFileSync(journalPath, cut);
      }

      // Before repair: whole lines verify, and a cut line is reported as truncated.
      const raw = await verifyJournalFile(journalPath);
      if (!raw.ok) throw new Error(raw.error.message);
      if (cut) expect(raw.data.firstProblem?.kind, where).toBe('truncated');
      else expect(raw.data.ok, `${where}: ${raw.data.firstProblem?.message}`).toBe(true);

      const opened = await openJournal({ dir, lock: { timeoutMs: 5_000 }, sealKey: SEAL_KEY });
      if (!opened.ok) throw new Error(`${where}: ${opened.error.message}`);
      const journal = opened.data;
      const verified = await journal.verify();
      if (!verified.ok) throw new Error(verified.error.message);
      expect(verified.data.ok, `${where}: ${verified.data.firstProblem?.message}`).toBe(true);
      expect(verified.data.entries, where).toBe(raw.data.entries + (cut ? 1 : 0));

      const entries = await journal.entries();
      if (!entries.ok) throw new Error(entries.error.message);
      if (cut) {
        const repair = entries.data.at(-1);
        expect(repair?.type, where).toBe('repair');
        const sidecar = readdirSync(dir)
          .filter((name) => name.startsWith(`${JOURNAL_FILE}.partial-`))
          .find((name) => repair?.note?.includes(name));
        expect(sidecar, where).toBeDefined();
        expect(readFileSync(join(dir, sidecar ?? ''), 'utf8'), where).toBe(cut);
        stats.repairs += 1;
      }

      // Every intent reported durable is in the chain; every reported outcome settled it.
      const { intents, settled } = writerReport(writer.lines);
      const stateOf = new Map(
        entries.data.filter((view) => view.type === 'intent').map((view) => [view.intentId, view]),
      );
      for (const [intentId, key] of intents) {
        expect(stateOf.get(intentId)?.idempotencyKey, `${where}: intent ${intentId}`).toBe(key);
        if (settled.has(intentId)) expect(stateOf.get(intentId)?.state, where).toBe('ok');
      }

      // The intent the kill interrupted, if any, is unresolved with its key and its request.
      const unresolved = await journal.unresolved();
      if (!unresolved.ok) throw new Error(unresolved.error.message);
      expect(
        unresolved.data.length,
        `${where}: one writer leaves at most one intent open`,
      ).toBeLessThanOrEqual(1);
      for (const [intentId] of [...intents].filter(([intentId]) => !settled.has(intentId))) {
        const state = stateOf.get(intentId)?.state;
        if (state === 'ok')
          stats.answerLostBeforeAck += 1; // outcome written, killed before reporting it
        else
          expect(
            unresolved.data.map((item) => item.intentId),
            where,
          ).toContain(intentId);
      }
      for (const item of unresolved.data) {
        expect(item, where).toMatchObject({ cause: 'no_outcome', canRetry: true });
        expect(item.idempotencyKey, where).toBe(stateOf.get(item.intentId)?.idempotencyKey);
        const pending = await journal.pendingRequest(item.intentId);
        expect(pending.ok && pending.data.idempotencyKey, where).toBe(item.idempotencyKey);
        stats.unresolved += 1;
      }
      // Only unresolved intents keep a spooled request.
      expect(readdirSync(join(dir, 'pending')).sort(), where).toEqual(
        unresolved.data.map((item) => `${item.intentId}.json`).sort(),
      );

      // Settle it as the user would (status re-read), so the next crash starts clean.
      for (const item of unresolved.data) {
        const resolved = await journal.recordResolution(item.intentId, {
          method: 'status_reread',
          result: 'ok',
        });
        expect(resolved.ok, where).toBe(true);
      }
      const after = await journal.verify();
      expect(after.ok && after.data.ok, where).toBe(true);
      stats.entries = Math.max(stats.entries, after.ok ? after.data.entries : 0);
      await journal.close();
    }
  }

  await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index)));
  console.log(
    `audit crash test: ${REPETITIONS} kills, ${stats.repairs} cut lines repaired, ${stats.unresolved} intents left unresolved, ` +
      `${stats.answerLostBeforeAck} outcomes written but not reported, longest journal ${stats.entries} entries`,
  );
});
