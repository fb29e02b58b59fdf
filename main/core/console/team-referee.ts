import type { AuditAction, AuditIds, ConsoleError, JsonValue, Result } from '../../../shared/contract';
import type { AuditUnresolvedView } from '../../../shared/contract';
import type { ActionRequests, OutcomeInput, ResolutionInput } from '../audit';
import type { RecordedIntent } from '../audit/journal-inputs';
import { requestIds } from '../audit/summary';
import { targetOf } from '../audit/targets';
import { claimRequest, executorSilence, submitRequest } from '../team/approvals';
import type { TeamSession } from '../team/desk-sessions';
import { executorIsSilent } from '../team/executor-health';
import { APPROVAL_NEEDED_KEY } from '../team/errors';
import {
  beginOperation,
  openOperationOn,
  openOperationsOfMine,
  operationByKey,
  recordOutcome,
  refundedTotal,
  settleOperation,
  type TeamOperation,
} from '../team/operations';
import type { ConsoleContext } from './context';
import { failure } from './results';

/**
 * The team database as the referee of a desk's money moves (docs/architecture.md, "Team mode:
 * money moves"). A profile in a team sends nothing the database has not let begin: the database
 * refuses a second operation on a target whose first is open or unknown, from any desk, and a
 * database that cannot be reached refuses everything, since acting alone would be acting behind
 * the team's back. The desk's own journal still records the intent first, as without a team.
 */

/** An operation the database let begin, for the outcome to be recorded against. */
export interface TeamTicket {
  session: TeamSession;
  operation: TeamOperation;
}

const TEAM_ACTION: Record<AuditAction, TeamOperation['action']> = {
  'refund.create': 'refund',
  'cashout.cancel': 'cashout_cancel',
  'deposit.create': 'deposit_create',
};

/** The target as the database names it: a cashout named by its external id stays apart from one named by id, as locally. */
function teamTarget(
  action: AuditAction,
  ids: AuditIds,
): { kind: TeamOperation['target_kind']; id: string } | null {
  const target = targetOf(action, ids);
  if (target === null) return null;
  const colon = target.indexOf(':');
  const kind = target.slice(0, colon);
  const id = target.slice(colon + 1);
  if (kind === 'deposit' || kind === 'invoice' || kind === 'cashout') return { kind, id };
  return { kind: 'cashout', id: `external:${id}` };
}

/** The amount and currency an action states, as the database keeps them (decimal text). */
function statedAmount<A extends AuditAction>(
  action: A,
  request: ActionRequests[A],
  currency: string | undefined,
): { amount: string | null; currency: string | null } {
  const body = request as { amount?: unknown; currency?: unknown };
  const amount =
    typeof body.amount === 'number' && Number.isFinite(body.amount)
      ? String(body.amount)
      : typeof body.amount === 'string' && /^\d+(\.\d+)?$/.test(body.amount.trim())
        ? body.amount.trim()
        : null;
  if (action === 'cashout.cancel') return { amount: null, currency: null };
  const stated = action === 'refund.create' ? currency : body.currency;
  return { amount, currency: typeof stated === 'string' && stated !== '' ? stated : null };
}

/** Why nothing was sent, in the words of someone at a desk of the team. */
export function refusal(session: TeamSession | null, error: ConsoleError): Result<never> {
  const where = session ? `${session.team.host}:${session.team.port}/${session.team.database}` : 'the team';
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'tls' || error.kind === 'auth') {
    return failure(
      error.kind,
      `Nothing was sent: the team database (${where}) must let every payment action begin, and it did not answer (${error.message}) Money is never moved from this desk alone behind the team's back; lookups still work. Try again once the database answers (paydesk team status).`,
      { text: { key: 'team.unreachable' } },
    );
  }
  if (error.kind === 'intent_unresolved') {
    return failure(
      'intent_unresolved',
      `Nothing was sent: the team database refused it, because ${error.message}. Another desk of the team may have sent it: read the record's status, and settle that operation first.`,
      { text: { key: 'team.targetBusy' } },
    );
  }
  return {
    ok: false,
    error: { ...error, message: `Nothing was sent: the team database refused it (${error.message}).` },
  };
}

/** The profile's team session, or null when it is in none; a team that cannot be reached refuses the action. */
async function sessionFor(
  context: ConsoleContext,
  environmentId: string,
): Promise<Result<TeamSession | null>> {
  const session = await context.teamSessions.of(environmentId);
  if (!session.ok) return refusal(null, session.error);
  if (session.data) await handOverMissedAnswers(context, session.data);
  return session;
}

/**
 * Asks the database to let an intent the local journal recorded begin. Null: the profile is in no
 * team. A refusal means nothing may be sent; the caller records the local intent as not sent.
 */
export async function beginTeamOperation<A extends AuditAction>(
  context: ConsoleContext,
  plan: {
    environmentId: string;
    account: string;
    action: A;
    request: ActionRequests[A];
    ids?: AuditIds;
    currency?: string;
    /** `approved`: sending a request the team approved; its claim begins the operation. */
    meta: { reason?: string; approved?: ApprovedRequest };
  },
  intent: RecordedIntent,
): Promise<Result<TeamTicket | null>> {
  const session = await sessionFor(context, plan.environmentId);
  if (!session.ok) return session;
  if (session.data === null) {
    return plan.meta.approved
      ? failure('invalid_state', 'An approved request is sent only from a profile in its team.')
      : { ok: true, data: null };
  }
  const { client } = session.data;
  if (plan.meta.approved) return claimApproved(session.data, plan.account, plan.meta.approved, intent);
  const target = teamTarget(plan.action, { ...plan.ids, ...requestIds(plan.action, plan.request) });
  if (target === null) {
    return failure('validation', 'The request names no record the team database can keep an operation on.');
  }
  const operation = {
    account: plan.account,
    action: TEAM_ACTION[plan.action],
    target,
    // A cancel is sent with no key (D6): the journal's intent id stands for it in the database.
    idempotencyKey: intent.idempotencyKey ?? intent.intentId,
    ...statedAmount(plan.action, plan.request, plan.currency),
    bodySha256: intent.bodySha256,
  };
  const begun = await beginOperation(client, operation);
  if (!begun.ok && begun.error.text?.key === APPROVAL_NEEDED_KEY) {
    // The policy governs this move: it waits, with its exact body and key, for another person.
    const submitted = await submitRequest(client, {
      ...operation,
      body: plan.request as unknown as { [key: string]: JsonValue },
      reason: plan.meta.reason ?? '',
    });
    if (!submitted.ok) return refusal(session.data, submitted.error);
    const { id, approvers_needed: approvers, environment } = submitted.data;
    const silence = await executorSilence(client, environment);
    const sender =
      silence.ok && silence.data !== null
        ? executorNote(silence.data)
        : `their desk sends it, exactly as submitted`;
    if (approvers === 0) {
      // An executor-only environment: no policy asks an approval, but only the executor signs.
      return failure(
        'not_permitted',
        `Nothing was sent from this desk: only the team's executor signs in ${environment}, so it was handed to it as request ${id}, approved as submitted (no policy asks an approval); ${sender}.`,
        { text: { key: 'team.executorSubmitted', params: { request: id } } },
      );
    }
    return failure(
      'not_permitted',
      `Nothing was sent: the team's policy for ${environment} asks ${approvers} approver(s) for this, so it was submitted for approval as request ${id}. Another person approves it (paydesk approvals approve ${id}) and ${sender}.`,
      { text: { key: 'team.approvalSubmitted', params: { request: id, approvers } } },
    );
  }
  if (!begun.ok) return refusal(session.data, begun.error);
  return { ok: true, data: { session: session.data, operation: begun.data } };
}

/** Who sends in an executor-signed environment, and plainly whether it is running. */
function executorNote(silentSeconds: number): string {
  if (!executorIsSilent(silentSeconds)) return "the team's executor sends it, exactly as submitted";
  const since = Number.isFinite(silentSeconds) ? `for ${Math.round(silentSeconds / 60)} minute(s)` : 'ever';
  return `the team's executor sends it, exactly as submitted; but no executor has been heard from ${since}, so nothing will be sent until the person who runs it starts it again (paydesk team executor)`;
}

/** A request the team approved, as the approver's desk sends it: the database's row, never a caller's word. */
export interface ApprovedRequest {
  requestId: string;
  account: string;
  idempotencyKey: string;
  /** Who asked and who approved, for the local journal's intent line. */
  madeBy: string;
  approvedBy: string[];
}

/**
 * Claims the approved request (single use, never by its maker, not after expiry: the database's
 * rules) and answers the operation it began. The body about to be sent must hash to the one approved.
 */
async function claimApproved(
  session: TeamSession,
  account: string,
  approved: ApprovedRequest,
  intent: RecordedIntent,
): Promise<Result<TeamTicket>> {
  if (approved.account !== account) {
    return failure(
      'not_permitted',
      'Nothing was sent: this profile reaches another service account than the one the request was approved for.',
    );
  }
  const claimed = await claimRequest(session.client, {
    requestId: approved.requestId,
    bodySha256: intent.bodySha256,
  });
  if (!claimed.ok) return refusal(session, claimed.error);
  const operation = await operationByKey(session.client, {
    account,
    action: claimed.data.action,
    idempotencyKey: approved.idempotencyKey,
  });
  if (!operation.ok) return refusal(session, operation.error);
  if (operation.data === null) {
    return failure(
      'bad_response',
      `The team database claimed request ${approved.requestId} but shows no operation for it.`,
    );
  }
  return { ok: true, data: { session, operation: operation.data } };
}

/** The operation is still waiting for an answer: a resend of a closed one has nothing to record. */
const isOpen = (operation: TeamOperation): boolean =>
  operation.state === 'sending' || operation.state === 'outcome_unknown';

/**
 * Records the call's outcome in the database. The call has happened whatever happens here, so a
 * failure is said in full: the operation stays open for every desk until it is recorded.
 */
export async function recordTeamOutcome(ticket: TeamTicket, outcome: OutcomeInput): Promise<Result<void>> {
  if (!isOpen(ticket.operation)) return { ok: true, data: undefined };
  const recorded = await recordOutcome(ticket.session.client, {
    operationId: ticket.operation.id,
    outcome: outcome.result === 'ok' ? 'ok' : outcome.result === 'error' ? 'error' : 'unknown',
    httpStatus: outcome.httpStatus ?? null,
    serviceCode: typeof outcome.error?.code === 'number' ? outcome.error.code : null,
  });
  if (recorded.ok) return { ok: true, data: undefined };
  if (recorded.error.kind === 'invalid_state') {
    // Closed meanwhile: this desk handed the same answer over (handOverMissedAnswers), or another settled it.
    return { ok: true, data: undefined };
  }
  return failure(
    recorded.error.kind === 'network' ? 'network' : 'storage',
    `The request was sent and answered, and this desk's journal has the answer, but the team database could not record it (${recorded.error.message}) Its operation ${ticket.operation.id} stays open for every desk of the team until this desk hands the answer over, which it does before its next payment action in this environment.`,
    { text: { key: 'team.outcomeNotRecorded', params: { operation: ticket.operation.id } } },
  );
}

/**
 * The team operation of an unresolved local intent, for settling it or sending it again. Null when
 * its profile is (no longer) in a team, or the database never let it begin (made before joining).
 */
export async function teamOperationOf(
  context: ConsoleContext,
  intent: Pick<AuditUnresolvedView, 'intentId' | 'environment' | 'action' | 'idempotencyKey'>,
): Promise<Result<TeamTicket | null>> {
  const { account, id } = intent.environment;
  if (account === undefined) return { ok: true, data: null };
  const session = await context.teamSessions.of(id);
  if (!session.ok) return refusal(null, session.error);
  if (session.data === null) return { ok: true, data: null };
  const found = await operationByKey(session.data.client, {
    account,
    action: TEAM_ACTION[intent.action],
    idempotencyKey: intent.idempotencyKey ?? intent.intentId,
  });
  if (!found.ok) return refusal(session.data, found.error);
  return { ok: true, data: found.data && { session: session.data, operation: found.data } };
}

/**
 * Settles the team operation as the local intent is being settled: a retry's answer is its
 * outcome; a status read or a person's word settles it (the database keeps how, and who). One
 * another desk already settled is left as it is.
 */
export async function settleTeamOperation(
  ticket: TeamTicket,
  resolution: ResolutionInput,
): Promise<Result<void>> {
  if (!isOpen(ticket.operation)) return { ok: true, data: undefined };
  if (resolution.method === 'retried_same_key') {
    return recordTeamOutcome(ticket, {
      result: resolution.result,
      ...(resolution.httpStatus !== undefined && { httpStatus: resolution.httpStatus }),
      ...(resolution.error !== undefined && { error: resolution.error }),
    });
  }
  const settled = await settleOperation(ticket.session.client, {
    operationId: ticket.operation.id,
    result: resolution.result,
    method: resolution.method,
    // The database keeps 500 characters of a note, as the form takes; the prefix may pass that.
    note: resolution.note?.slice(0, 500) ?? null,
  });
  if (settled.ok) return { ok: true, data: undefined };
  return {
    ok: false,
    error: {
      ...settled.error,
      message: `Nothing was settled: the team database did not settle its operation ${ticket.operation.id} (${settled.error.message}).`,
    },
  };
}

/** What the team knows of a deposit's refunds, for the refund form's pre-flight. */
type TeamRefunds =
  | { reachable: true; refundedCents: number; open: TeamOperation | null }
  | { reachable: false; error: ConsoleError };

/**
 * Every desk's refunds of a deposit (made, or that may have been) and the operation open on it, if
 * any. A read: a database that does not answer is said, never an error, since lookups still work.
 * Null when the profile is in no team.
 */
export async function teamRefundsOf(
  context: ConsoleContext,
  environmentId: string,
  account: string,
  depositId: number,
): Promise<TeamRefunds | null> {
  const session = await context.teamSessions.of(environmentId);
  if (!session.ok) return { reachable: false, error: session.error };
  if (session.data === null) return null;
  const { client } = session.data;
  const [total, open] = [
    await refundedTotal(client, account, String(depositId)),
    await openOperationOn(client, account, { kind: 'deposit', id: String(depositId) }),
  ];
  if (!total.ok) return { reachable: false, error: total.error };
  if (!open.ok) return { reachable: false, error: open.error };
  return { reachable: true, refundedCents: Math.round(Number(total.data) * 100), open: open.data };
}

/**
 * Hands the database the answers this desk's journal has and the database missed (the connection
 * broke between the call and its record, or between `begin_operation` and its answer): this
 * person's open operations whose request key has only settled intents here. Any intent under the
 * key that went through means the request did; else the first one's answer (the one that began
 * the operation) stands. Best effort: what fails stays open and is tried again next time.
 */
async function handOverMissedAnswers(context: ConsoleContext, session: TeamSession): Promise<void> {
  const open = await openOperationsOfMine(session.client);
  if (!open.ok || open.data.length === 0) return;
  const journal = await context.journal();
  if (!journal.ok) return;
  const entries = await journal.data.entries();
  if (!entries.ok) return;
  for (const operation of open.data) {
    const intents = entries.data.filter(
      (entry) =>
        entry.type === 'intent' &&
        entry.environment?.account === operation.account &&
        TEAM_ACTION[entry.action ?? 'refund.create'] === operation.action &&
        (entry.idempotencyKey ?? entry.intentId) === operation.idempotency_key,
    );
    const [first] = intents;
    if (!first || intents.some((intent) => intent.state !== 'ok' && intent.state !== 'error')) continue;
    const answered = intents.find((intent) => intent.state === 'ok') ?? first;
    const result = answered.state === 'ok' ? 'ok' : 'error';
    const resolution = entries.data.find(
      (entry) => entry.type === 'resolution' && entry.intentId === answered.intentId,
    );
    const ticket = { session, operation };
    if (resolution?.resolutionMethod === 'status_reread' || resolution?.resolutionMethod === 'manual') {
      await settleTeamOperation(ticket, {
        method: resolution.resolutionMethod,
        result,
        note: resolution.note ?? 'Settled at this desk.',
      });
    } else {
      const outcome = entries.data.find(
        (entry) =>
          entry.type === 'outcome' && entry.intentId === answered.intentId && entry.result === result,
      );
      await recordTeamOutcome(ticket, {
        result,
        ...(outcome?.httpStatus !== undefined && { httpStatus: outcome.httpStatus }),
      });
    }
  }
}
