import type { CredentialField, Result } from '../../shared/contract';
import { CREDENTIAL_FIELDS } from '../../shared/contract';
import { printable } from './output';

/** `apiSecret` as people type it on a command line: `api-secret`. */
export const credentialFieldName = (field: CredentialField): string =>
  field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The names the CLI shows: `api-key, api-secret, read-only-key, …`. */
export const CREDENTIAL_FIELD_NAMES = CREDENTIAL_FIELDS.map(credentialFieldName).join(', ');

/** Letters only, lower case: `api-secret`, `api_secret`, `apiSecret` and `API_SECRET` are one name. */
const letters = (text: string): string => text.replace(/[-_]/g, '').toLowerCase();

/** A credential field typed in any of the usual spellings; `argument` names it in the error. */
export function typedCredentialField(text: string, argument = '<field>'): Result<CredentialField> {
  const field = CREDENTIAL_FIELDS.find((candidate) => letters(candidate) === letters(text));
  if (field) return { ok: true, data: field };
  return {
    ok: false,
    error: {
      kind: 'validation',
      field: argument,
      message: `"${printable(text)}" is not a credential field. Use one of: ${CREDENTIAL_FIELD_NAMES}.`,
    },
  };
}
