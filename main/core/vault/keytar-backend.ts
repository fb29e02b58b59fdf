import type { Result } from '../../../shared/contract';
import { keychainUnavailable, type SecretBackend, type SecretEntry } from './secret-backend';

/** The part of keytar the vault uses (keytar 7.9). */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

interface KeytarBackendOptions {
  /**
   * Loads keytar. The default imports the installed module; the tests pass a loader that fails
   * the way a broken native build does.
   */
  load?: () => Promise<KeytarModule>;
  /**
   * How long one keychain call may take before it counts as unavailable. Generous on purpose: a
   * locked desktop keychain shows an unlock prompt and the user needs time to type.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const REASON_MAX_LENGTH = 200;

async function importKeytar(): Promise<KeytarModule> {
  // keytar is CommonJS: its functions arrive on the default export.
  const imported = (await import('keytar')) as unknown as { default?: KeytarModule } & KeytarModule;
  return imported.default ?? imported;
}

/**
 * The reason a keychain call failed, fit for a message: one line, bounded, and with every value
 * of the call blanked out (libsecret never echoes a password, but a message must be safe even if
 * some backend did).
 */
function safeReason(error: unknown, values: readonly string[]): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (const value of values) {
    if (value.length > 0) reason = reason.split(value).join('[redacted]');
  }
  reason = reason.replace(/\s+/g, ' ').trim();
  return reason.length > REASON_MAX_LENGTH
    ? `${reason.slice(0, REASON_MAX_LENGTH)}…`
    : reason || 'no reason given';
}

/**
 * The OS keychain through keytar: the Secret Service on Linux (libsecret over D-Bus), the
 * Keychain on macOS, the Credential Manager on Windows.
 *
 * keytar is loaded on first use inside a try, so a module that failed to build, a missing
 * Secret Service (no D-Bus session, no gnome-keyring) or a locked keychain each become the
 * `keychain_unavailable` error value. There is deliberately no fallback store.
 */
export function createKeytarBackend(options: KeytarBackendOptions = {}): SecretBackend {
  const load = options.load ?? importKeytar;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let loaded: Promise<Result<KeytarModule>> | undefined;

  const keytar = (): Promise<Result<KeytarModule>> => {
    // A failed load is remembered: a missing native build does not appear during a run.
    loaded ??= load().then(
      (module): Result<KeytarModule> => ({ ok: true, data: module }),
      (error: unknown) =>
        keychainUnavailable(`The OS keychain module (keytar) could not be loaded: ${safeReason(error, [])}.`),
    );
    return loaded;
  };

  async function call<T>(
    operation: string,
    values: readonly string[],
    run: (module: KeytarModule) => Promise<T>,
  ): Promise<Result<T>> {
    const module = await keytar();
    if (!module.ok) return module;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Result<T>>((resolve) => {
      timer = setTimeout(
        () =>
          resolve(
            keychainUnavailable(
              `The OS keychain did not answer within ${Math.round(timeoutMs / 1000)} s (${operation}); it may be locked or waiting for an unlock prompt.`,
            ),
          ),
        timeoutMs,
      );
    });
    const answered = run(module.data).then(
      (data): Result<T> => ({ ok: true, data }),
      (error: unknown) =>
        keychainUnavailable(`The OS keychain refused to ${operation}: ${safeReason(error, values)}.`),
    );
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'os-keychain',
    get: (service, account) => call('read an entry', [], (k) => k.getPassword(service, account)),
    set: (service, account, value) =>
      call('store an entry', [value], (k) => k.setPassword(service, account, value)),
    delete: (service, account) => call('delete an entry', [], (k) => k.deletePassword(service, account)),
    list: (service) =>
      call('list entries', [], async (k) =>
        (await k.findCredentials(service)).map(({ account, password }): SecretEntry => ({
          account,
          value: password,
        })),
      ),
  };
}
