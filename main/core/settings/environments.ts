import type {
  EnvironmentAddInput,
  EnvironmentCredentialStatus,
  EnvironmentList,
  EnvironmentProfile,
  EnvironmentRemoved,
  EnvironmentUpdated,
  EnvironmentUpdateInput,
  CredentialField,
  CredentialFieldStatus,
  Preferences,
  Result,
} from '../../../shared/contract';
import { credentialOperations } from './credentials';
import { environmentAddInputSchema, environmentUpdateInputSchema, parseInput } from './environment-inputs';
import {
  baseUrlFor,
  checkAgainstOthers,
  colorFor,
  credentialOrigin,
  fail,
  isNonEmpty,
  newEnvironmentId,
  successorOf,
} from './environment-rules';
import { preferenceOperations } from './preferences';
import { publicProfile } from './schema';
import { createSettingsContext, type EnvironmentsServiceOptions } from './settings-context';
import { teamOperations, type TeamOperations } from './team-membership';

/**
 * The environments service: its interface, and the operations on the profiles themselves. What
 * callers hand over is checked in environment-inputs.ts, the rules a profile must follow are in
 * environment-rules.ts, and preferences.ts and credentials.ts hold the other operations.
 */

export {
  environmentAddInputSchema,
  environmentUpdateInputSchema,
  preferencesPatchSchema,
  credentialFieldSchema,
} from './environment-inputs';
export { credentialOrigin } from './environment-rules';

/**
 * Environment profiles, the active one, preferences, and the credentials of each profile (set,
 * clear, status: never a value). Every operation answers a Result. Operations run one at a time
 * in this process, and every change runs under the settings lock on a fresh read of the document
 * (updateSettings), so that neither another operation here nor another process (the desktop app
 * and the CLI share the document) interleaves with it.
 */
export interface EnvironmentsService extends TeamOperations {
  list(): Promise<Result<EnvironmentList>>;
  get(environmentId: string): Promise<Result<EnvironmentProfile>>;
  active(): Promise<Result<EnvironmentProfile>>;
  add(input: EnvironmentAddInput): Promise<Result<EnvironmentProfile>>;
  /** Moving the base URL to another host clears the profile's credentials (`credentialsCleared`). */
  update(input: EnvironmentUpdateInput): Promise<Result<EnvironmentUpdated>>;
  /**
   * Clears the profile's credentials and its team password, then removes it. When the keychain
   * cannot be reached the profile is kept, unless `force` (then `credentialsCleared: false`).
   */
  remove(environmentId: string, options?: { force?: boolean }): Promise<Result<EnvironmentRemoved>>;
  /** Makes the profile active. */
  use(environmentId: string): Promise<Result<EnvironmentProfile>>;
  preferences(): Promise<Result<Preferences>>;
  updatePreferences(patch: Partial<Preferences>): Promise<Result<Preferences>>;
  credentialStatus(environmentId: string): Promise<Result<EnvironmentCredentialStatus>>;
  setCredential(
    environmentId: string,
    field: CredentialField,
    value: string,
  ): Promise<Result<CredentialFieldStatus>>;
  clearCredential(environmentId: string, field: CredentialField): Promise<Result<CredentialFieldStatus>>;
  /** Answers the fields that were set. */
  clearCredentials(environmentId: string): Promise<Result<CredentialField[]>>;
}

export function createEnvironmentsService(options: EnvironmentsServiceOptions): EnvironmentsService {
  const context = createSettingsContext(options);
  const { vault } = options;
  const { exclusive, load, change, pick, find } = context;

  /** A removed profile leaves nothing in the keychain: its credentials and its team password or key. */
  const clearEveryEntry = async (environmentId: string): Promise<Result<void>> => {
    const cleared = await vault.clearAll(environmentId);
    if (!cleared.ok) return cleared;
    const team = await vault.clearTeamSecrets(environmentId);
    return team.ok ? { ok: true, data: undefined } : team;
  };

  return {
    list: () =>
      exclusive(async () => {
        const document = await load();
        if (!document.ok) return document;
        const { environments, activeEnvironmentId } = document.data;
        return { ok: true, data: { environments: environments.map(publicProfile), activeEnvironmentId } };
      }),

    get: (environmentId) =>
      exclusive(async () => {
        const found = await find(environmentId);
        return found.ok ? { ok: true, data: publicProfile(found.data) } : found;
      }),

    active: () =>
      exclusive(async () => {
        const document = await load();
        if (!document.ok) return document;
        const profile = document.data.environments.find(
          (env) => env.id === document.data.activeEnvironmentId,
        );
        // The schema guarantees the active id names a profile.
        if (!profile) return fail('internal', 'The active environment is missing from the settings.');
        return { ok: true, data: publicProfile(profile) };
      }),

    add: (rawInput) =>
      exclusive(async () => {
        const input = parseInput(environmentAddInputSchema, rawInput);
        if (!input.ok) return input;
        const baseUrl = baseUrlFor(input.data.kind, input.data.baseUrl);
        if (!baseUrl.ok) return baseUrl;
        const color = colorFor(input.data.kind, input.data.color);
        if (!color.ok) return color;
        return change(async (document) => {
          const environments = document.environments;
          const profile: EnvironmentProfile = {
            id: newEnvironmentId(input.data.name, new Set(environments.map((env) => env.id))),
            name: input.data.name,
            kind: input.data.kind,
            baseUrl: baseUrl.data,
            color: color.data,
          };
          const allowed = checkAgainstOthers(profile, environments);
          if (!allowed.ok) return allowed;
          return {
            ok: true,
            data: { value: profile, document: { ...document, environments: [...environments, profile] } },
          };
        });
      }),

    update: (rawInput) =>
      exclusive(async () => {
        const input = parseInput(environmentUpdateInputSchema, rawInput);
        if (!input.ok) return input;
        return change(async (document) => {
          const found = pick(document, input.data.id);
          if (!found.ok) return found;
          const current = found.data;
          const baseUrl =
            input.data.baseUrl === undefined
              ? { ok: true as const, data: current.baseUrl }
              : baseUrlFor(current.kind, input.data.baseUrl);
          if (!baseUrl.ok) return baseUrl;
          const color = colorFor(current.kind, input.data.color ?? current.color);
          if (!color.ok) return color;
          // The stored profile, its team kept: a new name or colour does not leave the team.
          const updated = {
            ...current,
            name: input.data.name ?? current.name,
            baseUrl: baseUrl.data,
            color: color.data,
          };
          const allowed = checkAgainstOthers(
            updated,
            document.environments.filter((env) => env.id !== current.id),
          );
          if (!allowed.ok) return allowed;

          // Credentials belong to a host: before the profile points anywhere else, they go.
          const hostChanged =
            current.kind !== 'local-sandbox' &&
            credentialOrigin(current.baseUrl) !== credentialOrigin(updated.baseUrl);
          if (hostChanged) {
            const cleared = await vault.clearAll(current.id);
            if (!cleared.ok) {
              return fail(
                cleared.error.kind,
                `${cleared.error.message} The base URL was not changed: the credentials of the old host must be cleared first.`,
              );
            }
          }
          return {
            ok: true,
            data: {
              value: { environment: publicProfile(updated), credentialsCleared: hostChanged },
              document: {
                ...document,
                environments: document.environments.map((env) => (env.id === current.id ? updated : env)),
              },
            },
          };
        });
      }),

    remove: (environmentId, options = {}) =>
      exclusive(() =>
        change(async (document) => {
          const found = pick(document, environmentId);
          if (!found.ok) return found;
          const profile = found.data;
          const remaining = document.environments.filter((env) => env.id !== profile.id);
          if (!isNonEmpty(remaining)) {
            return fail(
              'invalid_state',
              'The only environment cannot be removed; add another one first.',
              'environmentId',
            );
          }
          let credentialsCleared = true;
          if (profile.kind !== 'local-sandbox') {
            const cleared = await clearEveryEntry(profile.id);
            if (!cleared.ok && !options.force) {
              return fail(
                cleared.error.kind,
                `${cleared.error.message} The environment was kept because its credentials could not be cleared; retry once the keychain is available, or force the removal.`,
              );
            }
            credentialsCleared = cleared.ok;
          }
          const nextActive =
            document.activeEnvironmentId === profile.id
              ? successorOf(remaining)
              : document.activeEnvironmentId;
          return {
            ok: true,
            data: {
              value: { removedId: profile.id, activeEnvironmentId: nextActive, credentialsCleared },
              document: { ...document, environments: remaining, activeEnvironmentId: nextActive },
            },
          };
        }),
      ),

    use: (environmentId) =>
      exclusive(() =>
        change(async (document) => {
          const profile = pick(document, environmentId);
          if (!profile.ok) return profile;
          return {
            ok: true,
            data: {
              value: publicProfile(profile.data),
              ...(document.activeEnvironmentId !== profile.data.id && {
                document: { ...document, activeEnvironmentId: profile.data.id },
              }),
            },
          };
        }),
      ),

    ...preferenceOperations(context),

    ...credentialOperations(context),

    ...teamOperations(context),
  };
}
