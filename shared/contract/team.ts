/**
 * Team mode as a desk sees it (docs/architecture.md, "Team mode"): whether the active environment
 * is in a team, where its database is, who this desk is there, and who is who.
 */
import type { CashoutCancelOutcome } from './cashouts';
import type { DepositCreateOutcome } from './deposits';
import { method, type ApiOf } from './method';
import type { RefundCreateOutcome } from './refunds';
import type { ConsoleError, JsonObject } from './results';

/** The team's group roles (`paydesk_<group>` in its database), the words the screens say. */
export const TEAM_GROUPS = ['viewer', 'operator', 'approver', 'executor', 'admin'] as const;
export type TeamGroup = (typeof TEAM_GROUPS)[number];

/**
 * What `paydesk team doctor` reports of one connection to the team database: whether the session
 * is TLS as the server sees it, who it is, its groups, and the schema against this code's.
 */
export interface TeamDoctorReport {
  tls: { on: boolean; version: string | null; cipher: string | null };
  role: string;
  /** The role owns the database: the one that runs `paydesk team …`, not a person. */
  owner: boolean;
  /** The team groups the role is directly in. */
  groups: TeamGroup[];
  schema: {
    /** null when this role may not read it (a role in no group). */
    found: number | null;
    expected: number;
    verdict: 'ok' | 'owner_must_migrate' | 'update_paydesk' | 'unreadable';
  };
  /** What to do about each problem, in order; empty when all is well. */
  advice: string[];
}

/** One person of the team: a login role of its database, active or removed. */
export interface TeamPerson {
  person: string;
  /** The groups the person is directly in; none once removed. */
  groups: TeamGroup[];
  /** False for a removed person: the role stays (the journal names it) but may not log in. */
  canLogin: boolean;
  /** The person this desk connects as. */
  isYou: boolean;
}

/** Who is who, as any person of the team may read it (`paydesk.people_view`). */
export interface TeamRoster {
  people: TeamPerson[];
  /** The role this desk connected as. */
  you: string;
}

/** One executor heard from for the active environment's service: its last pass, by the database's clock. */
export interface TeamExecutorView {
  person: string;
  /** ISO 8601: when its last pass ended. */
  lastPassAt: string;
  /** Seconds between that pass and the read, by the database's clock (a desk's clock may be off). */
  secondsAgo: number;
  /** Approved requests it has sent, over all its passes. */
  sent: number;
  /** `silent`: no pass for a minute, the rule a maker is told of on submit. */
  state: 'healthy' | 'silent';
}

/**
 * Who sends the approved moves of the active environment's service (docs/architecture.md, "Team
 * mode: approvals"), and whether that works now. `health`: `desk` when the approver's desk sends;
 * else `healthy` (an executor passed within the minute), `silent` (none did) or `none` (no
 * executor was ever heard: nothing will be sent until one runs).
 */
export interface TeamSendingView {
  /** The team environment whose origin the active profile's service is; null when none names it. */
  environment: string | null;
  signer: 'desk' | 'executor';
  health: 'desk' | 'healthy' | 'silent' | 'none';
  executors: TeamExecutorView[];
}

/** The team database answered: the doctor's verdict, and the people when the schema could be read. */
export interface TeamReachable {
  reachable: true;
  doctor: TeamDoctorReport;
  /** null when the doctor's verdict on the schema is not `ok` (nothing of it can be read then). */
  roster: TeamRoster | null;
  /** Who sends approved moves, and the executors' health; null as `roster` is. */
  sending: TeamSendingView | null;
}

export interface TeamUnreachable {
  reachable: false;
  /** Why: `network`, `tls`, `timeout`, `auth`, `not_found`, `credentials_missing`, … */
  error: ConsoleError;
}

export type TeamConnectionCheck = TeamReachable | TeamUnreachable;

/** The active environment's team as the Team screen shows it; never the password nor the CA's PEM. */
export type TeamStatusView =
  | { environmentId: string; inTeam: false }
  | {
      environmentId: string;
      inTeam: true;
      host: string;
      port: number;
      database: string;
      person: string;
      /** The CA by its certificate's SHA-256 fingerprint, to compare with the one the owner handed out. */
      caFingerprint: string;
      /** ISO 8601. */
      joinedAt: string;
      connection: TeamConnectionCheck;
    };

/** The money moves a team may put behind four-eyes approval (docs/architecture.md, "Team mode: approvals"). */
export const APPROVAL_ACTIONS = ['refund', 'cashout_cancel', 'deposit_create'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** A request's life in the team database: waiting for approvers, then one of the others, for good. */
export const APPROVAL_REQUEST_STATES = [
  'waiting',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'claimed',
] as const;
export type ApprovalRequestState = (typeof APPROVAL_REQUEST_STATES)[number];

/** One approval request as the queue shows it: never its body (getApproval reads that). */
export interface ApprovalRequestView {
  id: string;
  environment: string;
  account: string;
  action: ApprovalAction;
  target: { kind: 'deposit' | 'invoice' | 'cashout'; id: string };
  /** The amount as the database keeps it (numeric, as text), and its currency; null for a cancel. */
  amount: string | null;
  currency: string | null;
  /** SHA-256 of the body's canonical JSON, in hex: what an approver approves. */
  bodyHash: string;
  reason: string;
  state: ApprovalRequestState;
  madeBy: string;
  /** True when this desk's person made it: only they may withdraw it. */
  madeByYou: boolean;
  approvedBy: string[];
  approversNeeded: number;
  /** ISO 8601, as are the other dates; expiresAt is null until the request is approved. */
  createdAt: string;
  approvedAt: string | null;
  expiresAt: string | null;
  closedBy: string | null;
  closedAt: string | null;
  closeNote: string | null;
}

/**
 * Why a desk's person is told of a request (main/core/console/approval-notices.ts): another
 * person's request waits for an approver they are; their own was approved, rejected or expired.
 */
export type ApprovalNoticeKind = 'approval_needed' | 'approved' | 'rejected' | 'expired';

export interface ApprovalNotice {
  environmentId: string;
  kind: ApprovalNoticeKind;
  /** As the queue shows it: never the body. */
  request: ApprovalRequestView;
}

/** One request with the exact body that is approved and sent (null when this person may not read it). */
export interface ApprovalRequestDetail extends ApprovalRequestView {
  body: JsonObject | null;
}

/** An approved request sent from this desk: what the service answered to its money move. */
export interface ApprovedRequestSent {
  requestId: string;
  outcome: RefundCreateOutcome | DepositCreateOutcome | CashoutCancelOutcome;
}

export const TEAM_METHODS = {
  /** Connects to the active environment's team database as its person (password kept in main). */
  getTeamStatus: method<Record<string, never>, TeamStatusView>(),
  /** The active environment's team queue: waiting and approved requests, or every one with `all`. */
  listApprovals: method<{ all?: boolean }, ApprovalRequestView[]>(),
  getApproval: method<{ requestId: string }, ApprovalRequestDetail>(),
  /** Approves the body whose hash `bodyHash` is (as getApproval showed it); the database refuses another. */
  approveRequest: method<{ requestId: string; bodyHash: string; note?: string }, ApprovalRequestView>(),
  rejectRequest: method<{ requestId: string; note: string }, ApprovalRequestView>(),
  /** The maker takes back their own request while it waits. */
  withdrawRequest: method<{ requestId: string }, ApprovalRequestView>(),
  /** Sends an approved request from this desk, exactly as approved; the database allows one claim. */
  sendApprovedRequest: method<{ requestId: string; reason?: string }, ApprovedRequestSent>(),
};
export type TeamApi = ApiOf<typeof TEAM_METHODS>;
