import type { AuditAction, JsonValue, Result } from '../../../shared/contract';
import { requestBodySha256 } from './canonical-json';
import {
  auditIdsSchema,
  environmentRefSchema,
  idempotencyKeySchema,
  intentApprovalSchema,
  summarySchema,
  type EntryBody,
  type IntentEntry,
} from './entries';
import {
  TOO_LONG_500,
  isAction,
  reasonSchema,
  validation,
  zodFailure,
  type IntentInput,
} from './journal-inputs';
import { credentialFieldIn, type SpoolHeader } from './spool';
import { requestIds, summariseRequest } from './summary';
import type { IntentCandidate } from './targets';

/**
 * What an intent must carry before any store records it, and the shapes it is recorded in: the
 * journal line, the kept request's header, and what the conflict rules (targets.ts) compare.
 */

/** An intent that passed every check, ready to be spooled and written. */
interface CheckedIntent {
  action: AuditAction;
  environment: IntentEntry['environment'];
  /** The service account the intent moves money on. */
  account: string;
  /** Trimmed; empty when none was given. */
  reasonText: string;
  idempotencyKey: string | null;
  bodyText: string;
  bodySha256: string;
  summary: IntentEntry['summary'];
  ids: IntentEntry['ids'];
  approval?: IntentEntry['approval'];
}

export function checkIntent(input: IntentInput): Result<CheckedIntent> {
  if (!isAction(input.action)) return validation('Unknown action.', 'action');
  const environment = environmentRefSchema.safeParse(input.environment);
  if (!environment.success) return zodFailure('Invalid environment', environment.error, 'environment');
  if (environment.data.account === undefined) {
    return validation('An intent names the service account it moves money on.', 'environment.account');
  }
  const reasonText = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reasonSchema.safeParse(reasonText).success)
    return validation('The reason is too long (500 characters at most).', 'reason', TOO_LONG_500);
  if (environment.data.kind === 'production' && reasonText === '') {
    return validation('A reason is required for every action in production.', 'reason', {
      key: 'guard.reasonRequired',
    });
  }
  const rawKey = input.idempotencyKey ?? null;
  if (input.action !== 'cashout.cancel' && rawKey === null) {
    return validation('Deposits and refunds carry an idempotency key.', 'idempotencyKey');
  }
  if (rawKey !== null && !idempotencyKeySchema.safeParse(rawKey).success) {
    return validation('The idempotency key is not valid.', 'idempotencyKey');
  }
  const request = input.request as unknown as JsonValue;
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return validation('The request must be a JSON object.', 'request');
  }
  const credentialField = credentialFieldIn(request);
  if (credentialField) {
    return validation(
      'A credential must not be spooled; the client adds it when it sends.',
      `request.${credentialField}`,
    );
  }
  let bodyText: string;
  let bodySha256: string;
  try {
    bodySha256 = requestBodySha256(request);
    bodyText = JSON.stringify(request);
  } catch {
    return validation('The request holds a value JSON cannot carry.', 'request');
  }
  const summary = summarySchema.safeParse({
    ...summariseRequest(input.action, input.request),
    ...(input.action === 'refund.create' && input.currency !== undefined && { currency: input.currency }),
  });
  if (!summary.success) return zodFailure('Invalid request', summary.error, 'request');
  const ids = auditIdsSchema.safeParse({ ...requestIds(input.action, input.request), ...input.ids });
  if (!ids.success) return zodFailure('Invalid ids', ids.error, 'ids');
  const approval = intentApprovalSchema.optional().safeParse(input.approval);
  if (!approval.success) return zodFailure('Invalid approval', approval.error, 'approval');
  return {
    ok: true,
    data: {
      action: input.action,
      environment: environment.data,
      account: environment.data.account,
      reasonText,
      idempotencyKey: rawKey,
      bodyText,
      bodySha256,
      summary: summary.data,
      ids: ids.data,
      ...(approval.data !== undefined && { approval: approval.data }),
    },
  };
}

/** What the conflict rules compare with the journal's operations. */
export const intentCandidate = (checked: CheckedIntent, confirmedDuplicateOf?: string): IntentCandidate => ({
  environmentId: checked.environment.id,
  account: checked.account,
  action: checked.action,
  ids: checked.ids,
  idempotencyKey: checked.idempotencyKey,
  bodySha256: checked.bodySha256,
  ...(confirmedDuplicateOf !== undefined && { confirmedDuplicateOf }),
});

/** The header the kept request is spooled under. */
export const spoolHeaderOf = (intentId: string, checked: CheckedIntent, now: Date): SpoolHeader => ({
  intentId,
  action: checked.action,
  idempotencyKey: checked.idempotencyKey,
  environment: checked.environment,
  ids: checked.ids,
  bodySha256: checked.bodySha256,
  time: now.toISOString(),
});

/** The journal line of the intent. */
export const intentEntry = (intentId: string, checked: CheckedIntent, osUser: string | null): EntryBody => ({
  type: 'intent',
  intentId,
  environment: checked.environment,
  osUser,
  action: checked.action,
  ids: checked.ids,
  idempotencyKey: checked.idempotencyKey,
  reason: checked.reasonText === '' ? null : checked.reasonText,
  summary: checked.summary,
  bodySha256: checked.bodySha256,
  // Only an approved move's line has it: every other line stays as version 1 wrote it.
  ...(checked.approval !== undefined && { approval: checked.approval }),
});
