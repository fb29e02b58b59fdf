import type {
  AuditAction,
  AuditIds,
  AuditUnresolvedView,
  ConsoleError,
  Result,
} from '../../../shared/contract';
import type { AnchorProblem } from './anchor';
import { requestBodySha256 } from './canonical-json';
import type { EntryBody, OutcomeEntry, ResolutionEntry } from './entries';
import type { PendingRequest } from './journal';
import type { JournalView } from './journal-view';
import { parseSpooledBody, type SpoolRecord } from './spool';
import { inScope, onTarget, resendUntil, targetOf, type AccountScope } from './targets';
import { isUnsettled, type Operation } from './views';

/**
 * The journal's rules, apart from where its lines are kept: which unsettled intent blocks a
 * target, when a key may be sent again, which intents a resend settles, and what a kept request
 * must match (what an intent must carry is in journal-intent.ts). Pure functions over the
 * operations, so that any store of the journal (file-journal.ts today) applies the same rules.
 */

/** No money moves while a line in the middle cannot be read: it may be an unknown intent. */
export function damageRefusal(view: JournalView): { ok: false; error: ConsoleError } | null {
  const [first] = view.openDamage();
  if (!first) return null;
  return {
    ok: false,
    error: {
      kind: 'storage',
      message: `${first.problem.message} It may have been a payment action whose outcome is unknown, so no payment action can run until a person repairs it: check the journal, then run paydesk audit repair --reason "<what was checked>".`,
      text: { key: 'journal.damaged', params: { line: first.line } },
    },
  };
}

/** Whether the key of `operation` is past its resend window (D18) at `now`. */
export function resendExpired(operations: Iterable<Operation>, operation: Operation, now: Date): boolean {
  const until = resendUntil(operations, operation);
  return until !== null && now.getTime() >= until.getTime();
}

export const HAS_OUTCOME = {
  ok: false,
  error: {
    kind: 'invalid_state',
    message: 'This intent already has an outcome.',
    text: { key: 'journal.hasOutcome' },
  },
} as const satisfies { ok: false; error: ConsoleError };

/** The unsettled intent of `action` on the target of `ids` in `scope`, if any. */
export function blockingOperation(
  operations: Iterable<Operation>,
  scope: AccountScope,
  action: AuditAction,
  ids: AuditIds,
): Operation | null {
  const target = targetOf(action, ids);
  if (target === null) return null;
  for (const operation of operations) {
    if (
      operation.intent.action === action &&
      inScope(operation, scope) &&
      onTarget(operation, target) &&
      isUnsettled(operation)
    ) {
      return operation;
    }
  }
  return null;
}

/** The definite answer to an intent's request: its outcome, or the resolution of a lost one. */
export function definiteAnswer(answered: Operation | undefined): OutcomeEntry | ResolutionEntry | undefined {
  return (
    answered?.resolution ?? (answered?.outcome?.result === 'outcome_unknown' ? undefined : answered?.outcome)
  );
}

/** Whether `earlier` is an unsettled intent of the same request as `answered` (account, action, key and body hash). */
export function isResendOf(earlier: Operation, answered: Operation): boolean {
  const { intent } = answered;
  const scope = { environmentId: intent.environment.id, account: intent.environment.account };
  return !(
    earlier.intent.intentId === intent.intentId ||
    !inScope(earlier, scope) ||
    earlier.intent.action !== intent.action ||
    earlier.intent.idempotencyKey !== intent.idempotencyKey ||
    earlier.intent.bodySha256 !== intent.bodySha256 ||
    !isUnsettled(earlier)
  );
}

/** The resolution that settles `earlier` with the answer `outcome` got for intent `intentId`. */
export function settledByResend(
  earlier: Operation,
  intentId: string,
  outcome: OutcomeEntry | ResolutionEntry,
  osUser: string | null,
): EntryBody {
  return {
    type: 'resolution',
    intentId: earlier.intent.intentId,
    method: 'retried_same_key',
    result: outcome.result === 'ok' ? 'ok' : 'error',
    note: `Settled by intent ${intentId}, the same request sent again under the same key.`,
    osUser,
    ...(outcome.httpStatus !== undefined && { httpStatus: outcome.httpStatus }),
    ...(outcome.error && { error: outcome.error }),
    ...(outcome.resultingIds && { resultingIds: outcome.resultingIds }),
    ...(outcome.status !== undefined && { status: outcome.status }),
  };
}

/** How an unsettled intent is listed; `canRetry` comes from the store, which keeps the requests. */
export function unresolvedView(
  operations: Iterable<Operation>,
  operation: Operation,
  canRetry: boolean,
  now: Date,
): AuditUnresolvedView {
  const { intent, outcome } = operation;
  const until = resendUntil(operations, operation);
  return {
    intentId: intent.intentId,
    seq: intent.seq,
    time: intent.time,
    environment: intent.environment,
    osUser: intent.osUser,
    action: intent.action,
    ids: intent.ids,
    idempotencyKey: intent.idempotencyKey,
    reason: intent.reason,
    summary: intent.summary,
    cause: operation.fromDamage ? 'damaged_line' : outcome ? 'answer_lost' : 'no_outcome',
    canRetry,
    resendUntil: until === null ? null : until.toISOString(),
    resendExpired: until !== null && now.getTime() >= until.getTime(),
  };
}

/** D18: past 23 h the service may have forgotten the key and would make a second record. */
export function keyExpiredError(intent: Operation['intent']): { ok: false; error: ConsoleError } {
  return {
    ok: false,
    error: {
      kind: 'invalid_state',
      message: `This request was first sent at ${intent.time}, more than 23 hours ago: the service keeps a request key for 24 hours only, so sending it again could make a second record. Read its status instead, or settle it by hand after checking with the service.`,
      text: { key: 'journal.keyExpired', params: { time: intent.time } },
    },
  };
}

const KEPT_REQUEST_DIFFERS = {
  ok: false,
  error: {
    kind: 'storage',
    message: 'The kept request does not match what the journal recorded; it cannot be retried safely.',
    text: { key: 'journal.keptRequestDiffers' },
  },
} as const satisfies { ok: false; error: ConsoleError };

/** The kept request of an unsettled intent, refused unless it is exactly what the intent recorded. */
export function keptRequest(
  intentId: string,
  intent: Operation['intent'],
  spooled: SpoolRecord | null,
): Result<PendingRequest> {
  if (spooled?.bodyProblem === 'no_key') {
    return {
      ok: false,
      error: {
        kind: 'keychain_unavailable',
        message:
          'The kept request is sealed with the key in the OS keychain, which cannot be read now: unlock the keychain, then try again.',
        text: { key: 'journal.keptRequestLocked' },
      },
    };
  }
  if (spooled?.bodyProblem === 'other_key') {
    return {
      ok: false,
      error: {
        kind: 'not_found',
        message:
          'The kept request was sealed with a key this keychain does not have (another install, or a keychain kept in memory by an earlier run), so it cannot be sent again: read its status instead, or settle it by hand after checking with the service.',
        text: { key: 'journal.keptRequestOtherKey' },
      },
    };
  }
  if (spooled?.bodyProblem === 'damaged') return KEPT_REQUEST_DIFFERS;
  if (!spooled || spooled.bodyText === null) {
    return {
      ok: false,
      error: {
        kind: 'not_found',
        message: 'The request of this intent was not kept; re-read the status instead.',
        text: { key: 'journal.requestNotKept' },
      },
    };
  }
  const body = parseSpooledBody(spooled.bodyText);
  if (
    !body ||
    requestBodySha256(body) !== intent.bodySha256 ||
    spooled.action !== intent.action ||
    spooled.idempotencyKey !== intent.idempotencyKey
  ) {
    return KEPT_REQUEST_DIFFERS;
  }
  return {
    ok: true,
    data: {
      intentId,
      action: intent.action,
      environment: intent.environment,
      idempotencyKey: intent.idempotencyKey,
      body,
      bodyText: spooled.bodyText,
      bodySha256: intent.bodySha256,
    },
  };
}

export const NOTHING_TO_ACKNOWLEDGE = {
  ok: false,
  error: {
    kind: 'invalid_state',
    message: 'There is nothing to acknowledge: the end of the journal matches its anchor.',
    text: { key: 'journal.nothingToAcknowledge' },
  },
} as const satisfies { ok: false; error: ConsoleError };

/** The gap entry that records an acknowledged anchor problem, naming the anchor's old head. */
export function gapEntry(
  problem: AnchorProblem,
  fileHead: { seq: number; hash: string | null; bytes: number },
  osUser: string | null,
  reason: string,
): EntryBody {
  return {
    type: 'gap',
    problem: problem.state,
    missingEntries: problem.state === 'entries_missing' ? problem.count : null,
    anchorHead:
      problem.state === 'unreadable' || problem.state === 'anchor_missing'
        ? null
        : { seq: problem.anchor.seq, hash: problem.anchor.hash, bytes: problem.anchor.bytes },
    fileHead,
    osUser,
    reason,
  };
}
