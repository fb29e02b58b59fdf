import { z } from 'zod';
import type {
  AuditAction,
  AuditEnvironmentRef,
  AuditIds,
  AuditResolutionMethod,
  ConsoleError,
  MessageText,
  Result,
} from '../../../shared/contract';
import { AUDIT_ACTIONS, AUDIT_STATES } from '../../../shared/contract';
import {
  auditIdsSchema,
  errorRecordSchema,
  type EntryBody,
  type ErrorRecord,
  type IntentApproval,
} from './entries';
import type { ActionRequests } from './summary';

/** What the journal's callers hand it, and how it checks that before anything is written. */

interface IntentCommon {
  /** Where the intent goes, and the service account it moves money on (D19: required). */
  environment: AuditEnvironmentRef;
  /** Why. The console requires one in production; the journal refuses a production intent without one. */
  reason?: string | null;
  /** Ids beyond those the request names (which are taken from it). */
  ids?: AuditIds;
  /** Deposits: the earlier intent with this invoice id over which the user confirmed a second deposit. */
  confirmedDuplicateOf?: string;
  /** Refunds: the deposit's currency (the body has none, D8), so the line says how much of what moved. */
  currency?: string;
  /** A request the team approved: who asked and who approved, as the team database's row says. */
  approval?: IntentApproval;
}

/**
 * One intent per user decision. `request` is what the use-case hands to the payments client
 * (credentials excluded): it goes to the owner-only spool, sealed, for a retry, and the journal line
 * gets only a masked summary built from it field by field (summary.ts) and its hash. Deposits and
 * refunds are POSTs and always carry an idempotency key (D6); a cashout cancel is a DELETE and may
 * have none.
 */
export type IntentInput =
  | (IntentCommon & {
      action: 'deposit.create';
      request: ActionRequests['deposit.create'];
      idempotencyKey: string;
    })
  | (IntentCommon & {
      action: 'refund.create';
      request: ActionRequests['refund.create'];
      idempotencyKey: string;
    })
  | (IntentCommon & {
      action: 'cashout.cancel';
      request: ActionRequests['cashout.cancel'];
      idempotencyKey?: string | null;
    });

export interface RecordedIntent {
  intentId: string;
  seq: number;
  idempotencyKey: string | null;
  /** requestBodySha256 of the request: what a retry must send again. */
  bodySha256: string;
  /** The request was kept, sealed, for a retry (false: no key could be had, so only a status read or a hand settlement can settle it). */
  bodyKept: boolean;
}

/** What the call gave. Only kind, code, type, HTTP status and message of an error are kept. */
export interface OutcomeInput {
  result: 'ok' | 'error' | 'outcome_unknown';
  httpStatus?: number;
  /** Required when `result` is `error`. */
  error?: ConsoleError;
  /** Ids the answer produced: deposit_id, refund_id… */
  resultingIds?: AuditIds;
  /** A status the answer carried, e.g. a cashout's `CANCELLED`. */
  status?: string;
}

export interface ResolutionInput extends Omit<OutcomeInput, 'result'> {
  method: AuditResolutionMethod;
  /** The final outcome established by the re-read or the retry. */
  result: 'ok' | 'error';
  /** Required for `manual`: how it was checked. */
  note?: string;
}

export const intentIdSchema = z.uuid();
export const reasonSchema = z.string().max(500);

export const filterSchema = z.strictObject({
  environmentId: z.string().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  state: z.enum(AUDIT_STATES).optional(),
});

const answerSchema = z.object({
  httpStatus: z.number().int().min(100).max(599).optional(),
  resultingIds: auditIdsSchema.optional(),
  status: z.string().max(100).optional(),
});

/** Most of these refuse a caller's bug, not staff's typing: "is not valid" beside the field says enough. */
export function validation(
  message: string,
  field?: string,
  text: MessageText = { key: 'field.invalid' },
): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind: 'validation', message, text, ...(field ? { field } : {}) } };
}

export const TOO_LONG_500: MessageText = { key: 'field.tooLong', params: { max: 500 } };

export const NO_SUCH_INTENT = {
  ok: false,
  error: { kind: 'not_found', message: 'No such intent in the journal.', text: { key: 'journal.noIntent' } },
} as const satisfies { ok: false; error: ConsoleError };

export const ALREADY_SETTLED = {
  ok: false,
  error: {
    kind: 'invalid_state',
    message: 'This intent is already settled.',
    text: { key: 'journal.alreadySettled' },
  },
} as const satisfies { ok: false; error: ConsoleError };

/** A validation error naming the first offending field, as a dotted path under `root`. */
export function zodFailure(
  prefix: string,
  error: z.ZodError,
  root?: string,
): { ok: false; error: ConsoleError } {
  const issue = error.issues[0];
  const field = [root, ...(issue?.path.map(String) ?? [])].filter(Boolean).join('.');
  return validation(
    `${prefix}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}.`,
    field || undefined,
  );
}

function errorRecord(error: ConsoleError): ErrorRecord {
  return errorRecordSchema.parse({
    kind: error.kind,
    code: error.code,
    type: error.type?.slice(0, 100),
    httpStatus: error.httpStatus,
    message: error.message.slice(0, 500),
  });
}

/** The answer fields of an outcome or resolution line, checked. */
export function answerBody(
  input: OutcomeInput,
): Result<Omit<Extract<EntryBody, { type: 'outcome' }>, 'type' | 'result' | 'intentId'>> {
  const answer = answerSchema.safeParse({
    httpStatus: input.httpStatus,
    resultingIds: input.resultingIds,
    status: input.status,
  });
  if (!answer.success) return zodFailure('Invalid outcome', answer.error);
  let error: ErrorRecord | undefined;
  if (input.error) {
    try {
      error = errorRecord(input.error);
    } catch {
      return validation('Invalid outcome: the error is not a console error.', 'error');
    }
  }
  return { ok: true, data: { ...answer.data, error } };
}

/** The checks of a resolution that need no journal: method, result, error, note. Answers the trimmed note. */
export function checkResolution(resolution: ResolutionInput): Result<string> {
  if (!['status_reread', 'retried_same_key', 'manual'].includes(resolution.method)) {
    return validation('Invalid resolution method.', 'method');
  }
  if (resolution.result !== 'ok' && resolution.result !== 'error') {
    return validation('A resolution ends in ok or error.', 'result');
  }
  if (resolution.result === 'error' && !resolution.error) {
    return validation('An error resolution names its error.', 'error');
  }
  const note = resolution.note?.trim() ?? '';
  if (resolution.method === 'manual' && note === '') {
    return validation('A manual resolution says how it was checked.', 'note');
  }
  if (note.length > 500)
    return validation('The note is too long (500 characters at most).', 'note', TOO_LONG_500);
  return { ok: true, data: note };
}

/** A reason a person gives (acknowledge, repair): required, at most 500 characters. */
export function personReason(input: { reason: string }): Result<string> {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason === '') return validation('Say what was checked: a reason is required.', 'reason');
  if (reason.length > 500)
    return validation('The reason is too long (500 characters at most).', 'reason', TOO_LONG_500);
  return { ok: true, data: reason };
}

export const isAction = (value: unknown): value is AuditAction =>
  (AUDIT_ACTIONS as readonly unknown[]).includes(value);
