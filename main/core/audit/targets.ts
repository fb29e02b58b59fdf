import type { AuditAction, AuditIds, BlockingIntent, ConsoleError } from '../../../shared/contract';
import { isUnsettled, operationState, type Operation } from './views';

/**
 * The money-safety rules between intents (architecture.md, "Money moves once"; D6, D16). They are
 * checked by the journal under its lock, so two windows or a window and the CLI cannot both pass
 * them at once.
 */

/** What a money-moving intent acts on: a deposit's refunds, an invoice id's deposit, a cashout. */
export function targetOf(action: AuditAction, ids: AuditIds): string | null {
  switch (action) {
    case 'refund.create':
      return ids.deposit_id === undefined ? null : `deposit:${ids.deposit_id}`;
    case 'deposit.create':
      return ids.invoice_id === undefined ? null : `invoice:${ids.invoice_id}`;
    case 'cashout.cancel':
      if (ids.cashout_id !== undefined) return `cashout:${ids.cashout_id}`;
      return ids.external_id === undefined ? null : `cashout-external:${ids.external_id}`;
  }
}

export interface IntentCandidate {
  environmentId: string;
  action: AuditAction;
  ids: AuditIds;
  idempotencyKey: string | null;
  bodySha256: string;
  /** Deposits: the earlier intent with the same invoice id that the user confirmed a second deposit over. */
  confirmedDuplicateOf?: string;
}

export type IntentConflict =
  /** The key is already bound to a request with other content: the service would answer 104. */
  | { kind: 'idempotency_conflict'; operation: Operation }
  /** An intent on the same target has an unknown outcome, under another key. */
  | { kind: 'intent_unresolved'; operation: Operation }
  /** A deposit with this invoice id was made here, and the user has not confirmed another. */
  | { kind: 'duplicate_invoice'; operation: Operation };

const sameTarget = (operation: Operation, candidate: IntentCandidate, target: string): boolean =>
  operation.intent.environment.id === candidate.environmentId &&
  operation.intent.action === candidate.action &&
  targetOf(operation.intent.action, operation.intent.ids) === target;

/** The first rule a new intent breaks, or null when it may be recorded and sent. */
export function conflictOf(
  operations: ReadonlyArray<Operation>,
  candidate: IntentCandidate,
): IntentConflict | null {
  const target = targetOf(candidate.action, candidate.ids);
  let unresolved: Operation | null = null;
  let lastDeposit: Operation | null = null;
  // A resend under a key already used for the same content makes nothing new (D6): the service
  // answers it with its first answer, so it is never a second deposit and never blocked.
  let isResend = false;
  for (const operation of operations) {
    const { intent } = operation;
    if (intent.environment.id !== candidate.environmentId || intent.action !== candidate.action) continue;
    const sameKey = candidate.idempotencyKey !== null && intent.idempotencyKey === candidate.idempotencyKey;
    if (sameKey && intent.bodySha256 !== candidate.bodySha256)
      return { kind: 'idempotency_conflict', operation };
    isResend ||= sameKey;
    if (target === null || !sameTarget(operation, candidate, target)) continue;
    if (!sameKey && unresolved === null && isUnsettled(operation)) unresolved = operation;
    if (candidate.action === 'deposit.create' && operationState(operation) === 'ok') lastDeposit = operation;
  }
  if (isResend) return null;
  if (unresolved) return { kind: 'intent_unresolved', operation: unresolved };
  if (lastDeposit && !confirms(candidate.confirmedDuplicateOf, lastDeposit, operations)) {
    return { kind: 'duplicate_invoice', operation: lastDeposit };
  }
  return null;
}

/** The confirmation names the last deposit, or an earlier sending of the same request (same key). */
function confirms(
  intentId: string | undefined,
  last: Operation,
  operations: ReadonlyArray<Operation>,
): boolean {
  if (intentId === undefined) return false;
  if (intentId === last.intent.intentId) return true;
  for (const operation of operations) {
    if (operation.intent.intentId === intentId) {
      return (
        operation.intent.idempotencyKey !== null &&
        operation.intent.idempotencyKey === last.intent.idempotencyKey
      );
    }
  }
  return false;
}

const ACTION_WORDS: Record<AuditAction, string> = {
  'refund.create': 'refund',
  'deposit.create': 'deposit',
  'cashout.cancel': 'cashout cancel',
};

function targetWords(action: AuditAction, ids: AuditIds): string {
  switch (action) {
    case 'refund.create':
      return `of deposit ${ids.deposit_id ?? '?'}`;
    case 'deposit.create':
      return `with invoice id ${ids.invoice_id ?? '?'}`;
    case 'cashout.cancel':
      return `of cashout ${ids.cashout_id ?? ids.external_id ?? '?'}`;
  }
}

/** The conflict as the typed error the screens and the CLI show. */
export function conflictError(conflict: IntentConflict, blocking: BlockingIntent): ConsoleError {
  const { intent } = conflict.operation;
  const what = `The ${ACTION_WORDS[intent.action]} ${targetWords(intent.action, intent.ids)} recorded at ${intent.time} (intent ${intent.intentId}${intent.idempotencyKey ? `, request key ${intent.idempotencyKey}` : ''})`;
  switch (conflict.kind) {
    case 'idempotency_conflict':
      return {
        kind: 'idempotency_conflict',
        field: 'idempotencyKey',
        message: `${what} used this request key for a request with other content. A retry must send exactly the same request; nothing was sent.`,
        blockingIntent: blocking,
      };
    case 'intent_unresolved':
      return {
        kind: 'intent_unresolved',
        message: `${what} has an unknown outcome: the service may have acted on it. Nothing new was sent. Retry it under the same key, or settle it after checking with the service, before starting another.`,
        blockingIntent: blocking,
      };
    case 'duplicate_invoice':
      return {
        kind: 'duplicate_invoice',
        field: 'body.invoice_id',
        message: `${what} already created a deposit${intent.ids.deposit_id === undefined ? '' : ` (${intent.ids.deposit_id})`}. Nothing was sent. ${blocking.sameRequest ? 'Send the same request again under its key to see that deposit, or confirm' : 'Confirm'} that a second deposit with this invoice id is wanted.`,
        blockingIntent: blocking,
      };
  }
}

/** The blocking intent as the contract shows it. */
export function blockingView(
  operation: Operation,
  state: BlockingIntent['state'],
  sameRequest: boolean,
  canRetry: boolean,
): BlockingIntent {
  const { intent } = operation;
  return {
    intentId: intent.intentId,
    action: intent.action,
    environment: intent.environment,
    time: intent.time,
    idempotencyKey: intent.idempotencyKey,
    state,
    ids: {
      ...intent.ids,
      ...operation.outcome?.resultingIds,
      ...operation.resolution?.resultingIds,
    },
    sameRequest,
    canRetry,
  };
}
