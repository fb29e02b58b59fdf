import { z } from 'zod';
import {
  APPROVAL_ACTIONS,
  APPROVAL_REQUEST_STATES,
  type ApprovalAction,
  type JsonValue,
  type Result,
} from '../../../shared/contract';
import { requestBodySha256 } from '../audit/canonical-json';
import type { TeamClient } from './client';
import { checkedRow, checkedRows, runStatement } from './rows';
import type { BeginOperationInput } from './operations';

/**
 * Four-eyes approvals kept by the team database (migrations/0002-approvals.ts; docs/architecture.md,
 * "Team mode: approvals"). Every rule is the database's: these functions call it, check what it
 * answers, and say its refusals in the console's error kinds.
 */

export type { ApprovalAction };

const requestRowSchema = z.object({
  id: z.string().regex(/^\d+$/),
  environment: z.string(),
  account: z.string(),
  action: z.enum(APPROVAL_ACTIONS),
  target_kind: z.enum(['deposit', 'invoice', 'cashout']),
  target_id: z.string(),
  idempotency_key: z.uuid(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  body: z.record(z.string(), z.unknown()).nullable(),
  body_hash: z.string().regex(/^[0-9a-f]{64}$/),
  reason: z.string(),
  approvers_needed: z.number().int(),
  valid_for_seconds: z.number().int(),
  state: z.enum(APPROVAL_REQUEST_STATES),
  made_by: z.string(),
  created_at: z.date(),
  approved_at: z.date().nullable(),
  expires_at: z.date().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.date().nullable(),
  close_note: z.string().nullable(),
  operation: z.string().regex(/^\d+$/).nullable(),
  approved_by: z.array(z.string()),
});
export type ApprovalRequest = z.infer<typeof requestRowSchema>;

/** The columns every reader may see; the body only for those who act on requests (the view's grants). */
const PUBLIC_COLUMNS = `id::text AS id, environment, account, action, target_kind, target_id, idempotency_key,
  amount::text AS amount, currency, body_hash, reason, approvers_needed,
  extract(epoch FROM valid_for)::integer AS valid_for_seconds, state, made_by, created_at, approved_at,
  expires_at, closed_by, closed_at, close_note, operation::text AS operation, approved_by`;

function requestRows(
  client: TeamClient,
  text: string,
  values: unknown[],
): Promise<Result<ApprovalRequest[]>> {
  return checkedRows(client, { text, values }, requestRowSchema, 'approval request');
}

function oneRequest(client: TeamClient, text: string, values: unknown[]): Promise<Result<ApprovalRequest>> {
  return checkedRow(client, { text, values }, requestRowSchema, 'approval request');
}

/**
 * Calls one of the request functions, then reads its row through the view so it carries its
 * approvers: a second statement, since one statement's scan does not see what its function changed.
 */
async function changeRequest(
  client: TeamClient,
  call: string,
  values: unknown[],
): Promise<Result<ApprovalRequest>> {
  const changed = await checkedRow(
    client,
    { text: `SELECT id::text AS id FROM ${call}`, values },
    z.object({ id: z.string().regex(/^\d+$/) }),
    'approval request',
  );
  if (!changed.ok) return changed;
  return oneRequest(
    client,
    `SELECT ${PUBLIC_COLUMNS}, body FROM paydesk.approval_requests_view WHERE id = $1`,
    [changed.data.id],
  );
}

export interface SubmitRequestInput extends BeginOperationInput {
  /** The exact body the service is to receive; its hash must be `bodySha256`. */
  body: { [key: string]: JsonValue };
  reason: string;
}

/** Stores the move with its exact body and key; it waits for approval and begins nothing. */
export async function submitRequest(
  client: TeamClient,
  input: SubmitRequestInput,
): Promise<Result<ApprovalRequest>> {
  if (requestBodySha256(input.body) !== input.bodySha256) {
    return { ok: false, error: { kind: 'validation', message: 'The body does not match its hash.' } };
  }
  const reason = input.reason.trim();
  if (reason === '' || reason.length > 500) {
    return {
      ok: false,
      error: { kind: 'validation', message: 'reason: say why, in 1 to 500 characters.', field: 'reason' },
    };
  }
  return changeRequest(client, 'paydesk.submit_request($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
    input.account,
    input.action,
    input.target.kind,
    input.target.id,
    input.idempotencyKey,
    input.amount,
    input.currency,
    input.body,
    input.bodySha256,
    reason,
  ]);
}

/** Approves the request as shown: `bodySha256` is the hash of the body the approver read. */
export function approveRequest(
  client: TeamClient,
  input: { requestId: string; bodySha256: string; note: string | null },
): Promise<Result<ApprovalRequest>> {
  return changeRequest(client, 'paydesk.approve_request($1, $2, $3)', [
    input.requestId,
    input.bodySha256,
    input.note,
  ]);
}

export function rejectRequest(
  client: TeamClient,
  input: { requestId: string; note: string },
): Promise<Result<ApprovalRequest>> {
  return changeRequest(client, "paydesk.close_request($1, 'rejected', $2)", [input.requestId, input.note]);
}

export function withdrawRequest(client: TeamClient, requestId: string): Promise<Result<ApprovalRequest>> {
  return changeRequest(client, "paydesk.close_request($1, 'withdrawn', NULL)", [requestId]);
}

/**
 * Claims an approved request for sending: the operation it began, under the stored key. A claim
 * that finds the approval lapsed closes it as expired and is refused; so is any later claim.
 */
export async function claimRequest(
  client: TeamClient,
  input: { requestId: string; bodySha256: string },
): Promise<Result<ApprovalRequest>> {
  const claimed = await changeRequest(client, 'paydesk.claim_request($1, $2)', [
    input.requestId,
    input.bodySha256,
  ]);
  if (!claimed.ok) return claimed;
  if (claimed.data.state !== 'claimed') {
    return {
      ok: false,
      error: {
        kind: 'invalid_state',
        message: `Request ${input.requestId}'s approval lapsed at ${claimed.data.expires_at?.toISOString() ?? '?'}: nothing was sent. Ask for it again.`,
      },
    };
  }
  return claimed;
}

/**
 * Whether the session's person may approve (directly or through a group in the approver group):
 * the database's own answer, which every role may ask of itself.
 */
export async function personApproves(client: TeamClient): Promise<Result<boolean>> {
  const answer = await checkedRow(
    client,
    { text: "SELECT pg_catalog.pg_has_role(session_user, 'paydesk_approver', 'MEMBER') AS approves" },
    z.object({ approves: z.boolean() }),
    'approver check',
  );
  return answer.ok ? { ok: true, data: answer.data.approves } : answer;
}

export function requestById(client: TeamClient, requestId: string): Promise<Result<ApprovalRequest>> {
  return requestRows(
    client,
    `SELECT ${PUBLIC_COLUMNS}, body FROM paydesk.approval_requests_view WHERE id = $1`,
    [requestId],
  ).then((rows) => {
    if (!rows.ok) return rows;
    const [row] = rows.data;
    return row
      ? { ok: true, data: row }
      : {
          ok: false,
          error: { kind: 'not_found', message: `The team has no approval request ${requestId}.` },
        };
  });
}

/** The requests still in play (waiting or approved) first, newest first; `all` adds the closed ones. */
export function listRequests(
  client: TeamClient,
  options: { all?: boolean; limit?: number } = {},
): Promise<Result<ApprovalRequest[]>> {
  const where = options.all ? '' : "WHERE state IN ('waiting', 'approved')";
  return requestRows(
    client,
    `SELECT ${PUBLIC_COLUMNS}, NULL::jsonb AS body FROM paydesk.approval_requests_view ${where}
      ORDER BY state NOT IN ('waiting', 'approved'), id DESC LIMIT $1`,
    [Math.min(Math.max(options.limit ?? 100, 1), 1000)],
  );
}

const policyRowSchema = z.object({
  environment: z.string(),
  kind: z.enum(['testing', 'production']),
  signer: z.enum(['desk', 'executor']),
  action: z.enum(APPROVAL_ACTIONS),
  mode: z.enum(['none', 'above', 'always']),
  thresholds: z.record(z.string(), z.string()),
  approvers: z.number().int(),
  valid_for_seconds: z.number().int(),
  is_default: z.boolean(),
});
export type ApprovalPolicy = z.infer<typeof policyRowSchema>;

export function listPolicies(client: TeamClient): Promise<Result<ApprovalPolicy[]>> {
  return checkedRows(
    client,
    {
      text: `SELECT environment, kind, signer, action, mode, thresholds, approvers,
              extract(epoch FROM valid_for)::integer AS valid_for_seconds, is_default
         FROM paydesk.approval_policies_view ORDER BY environment, action`,
    },
    policyRowSchema,
    'policy',
  );
}

export interface PolicyInput {
  environment: string;
  action: ApprovalAction;
  mode: ApprovalPolicy['mode'];
  /** Currency code to a decimal amount, for `above`. */
  thresholds: Record<string, string>;
  approvers: number;
  validForSeconds: number;
}

/** An admin's change of a policy, journaled by the database. */
export function setPolicy(client: TeamClient, input: PolicyInput): Promise<Result<void>> {
  return runStatement(client, 'SELECT paydesk.set_policy($1, $2, $3, $4, $5, make_interval(secs => $6))', [
    input.environment,
    input.action,
    input.mode,
    input.thresholds,
    input.approvers,
    input.validForSeconds,
  ]);
}

/** Who signs an approved move in a team environment: the approver's desk or only the executor (admins). */
export function setSigner(
  client: TeamClient,
  input: { environment: string; signer: ApprovalPolicy['signer'] },
): Promise<Result<void>> {
  return runStatement(client, 'SELECT paydesk.set_signer($1, $2)', [input.environment, input.signer]);
}

/** An executor's pass is over: it is alive, and sent `sent` requests in it. */
/** The executor's pass is done: it is alive, for these accounts (its cashout one when it holds that login). */
export function executorHeartbeat(
  client: TeamClient,
  accounts: { payments: string; cashouts: string | null },
  sent: number,
): Promise<Result<void>> {
  return runStatement(client, 'SELECT paydesk.executor_heartbeat($1, $2, $3)', [
    accounts.payments,
    sent,
    accounts.cashouts,
  ]);
}

const heartbeatRowSchema = z.object({
  person: z.string(),
  account: z.string(),
  at: z.date(),
  sent: z.string().regex(/^\d+$/),
  seconds_ago: z.number().int(),
});
export type ExecutorHeartbeat = z.infer<typeof heartbeatRowSchema>;

/** Every executor's last word, newest first: what the Team screen and the desks say of its health. */
export function executorHeartbeats(client: TeamClient): Promise<Result<ExecutorHeartbeat[]>> {
  return checkedRows(
    client,
    {
      text: 'SELECT person, account, at, sent::text AS sent, seconds_ago FROM paydesk.executor_heartbeats_view ORDER BY at DESC',
    },
    heartbeatRowSchema,
    'heartbeat',
  );
}

const silenceRowSchema = z.object({
  signer: z.enum(['desk', 'executor']),
  seconds_ago: z.number().int().nullable(),
});

/**
 * How long the executor of an executor-signed environment has been silent, in seconds: null when
 * the environment is signed at the desks, Infinity when no executor was ever heard. Heartbeats are
 * per account; any executor heard for any account of the environment's origin counts.
 */
export async function executorSilence(
  client: TeamClient,
  environment: string,
): Promise<Result<number | null>> {
  const rows = await checkedRows(
    client,
    {
      text: `SELECT e.signer, (SELECT min(h.seconds_ago) FROM paydesk.executor_heartbeats_view h
                               WHERE split_part(h.account, '#', 1) = e.origin) AS seconds_ago
               FROM paydesk.environments_view e WHERE e.name = $1`,
      values: [environment],
    },
    silenceRowSchema,
    'executor health',
  );
  if (!rows.ok) return rows;
  const [row] = rows.data;
  if (!row || row.signer !== 'executor') return { ok: true, data: null };
  return { ok: true, data: row.seconds_ago ?? Number.POSITIVE_INFINITY };
}
