import { z } from 'zod';
import type { Result } from '../../../shared/contract';
import type { TeamClient } from './client';
import { teamError } from './errors';
import { checkedRow, checkedRows } from './rows';

/** An operation row as the database returns it (bigint and numeric come as text, exactly). */
const teamOperationSchema = z.object({
  id: z.string().regex(/^\d+$/),
  account: z.string(),
  action: z.enum(['refund', 'cashout_cancel', 'deposit_create']),
  target_kind: z.enum(['deposit', 'invoice', 'cashout']),
  target_id: z.string(),
  idempotency_key: z.uuid(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  body_hash: z.string(),
  state: z.enum(['sending', 'ok', 'error', 'outcome_unknown', 'settled']),
  http_status: z.number().int().nullable(),
  service_code: z.number().int().nullable(),
  made_by: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type TeamOperation = z.infer<typeof teamOperationSchema>;

export interface BeginOperationInput {
  /** The merchant's account at the service: the unit of exactly-once (D19). */
  account: string;
  action: TeamOperation['action'];
  target: { kind: TeamOperation['target_kind']; id: string };
  idempotencyKey: string;
  /** Decimal text, as the service takes it; null for actions that move no stated amount. */
  amount: string | null;
  currency: string | null;
  bodySha256: string;
}

/** The rows a statement answers, each checked as an operation. */
function operationRows(
  client: TeamClient,
  text: string,
  values: unknown[],
): Promise<Result<TeamOperation[]>> {
  return checkedRows(client, { text, values }, teamOperationSchema, 'operation row');
}

/** A function's one operation row: none is as unexpected as a malformed one. */
function oneOperation(client: TeamClient, text: string, values: unknown[]): Promise<Result<TeamOperation>> {
  return checkedRow(client, { text, values }, teamOperationSchema, 'operation row');
}

/**
 * Starts an operation through the database's referee: the same (account, action, key) answers the
 * operation that exists; a target with an open or unknown operation is refused (`intent_unresolved`).
 */
export function beginOperation(
  client: TeamClient,
  input: BeginOperationInput,
): Promise<Result<TeamOperation>> {
  return oneOperation(client, 'SELECT * FROM paydesk.begin_operation($1, $2, $3, $4, $5, $6, $7, $8)', [
    input.account,
    input.action,
    input.target.kind,
    input.target.id,
    input.idempotencyKey,
    input.amount,
    input.currency,
    input.bodySha256,
  ]);
}

interface OutcomeInput {
  operationId: string;
  /** What the desk concluded; the database still keeps 104 and 5xx unknown whatever this says. */
  outcome: 'ok' | 'error' | 'unknown';
  httpStatus: number | null;
  serviceCode: number | null;
}

export function recordOutcome(client: TeamClient, input: OutcomeInput): Promise<Result<TeamOperation>> {
  return oneOperation(client, 'SELECT * FROM paydesk.record_outcome($1, $2, $3, $4)', [
    input.operationId,
    input.outcome,
    input.httpStatus,
    input.serviceCode,
  ]);
}

interface SettlementInput {
  operationId: string;
  /** What the person found at the service. */
  result: 'ok' | 'error';
  /** `status_reread`: the record's status was read; `manual`: checked another way, said in `note`. */
  method: 'status_reread' | 'manual';
  note: string | null;
}

/**
 * Settles an operation whose outcome is unknown (or that a crash left `sending` for five minutes
 * or more), after a person checked it with the service (D16, D18). The database refuses the rest.
 */
export function settleOperation(client: TeamClient, input: SettlementInput): Promise<Result<TeamOperation>> {
  return oneOperation(client, 'SELECT * FROM paydesk.settle_operation($1, $2, $3, $4)', [
    input.operationId,
    input.result,
    input.method,
    input.note,
  ]);
}

/** At most one operation row (a unique key or index says so). */
async function maybeOperation(
  client: TeamClient,
  text: string,
  values: unknown[],
): Promise<Result<TeamOperation | null>> {
  const rows = await operationRows(client, text, values);
  return rows.ok ? { ok: true, data: rows.data[0] ?? null } : rows;
}

/** The operation a request key names on an account (D6: one per key), if the database has one. */
export function operationByKey(
  client: TeamClient,
  key: { account: string; action: TeamOperation['action']; idempotencyKey: string },
): Promise<Result<TeamOperation | null>> {
  return maybeOperation(
    client,
    'SELECT * FROM paydesk.operations_view WHERE account = $1 AND action = $2 AND idempotency_key = $3',
    [key.account, key.action, key.idempotencyKey],
  );
}

/** The operation still open or unknown on a target of an account, by any desk (at most one). */
export function openOperationOn(
  client: TeamClient,
  account: string,
  target: { kind: TeamOperation['target_kind']; id: string },
): Promise<Result<TeamOperation | null>> {
  return maybeOperation(
    client,
    "SELECT * FROM paydesk.operations_view WHERE account = $1 AND target_kind = $2 AND target_id = $3 AND state IN ('sending', 'outcome_unknown')",
    [account, target.kind, target.id],
  );
}

/** The operations this person began that the database still holds open or unknown, oldest first. */
export function openOperationsOfMine(client: TeamClient): Promise<Result<TeamOperation[]>> {
  return operationRows(
    client,
    "SELECT * FROM paydesk.operations_view WHERE made_by = session_user AND state IN ('sending', 'outcome_unknown') ORDER BY id",
    [],
  );
}

/** Every operation still open or unknown in the team, oldest first: what blocks its target for every desk. */
export function openOperations(client: TeamClient): Promise<Result<TeamOperation[]>> {
  return operationRows(
    client,
    "SELECT * FROM paydesk.operations_view WHERE state IN ('sending', 'outcome_unknown') ORDER BY id",
    [],
  );
}

/** What every desk has refunded of a deposit, or may have (sent, unknown), as decimal text. */
export async function refundedTotal(
  client: TeamClient,
  account: string,
  depositId: string,
): Promise<Result<string>> {
  try {
    const { rows } = await client.query<{ total: unknown }>(
      'SELECT paydesk.refunded_total($1, $2) AS total',
      [account, depositId],
    );
    const total = z.string().safeParse(rows[0]?.total);
    if (!total.success)
      return {
        ok: false,
        error: { kind: 'bad_response', message: 'The team database answered no refunded total.' },
      };
    return { ok: true, data: total.data };
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
}
