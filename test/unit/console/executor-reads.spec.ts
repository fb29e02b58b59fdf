import { expect, test } from '@playwright/test';
import { signedReadRoute } from '../../../main/core/console/executor-reads';

/**
 * Where a desk's deposit, refund and sub-merchant reads go (main/core/console/executor-reads.ts):
 * through the team's executor only when the desk holds no credentials, is in a team, and the team
 * signs the service's environment by the executor; directly in every other case.
 */

test('only a desk without credentials, in a team whose environment the executor signs, asks the executor', () => {
  const routes = [true, false].flatMap((hasCredentials) =>
    [true, false].flatMap((inTeam) =>
      (['desk', 'executor', null] as const).map((signer) => ({
        hasCredentials,
        inTeam,
        signer,
        route: signedReadRoute({ hasCredentials, inTeam, signer }),
      })),
    ),
  );
  expect(routes.filter((entry) => entry.route === 'executor')).toEqual([
    { hasCredentials: false, inTeam: true, signer: 'executor', route: 'executor' },
  ]);
  expect(routes.filter((entry) => entry.route === 'direct')).toHaveLength(routes.length - 1);
});
