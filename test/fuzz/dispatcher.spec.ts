import fc from 'fast-check';
import { CHANNELS, type ChannelName, type Result } from '../../shared/contract';
import { expect, test } from '../unit/console/console-fixture';
import { describeInput, fuzzRuns, inputsFor, judge } from './support/channel-inputs';
import { guardProcess, Tally } from './support/process-guard';
import { failOnProblems } from './support/property-check';

/**
 * Every contract entry (iterated from CHANNELS, so a new one is fuzzed
 * without anyone adding it here) through createDispatcher, the single path of the IPC router and
 * the web bridge, with the real console runtime behind it (embedded sandbox, memory keychain, a
 * temp data folder per entry: mutations land in the local sandbox only). 10,000 inputs per entry,
 * the full run, in `npm test` too (some 7 minutes of CPU for the 55 entries, spread over
 * the workers); PAYDESK_FUZZ_RUNS sets another count. Oracle: support/channel-inputs.ts judge().
 */

const RUNS = fuzzRuns(10_000);

// Entries are independent (each its own console and data folder): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

for (const method of Object.keys(CHANNELS) as ChannelName[]) {
  test(`${method}: ${RUNS} random inputs through the dispatcher`, async ({ openConsole }) => {
    // Ten minutes for the 1,000 of `npm test` (seconds, really); the full run scales with its size.
    test.setTimeout(Math.max(600_000, RUNS * 180));
    const console_ = openConsole({ openExternal: () => false, watch: { polling: false } });
    const guard = guardProcess();
    const made = new Tally();
    const answered = new Tally();
    const started = performance.now();
    try {
      await fc.assert(
        fc.asyncProperty(inputsFor(method), async (input) => {
          made.add(input.how);
          const answer: Result<unknown> = await console_.dispatch(CHANNELS[method], input.arg);
          answered.add(answer.ok ? 'ok' : answer.error.kind);
          failOnProblems(
            judge(method, input, answer),
            () => `${describeInput(input)} → ${JSON.stringify(answer).slice(0, 300)}`,
          );
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // Anything the calls left running (a journal write, a batch) gets the chance to fail too.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(guard.escaped()).toEqual([]);
    } finally {
      guard.stop();
      console_.answers.length = 0; // the fixture keeps every answer; 10,000 of them are not needed
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `fuzz dispatcher ${method}: ${RUNS} inputs (${made.toString()}); answers: ${answered.toString()}; ${seconds} s\n`,
    );
  });
}
