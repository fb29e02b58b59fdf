import type { CredentialField, Result } from '../../../shared/contract';
import { keyed, textOf, type KeyedCheck } from '../message-text';

/** The spec's limit for cashout `login` and `pass` (max 32; decisions: code 300 above). */
const CASHOUT_CREDENTIAL_MAX_LENGTH = 32;
/** Far above any real key or secret, low enough that a pasted document is refused. */
const CREDENTIAL_MAX_LENGTH = 256;

const CREDENTIAL_MAX_LENGTHS: Readonly<Record<CredentialField, number>> = {
  apiKey: CREDENTIAL_MAX_LENGTH,
  apiSecret: CREDENTIAL_MAX_LENGTH,
  readOnlyKey: CREDENTIAL_MAX_LENGTH,
  cashoutLogin: CASHOUT_CREDENTIAL_MAX_LENGTH,
  cashoutPass: CASHOUT_CREDENTIAL_MAX_LENGTH,
  cashoutSecret: CREDENTIAL_MAX_LENGTH,
};

/**
 * Fields that travel in HTTP headers (`X-Login`, D1; `Authorization: Bearer`, D4): a header value
 * must be visible ASCII, so anything else is a paste accident caught here rather than a failed
 * call later.
 */
const HEADER_FIELDS: ReadonlySet<CredentialField> = new Set(['apiKey', 'readOnlyKey']);

/** A hint reveals the last 4 characters only when that leaves at least 8 unseen. */
const HINT_MIN_LENGTH = 12;
const HINT_TAIL_LENGTH = 4;

const invalid = (field: CredentialField, rule: KeyedCheck): Result<never> => ({
  ok: false,
  error: { kind: 'validation', field, message: `${field} ${rule.message}.`, text: textOf(rule) },
});

/**
 * Checks a credential before it is stored. Messages name the field and the rule, never the value.
 */
export function validateCredentialValue(field: CredentialField, value: unknown): Result<string> {
  if (typeof value !== 'string') return invalid(field, keyed('field.text', 'must be text'));
  if (value.length === 0) return invalid(field, keyed('field.empty', 'must not be empty'));
  if (/^\s|\s$/u.test(value))
    return invalid(field, keyed('field.edgeSpaces', 'must not start or end with whitespace'));
  // Control and invisible format characters (zero-width space, BOM…) and lone surrogates in a
  // secret are paste accidents.
  if (/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u.test(value)) {
    return invalid(field, keyed('field.invisible', 'must not contain control or invisible characters'));
  }
  const maxLength = CREDENTIAL_MAX_LENGTHS[field];
  if (value.length > maxLength)
    return invalid(
      field,
      keyed('field.tooLong', `must be at most ${maxLength} characters`, { max: String(maxLength) }),
    );
  if (HEADER_FIELDS.has(field) && !/^[\x21-\x7e]+$/.test(value)) {
    return invalid(
      field,
      keyed('field.ascii', 'must be printable ASCII without spaces (it is sent in an HTTP header)'),
    );
  }
  return { ok: true, data: value };
}

/** The masked tail shown for a stored secret: `…a1f3`, or just `…` when the secret is short. */
export function maskedHint(secret: string): string {
  return secret.length >= HINT_MIN_LENGTH ? `…${secret.slice(-HINT_TAIL_LENGTH)}` : '…';
}
