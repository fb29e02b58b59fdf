import type { ConsoleError, CredentialField, Result } from '../../preload/contract';
import { CREDENTIAL_SETS } from '../../preload/contract';
import type { Credentials, CredentialsSource } from '../core/payments';
import { validateBaseUrl } from '../core/payments';

/**
 * Where the CLI finds its base URL and credentials. Today: environment variables. A later issue
 * adds keychain profiles and `--env`; it only needs another EnvironmentSource.
 */
export interface CliEnvironment {
  baseUrl: string;
  credentials: CredentialsSource;
  /** Adds how to fix a failure in this source's terms (which variable to set). */
  explain?: (error: ConsoleError) => ConsoleError;
}

export type EnvironmentSource = () => Promise<Result<CliEnvironment>>;

export const BASE_URL_VARIABLE = 'PAYDESK_BASE_URL';

/** The variable that holds each credential field. */
export const CREDENTIAL_VARIABLES: Record<CredentialField, string> = {
  apiKey: 'PAYDESK_API_KEY',
  apiSecret: 'PAYDESK_API_SECRET',
  readOnlyKey: 'PAYDESK_READONLY_KEY',
  cashoutLogin: 'PAYDESK_CASHOUT_LOGIN',
  cashoutPass: 'PAYDESK_CASHOUT_PASS',
  cashoutSecret: 'PAYDESK_CASHOUT_SECRET',
};

export type Variables = Readonly<Record<string, string | undefined>>;

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
    // Read on each call, as the keychain provider of a later issue will be.
    const credentials = async (): Promise<Result<Credentials>> => {
      const found: Credentials = {};
      for (const [field, variable] of Object.entries(CREDENTIAL_VARIABLES) as Array<
        [CredentialField, string]
      >) {
        const value = variables[variable];
        if (value) found[field] = value;
      }
      return { ok: true, data: found };
    };
    // Checked here too, so that the message names the variable to fix (D5).
    const checked = validateBaseUrl(baseUrl, BASE_URL_VARIABLE);
    if (!checked.ok) return checked;
    return {
      ok: true,
      data: { baseUrl: checked.data, credentials, explain: (error) => explain(error, variables) },
    };
  };
}

/** For a missing credential: the variables of its set that are empty. */
function explain(error: ConsoleError, variables: Variables): ConsoleError {
  if (error.kind !== 'credentials_missing') return error;
  const set = Object.values(CREDENTIAL_SETS).find((fields) =>
    (fields as readonly string[]).includes(error.field ?? ''),
  );
  if (!set) return error;
  const unset = set.map((field) => CREDENTIAL_VARIABLES[field]).filter((variable) => !variables[variable]);
  return unset.length === 0 ? error : { ...error, message: `${error.message} Set ${unset.join(', ')}.` };
}
