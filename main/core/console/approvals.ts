import type {
  ApprovalRequestDetail,
  ApprovalRequestView,
  ApprovedRequestSent,
  JsonObject,
  Result,
} from '../../../shared/contract';
import { requestBodySha256 } from '../audit/canonical-json';
import {
  approveRequest,
  executorHeartbeat,
  executorHeartbeats,
  listPolicies,
  listRequests,
  rejectRequest,
  requestById,
  setPolicy,
  setSigner,
  withdrawRequest,
  type ApprovalPolicy,
  type ExecutorHeartbeat,
  type ApprovalRequest,
  type PolicyInput,
} from '../team/approvals';
import { asTeamPerson, type TeamMembershipPorts } from '../team/membership';
import { cancelCashout } from './cashouts';
import type { ConsoleContext } from './context';
import { createDeposit } from './deposits';
import { createExecutorReadServer, type ExecutorReadServer } from './executor-reads';
import { createRefund } from './refunds';
import { failure } from './results';

/**
 * A desk's part in four-eyes approvals (docs/architecture.md, "Team mode: approvals"): the queue,
 * approving what was shown, rejecting, withdrawing one's own, the team's policies, and sending an
 * approved request from the approver's desk (desk-signed) through the same guarded path as any
 * money move, whose claim the database allows once. The rules are the database's
 * (team/migrations/0002-approvals.ts); nothing here decides who may.
 */
export interface ConsoleApprovals {
  approvals(environmentId: string, options?: { all?: boolean }): Promise<Result<ApprovalRequest[]>>;
  /** One request with its exact body, for those allowed to read it. */
  approval(environmentId: string, requestId: string): Promise<Result<ApprovalRequest>>;
  /**
   * Approves the request whose body hash begins with `bodyHash` (as `approval` showed it): a body
   * other than the one read is refused by the database.
   */
  approve(
    environmentId: string,
    input: { requestId: string; bodyHash: string; note: string | null },
  ): Promise<Result<ApprovalRequest>>;
  reject(environmentId: string, input: { requestId: string; note: string }): Promise<Result<ApprovalRequest>>;
  withdraw(environmentId: string, requestId: string): Promise<Result<ApprovalRequest>>;
  policies(environmentId: string): Promise<Result<ApprovalPolicy[]>>;
  setPolicy(environmentId: string, input: PolicyInput): Promise<Result<void>>;
  setSigner(
    environmentId: string,
    input: { environment: string; signer: ApprovalPolicy['signer'] },
  ): Promise<Result<void>>;
  /** Every executor's last pass, newest first. */
  executorHealth(environmentId: string): Promise<Result<ExecutorHeartbeat[]>>;
  /**
   * One pass of the team's executor on this profile (`paydesk team executor`): every approved
   * request of the profile's service account is sent, each through sendApproved, then the
   * executor's heartbeat. A request another executor claimed first is refused by the database.
   */
  executorPass(environmentId: string, meta: { reason?: string }): Promise<Result<ExecutorPassReport>>;
  /**
   * The executor answering desks' signed reads of this profile's account between its passes
   * (console/executor-reads.ts): desks of an executor-signed environment hold no credentials.
   */
  executorReads(environmentId: string): ExecutorReadServer;
  /** Sends an approved request from this desk, exactly as approved, under its stored key. */
  sendApproved(
    environmentId: string,
    input: { requestId: string; reason?: string; typedConfirmation?: string },
  ): Promise<Result<ApprovedRequestSent['outcome']>>;
}

export interface ExecutorPassReport {
  environmentId: string;
  /** Each approved request the pass tried: sent, or why not (a claim lost to another executor, say). */
  requests: Array<{ requestId: string; sent: boolean; error?: { kind: string; message: string } }>;
}

/** A request as the renderer sees it (dates as ISO text); `you` is this desk's person, who may withdraw their own. */
export function approvalRequestView(request: ApprovalRequest, you: string): ApprovalRequestView {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    id: request.id,
    environment: request.environment,
    account: request.account,
    action: request.action,
    target: { kind: request.target_kind, id: request.target_id },
    amount: request.amount,
    currency: request.currency,
    bodyHash: request.body_hash,
    reason: request.reason,
    state: request.state,
    madeBy: request.made_by,
    madeByYou: request.made_by === you,
    approvedBy: request.approved_by,
    approversNeeded: request.approvers_needed,
    createdAt: request.created_at.toISOString(),
    approvedAt: iso(request.approved_at),
    expiresAt: iso(request.expires_at),
    closedBy: request.closed_by,
    closedAt: iso(request.closed_at),
    closeNote: request.close_note,
  };
}

/** The same, with the exact body that is approved and sent (read from JSON, so JSON it is). */
export function approvalRequestDetail(request: ApprovalRequest, you: string): ApprovalRequestDetail {
  return { ...approvalRequestView(request, you), body: request.body as JsonObject | null };
}

/** At least this much of a body's hash must be given: enough that no other body shares it by chance. */
const HASH_PREFIX_MIN = 12;

export function createConsoleApprovals(
  context: ConsoleContext,
  ports: Pick<TeamMembershipPorts, 'environments'>,
): ConsoleApprovals {
  const asPerson = <T>(environmentId: string, work: Parameters<typeof asTeamPerson<T>>[2]) =>
    asTeamPerson(ports, environmentId, work);
  const readRequest = (environmentId: string, requestId: string) =>
    asPerson(environmentId, (client) => requestById(client, requestId));

  const sendApproved: ConsoleApprovals['sendApproved'] = async (environmentId, input) => {
    const read = await readRequest(environmentId, input.requestId);
    if (!read.ok) return read;
    const request = read.data;
    if (request.state !== 'approved') {
      return failure(
        'invalid_state',
        `Request ${request.id} is ${request.state}: only an approved request is sent.`,
      );
    }
    // Fail closed: a stored body that does not hash to what was approved is never sent.
    if (
      request.body === null ||
      requestBodySha256(request.body as Parameters<typeof requestBodySha256>[0]) !== request.body_hash
    ) {
      return failure(
        'storage',
        `Request ${request.id}'s stored body does not match the hash it was approved with: nothing was sent. Reject it and ask for it again.`,
      );
    }
    const connection = await context.connections.connect(environmentId);
    if (!connection.ok) return connection;
    const meta = {
      reason: input.reason ?? `Approved request ${request.id}: ${request.reason}`,
      approved: {
        requestId: request.id,
        account: request.account,
        idempotencyKey: request.idempotency_key,
        madeBy: request.made_by,
        approvedBy: request.approved_by,
      },
    };
    // Each body is checked again by its action's own schema before anything is sent.
    const key = request.idempotency_key;
    switch (request.action) {
      case 'refund':
        return createRefund(context, connection.data, {
          body: request.body as unknown as Parameters<typeof createRefund>[2]['body'],
          idempotencyKey: key,
          ...meta,
        });
      case 'deposit_create':
        return createDeposit(context, connection.data, {
          body: request.body as unknown as Parameters<typeof createDeposit>[2]['body'],
          idempotencyKey: key,
          ...meta,
        });
      case 'cashout_cancel': {
        const ids = request.body as Pick<Parameters<typeof cancelCashout>[2], 'cashoutId' | 'externalId'>;
        // The approval of this exact body is the typed confirmation production asks for, unless one is given.
        const typedConfirmation = input.typedConfirmation ?? String(ids.cashoutId ?? '');
        return cancelCashout(context, connection.data, { ...ids, typedConfirmation, ...meta });
      }
    }
  };

  return {
    approvals: (environmentId, options = {}) =>
      asPerson(environmentId, (client) => listRequests(client, options)),
    approval: readRequest,
    approve: (environmentId, input) =>
      asPerson(environmentId, async (client) => {
        const hash = input.bodyHash.trim().toLowerCase();
        if (!/^[0-9a-f]+$/.test(hash) || hash.length < HASH_PREFIX_MIN) {
          return failure(
            'validation',
            `body hash: at least ${HASH_PREFIX_MIN} hexadecimal characters of the hash the request was shown with.`,
            { field: 'bodyHash' },
          );
        }
        const shown = await requestById(client, input.requestId);
        if (!shown.ok) return shown;
        // A prefix that is not the stored body's is passed as given, so the database refuses it.
        const bodySha256 = shown.data.body_hash.startsWith(hash) ? shown.data.body_hash : hash;
        return approveRequest(client, { requestId: input.requestId, bodySha256, note: input.note });
      }),
    reject: (environmentId, input) => asPerson(environmentId, (client) => rejectRequest(client, input)),
    withdraw: (environmentId, requestId) =>
      asPerson(environmentId, (client) => withdrawRequest(client, requestId)),
    policies: (environmentId) => asPerson(environmentId, listPolicies),
    setPolicy: (environmentId, input) => asPerson(environmentId, (client) => setPolicy(client, input)),
    setSigner: (environmentId, input) => asPerson(environmentId, (client) => setSigner(client, input)),
    executorHealth: (environmentId) => asPerson(environmentId, executorHeartbeats),
    async executorPass(environmentId, meta) {
      const connection = await context.connections.connect(environmentId);
      if (!connection.ok) return connection;
      const account = await connection.data.account();
      if (!account.ok) return account;
      const mine = new Set([account.data.payments, account.data.cashouts]);
      const listed = await asPerson(environmentId, (client) => listRequests(client));
      if (!listed.ok) return listed;
      const report: ExecutorPassReport = { environmentId, requests: [] };
      for (const request of listed.data) {
        if (request.state !== 'approved' || !mine.has(request.account)) continue;
        const sent = await sendApproved(environmentId, { requestId: request.id, ...meta });
        report.requests.push(
          sent.ok
            ? { requestId: request.id, sent: true }
            : {
                requestId: request.id,
                sent: false,
                error: { kind: sent.error.kind, message: sent.error.message },
              },
        );
      }
      const sentCount = report.requests.filter((entry) => entry.sent).length;
      const beat = await asPerson(environmentId, (client) =>
        executorHeartbeat(client, account.data, sentCount),
      );
      return beat.ok ? { ok: true, data: report } : beat;
    },
    executorReads: (environmentId) => createExecutorReadServer(context, environmentId),
    sendApproved,
  };
}
