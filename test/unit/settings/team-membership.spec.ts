import { readFile } from 'node:fs/promises';
import type { Result } from '../../../shared/contract';
import { createEnvironmentsService } from '../../../main/core/settings/environments';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import type { TeamMembership } from '../../../main/core/settings/schema';
import type { SettingsStore } from '../../../main/core/settings/settings-store';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import type { SecretBackend } from '../../../main/core/vault/secret-backend';
import { createVault } from '../../../main/core/vault/vault';
import { dataOf } from '../../support/result';
import { expect, test } from './fixtures';

/**
 * The team a profile is in (main/core/settings/team-membership.ts): the password in the keychain
 * first, then the settings, and nothing half-kept when one of them fails.
 */

const SERVICE = 'paydesk-test-team-membership';
const PASSWORD = 'a person password';
const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

const team = (person = 'ana'): TeamMembership => ({
  host: 'db.team.example',
  port: 5432,
  database: 'paydesk',
  person,
  ca: CA,
  joinedAt: '2026-11-29T10:00:00.000Z',
  localJournalHead: { seq: 3, hash: 'ab'.repeat(32) },
});

/** The file store, whose writes fail while `failing.writes` is set (a full disk, say). */
function flakyStore(path: string): { store: SettingsStore; failing: { writes: boolean } } {
  const inner = createFileSettingsStore(path);
  const failing = { writes: false };
  return {
    failing,
    store: {
      location: inner.location,
      read: () => inner.read(),
      write: (document) =>
        failing.writes
          ? Promise.resolve({ ok: false, error: { kind: 'storage', message: 'The disk is full.' } })
          : inner.write(document),
      setAside: () => inner.setAside(),
      prepare: () => inner.prepare(),
    },
  };
}

/** The memory keychain, whose deletes fail while `failing.deletes` is set. */
function flakyKeychain(): { backend: SecretBackend; failing: { deletes: boolean } } {
  const inner = createMemoryBackend();
  const failing = { deletes: false };
  const unavailable: Result<never> = {
    ok: false,
    error: { kind: 'keychain_unavailable', message: 'The keychain is locked.' },
  };
  return {
    failing,
    backend: {
      kind: inner.kind,
      get: (service, account) => inner.get(service, account),
      set: (service, account, value) => inner.set(service, account, value),
      delete: (service, account) =>
        failing.deletes ? Promise.resolve(unavailable) : inner.delete(service, account),
      list: (service) => inner.list(service),
    },
  };
}

function setUp(settingsPath: string) {
  const { store, failing: settings } = flakyStore(settingsPath);
  const { backend, failing: keychain } = flakyKeychain();
  const vault = createVault({ backend, service: SERVICE });
  const environments = createEnvironmentsService({ store, vault });
  const keychainText = async () => JSON.stringify(dataOf(await backend.list(SERVICE)));
  return { environments, vault, settings, keychain, keychainText };
}

test('a settings write that fails after the password was stored takes the password out again', async ({
  settingsPath,
}) => {
  const { environments, settings, keychainText } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  settings.writes = true;
  const saved = await environments.saveTeam(profile.id, team(), PASSWORD);
  expect(saved).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      message: 'The disk is full. Nothing was joined: the keychain holds no team password for it.',
    },
  });
  expect(await keychainText()).not.toContain('teamPassword');
  settings.writes = false;
  expect(dataOf(await environments.teamOf(profile.id)).team).toBeNull();
});

test('when the password cannot be taken out again either, the error says it is left and how to remove it', async ({
  settingsPath,
}) => {
  const { environments, settings, keychain, vault } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  settings.writes = true;
  keychain.deletes = true;
  const saved = await environments.saveTeam(profile.id, team(), PASSWORD);
  expect(saved.ok).toBe(false);
  if (saved.ok) return;
  expect(saved.error.message).toBe(
    `The disk is full. The team was not joined, but the password stored for it is still in the keychain (The keychain is locked.): run paydesk team leave --env ${profile.id} to remove it.`,
  );
  // What the message says is what is there: the password, and no team in the settings.
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBe(PASSWORD);
  settings.writes = false;
  keychain.deletes = false;
  expect(dataOf(await environments.teamOf(profile.id)).team).toBeNull();
  expect(dataOf(await environments.forgetTeam(profile.id)).passwordRemoved).toBe(true);
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBeNull();
});

test('leave keeps the team while the keychain cannot remove its password', async ({ settingsPath }) => {
  const { environments, keychain, vault } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  dataOf(await environments.saveTeam(profile.id, team(), PASSWORD));
  keychain.deletes = true;
  const left = await environments.forgetTeam(profile.id);
  expect(left.ok).toBe(false);
  if (!left.ok) expect(left.error.message).toContain('The team was kept in the settings');
  expect(dataOf(await environments.teamOf(profile.id)).team).toEqual(team());
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBe(PASSWORD);
});

test('the team stays through a new name or host, and goes with the profile, password and all', async ({
  settingsPath,
}) => {
  const { environments, vault, keychainText } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  dataOf(await environments.saveTeam(profile.id, team(), PASSWORD));
  const renamed = dataOf(
    await environments.update({ id: profile.id, name: 'Renamed', baseUrl: 'https://other.example.com' }),
  );
  // The service's credentials belong to its host; the team's password does not.
  expect(renamed.credentialsCleared).toBe(true);
  expect(renamed.environment).toEqual({ ...profile, name: 'Renamed', baseUrl: 'https://other.example.com' });
  expect(dataOf(await environments.teamOf(profile.id)).team).toEqual(team());
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBe(PASSWORD);
  expect(JSON.parse(await readFile(settingsPath, 'utf8')).environments[1].team).toEqual(team());
  // The console's profiles never carry the team.
  expect(dataOf(await environments.get(profile.id))).not.toHaveProperty('team');
  expect(dataOf(await environments.list()).environments[1]).not.toHaveProperty('team');

  dataOf(await environments.remove(profile.id));
  expect(await keychainText()).not.toContain('teamPassword');
});

const KEY =
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n';
const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBclient\n-----END CERTIFICATE-----\n';

test("a certificate's private key goes to the keychain only, and is its team secret until the profile goes", async ({
  settingsPath,
}) => {
  const { environments, vault, keychainText } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  const withCertificate = { ...team(), certificate: CERTIFICATE };
  dataOf(await environments.saveTeam(profile.id, withCertificate, KEY));
  const stored = await readFile(settingsPath, 'utf8');
  expect(JSON.parse(stored).environments[1].team).toEqual(withCertificate);
  expect(stored).not.toContain('PRIVATE KEY');
  expect(dataOf(await vault.readTeamKey(profile.id))).toBe(KEY);
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBeNull();
  expect(dataOf(await environments.teamSecret(profile.id))).toBe(KEY);
  // Such a desk keeps no password: none is stored in its name.
  const replaced = await environments.replaceTeamPassword(profile.id, withCertificate, PASSWORD);
  expect(replaced).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
  expect(await keychainText()).not.toContain('teamPassword');

  dataOf(await environments.remove(profile.id));
  expect(await keychainText()).not.toContain('teamKey');
});

test('an encrypted or non-PEM key is refused before anything is kept', async ({ settingsPath }) => {
  const { environments, keychainText } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  for (const key of ['not a key', KEY.replaceAll('PRIVATE KEY', 'ENCRYPTED PRIVATE KEY')]) {
    const saved = await environments.saveTeam(profile.id, { ...team(), certificate: CERTIFICATE }, key);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'validation', field: 'key' } });
  }
  expect(await keychainText()).toBe('[]');
  expect(dataOf(await environments.teamOf(profile.id)).team).toBeNull();
});

test('a new password is kept only while the profile is still in that team as that person', async ({
  settingsPath,
}) => {
  const { environments, vault } = setUp(settingsPath);
  const profile = dataOf(
    await environments.add({ name: 'Testing', kind: 'testing', baseUrl: 'https://api.example.com' }),
  );
  dataOf(await environments.saveTeam(profile.id, team(), PASSWORD));
  dataOf(await environments.replaceTeamPassword(profile.id, team(), 'the new password'));
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBe('the new password');
  // Left and joined again meanwhile: that join's password is not overwritten.
  dataOf(await environments.forgetTeam(profile.id));
  const again = { ...team(), joinedAt: '2026-11-29T11:00:00.000Z' };
  dataOf(await environments.saveTeam(profile.id, again, PASSWORD));
  const stale = await environments.replaceTeamPassword(profile.id, team(), 'too late');
  expect(stale).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
  expect(dataOf(await vault.readTeamPassword(profile.id))).toBe(PASSWORD);
});
