import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import type { TeamConnectionCheck } from '../../../shared/contract';
import { teamStatusView } from '../../../main/core/console/team';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const team = {
  host: 'db.team.example',
  port: 5432,
  database: 'paydesk',
  person: 'ana',
  ca: CA,
  joinedAt: '2026-11-30T00:00:00.000Z',
  localJournalHead: null,
};

test('a profile in no team is said as such, with nothing else', () => {
  expect(teamStatusView({ environmentId: 'testing-a1b2c3', team: null })).toEqual({
    environmentId: 'testing-a1b2c3',
    inTeam: false,
  });
});

test("the Team screen gets the team with the CA's fingerprint, never its PEM, and the check as it is", () => {
  const check: TeamConnectionCheck = {
    reachable: false,
    error: {
      kind: 'network',
      message: 'The team database at db.team.example:5432/paydesk cannot be reached.',
    },
  };
  const view = teamStatusView({ environmentId: 'testing-a1b2c3', team, check });
  expect(view).toEqual({
    environmentId: 'testing-a1b2c3',
    inTeam: true,
    host: 'db.team.example',
    port: 5432,
    database: 'paydesk',
    person: 'ana',
    // Not a certificate X509Certificate can read: the file's own digest stands in.
    caFingerprint: `sha256 of the file ${createHash('sha256').update(CA).digest('hex')}`,
    joinedAt: '2026-11-30T00:00:00.000Z',
    connection: check,
  });
  expect(JSON.stringify(view)).not.toContain('BEGIN CERTIFICATE');
});
