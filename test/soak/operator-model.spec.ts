import { openWorld, runOperatorModel } from '../support/money-model';
import { expect, test } from '../unit/console/console-fixture';

/**
 * The operator model of test/integration/console/money-model.spec.ts, a thousand sequences at a
 * time (PAYDESK_MODEL_SOAK_RUNS sets the count).
 */
const RUNS = Number(process.env.PAYDESK_MODEL_SOAK_RUNS ?? 1_000);

test('a thousand random operator sequences against a faulty gateway: no duplicate, the journal matches the service', async ({
  openConsole,
  sandbox,
  dataDir,
}) => {
  test.setTimeout(1_800_000);
  const world = await openWorld(openConsole, sandbox, Math.ceil(RUNS * 2 * 2.5) + 500, dataDir);
  try {
    const tally = await runOperatorModel(world, RUNS, 24);
    console.log(
      `operator model (soak): ${tally.sequences} sequences, ${tally.commands} commands, ${tally.faults} faults armed, ${tally.refusals} refusals checked, ${tally.switches} switches, ${tally.jumps} clock jumps, ${tally.expiredResends} resends refused past 23 h, ${tally.kills} lock holders killed, ${tally.damages} damaged lines (${tally.damagedUnknowns} of an unknown intent), duplicates found = ${tally.duplicates}`,
    );
    expect(tally.sequences).toBeGreaterThanOrEqual(RUNS);
    expect(tally.duplicates).toBe(0);
  } finally {
    await world.close();
  }
});
