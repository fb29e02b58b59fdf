import { CREDENTIAL_FIELDS, type CredentialField, type Result } from '../../../shared/contract';

/** The keychain service of the installed app. Tests always use `paydesk-test-<random>`. */
export const VAULT_SERVICE = 'paydesk';

/**
 * Environment ids: lower-case letters, digits and inner dashes, at most 64 characters. The same
 * rule holds for settings profiles, so that an id can always name a keychain account.
 */
export const ENVIRONMENT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function validateEnvironmentId(environmentId: unknown, field = 'environmentId'): Result<string> {
  if (typeof environmentId === 'string' && ENVIRONMENT_ID_PATTERN.test(environmentId)) {
    return { ok: true, data: environmentId };
  }
  return {
    ok: false,
    error: {
      kind: 'validation',
      field,
      message: `${field} must be 1 to 64 lower-case letters, digits or inner dashes.`,
    },
  };
}

export function isCredentialField(value: unknown): value is CredentialField {
  return typeof value === 'string' && (CREDENTIAL_FIELDS as readonly string[]).includes(value);
}

/** One keychain account per (environment, field): `<environment id>/<field>`. */
export function accountOf(environmentId: string, field: CredentialField): string {
  return `${environmentId}/${field}`;
}

export function parseAccount(account: string): { environmentId: string; field: CredentialField } | null {
  const slash = account.lastIndexOf('/');
  const environmentId = account.slice(0, slash);
  const field = account.slice(slash + 1);
  if (slash < 0 || !ENVIRONMENT_ID_PATTERN.test(environmentId) || !isCredentialField(field)) return null;
  return { environmentId, field };
}

/**
 * The entry of an environment's team password (the person's, for the team database it joined):
 * an account of its own, `<environment id>/teamPassword`, which is no credential field, so
 * clearing the service's credentials (a new host) leaves the team's alone.
 */
export const TEAM_PASSWORD_ENTRY = 'teamPassword';

export const teamPasswordAccount = (environmentId: string): string =>
  `${environmentId}/${TEAM_PASSWORD_ENTRY}`;

/**
 * The entry of the private key of a person who signs in to the team database with a client
 * certificate (the certificate itself, public, is in the profile's team): `<environment id>/teamKey`.
 */
export const TEAM_KEY_ENTRY = 'teamKey';

export const teamKeyAccount = (environmentId: string): string => `${environmentId}/${TEAM_KEY_ENTRY}`;
