/**
 * Credentials by name and status (no value ever crosses to the renderer), and the doctor that
 * checks each credential set against the service.
 */
import type { ClockStatus } from './clock';
import { method, type ApiOf } from './method';

/** The three credential sets of the spec, by field. */
export const CREDENTIAL_SETS = {
  signed: ['apiKey', 'apiSecret'],
  readOnly: ['readOnlyKey'],
  cashout: ['cashoutLogin', 'cashoutPass', 'cashoutSecret'],
} as const;
export type CredentialSet = keyof typeof CREDENTIAL_SETS;
export const CREDENTIAL_FIELDS = [
  'apiKey',
  'apiSecret',
  'readOnlyKey',
  'cashoutLogin',
  'cashoutPass',
  'cashoutSecret',
] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Credential status (what the renderer may know about a credential: never its value)
// ---------------------------------------------------------------------------------------------

/** One credential field of an environment. */
export interface CredentialFieldStatus {
  field: CredentialField;
  set: boolean;
  /** `…a1f3` (the last 4 characters) for a value of 12 characters or more, `…` for a shorter one, null when not set. */
  hint: string | null;
  /** ISO time the value was stored; null when not set or unreadable. */
  setAt: string | null;
  /** The keychain holds an entry in a format this version cannot read: clear it and set it again. */
  unreadable?: true;
}

/** `complete`: every field of the set is stored; `partial`: some are; `missing`: none. */
export type CredentialSetState = 'complete' | 'partial' | 'missing';

export interface EnvironmentCredentialStatus {
  environmentId: string;
  /** `keychain`: typed in by the user; `embedded-sandbox`: provisioned automatically, nothing stored. */
  source: 'keychain' | 'embedded-sandbox';
  /** In CREDENTIAL_FIELDS order. */
  fields: CredentialFieldStatus[];
  sets: Record<CredentialSet, CredentialSetState>;
}

// ---------------------------------------------------------------------------------------------
// Credential doctor
// ---------------------------------------------------------------------------------------------

export type DoctorVerdict =
  | 'ok'
  | 'not_configured'
  | 'bad_key'
  | 'bad_signature'
  | 'clock_skew'
  | 'ip_not_allowed'
  | 'host_unreachable'
  | 'tls_failure'
  | 'keychain_unavailable'
  | 'unexpected_answer'
  /** The answer that would prove the set good came back for made-up credentials too: it proves nothing. */
  | 'unproven';

export interface DoctorCheck {
  set: CredentialSet;
  verdict: DoctorVerdict;
  /** What to do next, in one sentence. */
  advice: string;
  /** The harmless call that was made, with its full address, e.g. `GET https://api.example.com/v3/payment_methods?country=BR`. */
  probe: string;
  httpStatus?: number;
  code?: number;
  latencyMs?: number;
}

export interface DoctorReport {
  environmentId: string;
  checkedAt: string;
  checks: DoctorCheck[];
  clock: ClockStatus;
}

export const CREDENTIAL_METHODS = {
  getCredentialStatus: method<{ environmentId: string }, EnvironmentCredentialStatus>(),

  setCredential: method<
    { environmentId: string; field: CredentialField; value: string },
    CredentialFieldStatus
  >(),

  clearCredential: method<{ environmentId: string; field: CredentialField }, CredentialFieldStatus>(),

  runDoctor: method<{ environmentId: string }, DoctorReport>(),
};
export type CredentialsApi = ApiOf<typeof CREDENTIAL_METHODS>;
