/** The audit journal (main/core/audit): what the journal screen and `paydesk audit` see. */
import type { EnvironmentKind } from './environments';
import type { ErrorKind, MessageText } from './results';
import { method, type ApiOf } from './method';

/** The mutating calls the journal records. */
export const AUDIT_ACTIONS = ['deposit.create', 'refund.create', 'cashout.cancel'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `pending`: an intent with no outcome yet (in flight, or the process died before the answer). */
export const AUDIT_STATES = ['ok', 'error', 'outcome_unknown', 'pending'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];

/**
 * `gap`: an operator acknowledged entries cut off the journal's end (see AuditAnchorReport);
 * `damage`: a person repaired an unreadable line in the middle (see AuditDamageReport).
 */
type AuditEntryType = 'intent' | 'outcome' | 'resolution' | 'repair' | 'gap' | 'damage';
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
  /**
   * The merchant's account at the service the intent moved money on (D19): its origin and a hash
   * of its key. Absent on lines written before accounts were recorded.
   */
  account?: string;
}

/** One journal line. Outcome and resolution lines repeat their intent's environment, action and key. */
export interface AuditEntryView {
  seq: number;
  /**
   * Absent for a line of this desk's own journal file; else the profile whose journal the team's
   * database keeps (its stream has a chain and numbering of its own).
   */
  chain?: string;
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
  /**
   * How much the request moved, from its summary, on each line of the operation: a deposit's or a
   * refund's amount and its currency (absent when the request named none, e.g. a cashout cancel).
   */
  amount?: number;
  currency?: string;
  /** Who settled the operation by hand or by a re-read, on each of its lines once it is settled. */
  settledBy?: string | null;
  /**
   * A move the team approved (docs/architecture.md, "Team mode: approvals"), on each line of its
   * operation: the team person who asked for it and those who approved it, as the team's request said.
   */
  madeBy?: string;
  approvedBy?: string[];
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

type AuditProblemKind = 'tampered' | 'broken_link' | 'bad_sequence' | 'unparseable' | 'truncated';

/**
 * How the journal's end compares with the head kept outside it (`journal.anchor`), which is what
 * shows lines cut off the end. `behind`: entries were written after the anchor's last update (a
 * crash in between, or an older Paydesk): not a problem. The last three refuse new entries until
 * an operator acknowledges them (`paydesk audit acknowledge-truncation`).
 */
export type AuditAnchorState =
  'matches' | 'behind' | 'entries_missing' | 'mismatch' | 'unreadable' | 'anchor_missing';

/** A journal head: its last entry's sequence number and hash (null: no entry) and the file's length. */
interface AuditHead {
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
interface AuditRepairReport {
  seq: number;
  time: string;
  bytes: number;
  sidecar: string;
}

/** An operator's acknowledgement of entries cut off the end, or of an anchor that disagreed. */
interface AuditGapReport {
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
  /** `message` in English (the CLI, the logs); `text` the same sentence as a key for the screens. */
  firstProblem?: { line: number; kind: AuditProblemKind; message: string; text: MessageText };
  /** The journal's own verify adds these; a bare check of the file's bytes cannot. */
  anchor?: AuditAnchorReport;
  repairs?: AuditRepairReport[];
  gaps?: AuditGapReport[];
  /** Unreadable lines in the middle: repaired ones (with their damage entry), and those waiting. */
  damages?: AuditDamageReport[];
  /** New entries are refused until an operator acknowledges the anchor's problem or repairs a line. */
  writesRefused?: boolean;
}

/**
 * A line in the middle of the journal that cannot be trusted (not JSON, edited, not linked). Until a
 * person repairs it (`paydesk audit repair`), no money moves: it may have been an unknown intent.
 */
export interface AuditDamageReport {
  line: number;
  kind: AuditProblemKind;
  /** In English (the CLI, the logs). */
  problem: string;
  /** The damage entry that repaired it, when one did. */
  repairedAt?: { seq: number; time: string; osUser: string | null; reason: string; sidecar: string };
  /** What it may have been: intents whose own line is unreadable. */
  suspects: number;
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
  /** The earlier request is still kept and its key young enough (D18), so it can be sent again under it. */
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
  /** As on AuditEntryView: absent in this desk's file, else the profile whose team stream has it. */
  chain?: string;
  time: string;
  environment: AuditEnvironmentRef;
  osUser: string | null;
  action: AuditAction;
  ids: AuditIds;
  /** The ORIGINAL key: a retry reuses it (D6); a new key is never made silently. */
  idempotencyKey: string | null;
  reason: string | null;
  summary: Record<string, string | number | boolean>;
  /**
   * `no_outcome`: the process stopped before an answer; `answer_lost`: the call's answer never came;
   * `damaged_line`: its own journal line is unreadable, and a repair listed it as what that line may
   * have been.
   */
  cause: 'no_outcome' | 'answer_lost' | 'damaged_line';
  /** The exact request is still kept and its key is young enough, so "retry with the same key" can be offered. */
  canRetry: boolean;
  /**
   * Until when the same key may be sent again (D18: the service forgets a key after 24 h; the
   * console stops at 23 h). Null for a request without a key (a cashout cancel).
   */
  resendUntil: string | null;
  /** `resendUntil` has passed (by main's clock): never sent again under its key; read its status or settle it by hand. */
  resendExpired: boolean;
}

export const AUDIT_METHODS = {
  listAuditEntries: method<AuditFilter, AuditEntryView[]>(),

  verifyAudit: method<Record<string, never>, AuditVerifyReport>(),

  exportAuditCsv: method<AuditFilter, { fileName: string; csv: string }>(),

  listUnresolvedIntents: method<Record<string, never>, AuditUnresolvedView[]>(),

  rereadIntent: method<{ intentId: string }, AuditEntryView>(),

  /**
   * Sends it again under its original key (D6), never past 23 h (D18). `reason`: why now, where the
   * original gave none (production needs one); by default the original's.
   */
  retryIntent: method<{ intentId: string; reason?: string }, AuditEntryView>(),

  settleIntent: method<AuditSettleInput, AuditEntryView>(),

  /** The unknown intent that would block a new one on this target, if any (screens disable the action on it). */
  getBlockingIntent: method<{ action: AuditAction; ids: AuditIds }, BlockingIntent | null>(),
};
export type AuditApi = ApiOf<typeof AUDIT_METHODS>;
