import type { SecretBackend, SecretEntry } from './secret-backend';

/**
 * Secrets in a map, for tests that are about something else than the keychain (settings rules,
 * the resolver, use-cases). Never used by the packaged app: the composition root honours a
 * memory vault only when the app is not packaged (architecture: test-only switches).
 */
export function createMemoryBackend(): SecretBackend {
  const services = new Map<string, Map<string, string>>();
  const accountsOf = (service: string): Map<string, string> => {
    let accounts = services.get(service);
    if (!accounts) {
      accounts = new Map();
      services.set(service, accounts);
    }
    return accounts;
  };
  return {
    kind: 'memory',
    get: async (service, account) => ({ ok: true, data: accountsOf(service).get(account) ?? null }),
    set: async (service, account, value) => {
      accountsOf(service).set(account, value);
      return { ok: true, data: undefined };
    },
    delete: async (service, account) => ({ ok: true, data: accountsOf(service).delete(account) }),
    list: async (service) => ({
      ok: true,
      data: [...accountsOf(service)].map(([account, value]): SecretEntry => ({ account, value })),
    }),
  };
}
