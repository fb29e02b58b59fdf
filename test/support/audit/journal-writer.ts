/**
 * A child process for the audit tests: appends intent + outcome pairs to the journal in
 * argv[2], `count` times (argv[3], or until killed when it is `forever`). On stdout, one line per
 * durable step, written only after the journal call resolved:
 *   I <intentId> <idempotencyKey>   the intent is on disk
 *   O <intentId>                    its outcome is on disk
 * With `wait` as 4th argument it prints `R` once the journal is open and starts each intent on a
 * line on stdin, so that several writers go round by round together and take turns for certain.
 * Run with `node --import tsx test/support/audit/journal-writer.ts <dir> <count|forever> [label] [wait]`.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { openJournal } from '../../../main/core/audit';
import { SEAL_KEY, TESTING, depositBody } from './samples';

const [dir, countArgument = 'forever', label = 'w', start] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: journal-writer <dir> <count|forever> [label]\n');
  process.exit(2);
}
const count = countArgument === 'forever' ? Number.POSITIVE_INFINITY : Number(countArgument);

const opened = await openJournal({ dir, osUser: `writer-${label}`, sealKey: SEAL_KEY });
if (!opened.ok) {
  process.stderr.write(`open failed: ${opened.error.message}\n`);
  process.exit(1);
}
const journal = opened.data;
const rounds = start === 'wait' ? createInterface({ input: process.stdin }) : undefined;
const nextRound = rounds?.[Symbol.asyncIterator]();
if (rounds) process.stdout.write('R\n');
for (let index = 0; index < count; index += 1) {
  await nextRound?.next();
  const key = randomUUID();
  const intent = await journal.recordIntent({
    environment: TESTING,
    action: 'deposit.create',
    idempotencyKey: key,
    request: depositBody(`${label}-${index}`),
  });
  if (!intent.ok) {
    process.stderr.write(`intent failed: ${intent.error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`I ${intent.data.intentId} ${key}\n`);
  const outcome = await journal.recordOutcome(intent.data.intentId, {
    result: 'ok',
    httpStatus: 200,
    resultingIds: { deposit_id: 1000 + index },
  });
  if (!outcome.ok) {
    process.stderr.write(`outcome failed: ${outcome.error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`O ${intent.data.intentId}\n`);
}
rounds?.close();
await journal.close();
