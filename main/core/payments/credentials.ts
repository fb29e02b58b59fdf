import type { CredentialField, CredentialSet, Result } from '../../../preload/contract';
import { CREDENTIAL_SETS } from '../../../preload/contract';

/** Whatever credentials an environment has; a later issue reads them from the OS keychain. */
export type Credentials = Partial<Record<CredentialField, string>>;

/** Called once per call, so the keychain can be read lazily and a changed secret takes effect. */
export type CredentialsProvider = () => Promise<Result<Credentials>>;

/** A provider, or a plain object for scripts and tests. */
export type CredentialsSource = CredentialsProvider | Credentials;

export type CredentialsOf<S extends CredentialSet> = Record<(typeof CREDENTIAL_SETS)[S][number], string>;

/** Keys sent as header values (X-Login, Bearer); the secrets only key an HMAC, the cashout pair travels in JSON. */
const HEADER_FIELDS: readonly CredentialField[] = ['apiKey', 'readOnlyKey'];
const HEADER_SAFE = /^[\x21-\x7e]+$/;

const SET_NAMES: Record<CredentialSet, string> = {
  signed: 'signed-call credentials (API key and API secret)',
  readOnly: 'read-only key',
  cashout: 'cashout credentials (login, pass and secret)',
};

/** The fields of one set, or `credentials_missing` naming the set and the empty fields (never values). */
export async function credentialsFor<S extends CredentialSet>(
  source: CredentialsSource,
  set: S,
): Promise<Result<CredentialsOf<S>>> {
  let loaded: Result<Credentials>;
  try {
    loaded = typeof source === 'function' ? await source() : { ok: true, data: source };
  } catch {
    return {
      ok: false,
      error: { kind: 'internal', message: 'The credentials provider failed unexpectedly.' },
    };
  }
  if (!loaded.ok) return loaded;
  const fields: readonly CredentialField[] = CREDENTIAL_SETS[set];
  const found: Partial<Record<CredentialField, string>> = {};
  const missing: CredentialField[] = [];
  for (const field of fields) {
    const value = loaded.data[field];
    if (value) found[field] = value;
    else missing.push(field);
  }
  const [firstMissing] = missing;
  if (firstMissing !== undefined) {
    return {
      ok: false,
      error: {
        kind: 'credentials_missing',
        field: firstMissing,
        message: `This environment has no ${SET_NAMES[set]}: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
      },
    };
  }
  for (const field of HEADER_FIELDS) {
    const value = found[field];
    if (value !== undefined && !HEADER_SAFE.test(value)) {
      return {
        ok: false,
        error: {
          kind: 'validation',
          field,
          message: `${field}: contains characters that cannot travel in an HTTP header (only visible ASCII is allowed).`,
        },
      };
    }
  }
  return {
    ok: true,
    data: found as CredentialsOf<S>,
  };
}
