import { dataOf, errorOf } from '../../unit/console/console-fixture';
import { expect } from '../../support/team-database';
import { teamWorld } from '../../support/team-runtime-desks';

/**
 * The record keeper's routing (main/core/console/records.ts, docs/architecture.md "Team mode:
 * shared records"): a profile in a team searches the team's shared index, through its session with
 * the database; a profile in none keeps its own. Separate runtimes, each its own data folder and
 * person, on one service account.
 */

const DEPOSIT = 300_000_002;

const world = teamWorld;

world(
  'a deposit one desk looked up, another desk of the team finds; a desk in no team does not',
  async ({ openDesk, team }) => {
    const one = (await openDesk('one')).console;
    const two = (await openDesk('two')).console;
    const alone = (await openDesk('alone', { joined: false })).console;

    dataOf(await one.call('getDeposit', { depositId: DEPOSIT }));
    // Desk one's own search waits for its writes, so the sighting is in the team's index after it.
    dataOf(await one.call('searchRecords', { text: String(DEPOSIT) }));
    const found = dataOf(await two.call('searchRecords', { text: String(DEPOSIT) }));
    expect(found).toEqual([expect.objectContaining({ kind: 'deposit', id: String(DEPOSIT) })]);
    expect(dataOf(await alone.call('searchRecords', { text: String(DEPOSIT) }))).toEqual([]);
    // The row is the team's, not desk one's file: the table holds it, keyed by the account.
    const { rows } = await team.owner.query<{ account: string }>('SELECT account FROM paydesk.records');
    expect(rows).toEqual([{ account: expect.stringMatching(/#key:[0-9a-f]{24}$/) }]);
  },
);

world(
  'a team database that does not answer: search says so, and a lookup still answers',
  async ({ openDesk, team }) => {
    const desk = (await openDesk('one')).console;
    await team.cluster.shutDown();
    const lookup = await desk.call('getDeposit', { depositId: DEPOSIT });
    expect(lookup.ok).toBe(true);
    const refused = errorOf(await desk.call('searchRecords', { text: String(DEPOSIT) }));
    expect(refused).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^The team's shared record index could not be read/),
      text: { key: 'console.recordIndexUnreadable' },
    });
    await team.cluster.startAgain();
  },
);
