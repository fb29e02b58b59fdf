import type { EmbeddedSandboxHandle } from '../../../main/core/console/connections';
import { startSandbox, type SandboxHandle } from '../../../main/sandbox';
import { startGateway, type Gateway } from '../../support/gateway';
import { journaledIntents, openWorld, recordsByKey, runOperatorModel } from '../../support/money-model';
import { dataOf, EMBEDDED_SEED, errorOf, expect, test } from '../../unit/console/console-fixture';

/**
 * The proof in `npm test`: a few hundred random operator sequences (test/support/money-model.ts
 * says what they do and what is checked); the soak runs thousands. PAYDESK_MODEL_RUNS sets the count,
 * PAYDESK_MODEL_SEED replays a failure's seed.
 */
const RUNS = Number(process.env.PAYDESK_MODEL_RUNS ?? 200);
/** Replays a failure: the seed fast-check printed with it. */
const SEED =
  process.env.PAYDESK_MODEL_SEED === undefined ? undefined : Number(process.env.PAYDESK_MODEL_SEED);

test('random operator sequences against a faulty gateway: money moves once, the journal matches the service', async ({
  openConsole,
  sandbox,
  dataDir,
}) => {
  test.setTimeout(600_000);
  const world = await openWorld(openConsole, sandbox, Math.ceil(RUNS * 2 * 2.5) + 200, dataDir);
  try {
    const tally = await runOperatorModel(world, RUNS, 16, SEED);
    console.log(
      `operator model: ${tally.sequences} sequences, ${tally.commands} commands, ${tally.faults} faults armed, ${tally.refusals} refusals checked, ${tally.switches} switches, ${tally.jumps} clock jumps, ${tally.expiredResends} resends refused past 23 h, ${tally.kills} lock holders killed, ${tally.damages} damaged lines (${tally.damagedUnknowns} of an unknown intent), duplicates found = ${tally.duplicates}`,
    );
    expect(tally.sequences).toBeGreaterThanOrEqual(RUNS);
    expect(tally.duplicates).toBe(0);
  } finally {
    await world.close();
  }
});

const REFUND = { deposit_id: 300_000_001, invoice_id: 'INV-300000001', amount: 5 };
const LOST_DEPOSIT = { amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'RESTART-A' };
const MADE_DEPOSIT = { amount: 11, country: 'BR', currency: 'BRL', invoice_id: 'RESTART-B' };

/** Loses the answers of every attempt the console makes at the next POST to `path` (two, in FAST_CLIENT). */
function loseNext(gateway: Gateway, path: RegExp): void {
  for (let attempt = 0; attempt < 2; attempt += 1) gateway.arm('lose_after', { method: 'POST', path });
}

test("the embedded sandbox restarted: an earlier world's unknown intents stay listed, block nothing there and are never retried", async ({
  openConsole,
}) => {
  // Each start of the local sandbox behind a gateway that logs what the service made, under which key.
  const worlds: Array<{ sandbox: SandboxHandle; gateway: Gateway }> = [];
  const embeddedSandbox = async (): Promise<EmbeddedSandboxHandle> => {
    const sandbox = await startSandbox({ seed: EMBEDDED_SEED });
    const gateway = await startGateway(sandbox.baseUrl, { signer: sandbox.credentials });
    worlds.push({ sandbox, gateway });
    return {
      baseUrl: gateway.baseUrl,
      controlUrl: sandbox.controlUrl,
      credentials: sandbox.credentials,
      get worldId() {
        return sandbox.worldId;
      },
      close: async () => {
        await gateway.close();
        await sandbox.close();
      },
    };
  };
  const open = () => openConsole({ embeddedSandbox, watch: { polling: false } });
  const world = (index: number): { sandbox: SandboxHandle; gateway: Gateway } => {
    const found = worlds[index];
    if (!found) throw new Error(`the sandbox was not started ${index + 1} times`);
    return found;
  };

  const first = open();
  // Starts the sandbox (a read), so the faults below meet the calls they are meant for.
  dataOf(await first.call('getDeposit', { depositId: REFUND.deposit_id }));
  loseNext(world(0).gateway, /^\/v3\/refunds$/);
  const lostRefund = errorOf(await first.call('createRefund', { body: REFUND }));
  loseNext(world(0).gateway, /^\/v3\/deposits$/);
  const lostDeposit = errorOf(await first.call('createDeposit', { body: LOST_DEPOSIT }));
  expect([lostRefund.kind, lostDeposit.kind]).toEqual(['outcome_unknown', 'outcome_unknown']);
  dataOf(await first.call('createDeposit', { body: MADE_DEPOSIT }));
  const before = dataOf(await first.call('listUnresolvedIntents', {}));
  expect(before.map((view) => view.idempotencyKey)).toEqual([
    lostRefund.idempotencyKey,
    lostDeposit.idempotencyKey,
  ]);
  await first.close();

  // A new start is a new world: another account, whose ids name other records.
  const second = open();
  dataOf(await second.call('getDeposit', { depositId: REFUND.deposit_id }));
  expect(world(1).sandbox.worldId).not.toBe(world(0).sandbox.worldId);
  const listed = dataOf(await second.call('listUnresolvedIntents', {}));
  expect(listed.map((view) => [view.intentId, view.environment.account])).toEqual(
    before.map((view) => [view.intentId, `sandbox-world:${world(0).sandbox.worldId}`]),
  );
  for (const view of listed) {
    expect(
      errorOf(await second.call('retryIntent', { intentId: view.intentId })).text?.key,
      'no environment reaches the earlier world',
    ).toBe('journal.environmentGone');
  }
  expect(world(1).gateway.posts, 'nothing sent for the earlier world').toEqual([]);
  for (const [action, ids] of [
    ['refund.create', { deposit_id: REFUND.deposit_id }],
    ['deposit.create', { invoice_id: LOST_DEPOSIT.invoice_id }],
    ['deposit.create', { invoice_id: MADE_DEPOSIT.invoice_id }],
  ] as const) {
    expect(dataOf(await second.call('getBlockingIntent', { action, ids })), `${action} blocked`).toBeNull();
  }
  // The same ids in the new world: neither blocked nor a duplicate invoice.
  dataOf(await second.call('createRefund', { body: REFUND }));
  dataOf(await second.call('createDeposit', { body: LOST_DEPOSIT }));
  dataOf(await second.call('createDeposit', { body: MADE_DEPOSIT }));
  // The earlier world's intents stay listed, unresolved, until a person settles them.
  expect(dataOf(await second.call('listUnresolvedIntents', {})).map((view) => view.intentId)).toEqual(
    before.map((view) => view.intentId),
  );

  // Each record of each world belongs to exactly one journaled intent, of that world's account.
  const intents = await journaledIntents(second.call);
  for (const [index, expected] of [3, 3].entries()) {
    const { sandbox, gateway } = world(index);
    const records = recordsByKey(gateway.posts);
    expect(records.size, `records made in world ${index + 1}`).toBe(expected);
    for (const [key, ids] of records) {
      expect(ids.size, `one record per key (${key})`).toBe(1);
      const journaled = [...(intents.get(key)?.values() ?? [])];
      expect(
        journaled.map((intent) => intent.account),
        `the intent of ${key}`,
      ).toEqual([`sandbox-world:${sandbox.worldId}`]);
      expect(journaled[0]?.state, `${key} made a record: never settled as failed`).not.toBe('error');
    }
  }
  expect(dataOf(await second.call('verifyAudit', {})).ok).toBe(true);
});
