/**
 * A child process for the file-lock tests (spawn it with spawnLockChild). One line on stdout per
 * step, written only once the step is done:
 *
 *   hold <lockPath> [<dir>]    takes the lock and prints `HELD`, then keeps it until killed. With
 *                              <dir>, it first takes its turn as hammer does, then watches
 *                              <dir>/log while it holds: a line added meanwhile prints `INTRUDED`.
 *   hold-on-line …             the same, once a line comes on stdin; prints `R` when ready for it
 *                              (so that a test can start its holders ahead, side by side).
 *   hammer <dir> <id>          prints `R`, then takes <dir>/x.lock again and again until a line
 *                              comes on stdin, then prints `DONE <rounds> <doubles>`. Inside, it claims
 *                              <dir>/inside (O_EXCL: fails while another holder is inside, which is
 *                              counted as a double holder), appends its id to <dir>/log, yields,
 *                              and gives the claim back.
 *   journal <dir> <label>      opens the audit journal in <dir> and prints `R`; then, per line on
 *                              stdin, `refund <depositId>` prints `T` and records a refund intent
 *                              (`A <json>` with the answer), `settle <intentId>` records its outcome
 *                              (`S <json>`).
 *
 * Run with `node --import tsx test/integration/storage/lock-child.ts <mode> …`.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, open, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openJournal } from '../../../main/core/audit';
import { withFileLock } from '../../../main/core/storage/file-lock';
import { TESTING, refundBody } from '../../support/audit/samples';

const [mode, first = '', second = ''] = process.argv.slice(2);
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const never = new Promise<never>(() => undefined);
const stdinLines = createInterface({ input: process.stdin });
let finished = false;
// Should the test process die, a holder or a hammer must not live on: stdin closes with it.
if (mode !== 'journal') stdinLines.once('close', () => finished || process.exit(0));

/** Claims the "inside" marker: false when another holder has it, i.e. two holders at once. */
async function claim(marker: string): Promise<boolean> {
  try {
    await (await open(marker, 'wx')).close();
    return true;
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cause;
  }
}

/** One turn inside the lock: claim, append, yield to the event loop (as a real write does), give back. */
async function turn(dir: string, id: string): Promise<{ ok: true; data: boolean }> {
  const marker = join(dir, 'inside');
  const claimed = await claim(marker);
  await appendFile(join(dir, 'log'), `${id}\n`);
  await new Promise((resolve) => setTimeout(resolve, Math.random() < 0.5 ? 0 : 1));
  if (claimed) await unlink(marker);
  return { ok: true, data: claimed };
}

async function hold(lockPath: string, dir: string): Promise<void> {
  const held = await withFileLock(lockPath, { timeoutMs: 60_000 }, async () => {
    if (dir !== '' && !(await turn(dir, `hold-${process.pid}`)).data) say('DOUBLE');
    const before = dir === '' ? 0 : (await stat(join(dir, 'log'))).size;
    say('HELD');
    if (dir === '') return never;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if ((await stat(join(dir, 'log'))).size !== before) say('INTRUDED');
    }
  });
  if (!held.ok) say(`FAILED ${held.error.message}`);
}

async function hammer(dir: string, id: string): Promise<void> {
  let stop = false;
  stdinLines.once('line', () => (stop = true));
  let rounds = 0;
  let doubles = 0;
  say('R');
  while (!stop) {
    const done = await withFileLock(join(dir, 'x.lock'), { timeoutMs: 60_000 }, () => turn(dir, id));
    if (!done.ok) {
      say(`FAILED ${done.error.message}`);
      break;
    }
    rounds += 1;
    if (!done.data) doubles += 1;
    // A pause outside, as between real writes: a loop straight back in would keep the others out.
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
  }
  say(`DONE ${rounds} ${doubles}`);
  finished = true;
  stdinLines.close();
}

async function journal(dir: string, label: string): Promise<void> {
  const opened = await openJournal({ dir, osUser: `refunder-${label}` });
  if (!opened.ok) {
    say(`FAILED ${opened.error.message}`);
    return;
  }
  const audit = opened.data;
  say('R');
  for await (const line of stdinLines) {
    const [command, argument = ''] = line.split(' ');
    if (command === 'refund') {
      say('T');
      const recorded = await audit.recordIntent({
        environment: TESTING,
        action: 'refund.create',
        idempotencyKey: randomUUID(),
        request: refundBody(Number(argument)),
      });
      say(
        `A ${JSON.stringify(recorded.ok ? { intentId: recorded.data.intentId, seq: recorded.data.seq } : { kind: recorded.error.kind })}`,
      );
    } else if (command === 'settle') {
      const settled = await audit.recordOutcome(argument, {
        result: 'ok',
        httpStatus: 200,
        resultingIds: { refund_id: 7000 + Math.floor(Math.random() * 1000) },
      });
      say(`S ${JSON.stringify(settled.ok ? { seq: settled.data.seq } : { kind: settled.error.kind })}`);
    }
  }
  await audit.close();
}

if (mode === 'hold') await hold(first, second);
else if (mode === 'hold-on-line') {
  say('R');
  await new Promise((resolve) => stdinLines.once('line', resolve));
  await hold(first, second);
} else if (mode === 'hammer') await hammer(first, second);
else if (mode === 'journal') await journal(first, second);
else {
  process.stderr.write('usage: lock-child hold|hammer|journal …\n');
  process.exit(2);
}
