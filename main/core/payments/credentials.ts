import type { CredentialField, CredentialSet, MessageKey, Result } from '../../../shared/contract';
import { CREDENTIAL_SETS } from '../../../shared/contract';

/** Whatever credentials an environment has; a later issue reads them from the OS keychain. */
export type Credentials = Partial<Record<CredentialField, string>>;

/** Called once per call, so the keychain can be read lazily and a changed secret takes effect. */
type CredentialsProvider = () => Promise<Result<Credentials>>;

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
const MISSING_KEYS = {
  signed: 'credentials.missingSigned',
  readOnly: 'credentials.missingReadOnly',
  cashout: 'credentials.missingCashout',
} as const satisfies Record<CredentialSet, MessageKey>;

/**
 * One client's reader of its credentials source. A plain object is read without waiting, and a
 * set is checked again only when its values changed since the last good check, so the hot path
 * (a status read) pays neither an await nor the checks for its credentials. A provider is still
 * called on every call, so a changed secret takes effect at once.
 */
export class CredentialsReader {
  readonly #source: CredentialsSource;
  /** The last set of each kind that passed its checks, with the values it was read from. */
  readonly #lastGood: Partial<Record<CredentialSet, { values: (string | undefined)[]; data: Credentials }>> =
    {};

  constructor(source: CredentialsSource) {
    this.#source = source;
  }

  /** The fields of one set, or `credentials_missing` naming the set and the empty fields (never values). */
  read<S extends CredentialSet>(set: S): Result<CredentialsOf<S>> | Promise<Result<CredentialsOf<S>>> {
    const source = this.#source;
    if (typeof source !== 'function') return this.#checked(source, set);
    return load(source).then((loaded) => (loaded.ok ? this.#checked(loaded.data, set) : loaded));
  }

  #checked<S extends CredentialSet>(credentials: Credentials, set: S): Result<CredentialsOf<S>> {
    const fields: readonly CredentialField[] = CREDENTIAL_SETS[set];
    const last = this.#lastGood[set];
    if (last && sameValues(fields, credentials, last.values)) {
      return { ok: true, data: last.data as CredentialsOf<S> };
    }
    const checked = checkSet(credentials, set);
    if (checked.ok) {
      this.#lastGood[set] = { values: fields.map((field) => credentials[field]), data: checked.data };
    }
    return checked;
  }
}

function sameValues(
  fields: readonly CredentialField[],
  credentials: Credentials,
  values: readonly (string | undefined)[],
): boolean {
  for (let index = 0; index < fields.length; index += 1) {
    const field = fields[index];
    if (field === undefined || credentials[field] !== values[index]) return false;
  }
  return true;
}

async function load(provider: CredentialsProvider): Promise<Result<Credentials>> {
  try {
    return await provider();
  } catch {
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: 'The credentials provider failed unexpectedly.',
        text: { key: 'credentials.providerFailed' },
      },
    };
  }
}

function checkSet<S extends CredentialSet>(credentials: Credentials, set: S): Result<CredentialsOf<S>> {
  const fields: readonly CredentialField[] = CREDENTIAL_SETS[set];
  const found: Partial<Record<CredentialField, string>> = {};
  const missing: CredentialField[] = [];
  for (const field of fields) {
    const value = credentials[field];
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
        text: { key: MISSING_KEYS[set] },
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
          text: { key: 'field.ascii' },
        },
      };
    }
  }
  return {
    ok: true,
    data: found as CredentialsOf<S>,
  };
}
