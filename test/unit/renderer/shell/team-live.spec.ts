import { expect, test } from '@playwright/test';
import { environmentKeys } from '../../../../renderer/src/api/query-keys';
import { staleAfterTeamChange } from '../../../../renderer/src/shell/team-live';

const keys = environmentKeys('testing-desk');

test("another desk's operation makes the journal, the refund form's pre-flight, the team and its requests stale", () => {
  const stale = staleAfterTeamChange(
    { environmentId: 'testing-desk', connection: 'live', operation: { id: '7', state: 'ok' } },
    keys,
    'testing-desk',
  );
  expect(stale).toEqual([
    ['testing-desk', 'audit'],
    ['testing-desk', 'refunds', 'preflight'],
    ['testing-desk', 'team', 'status'],
    ['testing-desk', 'team', 'approvals'],
  ]);
  // The pre-flight of every deposit sits under that prefix, and nothing else of the refunds does.
  expect(keys.getRefundPreflight(300000001).slice(0, 3)).toEqual(stale[1]);
});

test('a resync is read as anything may have changed; a lost connection only changes the team', () => {
  expect(
    staleAfterTeamChange({ environmentId: 'testing-desk', connection: 'live' }, keys, 'testing-desk'),
  ).toHaveLength(4);
  expect(
    staleAfterTeamChange({ environmentId: 'testing-desk', connection: 'reconnecting' }, keys, 'testing-desk'),
  ).toEqual([['testing-desk', 'team', 'status']]);
});

test('a request submitted or changed makes the approvals stale, every list and every one read', () => {
  const stale = staleAfterTeamChange(
    { environmentId: 'testing-desk', connection: 'live', request: { id: '12', state: 'approved' } },
    keys,
    'testing-desk',
  );
  expect(stale).toEqual([['testing-desk', 'team', 'approvals']]);
  for (const key of [keys.listApprovals(false), keys.listApprovals(true), keys.getApproval('12')]) {
    expect(key.slice(0, 3)).toEqual(stale[0]);
  }
});

test("another environment's team is not this page's news", () => {
  expect(
    staleAfterTeamChange(
      { environmentId: 'other', connection: 'live', operation: { id: '7', state: 'ok' } },
      keys,
      'testing-desk',
    ),
  ).toEqual([]);
});
