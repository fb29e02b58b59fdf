import { cashoutObservation, seenNow, summaryObservation } from '../../../../main/core/console/observations';
import { expect, seen, test } from '../fixtures';

/**
 * A cashout looked up by its external id alone (the status answer carries no cashout id) is kept
 * under its external id, so that it is found again; once a sighting names both ids it becomes the
 * cashout's one row, keeping when it was first seen.
 */

const cashout = (
  minute: number,
  id: string,
  fields: { externalId?: string; status?: string; source?: 'lookup' | 'batch' | 'watch' },
) => seen(minute, { kind: 'cashout', id, ...fields });

test('found by its external id after a lookup by the external id alone', async ({ index }) => {
  const observed = cashoutObservation(
    seenNow('env-a', 'lookup', Date.UTC(2024, 4, 1, 12)),
    { externalId: 'payout-7781' },
    {
      cashout_status: 0,
      cashout_status_description: 'Pending',
    },
  );
  expect(observed).toMatchObject({
    kind: 'cashout',
    id: 'ext:payout-7781',
    externalId: 'payout-7781',
    status: 'PENDING',
  });
  await index.observe(observed === null ? [] : [observed]);
  expect(await index.search({ environmentId: 'env-a', text: 'payout-7781', limit: 10 })).toEqual([
    expect.objectContaining({
      kind: 'cashout',
      id: 'ext:payout-7781',
      externalId: 'payout-7781',
      status: 'PENDING',
    }),
  ]);
  // The start of it finds it too, as any id does.
  expect(await index.search({ environmentId: 'env-a', text: 'payout-77', limit: 10 })).toHaveLength(1);
});

test('a batch or watch row by `ext:` keeps the cashout too', async ({ index }) => {
  const row = summaryObservation(
    seenNow('env-a', 'batch', Date.UTC(2024, 4, 1, 12)),
    'cashouts',
    'ext:payout-9',
    {
      status: 'DELIVERED',
    },
  );
  expect(row).toMatchObject({
    kind: 'cashout',
    id: 'ext:payout-9',
    externalId: 'payout-9',
    status: 'DELIVERED',
  });
  await index.observe(row === null ? [] : [row]);
  expect(await index.search({ environmentId: 'env-a', text: 'payout-9', limit: 10 })).toHaveLength(1);
});

test('once both ids are seen, one row under the cashout id, first seen when the external id alone was', async ({
  index,
}) => {
  await index.observe([
    cashout(10, 'ext:payout-7781', { externalId: 'payout-7781', status: 'PENDING', source: 'watch' }),
  ]);
  await index.observe([cashout(20, '11954', { externalId: 'payout-7781', status: 'CANCELLED' })]);
  expect(await index.search({ environmentId: 'env-a', text: 'payout-7781', limit: 10 })).toEqual([
    expect.objectContaining({
      kind: 'cashout',
      id: '11954',
      externalId: 'payout-7781',
      status: 'CANCELLED',
      firstSeen: '2024-05-01T12:10:00.000Z',
      lastSeen: '2024-05-01T12:20:00.000Z',
      source: 'watch',
    }),
  ]);
  expect(await index.get('env-a', 'cashout', 'ext:payout-7781')).toBeNull();
  expect((await index.recent({ environmentId: 'env-a', kind: 'cashout', offset: 0, limit: 10 })).total).toBe(
    1,
  );
});

test('an external-id-only sighting of a cashout whose id is known updates that row', async ({ index }) => {
  await index.observe([cashout(10, '11954', { externalId: 'payout-7781', status: 'PENDING' })]);
  await index.observe([cashout(30, 'ext:payout-7781', { externalId: 'payout-7781', status: 'DELIVERED' })]);
  expect(await index.search({ environmentId: 'env-a', text: 'payout-7781', limit: 10 })).toEqual([
    expect.objectContaining({ id: '11954', status: 'DELIVERED', lastSeen: '2024-05-01T12:30:00.000Z' }),
  ]);
  expect(await index.get('env-a', 'cashout', 'ext:payout-7781')).toBeNull();
});

test('another environment’s cashout of the same external id is its own', async ({ index }) => {
  await index.observe([cashout(10, 'ext:payout-7781', { externalId: 'payout-7781', status: 'PENDING' })]);
  await index.observe([
    { ...cashout(20, '11954', { externalId: 'payout-7781', status: 'CANCELLED' }), environmentId: 'env-b' },
  ]);
  expect(await index.get('env-a', 'cashout', 'ext:payout-7781')).toMatchObject({ status: 'PENDING' });
  expect(await index.get('env-b', 'cashout', '11954')).toMatchObject({ status: 'CANCELLED' });
});
