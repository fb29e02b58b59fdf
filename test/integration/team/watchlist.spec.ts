import { dataOf } from '../../unit/console/console-fixture';
import { expect } from '../../support/team-database';
import { teamWorld as test, type RuntimeDesk } from '../../support/team-runtime-desks';

/**
 * The watchlist shared by the desks of a team (main/core/console/team-watch.ts over
 * main/core/team/watch-pins.ts): what one desk pins, the others list; an unpin at one desk takes
 * it off the others; a pin again after that stands. Separate runtimes on one real database.
 */

const DEPOSIT = { kind: 'deposit' as const, id: '300000001' };

const pinned = async (desk: RuntimeDesk): Promise<string[]> =>
  dataOf(await desk.console.call('listWatchlist', {})).items.map((item) => `${item.kind}:${item.id}`);

test('a pin at one desk is listed at the others; an unpin takes it off everywhere; a pin again stands', async ({
  openDesk,
  team,
}) => {
  const one = await openDesk('one');
  const two = await openDesk('two');
  dataOf(await one.console.call('pinWatch', DEPOSIT));
  expect(await pinned(two)).toEqual(['deposit:300000001']);

  dataOf(await two.console.call('unpinWatch', DEPOSIT));
  expect(await pinned(one)).toEqual([]);
  const { rows } = await team.admin.query<{ removed_by: string | null }>(
    'SELECT removed_by FROM paydesk.watch_pins',
  );
  expect(rows).toEqual([{ removed_by: two.person }]);

  dataOf(await one.console.call('pinWatch', DEPOSIT));
  expect(await pinned(two)).toEqual(['deposit:300000001']);
  expect(await pinned(one)).toEqual(['deposit:300000001']);
});

test('with the database down a desk pins for itself, and hands the pin over once it answers', async ({
  openDesk,
  team,
}) => {
  const one = await openDesk('one');
  const two = await openDesk('two');
  await team.cluster.shutDown();
  try {
    dataOf(await one.console.call('pinWatch', DEPOSIT));
    expect(await pinned(one)).toEqual(['deposit:300000001']);
  } finally {
    await team.cluster.startAgain();
  }
  // Desk one's next list hands the pin over; desk two then lists it.
  expect(await pinned(one)).toEqual(['deposit:300000001']);
  expect(await pinned(two)).toEqual(['deposit:300000001']);
});
