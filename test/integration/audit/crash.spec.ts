import { test, expect } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditEntryView, AuditUnresolvedView, AuditVerifyReport } from '../../../shared/contract';
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

/** What one kill left, read before and after the journal repaired it; the tests below judge it. */
interface Crash {
  where: string;
  exit: { signal: NodeJS.Signals | null; stderr: string };
  /** The prefix of a line appended after the kill, or '' when none was. */
  cut: string;
  /** The file as the kill left it, verified before any repair. */
  raw: AuditVerifyReport;
  /** The journal opened (and so repaired) on it. */
  verified: AuditVerifyReport;
  entries: AuditEntryView[];
  /** The file the cut bytes were kept in, named by the repair entry, and what it holds. */
  sidecar: { name: string | undefined; text: string };
  /** What the writer reported durable: intents with their keys, and those whose outcome it saw. */
  intents: Map<string, string>;
  settled: Set<string>;
  unresolved: AuditUnresolvedView[];
  /** The idempotency key of each unresolved intent's spooled request, or false when it cannot be read. */
  pendingKeys: Map<string, string | null | false>;
  /** The spooled requests on disk. */
  spooled: string[];
  /** Whether each unresolved intent settled as the user would settle it (status re-read). */
  resolvedOk: boolean[];
  /** The journal verified after those settlements, and how many entries it held then. */
  afterOk: boolean;
  afterEntries: number;
}

function dataOr<T>(
  result: { ok: true; data: T } | { ok: false; error: { message: string } },
  where: string,
): T {
  if (!result.ok) throw new Error(`${where}: ${result.error.message}`);
  return result.data;
}

/** Kills a writer after `run.killAfterLines` durable steps in `dir`, cuts a line if asked, and reads what is left. */
async function crashOnce(dir: string, run: Run, where: string): Promise<Crash> {
  const journalPath = join(dir, JOURNAL_FILE);
  const writer = spawnWriter(dir, 'forever', `r${run.repetition}`);
  await writer.linesSeen(run.killAfterLines);
  if (run.extraDelayMs > 0) await sleep(run.extraDelayMs);
  writer.child.kill('SIGKILL');
  const exit = await writer.exited;

  let cut = '';
  if (run.tornFraction !== null) {
    const whole = readFileSync(journalPath, 'utf8').split('\n').filter(Boolean).at(-1) ?? '{"v":1}';
    cut = whole.slice(0, 1 + Math.floor(run.tornFraction * (whole.length - 1)));
    appendFileSync(journalPath, cut);
  }
  const raw = dataOr(await verifyJournalFile(journalPath), where);

  const journal = dataOr(await openJournal({ dir, lock: { timeoutMs: 5_000 }, sealKey: SEAL_KEY }), where);
  const verified = dataOr(await journal.verify(), where);
  const entries = dataOr(await journal.entries(), where);
  const repair = entries.at(-1);
  const name = readdirSync(dir)
    .filter((file) => file.startsWith(`${JOURNAL_FILE}.partial-`))
    .find((file) => repair?.note?.includes(file));
  const sidecar = { name, text: name === undefined ? '' : readFileSync(join(dir, name), 'utf8') };
  const { intents, settled } = writerReport(writer.lines);
  const unresolved = dataOr(await journal.unresolved(), where);
  const pendingKeys = new Map<string, string | null | false>();
  for (const item of unresolved) {
    const pending = await journal.pendingRequest(item.intentId);
    pendingKeys.set(item.intentId, pending.ok && pending.data.idempotencyKey);
  }
  const spooled = readdirSync(join(dir, 'pending'));

  // Settle it as the user would (status re-read), so the next crash starts clean.
  const resolvedOk: boolean[] = [];
  for (const item of unresolved) {
    const resolved = await journal.recordResolution(item.intentId, { method: 'status_reread', result: 'ok' });
    resolvedOk.push(resolved.ok);
  }
  const after = await journal.verify();
  await journal.close();
  return {
    where,
    exit: { signal: exit.signal, stderr: exit.stderr },
    cut,
    raw,
    verified,
    entries,
    sidecar,
    intents,
    settled,
    unresolved,
    pendingKeys,
    spooled,
    resolvedOk,
    afterOk: after.ok && after.data.ok,
    afterEntries: after.ok ? after.data.entries : 0,
  };
}

/** REPETITIONS kills at random points, LANES journals side by side, each living through its crashes. */
async function crashes(seed: number): Promise<Crash[]> {
  const random = mulberry32(seed);
  const runs: Run[] = Array.from({ length: REPETITIONS }, (_, repetition) => ({
    repetition,
    killAfterLines: 1 + Math.floor(random() * 12),
    extraDelayMs: Math.floor(random() * 4),
    tornFraction: random() < 0.5 ? random() : null,
  }));
  const lanes = await Promise.all(
    Array.from({ length: LANES }, async (_, index) => {
      const dir = tempDir(`crash-${index}`);
      const seen: Crash[] = [];
      for (const run of runs.filter((candidate) => candidate.repetition % LANES === index)) {
        seen.push(await crashOnce(dir, run, `seed ${seed}, repetition ${run.repetition}`));
      }
      return seen;
    }),
  );
  return lanes.flat();
}

/** An intent the writer reported durable but never saw settled, whose outcome still reached the file. */
const answerLostBeforeAck = (crash: Crash, intentId: string): boolean =>
  !crash.settled.has(intentId) &&
  crash.entries.some((view) => view.type === 'intent' && view.intentId === intentId && view.state === 'ok');

test.describe('the journal survives kill -9 at random points: repaired, verified, lost intents unresolved', () => {
  // The kills happen once, before the tests; each test judges one thing of what every kill left.
  test.describe.configure({ mode: 'serial' });
  let seed: number;
  let seen: Crash[];
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    seed = Number(process.env.PAYDESK_CRASH_SEED ?? randomInt(2 ** 31));
    console.log(`audit crash test seed ${seed} (replay: PAYDESK_CRASH_SEED=${seed})`);
    seen = await crashes(seed);
  });
  test.beforeEach(() => {
    test.info().annotations.push({ type: 'seed', description: String(seed) });
  });
  test.afterAll(() => {
    const lost = seen.reduce(
      (sum, crash) => sum + [...crash.intents.keys()].filter((id) => answerLostBeforeAck(crash, id)).length,
      0,
    );
    console.log(
      `audit crash test: ${REPETITIONS} kills, ${seen.filter((crash) => crash.cut).length} cut lines repaired, ` +
        `${seen.reduce((sum, crash) => sum + crash.unresolved.length, 0)} intents left unresolved, ` +
        `${lost} outcomes written but not reported, longest journal ${Math.max(...seen.map((crash) => crash.afterEntries))} entries`,
    );
  });

  test('every writer stopped on the kill, not on its own', () => {
    expect(seen).toHaveLength(REPETITIONS);
    for (const { where, exit } of seen) {
      expect(exit.signal, `${where}: the writer stopped on its own: ${exit.stderr}`).toBe('SIGKILL');
    }
  });

  test('before repair, whole lines verify and a cut line is reported as truncated', () => {
    for (const { where, cut, raw } of seen) {
      if (cut) expect(raw.firstProblem?.kind, where).toBe('truncated');
      else expect(raw.ok, `${where}: ${raw.firstProblem?.message}`).toBe(true);
    }
  });

  test('opened, the journal repairs a cut line: the chain verifies, the cut bytes kept beside it', () => {
    for (const { where, cut, raw, verified, entries, sidecar } of seen) {
      expect(verified.ok, `${where}: ${verified.firstProblem?.message}`).toBe(true);
      expect(verified.entries, where).toBe(raw.entries + (cut ? 1 : 0));
      if (!cut) continue;
      expect(entries.at(-1)?.type, where).toBe('repair');
      expect(sidecar.name, where).toBeDefined();
      expect(sidecar.text, where).toBe(cut);
    }
  });

  test('every intent reported durable is in the chain; every reported outcome settled it', () => {
    for (const { where, entries, intents, settled } of seen) {
      const stateOf = new Map(
        entries.filter((view) => view.type === 'intent').map((view) => [view.intentId, view]),
      );
      for (const [intentId, key] of intents) {
        expect(stateOf.get(intentId)?.idempotencyKey, `${where}: intent ${intentId}`).toBe(key);
        if (settled.has(intentId)) expect(stateOf.get(intentId)?.state, where).toBe('ok');
      }
    }
  });

  test('the intent the kill interrupted, if any, is unresolved with its key and its request', () => {
    for (const crash of seen) {
      const { where, entries, intents, settled, unresolved, pendingKeys } = crash;
      const stateOf = new Map(
        entries.filter((view) => view.type === 'intent').map((view) => [view.intentId, view]),
      );
      expect(unresolved.length, `${where}: one writer leaves at most one intent open`).toBeLessThanOrEqual(1);
      for (const [intentId] of [...intents].filter(([id]) => !settled.has(id))) {
        // An outcome written, killed before reporting it, settled the intent: it is not open.
        if (!answerLostBeforeAck(crash, intentId)) {
          expect(
            unresolved.map((item) => item.intentId),
            where,
          ).toContain(intentId);
        }
      }
      for (const item of unresolved) {
        expect(item, where).toMatchObject({ cause: 'no_outcome', canRetry: true });
        expect(item.idempotencyKey, where).toBe(stateOf.get(item.intentId)?.idempotencyKey);
        expect(pendingKeys.get(item.intentId), where).toBe(item.idempotencyKey);
      }
    }
  });

  test('only unresolved intents keep a spooled request', () => {
    for (const { where, unresolved, spooled } of seen) {
      expect([...spooled].sort(), where).toEqual(unresolved.map((item) => `${item.intentId}.json`).sort());
    }
  });

  test('settled as the user would (status re-read), the journal verifies for the next crash', () => {
    for (const { where, resolvedOk, afterOk } of seen) {
      for (const resolved of resolvedOk) expect(resolved, where).toBe(true);
      expect(afterOk, where).toBe(true);
    }
  });
});
