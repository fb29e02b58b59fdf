/**
 * What every operation shares: the Result it answers, the closed list of error kinds, JSON, the
 * Fetched view of a service record, and the meta every mutating call carries.
 */
import type { BlockingIntent } from './audit';
import type { MessageKey } from './message-keys';

/**
 * Every way a console operation can fail. Closed: the UI and the CLI switch on it, never on
 * message text. Where a service answer maps to a kind is fixed in main/core/payments/errors.ts.
 */
export const ERROR_KINDS = [
  /** Input broke a rule before any call, or the service refused a field (202, 300, 502, 802, 400 empty). */
  'validation',
  /** Unknown or inactive key, wrong cashout login/pass, missing auth header (100, 101, 401). */
  'auth',
  /** The service recomputed a different signature (102, 302). */
  'signature',
  /** X-Date too far from the service's clock (103), or local clock off and not correctable. */
  'clock_skew',
  /** Caller IP not in the allow-list (201). */
  'ip_not_allowed',
  /** The id names nothing (404, 208, 509). */
  'not_found',
  /** The state forbids the move (510, refund of a deposit that is not COMPLETED). */
  'invalid_state',
  /** The idempotency key was already used with a different body (104). */
  'idempotency_conflict',
  /** HTTP 429. */
  'rate_limited',
  /** HTTP 5xx. */
  'server',
  /** The host could not be reached or the connection broke. */
  'network',
  /** TLS handshake or certificate failure. */
  'tls',
  /** No answer within the time limit. */
  'timeout',
  /** A mutating call was sent but its answer was lost: re-read the status before anything else. */
  'outcome_unknown',
  /** The service answered something that does not parse as the spec says. */
  'bad_response',
  /** The caller cancelled the operation. */
  'cancelled',
  /** The environment lacks a credential this call needs. */
  'credentials_missing',
  /** The OS keychain cannot be used (no Secret Service, locked, keytar missing). */
  'keychain_unavailable',
  /** A guard rail refused the action (production not armed, confirmation missing or wrong). */
  'not_permitted',
  /**
   * An earlier intent on the same target (a deposit's refunds, an invoice id's deposit, a
   * cashout's cancel) has an unknown outcome: retry it under its key, or settle it after checking.
   */
  'intent_unresolved',
  /** A deposit with this invoice id was already created here: confirm a second one, or resend the first. */
  'duplicate_invoice',
  /** A settings, journal or import file could not be read or written. */
  'storage',
  /** A bug: something that should not happen did. The message says what. */
  'internal',
  /**
   * The page cannot reach the console itself (the browser build's bridge closed: `npm run web`
   * stopped, or the page holds an earlier start's token). Answered by the page's bridge, never by main.
   */
  'console_unreachable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface MessageText {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface ConsoleError {
  kind: ErrorKind;
  /**
   * One human sentence in English, safe to show and to log: never a secret, a signature or a raw
   * body. The CLI and the logs use it; the renderer shows `text` in the user's language.
   */
  message: string;
  /** `message` as a text key and parameters, for the renderer. */
  text?: MessageText;
  /** Dotted path of the offending input field, for validation errors. */
  field?: string;
  /** The service's numeric `code` when it sent one. */
  code?: number;
  /** The service's `type` when it sent one. */
  type?: string;
  httpStatus?: number;
  /** The service's own `description` / `message` text. */
  serviceMessage?: string;
  /** The X-Idempotency-Key of the call, so a retry can reuse it (D6). */
  idempotencyKey?: string;
  /** `intent_unresolved` and `duplicate_invoice`: the earlier intent that stands in the way. */
  getBlockingIntent?: BlockingIntent;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ConsoleError };

/**
 * A file the console keeps (a batch's last run, a reconciliation run) that failed its checks: it
 * was moved aside in its folder, never deleted and never partly used, and whoever asked is told.
 */
export interface DamagedFileNote {
  /** The file's name as it was found (no folder). */
  file: string;
  /** Where it is now (`<file>.damaged-<time>`, same folder); null when it could not be moved. */
  movedTo: string | null;
  /** What was wrong with it, in English ("it is not readable data"). */
  reason: string;
  /** One sentence for the CLI and the logs. */
  message: string;
  /** `message` as a text key, for the screens. */
  text: MessageText;
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * A record read from the service: the typed, normalised view (unknown fields kept, D12), the
 * body exactly as it came, and the names of the top-level fields the spec does not know.
 */
export interface Fetched<T> {
  record: T;
  raw: JsonValue;
  unknownFields: string[];
}

// ---------------------------------------------------------------------------------------------
// Mutating operations
// ---------------------------------------------------------------------------------------------

/** Every mutating operation carries these: a reason (required in production) and, on a retry, the original key. */
export interface MutationMeta {
  reason?: string;
  /** Repeat an earlier intent with its original key (D6); omitted for a new intent. */
  idempotencyKey?: string;
  /**
   * Deposits: the intent id of the earlier deposit with the same invoice id, confirming that a
   * second deposit is wanted (the core refuses it otherwise, `duplicate_invoice`).
   */
  confirmedDuplicateOf?: string;
}
