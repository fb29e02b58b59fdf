import { openWorld, runOperatorModel } from '../../support/money-model';
import { expect, test } from '../../unit/console/console-fixture';

/**
 * Issue 24's proof in `npm test`: a few hundred random operator sequences (test/support/money-model.ts
 * says what they do and what is checked); the soak runs thousands. PAYDESK_MODEL_RUNS sets the count.
 */
const RUNS = Number(process.env.PAYDESK_MODEL_RUNS ?? 200);

test('random operator sequences against a faulty gateway: money moves once, the journal matches the service', async ({
  openConsole,
  sandbox,
  dataDir,
}) => {
  test.setTimeout(600_000);
  const world = await openWorld(openConsole, sandbox, Math.ceil(RUNS * 2 * 2.5) + 200, dataDir);
  try {
    const tally = await runOperatorModel(world, RUNS, 16);
    console.log(
      `operator model: ${tally.sequences} sequences, ${tally.commands} commands, ${tally.faults} faults armed, ${tally.refusals} refusals checked, duplicates found = ${tally.duplicates}`,
    );
    expect(tally.sequences).toBeGreaterThanOrEqual(RUNS);
    expect(tally.duplicates).toBe(0);
  } finally {
    await world.runtimes[1].close();
    await world.gateway.close();
  }
});
