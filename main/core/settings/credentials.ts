import { CREDENTIAL_FIELDS, type EnvironmentCredentialStatus } from '../../../shared/contract';
import { credentialFieldSchema, parseInput } from './environment-inputs';
import type { EnvironmentsService } from './environments';
import type { SettingsContext } from './settings-context';

/** What the local sandbox shows instead of keychain entries: provisioned, nothing stored. */
function embeddedSandboxStatus(environmentId: string): EnvironmentCredentialStatus {
  return {
    environmentId,
    source: 'embedded-sandbox',
    fields: CREDENTIAL_FIELDS.map((field) => ({ field, set: true, hint: null, setAt: null })),
    sets: { signed: 'complete', readOnly: 'complete', cashout: 'complete' },
  };
}

/** The credentials of each profile, in the OS keychain (set, clear, status: never a value). */
export function credentialOperations({
  exclusive,
  find,
  changeKeychain,
  vault,
}: SettingsContext): Pick<
  EnvironmentsService,
  'credentialStatus' | 'setCredential' | 'clearCredential' | 'clearCredentials'
> {
  return {
    credentialStatus: (environmentId) =>
      exclusive(async () => {
        const profile = await find(environmentId);
        if (!profile.ok) return profile;
        if (profile.data.kind === 'local-sandbox')
          return { ok: true, data: embeddedSandboxStatus(profile.data.id) };
        return vault.status(profile.data.id);
      }),

    setCredential: (environmentId, field, value) =>
      exclusive(async () => {
        const known = parseInput(credentialFieldSchema, field, 'field');
        if (!known.ok) return known;
        return changeKeychain(environmentId, (profile) => vault.set(profile.id, known.data, value));
      }),

    clearCredential: (environmentId, field) =>
      exclusive(async () => {
        const known = parseInput(credentialFieldSchema, field, 'field');
        if (!known.ok) return known;
        return changeKeychain(environmentId, (profile) => vault.clear(profile.id, known.data));
      }),

    clearCredentials: (environmentId) =>
      exclusive(() => changeKeychain(environmentId, (profile) => vault.clearAll(profile.id))),
  };
}
