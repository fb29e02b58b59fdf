import type { EnvironmentProfile, Result } from '../../../shared/contract';
import type { Vault } from '../vault/vault';
import { environmentIdInput, parseInput } from './environment-inputs';
import { fail } from './environment-rules';
import type { SettingsDocument, StoredProfile } from './schema';
import {
  loadSettings,
  updateSettings,
  type SettingsChange,
  type SettingsLockOptions,
} from './settings-document';
import type { SettingsStore } from './settings-store';

export interface EnvironmentsServiceOptions {
  store: SettingsStore;
  vault: Vault;
  /** Waiting for another process's change of the settings (defaults: the lock's). */
  lock?: SettingsLockOptions;
}

/**
 * What every operation of the environments service shares: the queue that runs them one at a time
 * in this process, and reads and changes of the settings document under its lock.
 */
export interface SettingsContext {
  vault: Vault;
  exclusive: <T>(operation: () => Promise<T>) => Promise<T>;
  load: () => Promise<Result<SettingsDocument>>;
  change: <T>(
    apply: (document: SettingsDocument) => Promise<Result<SettingsChange<T>>>,
  ) => Promise<Result<T>>;
  /** The profile as stored, its team included: never hand it out as it is (publicProfile). */
  pick: (document: SettingsDocument, environmentId: unknown) => Result<StoredProfile>;
  find: (environmentId: unknown) => Promise<Result<StoredProfile>>;
  changeKeychain: <T>(
    environmentId: unknown,
    apply: (profile: EnvironmentProfile) => Promise<Result<T>>,
  ) => Promise<Result<T>>;
}

export function createSettingsContext({
  store,
  vault,
  lock = {},
}: EnvironmentsServiceOptions): SettingsContext {
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs operations one after another, in call order. */
  const exclusive = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  };

  const load = async (): Promise<Result<SettingsDocument>> => {
    const loaded = await loadSettings(store, lock);
    return loaded.ok ? { ok: true, data: loaded.data.document } : loaded;
  };

  /** Changes the settings: under the lock, on the document as it is now (never an older copy). */
  const change = <T>(
    apply: (document: SettingsDocument) => Promise<Result<SettingsChange<T>>>,
  ): Promise<Result<T>> => updateSettings(store, apply, lock);

  /** One of the document's profiles, or `not_found`. */
  const pick = (document: SettingsDocument, environmentId: unknown): Result<StoredProfile> => {
    const id = parseInput(environmentIdInput, environmentId, 'environmentId');
    if (!id.ok) return id;
    const profile = document.environments.find((env) => env.id === id.data);
    if (!profile) return fail('not_found', `There is no environment with id ${id.data}.`, 'environmentId');
    return { ok: true, data: profile };
  };

  const find = async (environmentId: unknown): Promise<Result<StoredProfile>> => {
    const document = await load();
    return document.ok ? pick(document.data, environmentId) : document;
  };

  /**
   * A keychain change for a profile (not the embedded sandbox), under the settings lock: a
   * credential is never written for a profile that another process is removing meanwhile.
   */
  const changeKeychain = <T>(
    environmentId: unknown,
    apply: (profile: EnvironmentProfile) => Promise<Result<T>>,
  ): Promise<Result<T>> =>
    change(async (document) => {
      const profile = pick(document, environmentId);
      if (!profile.ok) return profile;
      if (profile.data.kind === 'local-sandbox') {
        return fail(
          'not_permitted',
          'The local sandbox provisions its own credentials; nothing is stored in the keychain for it.',
          'environmentId',
        );
      }
      const applied = await apply(profile.data);
      return applied.ok ? { ok: true, data: { value: applied.data } } : applied;
    });

  return { vault, exclusive, load, change, pick, find, changeKeychain };
}
