/**
 * THE contract between the renderer and the main process, and the vocabulary the core speaks.
 *
 * Import-free on purpose: the renderer, the preload, the main process, the CLI and the web
 * bridge all read it, so it may hold only types and `as const` data. Service records keep the
 * service's own (snake_case) field names so that the raw view and the typed view agree; the
 * console's own arguments are camelCase.
 */

// ---------------------------------------------------------------------------------------------
// Results and errors
// ---------------------------------------------------------------------------------------------

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
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ConsoleError {
  kind: ErrorKind;
  /** One human sentence, safe to show and to log: never a secret, a signature or a raw body. */
  message: string;
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
  blockingIntent?: BlockingIntent;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ConsoleError };

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

export type JsonPrimitive = string | number | boolean | null;
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
// Service records (field names as the service sends them)
// ---------------------------------------------------------------------------------------------

export const PAYMENT_METHOD_TYPES = ['BANK_DEPOSIT', 'BANK_TRANSFER', 'CREDIT_CARD', 'VOUCHER'] as const;

export interface PaymentMethod {
  country: string;
  code: string;
  name: string;
  /** One of PAYMENT_METHOD_TYPES; an unknown value is kept as it came. */
  type: string;
  status: string;
  logo: string;
  /** Seconds; absent for new methods without data. */
  daily_average?: number;
  monthly_average?: number;
}

export interface Bank {
  code: number;
  name: string;
}

export interface CryptoQuote {
  fx_rate: number;
  converted_amount: number;
  fee: number;
}

export const DEPOSIT_STATUSES = [
  'CREATED',
  'PENDING',
  'COMPLETED',
  'EXPIRED',
  'CANCELLED',
  'EARLY RELEASED',
  'FOR REVIEW',
] as const;
export type KnownDepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface PayerAddress {
  street?: string;
  city?: string;
  state?: string;
  zip_code?: string;
}

export interface CardDetail {
  card_holder?: string;
  brand?: string;
  masked_card?: string;
  expiration?: string;
  card_type?: string;
  transaction_result?: string;
}

export interface DepositPayer {
  document?: string;
  document_type?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  address?: PayerAddress;
}

/** Deposit status record. Conditional fields stay absent when the service leaves them out. */
export interface DepositStatus {
  deposit_id: number;
  /** Canonical spelling (`EARLY RELEASED`, `FOR REVIEW`, D9); an unknown status as it came. */
  status: string;
  user_id?: string;
  invoice_id?: string;
  country?: string;
  currency?: string;
  local_amount?: number;
  /** Non-final records carry `amount` instead of `local_amount`. */
  amount?: number;
  usd_amount?: number;
  bonus_amount?: number;
  bonus_relative?: boolean;
  payment_method?: string;
  payment_type?: string;
  payer?: DepositPayer;
  fee_amount?: number;
  fee_currency?: string;
  card_detail?: CardDetail;
  refunded?: boolean;
  current_payer_verification?: string;
}

export interface PaymentInfo {
  type?: string;
  payment_method?: string;
  payment_method_name?: string;
  amount?: number;
  currency?: string;
  /** `yyyy-MM-dd HH:mm:ss`, the service's clock (UTC). */
  expiration_date?: string;
  created_at?: string;
  metadata?: JsonObject;
  secondary_metadata?: JsonObject;
}

export interface DepositCreated {
  checkout_type: 'ONE_SHOT' | 'HOSTED' | string;
  redirect_url?: string;
  iframe?: boolean;
  deposit_id: number;
  user_id?: string;
  merchant_invoice_id?: string;
  payment_info?: PaymentInfo;
}

export const REFUND_STATUSES = [
  'PENDING',
  'INCORRECT_DETAILS',
  'CANCELLED',
  'DELIVERED',
  'COMPLETED',
  'REJECTED',
] as const;

export interface RefundStatus {
  deposit_id: number;
  merchant_invoice_id?: string;
  status: string;
  amount?: number;
}

export interface RefundCreated {
  refund_id: number;
}

/** D7: numeric cashout status codes. */
export const CASHOUT_STATUS_CODES = {
  0: 'PENDING',
  1: 'COMPLETED',
  2: 'CANCELLED',
  3: 'REJECTED',
  4: 'DELIVERED',
  5: 'ON_HOLD',
} as const;

export interface CashoutStatus {
  cashout_status: number;
  cashout_status_description: string;
  rejection_code?: number;
  rejection_reason?: string;
}

export interface SubMerchantBalance {
  currency?: string;
  total?: number;
  usable?: number;
  available?: number;
}

export interface SubMerchant {
  sub_merchant_id: number;
  markup_fee?: number;
  sub_merchant_name?: string;
  email?: string;
  status?: string;
  external_submerchant_id?: string;
  balance?: SubMerchantBalance;
}

// ---------------------------------------------------------------------------------------------
// Requests the console sends (bodies in the service's own shape)
// ---------------------------------------------------------------------------------------------

export interface PayerInput {
  id?: string;
  document?: string;
  document_type?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  address?: PayerAddress;
  phone?: string;
  /** `yyyyMMdd` */
  birth_date?: string;
  /** `yyyyMMdd` */
  registration_date?: string;
}

export interface ReportedInfoInput {
  bank_account_number?: string;
  bank_branch?: string;
  bank_beneficiary?: string;
  bank_account_type?: string;
}

export const CRYPTO_CURRENCIES = ['BUSD', 'DAI', 'RDOC', 'USDT', 'USDC'] as const;
export const CRYPTO_NETWORKS = [
  'AVAXC',
  'BEP2',
  'BEP20',
  'ERC20',
  'Polygon',
  'Solana',
  'TRC20',
  'Tezos',
  'RSK',
] as const;

export interface CryptoInput {
  currency: string;
  wallet: string;
  network: string;
}

export interface BankAccountInput {
  beneficiary?: string;
  bank_code?: number;
  branch?: string;
  account_number?: string;
  account_type?: string;
}

/** POST /v3/deposits body. Only `amount` and `country` are required (the rest is collected on HOSTED). */
export interface DepositCreateBody {
  amount: number | string;
  country: string;
  invoice_id?: string;
  currency?: string;
  payer?: PayerInput;
  payment_method?: string;
  description?: string;
  client_ip?: string;
  device_id?: string;
  back_url?: string;
  success_url?: string;
  error_url?: string;
  notification_url?: string;
  logo?: string;
  test?: boolean;
  mobile?: boolean;
  language?: string;
  bank_account?: BankAccountInput;
  early_release?: boolean;
  fee_on_payer?: boolean;
  surcharge_on_payer?: boolean;
  bonus_amount?: number;
  bonus_relative?: boolean;
  strikethrough_price?: number;
  reported_info?: ReportedInfoInput;
  crypto?: CryptoInput;
}

/** POST /v3/refunds body (D8). */
export interface RefundCreateBody {
  deposit_id: number;
  invoice_id: string;
  amount?: number;
  bank_account?: BankAccountInput;
  comments?: string;
  notification_url?: string;
}

/** Identifies a cashout for a status read: at least one of the two (D7). */
export interface CashoutRef {
  cashoutId?: number;
  externalId?: string;
}

// ---------------------------------------------------------------------------------------------
// Credentials (names only: no value ever crosses to the renderer)
// ---------------------------------------------------------------------------------------------

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
// Environment profiles and preferences
// ---------------------------------------------------------------------------------------------

export const ENVIRONMENT_KINDS = ['local-sandbox', 'testing', 'production'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

/** The base URL of a local-sandbox profile: the embedded sandbox, whose port is known only at run time. */
export const EMBEDDED_SANDBOX_BASE_URL = 'sandbox:embedded';

/** Colour names of the UI theme. Production is always PRODUCTION_COLOR and no other profile may use it. */
export const ENVIRONMENT_COLORS = [
  'red',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'violet',
  'indigo',
  'gray',
] as const;
export type EnvironmentColor = (typeof ENVIRONMENT_COLORS)[number];
export const PRODUCTION_COLOR = 'red' satisfies EnvironmentColor;

export interface EnvironmentProfile {
  /** Lower-case letters, digits and dashes; stable for the life of the profile. */
  id: string;
  name: string;
  /** Fixed at creation; drives the label and, for production, the colour. */
  kind: EnvironmentKind;
  /** Normalised (no trailing slash), or EMBEDDED_SANDBOX_BASE_URL for the local sandbox. */
  baseUrl: string;
  color: EnvironmentColor;
  watchedSubMerchantIds: number[];
}

export interface EnvironmentList {
  environments: EnvironmentProfile[];
  activeEnvironmentId: string;
}

export interface EnvironmentAddInput {
  name: string;
  kind: EnvironmentKind;
  /** Required for testing and production; a local-sandbox profile always uses the embedded sandbox. */
  baseUrl?: string;
  /** Defaults by kind; production is always PRODUCTION_COLOR. */
  color?: EnvironmentColor;
  watchedSubMerchantIds?: number[];
}

export interface EnvironmentUpdateInput {
  id: string;
  name?: string;
  baseUrl?: string;
  color?: EnvironmentColor;
  watchedSubMerchantIds?: number[];
}

export interface EnvironmentUpdated {
  environment: EnvironmentProfile;
  /** The base URL moved to another host, so the stored credentials were cleared: ask for them again. */
  credentialsCleared: boolean;
}

export interface EnvironmentRemoved {
  removedId: string;
  activeEnvironmentId: string;
  /** False only when removal was forced while the keychain could not be reached. */
  credentialsCleared: boolean;
}

export const LANGUAGES = ['en', 'es', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export interface Preferences {
  language: Language;
  theme: Theme;
}

// ---------------------------------------------------------------------------------------------
// Audit journal (main/core/audit): what the journal screen and `paydesk audit` see
// ---------------------------------------------------------------------------------------------

/** The mutating calls the journal records. */
export const AUDIT_ACTIONS = ['deposit.create', 'refund.create', 'cashout.cancel'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `pending`: an intent with no outcome yet (in flight, or the process died before the answer). */
export const AUDIT_STATES = ['ok', 'error', 'outcome_unknown', 'pending'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];

/** `gap`: an operator acknowledged entries cut off the journal's end (see AuditAnchorReport). */
export type AuditEntryType = 'intent' | 'outcome' | 'resolution' | 'repair' | 'gap';
/** How the user settled an intent whose outcome was unknown. `manual`: checked elsewhere, with a note. */
export type AuditResolutionMethod = 'status_reread' | 'retried_same_key' | 'manual';

export interface AuditIds {
  invoice_id?: string;
  deposit_id?: number;
  refund_id?: number;
  cashout_id?: number;
  external_id?: string;
}

export interface AuditEnvironmentRef {
  id: string;
  name: string;
  kind: EnvironmentKind;
}

/** One journal line. Outcome and resolution lines repeat their intent's environment, action and key. */
export interface AuditEntryView {
  seq: number;
  /** ISO time of the writing machine's clock. */
  time: string;
  type: AuditEntryType;
  intentId?: string;
  environment?: AuditEnvironmentRef;
  osUser?: string | null;
  action?: AuditAction;
  /** The intent's ids, plus the ids an outcome or a resolution produced. */
  ids?: AuditIds;
  idempotencyKey?: string | null;
  reason?: string | null;
  /** Masked summary of the request (never a full document, account, wallet, e-mail or name). */
  summary?: Record<string, string | number | boolean>;
  /** What this outcome or resolution line says. */
  result?: 'ok' | 'error' | 'outcome_unknown';
  /** The operation's state now, after every later line (absent on repair lines). */
  state?: AuditState;
  resolutionMethod?: AuditResolutionMethod;
  errorKind?: ErrorKind;
  serviceCode?: number;
  httpStatus?: number;
  /** A status the answer carried, e.g. a cashout's `CANCELLED`. */
  status?: string;
  /** Repair and gap lines: what was moved aside or acknowledged; resolution lines: the user's note. */
  note?: string;
  hash: string;
}

/** All fields optional; `from` inclusive and `to` exclusive, ISO times. */
export interface AuditFilter {
  environmentId?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  state?: AuditState;
}

export type AuditProblemKind = 'tampered' | 'broken_link' | 'bad_sequence' | 'unparseable' | 'truncated';

/**
 * How the journal's end compares with the head kept outside it (`journal.anchor`), which is what
 * shows lines cut off the end. `behind`: entries were written after the anchor's last update (a
 * crash in between, or an older Paydesk): not a problem. The last three refuse new entries until
 * an operator acknowledges them (`paydesk audit acknowledge-truncation`).
 */
export type AuditAnchorState = 'matches' | 'behind' | 'entries_missing' | 'mismatch' | 'unreadable';

/** A journal head: its last entry's sequence number and hash (null: no entry) and the file's length. */
export interface AuditHead {
  seq: number;
  hash: string | null;
  bytes: number;
}

export interface AuditAnchorReport {
  state: AuditAnchorState;
  /** The head the anchor names (absent when it cannot be read). */
  head?: AuditHead;
  /** `entries_missing`: entries cut off the end; `behind`: entries written after the anchor. */
  count?: number;
  /** When the anchor started and the entries the journal had then: a cut before that cannot be seen. */
  since?: { time: string; seq: number };
  message: string;
}

/** A cut-short last line (a crash mid-write) moved to a file beside the journal. */
export interface AuditRepairReport {
  seq: number;
  time: string;
  bytes: number;
  sidecar: string;
}

/** An operator's acknowledgement of entries cut off the end, or of an anchor that disagreed. */
export interface AuditGapReport {
  seq: number;
  time: string;
  osUser: string | null;
  reason: string;
  problem: Exclude<AuditAnchorState, 'matches' | 'behind'>;
  /** How many entries were missing (null when the anchor disagreed or could not be read). */
  missingEntries: number | null;
  /** The head the anchor named then (null when it could not be read). */
  anchorHead: AuditHead | null;
}

export interface AuditVerifyReport {
  /** False when the chain is broken or the anchor shows missing or rewritten entries. */
  ok: boolean;
  /** Whole entries read (up to the end, or up to the first problem). */
  entries: number;
  /** Hash of the last good entry. */
  headHash: string | null;
  firstProblem?: { line: number; kind: AuditProblemKind; message: string };
  /** The journal's own verify adds these; a bare check of the file's bytes cannot. */
  anchor?: AuditAnchorReport;
  repairs?: AuditRepairReport[];
  gaps?: AuditGapReport[];
  /** New entries are refused until an operator acknowledges the anchor's problem. */
  writesRefused?: boolean;
}

/**
 * An earlier intent on the target of a new one. `unknown`: nobody knows whether it happened, so a
 * new intent under another key could do it twice; `ok`: it happened (a deposit with this invoice
 * id exists).
 */
export interface BlockingIntent {
  intentId: string;
  action: AuditAction;
  environment: AuditEnvironmentRef;
  time: string;
  /** The key a retry must reuse (D6); null for a cashout cancel. */
  idempotencyKey: string | null;
  state: 'unknown' | 'ok';
  ids: AuditIds;
  /** The new request has the same content as the earlier one, so resending it is a plain retry. */
  sameRequest: boolean;
  /** The earlier request is still kept, so it can be sent again under its key. */
  canRetry: boolean;
}

/** How an operator settles an unknown outcome after checking it elsewhere (the merchant panel, the bank). */
export interface AuditSettleInput {
  intentId: string;
  /** `happened`: the service did act; `did_not_happen`: it did not. */
  verdict: 'happened' | 'did_not_happen';
  /** How it was checked; kept in the journal with the OS user. */
  note: string;
}

/** An intent whose outcome nobody knows: offer "re-read the status" or "retry with the same key". */
export interface AuditUnresolvedView {
  intentId: string;
  seq: number;
  time: string;
  environment: AuditEnvironmentRef;
  osUser: string | null;
  action: AuditAction;
  ids: AuditIds;
  /** The ORIGINAL key: a retry reuses it (D6); a new key is never made silently. */
  idempotencyKey: string | null;
  reason: string | null;
  summary: Record<string, string | number | boolean>;
  /** `no_outcome`: the process stopped before an answer; `answer_lost`: the call's answer never came. */
  cause: 'no_outcome' | 'answer_lost';
  /** The exact request is still spooled, so "retry with the same key" can be offered. */
  canRetry: boolean;
}

// ---------------------------------------------------------------------------------------------
// Clock, credential doctor, guard rails
// ---------------------------------------------------------------------------------------------

/** The live estimate of the local clock's offset from the service (Date headers, D2). */
export type ClockState =
  /** No answer has been seen yet. */
  | 'unmeasured'
  /** Local clock within `correctAboveMs` of the service: X-Date uses the local clock. */
  | 'in_sync'
  /** Local clock off, X-Date is corrected by the estimate. */
  | 'corrected'
  /** Local clock off and the estimate cannot be used (correction disabled or too uncertain). */
  | 'uncorrectable';

export interface ClockStatus {
  state: ClockState;
  /** Estimated service time minus local time in ms (positive: local clock is behind); null before any sample. */
  offsetMs: number | null;
  /** Half-width of the interval the true offset lies in; null before any sample. */
  uncertaintyMs: number | null;
  /** Answers with a usable `Date` header seen since the clock was created. */
  samples: number;
  /** Local epoch ms of the last sample; null before any sample. */
  lastSampleAt: number | null;
  /** X-Date is currently written on the service's estimated time. */
  correctionActive: boolean;
  /**
   * True while a mutating action would most likely be refused for its X-Date: the offset is over
   * `blockMutationsAboveMs` and no usable correction exists. The UI blocks such actions on it.
   */
  blocksMutations: boolean;
}

export const DOCTOR_VERDICTS = [
  'ok',
  'not_configured',
  'bad_key',
  'bad_signature',
  'clock_skew',
  'ip_not_allowed',
  'host_unreachable',
  'tls_failure',
  'keychain_unavailable',
  'unexpected_answer',
] as const;
export type DoctorVerdict = (typeof DOCTOR_VERDICTS)[number];

export interface DoctorCheck {
  set: CredentialSet;
  verdict: DoctorVerdict;
  /** What to do next, in one sentence. */
  advice: string;
  /** The harmless call that was made, e.g. `GET /v3/payment_methods?country=BR`. */
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

/** Production opens read-only; arming it for mutating actions expires after 10 idle minutes. */
export interface ArmingState {
  environmentId: string;
  /** Always true outside production. */
  armed: boolean;
  /** ISO time the arming lapses unless the user acts again; null when not armed or not production. */
  expiresAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Operations
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

export interface FieldIssue {
  field: string;
  message: string;
}

export interface DepositCheck {
  /** Empty when the body can be sent. */
  issues: FieldIssue[];
  /** What the service will answer (D9). */
  expectedFlow: 'ONE_SHOT' | 'HOSTED';
  quickPay: boolean;
  /** reported_info fields the chosen method requires, with their masks (for the form's hints). */
  reportedInfoRules: Array<{ field: keyof ReportedInfoInput; mask: string | null }>;
}

export interface DepositCreateOutcome {
  created: Fetched<DepositCreated>;
  idempotencyKey: string;
  intentId: string | null;
}

export interface RefundPreflight {
  deposit: Fetched<DepositStatus>;
  /** What can still be refunded in the deposit's currency (deposit amount minus refunds the console knows of). */
  remaining: number | null;
  currency: string | null;
  paidByCard: boolean;
  bankAccountRequired: boolean;
  /**
   * A refund of this deposit whose outcome is unknown: no new refund can be made until it is
   * retried under its key or settled (the core refuses it, `intent_unresolved`).
   */
  blockingIntent: BlockingIntent | null;
  /** Reasons the refund cannot be sent (e.g. the deposit is not COMPLETED). */
  blockers: string[];
  /** Reasons to look twice (e.g. the payer verification says the payer differs). */
  warnings: string[];
}

export interface RefundCreateOutcome {
  created: Fetched<RefundCreated>;
  idempotencyKey: string;
  intentId: string | null;
}

export interface CashoutCancelOutcome {
  status: Fetched<CashoutStatus>;
  intentId: string | null;
}

export interface WatchedSubMerchant {
  subMerchantId: number;
  result: Result<Fetched<SubMerchant>>;
}

export const SANDBOX_ENTITIES = ['deposit', 'refund', 'cashout'] as const;
export type SandboxEntity = (typeof SANDBOX_ENTITIES)[number];

export interface SandboxNotification {
  url: string;
  body: string;
  attempt: number;
  sentAt: string;
  answerStatus: number | null;
  error?: string;
}

/** The renderer's whole view of main: one method per operation, one plain argument, a Result. */
export interface ConsoleApi {
  // Environments, credentials, preferences
  listEnvironments(arg: Record<string, never>): Promise<Result<EnvironmentList>>;
  addEnvironment(arg: EnvironmentAddInput): Promise<Result<EnvironmentProfile>>;
  updateEnvironment(arg: EnvironmentUpdateInput): Promise<Result<EnvironmentUpdated>>;
  /** A production profile is removed only with its name typed exactly (`typedName`), as arming asks. */
  removeEnvironment(arg: { id: string; typedName?: string }): Promise<Result<EnvironmentRemoved>>;
  useEnvironment(arg: { id: string }): Promise<Result<EnvironmentList>>;
  getCredentialStatus(arg: { environmentId: string }): Promise<Result<EnvironmentCredentialStatus>>;
  setCredential(arg: {
    environmentId: string;
    field: CredentialField;
    value: string;
  }): Promise<Result<CredentialFieldStatus>>;
  clearCredential(arg: {
    environmentId: string;
    field: CredentialField;
  }): Promise<Result<CredentialFieldStatus>>;
  runDoctor(arg: { environmentId: string }): Promise<Result<DoctorReport>>;
  getClockStatus(arg: { environmentId?: string }): Promise<Result<ClockStatus>>;
  getPreferences(arg: Record<string, never>): Promise<Result<Preferences>>;
  setPreferences(arg: Partial<Preferences>): Promise<Result<Preferences>>;
  // Deposits
  getDeposit(arg: { depositId: number }): Promise<Result<Fetched<DepositStatus>>>;
  checkDeposit(arg: { body: DepositCreateBody }): Promise<Result<DepositCheck>>;
  createDeposit(arg: { body: DepositCreateBody } & MutationMeta): Promise<Result<DepositCreateOutcome>>;
  // Refunds
  getRefund(arg: { refundId: number }): Promise<Result<Fetched<RefundStatus>>>;
  refundPreflight(arg: { depositId: number; amount?: number }): Promise<Result<RefundPreflight>>;
  createRefund(arg: { body: RefundCreateBody } & MutationMeta): Promise<Result<RefundCreateOutcome>>;
  // Cashouts
  getCashoutStatus(arg: CashoutRef): Promise<Result<Fetched<CashoutStatus>>>;
  cancelCashout(
    arg: { cashoutId: number; externalId: string; typedConfirmation?: string } & MutationMeta,
  ): Promise<Result<CashoutCancelOutcome>>;
  // Reference data
  listPaymentMethods(arg: { country: string }): Promise<Result<Fetched<PaymentMethod[]>>>;
  listBanks(arg: { country: string }): Promise<Result<Fetched<Bank[]>>>;
  getCryptoQuote(arg: {
    currency: string;
    amount?: number;
    crypto: string;
  }): Promise<Result<Fetched<CryptoQuote>>>;
  // Sub-merchants
  getSubMerchant(arg: { subMerchantId: number }): Promise<Result<Fetched<SubMerchant>>>;
  listWatchedSubMerchants(arg: Record<string, never>): Promise<Result<WatchedSubMerchant[]>>;
  watchSubMerchant(arg: { subMerchantId: number }): Promise<Result<EnvironmentProfile>>;
  unwatchSubMerchant(arg: { subMerchantId: number }): Promise<Result<EnvironmentProfile>>;
  // External links (only https redirect URLs the service sent, after the user confirmed)
  openExternal(arg: { url: string }): Promise<Result<{ opened: boolean }>>;
  // Local sandbox controls (only while a local-sandbox environment is active)
  sandboxTransition(arg: {
    entity: SandboxEntity;
    id: number;
    to: string;
    rejectionCode?: number;
    rejectionReason?: string;
  }): Promise<Result<{ status: string }>>;
  sandboxCreateCashout(arg: {
    externalId?: string;
    amount?: number;
    currency?: string;
    country?: string;
    status?: string;
  }): Promise<Result<{ cashoutId: number; externalId: string }>>;
  sandboxAdvanceClock(arg: { seconds: number }): Promise<Result<{ now: string }>>;
  sandboxNotifications(arg: Record<string, never>): Promise<Result<SandboxNotification[]>>;
  // Guard rails
  getArming(arg: Record<string, never>): Promise<Result<ArmingState>>;
  armProduction(arg: { confirmation: string }): Promise<Result<ArmingState>>;
  disarmProduction(arg: Record<string, never>): Promise<Result<ArmingState>>;
  // Audit journal
  auditEntries(arg: AuditFilter): Promise<Result<AuditEntryView[]>>;
  auditVerify(arg: Record<string, never>): Promise<Result<AuditVerifyReport>>;
  auditExportCsv(arg: AuditFilter): Promise<Result<{ fileName: string; csv: string }>>;
  auditUnresolved(arg: Record<string, never>): Promise<Result<AuditUnresolvedView[]>>;
  auditReread(arg: { intentId: string }): Promise<Result<AuditEntryView>>;
  auditRetry(arg: { intentId: string }): Promise<Result<AuditEntryView>>;
  auditSettle(arg: AuditSettleInput): Promise<Result<AuditEntryView>>;
  /** The unknown intent that would block a new one on this target, if any (screens disable the action on it). */
  blockingIntent(arg: { action: AuditAction; ids: AuditIds }): Promise<Result<BlockingIntent | null>>;
  // Batch lookup (DTOs in the "Batch lookup and watchlist" section below)
  batchParse(arg: { kind: BatchKind; text: string }): Promise<Result<BatchParseResult>>;
  batchStart(arg: BatchStartInput): Promise<Result<BatchSummary>>;
  batchCancel(arg: { batchId: string }): Promise<Result<BatchSummary>>;
  batchResume(arg: { batchId: string }): Promise<Result<BatchSummary>>;
  batchList(arg: Record<string, never>): Promise<Result<BatchSummary[]>>;
  batchRows(arg: BatchRowsQuery): Promise<Result<BatchRowsPage>>;
  batchExportCsv(arg: { batchId: string }): Promise<Result<{ fileName: string; csv: string }>>;
  batchDiscard(arg: { batchId: string }): Promise<Result<{ discarded: boolean }>>;
  // Watchlist (of the active environment)
  watchList(arg: Record<string, never>): Promise<Result<WatchListView>>;
  watchPin(arg: WatchRef): Promise<Result<WatchItem>>;
  watchUnpin(arg: WatchRef): Promise<Result<WatchListView>>;
  watchSetInterval(arg: { seconds: number }): Promise<Result<WatchListView>>;
  watchTimeline(arg: WatchRef): Promise<Result<WatchTimeline>>;
  watchPollNow(arg: Record<string, never>): Promise<Result<WatchListView>>;
}

/** One channel per operation; the preload bridge and the web bridge are generated from this map. */
export const CHANNELS = {
  listEnvironments: 'paydesk:environments:list',
  addEnvironment: 'paydesk:environments:add',
  updateEnvironment: 'paydesk:environments:update',
  removeEnvironment: 'paydesk:environments:remove',
  useEnvironment: 'paydesk:environments:use',
  getCredentialStatus: 'paydesk:credentials:status',
  setCredential: 'paydesk:credentials:set',
  clearCredential: 'paydesk:credentials:clear',
  runDoctor: 'paydesk:environments:doctor',
  getClockStatus: 'paydesk:clock:status',
  getPreferences: 'paydesk:preferences:get',
  setPreferences: 'paydesk:preferences:set',
  getDeposit: 'paydesk:deposits:get',
  checkDeposit: 'paydesk:deposits:check',
  createDeposit: 'paydesk:deposits:create',
  getRefund: 'paydesk:refunds:get',
  refundPreflight: 'paydesk:refunds:preflight',
  createRefund: 'paydesk:refunds:create',
  getCashoutStatus: 'paydesk:cashouts:status',
  cancelCashout: 'paydesk:cashouts:cancel',
  listPaymentMethods: 'paydesk:reference:payment-methods',
  listBanks: 'paydesk:reference:banks',
  getCryptoQuote: 'paydesk:reference:crypto-quote',
  getSubMerchant: 'paydesk:sub-merchants:get',
  listWatchedSubMerchants: 'paydesk:sub-merchants:watched',
  watchSubMerchant: 'paydesk:sub-merchants:watch',
  unwatchSubMerchant: 'paydesk:sub-merchants:unwatch',
  openExternal: 'paydesk:shell:open-external',
  sandboxTransition: 'paydesk:sandbox:transition',
  sandboxCreateCashout: 'paydesk:sandbox:create-cashout',
  sandboxAdvanceClock: 'paydesk:sandbox:advance-clock',
  sandboxNotifications: 'paydesk:sandbox:notifications',
  getArming: 'paydesk:guard:arming',
  armProduction: 'paydesk:guard:arm',
  disarmProduction: 'paydesk:guard:disarm',
  auditEntries: 'paydesk:audit:entries',
  auditVerify: 'paydesk:audit:verify',
  auditExportCsv: 'paydesk:audit:export-csv',
  auditUnresolved: 'paydesk:audit:unresolved',
  auditReread: 'paydesk:audit:reread',
  auditRetry: 'paydesk:audit:retry',
  auditSettle: 'paydesk:audit:settle',
  blockingIntent: 'paydesk:audit:blocking-intent',
  batchParse: 'paydesk:batch:parse',
  batchStart: 'paydesk:batch:start',
  batchCancel: 'paydesk:batch:cancel',
  batchResume: 'paydesk:batch:resume',
  batchList: 'paydesk:batch:list',
  batchRows: 'paydesk:batch:rows',
  batchExportCsv: 'paydesk:batch:export-csv',
  batchDiscard: 'paydesk:batch:discard',
  watchList: 'paydesk:watch:list',
  watchPin: 'paydesk:watch:pin',
  watchUnpin: 'paydesk:watch:unpin',
  watchSetInterval: 'paydesk:watch:set-interval',
  watchTimeline: 'paydesk:watch:timeline',
  watchPollNow: 'paydesk:watch:poll-now',
} as const satisfies { [K in keyof ConsoleApi]: `paydesk:${string}` };

export type ChannelName = keyof ConsoleApi;

/** Events main pushes to the page. A listener gets the payload only, never the raw IPC event. */
export interface ConsoleEvents {
  environmentChanged: EnvironmentList;
  clockChanged: { environmentId: string; clock: ClockStatus };
  armingChanged: ArmingState;
  /** A batch moved on (throttled while running) or changed state. */
  batchProgress: BatchSummary;
  /** A watched object changed status: a desktop notification (a toast in the browser build). */
  watchChanged: WatchChangedEvent;
}
export type ConsoleEventName = keyof ConsoleEvents;
export const EVENT_CHANNEL = 'paydesk:event' as const;
export const CONSOLE_EVENT_NAMES = [
  'environmentChanged',
  'clockChanged',
  'armingChanged',
  'batchProgress',
  'watchChanged',
] as const satisfies readonly ConsoleEventName[];

/** What `window.paydesk` is, in Electron (preload) and in the browser build (web bridge) alike. */
export type PaydeskBridge = Readonly<
  ConsoleApi & {
    on<E extends ConsoleEventName>(event: E, listener: (payload: ConsoleEvents[E]) => void): () => void;
  }
>;

// ---------------------------------------------------------------------------------------------
// Batch lookup and watchlist (main/core/batch, main/core/watchlist)
// ---------------------------------------------------------------------------------------------

/**
 * Ids in batches and on the watchlist are TEXT in one canonical form, so that one type crosses
 * the bridge, the CSV and the CLI: a deposit, refund or sub-merchant id as its decimal digits
 * (`300000001`, leading zeros dropped); a cashout as its numeric `cashout_id` (`11954`) or as
 * BATCH_LIMITS.externalIdPrefix followed by its merchant-side `external_id` (`ext:payout-7781`).
 */
export const BATCH_KINDS = ['deposits', 'refunds', 'cashouts'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

export const BATCH_LIMITS = {
  /** Distinct ids one batch may hold. */
  maxIds: 100_000,
  /** Characters of pasted text or CSV that batchParse reads. */
  maxTextChars: 2 * 1024 * 1024,
  /** Invalid tokens and duplicates batchParse lists (their counts are always complete). */
  maxListed: 1_000,
  /** Lookups in flight at once. */
  concurrency: { min: 1, max: 32, default: 8 },
  /** Requests per second (a token bucket). */
  ratePerSecond: { min: 1, max: 10_000, default: 50 },
  /** Rows one batchRows call answers. */
  maxPageRows: 1_000,
  /** Batches kept in memory (the oldest finished one is dropped first); at most 3 run at once. */
  maxKeptBatches: 10,
  maxRunningBatches: 3,
  externalIdPrefix: 'ext:',
} as const;

/** A token that is not an id of the kind, with why; `row` is the 1-based line (CSV: record). */
export interface BatchInvalidToken {
  token: string;
  row: number;
  reason: string;
}

export interface BatchDuplicate {
  id: string;
  /** How many times the id appeared in all (2 or more). */
  occurrences: number;
}

export interface BatchParseResult {
  kind: BatchKind;
  /** Canonical ids, each once, in the order first seen. */
  ids: string[];
  /** The header row that was recognised and skipped, as its cells; null when there was none. */
  header: string[] | null;
  /** The id column(s) the header named, when only those were read (e.g. `deposit_id`). */
  idColumns: string[] | null;
  /** The first BATCH_LIMITS.maxListed ids given more than once. */
  duplicates: BatchDuplicate[];
  /** Occurrences dropped as duplicates, in all. */
  duplicateCount: number;
  /** The first BATCH_LIMITS.maxListed tokens that are not ids. Never skipped silently. */
  invalid: BatchInvalidToken[];
  invalidCount: number;
}

export interface BatchStartInput {
  kind: BatchKind;
  /** Canonical ids (as batchParse answers them), at most BATCH_LIMITS.maxIds, no duplicates. */
  ids: string[];
  /** Default BATCH_LIMITS.concurrency.default. */
  concurrency?: number;
  /** Default BATCH_LIMITS.ratePerSecond.default. */
  ratePerSecond?: number;
}

/**
 * `running`; `cancelled` (by the user, or because the active environment changed: see
 * `cancelReason`); `done`: every id has an answer; `failed`: stopped by a problem that is not the
 * id's own (credentials, signature, clock, IP allow-list, TLS, the service unreachable): see `error`.
 */
export const BATCH_STATES = ['running', 'cancelled', 'done', 'failed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Compared with the last finished run of the same kind in the same environment. */
export const BATCH_CHANGES = ['new', 'changed', 'same'] as const;
export type BatchChange = (typeof BATCH_CHANGES)[number];

export interface BatchSummary {
  batchId: string;
  kind: BatchKind;
  /** Batches run against the environment active when they started; a switch cancels them. */
  environmentId: string;
  state: BatchState;
  total: number;
  /** Ids with an answer, failed lookups included. */
  done: number;
  /** Ids whose lookup failed (not found, refused, network…): a subset of `done`. */
  failed: number;
  /** Lookups per second measured over the current run. */
  ratePerSecond: number;
  concurrency: number;
  /** The rate cap in requests per second. */
  rateLimit: number;
  /** Rows marked `changed` and `new` so far. */
  changed: number;
  new: number;
  startedAt: string;
  /** When the batch last stopped (done, cancelled, failed); null while running. */
  finishedAt: string | null;
  cancelReason: 'user' | 'environment_changed' | null;
  /** Why a `failed` batch stopped; null otherwise. */
  error: ConsoleError | null;
  /** batchResume would fetch something: ids not looked up yet, or lookups that failed for a passing reason. */
  resumable: boolean;
  /** Finish time of the run the rows are compared with; null when there was none. */
  previousRunAt: string | null;
}

export const BATCH_ROW_STATES = ['pending', 'ok', 'failed'] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

/**
 * One id of a batch. Summary fields are present only when the service sent them (spec records
 * have no dates; the amount is `local_amount`, else `amount`). A failed lookup carries the
 * error's kind, service code and message instead.
 */
export interface BatchRow {
  /** Position in the batch, 0-based (the order of the ids given). */
  index: number;
  id: string;
  state: BatchRowState;
  /** Deposit or refund status; a cashout's status name (D7), or its description for an unknown code. */
  status?: string;
  /**
   * Against the last finished run: `new` (the id was not in it), `changed`, `same`. A not-found id
   * compares as "not found". null while pending, or when the lookup failed for another reason.
   */
  changed: BatchChange | null;
  /** The status in the last finished run (null: not found then); absent when that run lacked the id. */
  previousStatus?: string | null;
  amount?: number;
  currency?: string;
  /** Deposits. */
  usdAmount?: number;
  /** Deposit `invoice_id`, refund `merchant_invoice_id`. */
  invoiceId?: string;
  country?: string;
  paymentMethod?: string;
  refunded?: boolean;
  /** Refunds: the refunded deposit. */
  depositId?: number;
  /** Cashouts (D7). */
  statusCode?: number;
  rejectionCode?: number;
  rejectionReason?: string;
  errorKind?: ErrorKind;
  /** The service's code (e.g. 208, 509). */
  errorCode?: number;
  httpStatus?: number;
  errorMessage?: string;
}

export const BATCH_ROW_FILTERS = ['all', 'ok', 'failed', 'pending', 'changed', 'new'] as const;
export type BatchRowFilter = (typeof BATCH_ROW_FILTERS)[number];

export interface BatchRowsQuery {
  batchId: string;
  /** Into the rows that match the filter, 0-based. */
  offset: number;
  /** 1 … BATCH_LIMITS.maxPageRows. */
  limit: number;
  /** Default `all`. `changed`: rows marked changed; `new`: rows marked new. */
  filter?: BatchRowFilter;
}

export interface BatchRowsPage {
  batchId: string;
  filter: BatchRowFilter;
  offset: number;
  /** Rows that match the filter, in all (the virtual list's length). */
  total: number;
  rows: BatchRow[];
  summary: BatchSummary;
}

/** What can be pinned; a cashout by its `cashout_id` or `ext:<external_id>` (see BATCH_KINDS). */
export const WATCH_KINDS = ['deposit', 'refund', 'cashout', 'sub_merchant'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

export const WATCH_LIMITS = {
  minIntervalSeconds: 15,
  maxIntervalSeconds: 3_600,
  defaultIntervalSeconds: 60,
  maxItemsPerEnvironment: 200,
  /** Timeline entries kept per object: the first sighting and the latest changes. */
  timelineLength: 50,
} as const;

/** `alarm`: a refund or cashout moved COMPLETED → REJECTED (the bank's late rejection); `info`: any other move. */
export type WatchSeverity = 'info' | 'alarm';

export interface WatchRef {
  kind: WatchKind;
  /** Canonical id text: `300000001`, `11954`, `ext:payout-7781`. */
  id: string;
}

/** `from: null`: the first time the object was seen. Times are the console's clock, ISO. */
export interface WatchTimelineEntry {
  at: string;
  from: string | null;
  to: string;
  severity: WatchSeverity;
}

export interface WatchItem {
  environmentId: string;
  kind: WatchKind;
  id: string;
  pinnedAt: string;
  /** The last status seen (a sub-merchant's `status`, a cashout's D7 name); null before the first sighting. */
  status: string | null;
  /** The last poll of this object, whatever its outcome. */
  lastCheckedAt: string | null;
  lastChangeAt: string | null;
  /** Why the last poll of this object failed; null after a good one. */
  lastError: ConsoleError | null;
  /** Some change on its timeline is an alarm. */
  alarm: boolean;
  /** Changes seen since the first sighting. */
  changes: number;
}

/**
 * Only the active environment is polled (one poller, at the chosen interval with ±10 % jitter,
 * backing off while every poll fails); pins of other environments wait until it is active again.
 */
export interface WatchListView {
  environmentId: string;
  intervalSeconds: number;
  /** A poll is scheduled (there is something to poll, and polling runs in this process). */
  polling: boolean;
  nextPollAt: string | null;
  lastPollAt: string | null;
  items: WatchItem[];
  /** An unreadable watchlist file was moved here and the list started empty. */
  recoveredFrom?: string;
}

export interface WatchTimeline {
  item: WatchItem;
  /** Oldest first. */
  entries: WatchTimelineEntry[];
}

export interface WatchChangedEvent {
  item: WatchItem;
  change: WatchTimelineEntry;
  severity: WatchSeverity;
}

// ---------------------------------------------------------------------------------------------
// Desktop shell (Electron only; main/electron/desktop.ts)
// ---------------------------------------------------------------------------------------------

/**
 * `window.paydeskDesktop`, which only the Electron preload adds (the browser build has none).
 * Electron's context-menu event does not say which element was right-clicked, so the page asks
 * for the menu of an id it marked with `data-copy-id` itself; main answers with a native menu.
 */
export interface PaydeskDesktop {
  showIdContextMenu(arg: { id: string; hasSelection: boolean }): Promise<Result<void>>;
}

export const DESKTOP_CHANNELS = {
  showIdContextMenu: 'paydesk:desktop:id-context-menu',
} as const satisfies Record<keyof PaydeskDesktop, `paydesk:${string}`>;
