import type { ConsoleError, Result } from '../../../shared/contract';

/** One stored entry of a service, as the OS keychain lists it. */
export interface SecretEntry {
  account: string;
  value: string;
}

/**
 * The port the vault stores through: the OS keychain in production (keytar-backend.ts), a map in
 * tests that do not exercise the keychain itself (memory-backend.ts). Every method answers a
 * Result; a keychain that cannot be used is the error kind `keychain_unavailable`, never a throw
 * and never a fallback to some other storage.
 */
export interface SecretBackend {
  /**
   * Where the secrets live, for messages and the credential doctor: `os-keychain`, `memory`, or a
   * `sealed-file` on a machine with no keychain (sealed-file-backend.ts).
   */
  readonly kind: 'os-keychain' | 'memory' | 'sealed-file';
  /** The stored value, or `null` when the account has no entry. */
  get(service: string, account: string): Promise<Result<string | null>>;
  /** Creates or replaces the entry. */
  set(service: string, account: string, value: string): Promise<Result<void>>;
  /** `true` when an entry was removed, `false` when there was none. */
  delete(service: string, account: string): Promise<Result<boolean>>;
  /** Every entry of the service. */
  list(service: string): Promise<Result<SecretEntry[]>>;
}

export function keychainUnavailable(message: string): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind: 'keychain_unavailable', message } };
}
