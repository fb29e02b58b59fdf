import type { ConsoleError, CredentialField, EnvironmentProfile, Result } from '../../shared/contract';
import { CREDENTIAL_SETS } from '../../shared/contract';
import type { Credentials, CredentialsSource } from '../core/payments';
import { accountOrigin, validateBaseUrl } from '../core/payments';
import { credentialFieldName, typedCredentialField } from './credential-fields';

/**
 * Where the CLI finds its base URL and credentials besides the profiles and the keychain: the
 * foundation's environment variables. When PAYDESK_BASE_URL is set they define the environment
 * entirely (its credentials come only from the variables, never from a keychain entry, so a
 * keychain secret cannot be sent to a host it does not belong to). Without PAYDESK_BASE_URL, a
 * PAYDESK_* credential variable that is set wins over the keychain entry of the same field.
 */
interface CliEnvironment {
  baseUrl: string;
  credentials: CredentialsSource;
  /** Adds how to fix a failure in this source's terms (which variable to set). */
  explain?: (error: ConsoleError) => ConsoleError;
}

export type EnvironmentSource = () => Promise<Result<CliEnvironment>>;

const BASE_URL_VARIABLE = 'PAYDESK_BASE_URL';

/** The variable that holds each credential field. */
const CREDENTIAL_VARIABLES: Record<CredentialField, string> = {
  apiKey: 'PAYDESK_API_KEY',
  apiSecret: 'PAYDESK_API_SECRET',
  readOnlyKey: 'PAYDESK_READONLY_KEY',
  cashoutLogin: 'PAYDESK_CASHOUT_LOGIN',
  cashoutPass: 'PAYDESK_CASHOUT_PASS',
  cashoutSecret: 'PAYDESK_CASHOUT_SECRET',
};

export type Variables = Readonly<Record<string, string | undefined>>;

/** The credential variables that are set (empty ones count as unset). */
export function credentialsFromVariables(variables: Variables): Credentials {
  const found: Credentials = {};
  for (const [field, variable] of Object.entries(CREDENTIAL_VARIABLES) as Array<[CredentialField, string]>) {
    const value = variables[variable];
    if (value) found[field] = value;
  }
  return found;
}

export const usesBaseUrlVariable = (variables: Variables): boolean =>
  (variables[BASE_URL_VARIABLE]?.trim() ?? '') !== '';

export function environmentFromVariables(variables: Variables): EnvironmentSource {
  return async () => {
    const baseUrl = variables[BASE_URL_VARIABLE]?.trim();
    if (!baseUrl) {
      return {
        ok: false,
        error: {
          kind: 'validation',
          field: BASE_URL_VARIABLE,
          message: `${BASE_URL_VARIABLE} is not set: point it at the service (https://…) or a local sandbox (http://127.0.0.1:…).`,
        },
      };
    }
    // Read on each call, like the keychain provider.
    const credentials = async (): Promise<Result<Credentials>> => ({
      ok: true,
      data: credentialsFromVariables(variables),
    });
    // Checked here too, so that the message names the variable to fix (D5).
    const checked = validateBaseUrl(baseUrl, BASE_URL_VARIABLE);
    if (!checked.ok) return checked;
    return {
      ok: true,
      data: { baseUrl: checked.data, credentials, explain: (error) => explainVariables(error, variables) },
    };
  };
}

/** For a missing credential: the variables of its set that are empty. */
function explainVariables(error: ConsoleError, variables: Variables): ConsoleError {
  if (error.kind !== 'credentials_missing') return error;
  const set = Object.values(CREDENTIAL_SETS).find((fields) =>
    (fields as readonly string[]).includes(error.field ?? ''),
  );
  if (!set) return error;
  const unset = set.map((field) => CREDENTIAL_VARIABLES[field]).filter((variable) => !variables[variable]);
  return unset.length === 0 ? error : { ...error, message: `${error.message} Set ${unset.join(', ')}.` };
}

/** For a missing credential of a profile: the command that stores it. */
export function explainProfile(error: ConsoleError, environmentId: string): ConsoleError {
  if (error.kind !== 'credentials_missing' || error.field === undefined) return error;
  const field = typedCredentialField(error.field);
  const name = field.ok ? credentialFieldName(field.data) : error.field;
  return {
    ...error,
    message: `${error.message} Store it with: paydesk env set-credential ${environmentId} ${name} (at a terminal it asks for the value, hidden; or pipe the value in).`,
  };
}

/** The id of the environment PAYDESK_BASE_URL defines when it matches no profile. */
const VARIABLES_ENVIRONMENT_ID = 'variables';

/**
 * Who the PAYDESK_BASE_URL environment is, for guard rails and the journal: the profile named by
 * `--env` (which must be at that address), else the profile on the same service however its
 * address is spelled (D19: so pointing the variables at production still gets production's guard
 * rails), production first, else a testing environment of its own.
 */
export function variablesIdentity(
  baseUrl: string,
  profiles: readonly EnvironmentProfile[],
  requestedId: string | undefined,
): Result<EnvironmentProfile> {
  const generic: EnvironmentProfile = {
    id: VARIABLES_ENVIRONMENT_ID,
    name: BASE_URL_VARIABLE,
    kind: 'testing',
    baseUrl,
    color: 'gray',
  };
  const origin = accountOrigin(baseUrl);
  if (requestedId !== undefined) {
    const named = profiles.find((profile) => profile.id === requestedId);
    if (!named) {
      return {
        ok: false,
        error: {
          kind: 'not_found',
          field: '--env',
          message: `There is no environment with id ${requestedId}.`,
        },
      };
    }
    // --env lends its name and its guard rails to the variables' service only when it is that
    // service: a testing profile's name on production's address would act on production unguarded.
    if (accountOrigin(named.baseUrl) !== origin) {
      return {
        ok: false,
        error: {
          kind: 'validation',
          field: BASE_URL_VARIABLE,
          message: `${BASE_URL_VARIABLE} (${baseUrl}) is not the address of environment "${named.name}" (${named.baseUrl}): unset ${BASE_URL_VARIABLE} to use "${named.name}", or leave out --env.`,
        },
      };
    }
    return { ok: true, data: { ...named, baseUrl } };
  }
  const matching = profiles.filter((profile) => accountOrigin(profile.baseUrl) === origin);
  // Production first: when in doubt, the stricter rules apply.
  const match = matching.find((profile) => profile.kind === 'production') ?? matching[0];
  return { ok: true, data: match ? { ...match, baseUrl } : generic };
}
