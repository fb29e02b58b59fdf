import type {
  AuditAction,
  AuditEnvironmentRef,
  AuditIds,
  BlockingIntent,
  ConsoleError,
} from '../../../shared/contract';
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

/**
 * Whose money an intent moves (D19): the service account, and the environment id for lines written
 * before accounts were recorded.
 */
export interface AccountScope {
  environmentId: string;
  /** Absent only where the account cannot be known (a legacy caller): then the environment id decides. */
  account?: string;
}

/**
 * Whether an intent belongs to the scope's account. A line without an account is matched by its
 * environment's id; an intent known only from a damaged line whose account is unknown belongs to
 * every account, so it blocks wherever it might have moved money.
 */
export function inScope(operation: Operation, scope: AccountScope): boolean {
  if (operation.anyAccount) return true;
  return refInScope(operation.intent.environment, scope);
}

export function refInScope(ref: AuditEnvironmentRef, scope: AccountScope): boolean {
  if (ref.account !== undefined && scope.account !== undefined) return ref.account === scope.account;
  return ref.id === scope.environmentId;
}

/** D18: the service keeps a key's first answer 24 h; the console stops resending it an hour before. */
const RESEND_WINDOW_MS = 23 * 60 * 60 * 1000;

/** Until when the key of `operation` may be sent again: 23 h after its first intent under that key. */
export function resendUntil(operations: Iterable<Operation>, operation: Operation): Date | null {
  const key = operation.intent.idempotencyKey;
  if (key === null) return null;
  let first = Date.parse(operation.intent.time);
  for (const other of operations) {
    if (
      other.intent.idempotencyKey === key &&
      other.intent.action === operation.intent.action &&
      sameAccountAs(other, operation)
    ) {
      first = Math.min(first, Date.parse(other.intent.time));
    }
  }
  return new Date(first + RESEND_WINDOW_MS);
}

const sameAccountAs = (a: Operation, b: Operation): boolean =>
  a.anyAccount === true ||
  b.anyAccount === true ||
  refInScope(a.intent.environment, {
    environmentId: b.intent.environment.id,
    account: b.intent.environment.account,
  });

/**
 * Whether the operation acts on `target`. An intent known only from a damaged line whose ids cannot
 * be read acts on every target of its action: where it moved money is unknown.
 */
export function onTarget(operation: Operation, target: string): boolean {
  const own = targetOf(operation.intent.action, operation.intent.ids);
  return own === target || (own === null && operation.fromDamage !== undefined);
}

export interface IntentCandidate extends AccountScope {
  action: AuditAction;
  ids: AuditIds;
  idempotencyKey: string | null;
  bodySha256: string;
  /** Deposits: the earlier intent with the same invoice id that the user confirmed a second deposit over. */
  confirmedDuplicateOf?: string;
}

type IntentConflict =
  /** The key is already bound to a request with other content: the service would answer 104. */
  | { kind: 'idempotency_conflict'; operation: Operation }
  /** An intent on the same target has an unknown outcome, under another key. */
  | { kind: 'intent_unresolved'; operation: Operation }
  /** A deposit with this invoice id was made here, and the user has not confirmed another. */
  | { kind: 'duplicate_invoice'; operation: Operation }
  /** The same request under a key first sent more than 23 h ago (D18): the service may make it again. */
  | { kind: 'key_expired'; operation: Operation };

/** The first rule a new intent breaks, or null when it may be recorded and sent. */
export function conflictOf(
  operations: ReadonlyArray<Operation>,
  candidate: IntentCandidate,
  now: Date,
): IntentConflict | null {
  const target = targetOf(candidate.action, candidate.ids);
  let unresolved: Operation | null = null;
  let lastDeposit: Operation | null = null;
  // A resend under a key already used for the same content makes nothing new (D6): the service
  // answers it with its first answer, so it is never a second deposit and never blocked, while the
  // service still remembers the key (D18).
  let firstSend: Operation | null = null;
  for (const operation of operations) {
    const { intent } = operation;
    if (intent.action !== candidate.action || !inScope(operation, candidate)) continue;
    const sameKey = candidate.idempotencyKey !== null && intent.idempotencyKey === candidate.idempotencyKey;
    if (sameKey && intent.bodySha256 !== candidate.bodySha256 && !operation.anyAccount)
      return { kind: 'idempotency_conflict', operation };
    if (sameKey && (firstSend === null || Date.parse(intent.time) < Date.parse(firstSend.intent.time))) {
      firstSend = operation;
    }
    if (target === null || !onTarget(operation, target)) continue;
    if (!sameKey && unresolved === null && isUnsettled(operation)) unresolved = operation;
    if (candidate.action === 'deposit.create' && operationState(operation) === 'ok') lastDeposit = operation;
  }
  if (firstSend) {
    const until = resendUntil(operations, firstSend);
    return until !== null && now.getTime() >= until.getTime()
      ? { kind: 'key_expired', operation: firstSend }
      : null;
  }
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
        getBlockingIntent: blocking,
      };
    case 'intent_unresolved':
      return {
        kind: 'intent_unresolved',
        message: `${what} has an unknown outcome: the service may have acted on it. Nothing new was sent. Retry it under the same key, or settle it after checking with the service, before starting another.`,
        getBlockingIntent: blocking,
      };
    case 'key_expired':
      return {
        kind: 'invalid_state',
        field: 'idempotencyKey',
        message: `${what} was first sent more than 23 hours ago: the service keeps a request key for 24 hours only, so sending it again could make a second record. Nothing was sent. Read its status, or settle it by hand after checking with the service.`,
        text: { key: 'journal.keyExpired', params: { time: intent.time } },
        getBlockingIntent: blocking,
      };
    case 'duplicate_invoice':
      return {
        kind: 'duplicate_invoice',
        field: 'body.invoice_id',
        message: `${what} already created a deposit${intent.ids.deposit_id === undefined ? '' : ` (${intent.ids.deposit_id})`}. Nothing was sent. ${blocking.sameRequest ? 'Send the same request again under its key to see that deposit, or confirm' : 'Confirm'} that a second deposit with this invoice id is wanted.`,
        getBlockingIntent: blocking,
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
