import { expect, test } from '@playwright/test';
import { ERROR_KINDS, type TeamPerson } from '../../../../../shared/contract';
import {
  joinCommand,
  rosterOrder,
  unreachableReason,
  UNREACHABLE_REASONS,
} from '../../../../../renderer/src/features/team/team-view';

test('the join command names the environment and what the owner hands out', () => {
  expect(joinCommand('testing-a1b2c3')).toBe(
    'paydesk --env testing-a1b2c3 team join --host <host> --port <port> --database <database> --person <you> --ca <team-ca.pem>',
  );
});

test('a connection failure the screen has words for keeps its kind; every other kind is "other"', () => {
  for (const kind of ['network', 'tls', 'timeout', 'auth', 'not_found', 'credentials_missing'] as const) {
    expect(unreachableReason(kind)).toBe(kind);
  }
  expect(unreachableReason('storage')).toBe('other');
  expect(unreachableReason('internal')).toBe('other');
  // Every reason but `other` is an error kind, so none is a word the screen can never say.
  for (const reason of UNREACHABLE_REASONS.filter((reason) => reason !== 'other')) {
    expect(ERROR_KINDS).toContain(reason);
  }
});

test('who is who lists you first, then the active people, then the removed, each by name', () => {
  const person = (name: string, canLogin: boolean, isYou = false): TeamPerson => ({
    person: name,
    groups: canLogin ? ['viewer'] : [],
    canLogin,
    isYou,
  });
  const ordered = rosterOrder([
    person('zed', false),
    person('bea', true),
    person('yan', true, true),
    person('abe', false),
    person('cai', true),
  ]);
  expect(ordered.map((entry) => entry.person)).toEqual(['yan', 'bea', 'cai', 'abe', 'zed']);
});
