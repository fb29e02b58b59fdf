import { EMBEDDED_SANDBOX_BASE_URL, type EnvironmentProfile, type Result } from '../../../shared/contract';
import { isLoopbackHost, validateBaseUrl } from '../payments/base-url';
import type { CredentialValues, Vault } from '../vault/vault';
import { credentialOrigin, type EnvironmentsService } from './environments';

/** The running embedded sandbox, as the composition root started it (main/sandbox startSandbox). */
export interface EmbeddedSandbox {
  baseUrl: string;
  credentials: CredentialValues;
  /** Names the sandbox's current world (D19): another start or a reset is another account. */
  readonly worldId: string;
}

/**
 * What the payments client takes as `credentials`. Called per request. The optional `requestUrl`
 * lets a caller have the destination checked too: credentials are handed out only for the
 * origin of the environment they belong to.
 */
type CredentialsProvider = (requestUrl?: string | URL) => Promise<Result<CredentialValues>>;

interface ResolvedEnvironment {
  profile: EnvironmentProfile;
  /** A real URL: the embedded sandbox's address for a local-sandbox profile. Normalised (D5). */
  baseUrl: string;
  /** The only origin `credentials` serves. */
  origin: string;
  credentialSource: 'keychain' | 'embedded-sandbox';
  credentials: CredentialsProvider;
}

interface EnvironmentResolverOptions {
  environments: EnvironmentsService;
  vault: Vault;
  /**
   * Starts the embedded sandbox, or answers the one already running (the composition root
   * memoises it). Absent where there is none (then a local-sandbox profile cannot be resolved).
   */
  embeddedSandbox?: () => Promise<Result<EmbeddedSandbox>>;
}

export interface EnvironmentResolver {
  resolve(environmentId: string): Promise<Result<ResolvedEnvironment>>;
  resolveActive(): Promise<Result<ResolvedEnvironment>>;
}

const refused = (message: string): { ok: false; error: { kind: 'not_permitted'; message: string } } => ({
  ok: false,
  error: { kind: 'not_permitted', message },
});

/**
 * Turns a profile into what the payments client needs: a real base URL and a credentials
 * provider bound to that URL's origin.
 *
 * The binding is checked on every call, not only at resolution: the provider re-reads the
 * profile, and if its base URL has since moved to another origin (or the embedded sandbox came
 * back on another port), it refuses rather than send the credentials somewhere new.
 */
export function createEnvironmentResolver({
  environments,
  vault,
  embeddedSandbox,
}: EnvironmentResolverOptions): EnvironmentResolver {
  /** The profile's real base URL, and for the sandbox its credentials. */
  async function locate(
    profile: EnvironmentProfile,
  ): Promise<Result<{ baseUrl: string; sandboxCredentials?: CredentialValues }>> {
    if (profile.baseUrl !== EMBEDDED_SANDBOX_BASE_URL) {
      const checked = validateBaseUrl(profile.baseUrl);
      return checked.ok ? { ok: true, data: { baseUrl: checked.data } } : checked;
    }
    if (!embeddedSandbox) {
      return {
        ok: false,
        error: { kind: 'invalid_state', message: 'The embedded sandbox is not available in this process.' },
      };
    }
    const sandbox = await embeddedSandbox();
    if (!sandbox.ok) return sandbox;
    const checked = validateBaseUrl(sandbox.data.baseUrl);
    if (!checked.ok || !isLoopbackHost(new URL(checked.data).hostname)) {
      // The sandbox's own credentials leave the machine under no circumstances.
      return {
        ok: false,
        error: { kind: 'internal', message: 'The embedded sandbox is not on a loopback address.' },
      };
    }
    return { ok: true, data: { baseUrl: checked.data, sandboxCredentials: { ...sandbox.data.credentials } } };
  }

  async function resolve(environmentId: string): Promise<Result<ResolvedEnvironment>> {
    const profile = await environments.get(environmentId);
    if (!profile.ok) return profile;
    const located = await locate(profile.data);
    if (!located.ok) return located;
    const origin = credentialOrigin(located.data.baseUrl);
    if (origin === null)
      return { ok: false, error: { kind: 'internal', message: 'The base URL has no origin.' } };
    const boundId = profile.data.id;
    const name = profile.data.name;

    const credentials: CredentialsProvider = async (requestUrl) => {
      if (requestUrl !== undefined && credentialOrigin(String(requestUrl)) !== origin) {
        return refused(`The credentials of environment "${name}" are only sent to ${origin}.`);
      }
      const now = await environments.get(boundId);
      if (!now.ok) return now;
      const current = await locate(now.data);
      if (!current.ok) return current;
      if (credentialOrigin(current.data.baseUrl) !== origin) {
        return refused(
          `The base URL of environment "${name}" moved to another host since it was selected; its credentials are not sent there. Select it again.`,
        );
      }
      if (current.data.sandboxCredentials) return { ok: true, data: current.data.sandboxCredentials };
      return vault.read(boundId);
    };

    return {
      ok: true,
      data: {
        profile: profile.data,
        baseUrl: located.data.baseUrl,
        origin,
        credentialSource: located.data.sandboxCredentials ? 'embedded-sandbox' : 'keychain',
        credentials,
      },
    };
  }

  return {
    resolve,
    async resolveActive() {
      const active = await environments.active();
      return active.ok ? resolve(active.data.id) : active;
    },
  };
}
