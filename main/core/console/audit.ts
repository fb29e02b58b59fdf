import {
  type AuditEntryView,
  type AuditFilter,
  type AuditIds,
  type AuditSettleInput,
  type AuditUnresolvedView,
  type Result,
  AUDIT_ACTIONS,
  AUDIT_STATES,
  type AuditApi,
} from '../../../shared/contract';
import type { Journal, ResolutionInput } from '../audit';
import {
  cashoutCancelSchema,
  checkInput,
  depositCreateBodySchema,
  refundCreateBodySchema,
  externalIdSchema,
  idSchema,
} from '../payments';
import { cashoutStatusName, checkCancellable } from './cashouts';
import type { EnvironmentConnection } from './connections';
import { type ConsoleContext, onActive } from './context';
import { rememberRedirect } from './deposits';
import { accountScope, checkGuardRails, isUnknownOutcome, unknownOn104 } from './guarded';
import { failure } from './results';
import { settleTeamOperation, teamOperationOf, type TeamTicket } from './team-referee';
import { z } from 'zod';
import { environmentId, isoTime, MAX_TEXT, none, reason } from './arg-parts';
import type { ConsoleMethods } from './method';

/** `paydesk-audit-<environment or all>-<yyyy-mm-dd>.csv` */
function auditCsvFileName(filter: AuditFilter, now: number): string {
  const scope = (filter.environmentId ?? 'all').replace(/[^A-Za-z0-9-]+/g, '-') || 'all';
  return `paydesk-audit-${scope}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

async function viewAt(journal: Journal, seq: number): Promise<Result<AuditEntryView>> {
  const entries = await journal.entries();
  if (!entries.ok) return entries;
  const view = entries.data.find((entry) => entry.seq === seq);
  return view
    ? { ok: true, data: view }
    : failure('internal', 'The journal entry just written was not found.', {
        text: { key: 'journal.entryNotFound' },
      });
}

/** The unresolved intent, or why it cannot be acted on. */
async function unresolvedIntent(journal: Journal, intentId: string): Promise<Result<AuditUnresolvedView>> {
  const open = await journal.unresolved();
  if (!open.ok) return open;
  const found = open.data.find((view) => view.intentId === intentId);
  if (found) return { ok: true, data: found };
  const entries = await journal.entries();
  if (!entries.ok) return entries;
  const exists = entries.data.some((entry) => entry.type === 'intent' && entry.intentId === intentId);
  return exists
    ? failure('invalid_state', 'This intent is already settled (or its call is still under way).', {
        field: 'intentId',
        text: { key: 'journal.settledOrUnderWay' },
      })
    : failure('not_found', 'The journal has no intent with this id.', {
        field: 'intentId',
        text: { key: 'journal.noIntent' },
      });
}

/**
 * The connection an intent's retry or status read goes through: its own environment when that
 * still reaches the intent's account, else any profile (or the CLI's variables) that does (D19:
 * the intent belongs to the account, so a removed and re-added profile can still settle it).
 * Never a profile on another account: the read would answer for other records.
 */
async function connectionOf(
  context: ConsoleContext,
  intent: AuditUnresolvedView,
): Promise<Result<EnvironmentConnection>> {
  const wanted = intent.environment.account;
  const reaches = async (environmentId: string): Promise<EnvironmentConnection | null> => {
    const connection = await context.connections.connect(environmentId);
    if (!connection.ok) return null;
    if (wanted === undefined) return connection.data;
    const scope = await accountScope(connection.data, intent.action);
    return scope.ok && scope.data.account === wanted ? connection.data : null;
  };
  const own = await reaches(intent.environment.id);
  if (own) return { ok: true, data: own };
  if (wanted !== undefined) {
    const candidates: string[] = [];
    const active = await context.activeEnvironmentId();
    if (active.ok) candidates.push(active.data);
    const list = await context.environments.list();
    if (list.ok) candidates.push(...list.data.environments.map((profile) => profile.id));
    for (const id of new Set(candidates)) {
      if (id === intent.environment.id) continue;
      const other = await reaches(id);
      if (other) return { ok: true, data: other };
    }
  }
  return failure(
    'not_found',
    `No environment here reaches the service account of this intent ("${intent.environment.name}"), so its status cannot be read here.`,
    { text: { key: 'journal.environmentGone', params: { name: intent.environment.name } } },
  );
}

/**
 * Writes the intent's resolution, and settles its team operation when its profile is in a team: a
 * status read or a person's word is settled in the database first (a refusal there changes
 * nothing here); a retry's answer is recorded in both after the call that already happened.
 */
async function resolve(
  context: ConsoleContext,
  journal: Journal,
  intent: AuditUnresolvedView,
  resolution: ResolutionInput,
  known?: TeamTicket | null,
): Promise<Result<AuditEntryView>> {
  let team = known;
  if (team === undefined) {
    const found = await teamOperationOf(context, intent);
    if (!found.ok) return found;
    team = found.data;
  }
  const retried = resolution.method === 'retried_same_key';
  if (team && !retried) {
    const settled = await settleTeamOperation(team, resolution);
    if (!settled.ok) return settled;
  }
  const written = await journal.recordResolution(intent.intentId, resolution);
  if (team && retried) {
    const recorded = await settleTeamOperation(team, resolution);
    if (!recorded.ok) return recorded;
  }
  return written.ok ? viewAt(journal, written.data.seq) : written;
}

const onlyRetryCanSettle = (what: string): Result<never> =>
  failure(
    'validation',
    `The ${what} id of this intent is not known, so no status can be read: only a retry with the same idempotency key can settle it (the service answers it with its first answer).`,
    { text: { key: 'journal.onlyRetryCanSettle' } },
  );

/** Settles an unresolved intent by reading the status of what it acted on. */
async function rereadIntent(context: ConsoleContext, intentId: string): Promise<Result<AuditEntryView>> {
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const intent = await unresolvedIntent(journal.data, intentId);
  if (!intent.ok) return intent;
  const { ids } = intent.data;

  if (intent.data.action === 'cashout.cancel') {
    if (ids.cashout_id === undefined || ids.external_id === undefined) return onlyRetryCanSettle('cashout');
    const connection = await connectionOf(context, intent.data);
    if (!connection.ok) return connection;
    const read = await connection.data.client.getCashoutStatus({
      cashoutId: ids.cashout_id,
      externalId: ids.external_id,
    });
    if (!read.ok) return read;
    const status = cashoutStatusName(read.data.record);
    const cancelled = read.data.record.cashout_status === 2;
    return resolve(context, journal.data, intent.data, {
      method: 'status_reread',
      result: cancelled ? 'ok' : 'error',
      status,
      ...(!cancelled && {
        error: {
          kind: 'invalid_state',
          message: `The cashout is ${status}: the cancel did not take effect.`,
        },
      }),
    });
  }

  if (intent.data.action === 'deposit.create') {
    if (ids.deposit_id === undefined) return onlyRetryCanSettle('deposit');
    const connection = await connectionOf(context, intent.data);
    if (!connection.ok) return connection;
    const read = await connection.data.client.getDeposit(ids.deposit_id);
    if (!read.ok) return read;
    return resolve(context, journal.data, intent.data, {
      method: 'status_reread',
      result: 'ok',
      status: read.data.record.status.slice(0, 100),
    });
  }

  if (ids.refund_id === undefined) return onlyRetryCanSettle('refund');
  const connection = await connectionOf(context, intent.data);
  if (!connection.ok) return connection;
  const read = await connection.data.client.getRefund(ids.refund_id);
  if (!read.ok) return read;
  return resolve(context, journal.data, intent.data, {
    method: 'status_reread',
    result: 'ok',
    status: read.data.record.status.slice(0, 100),
  });
}

/** The resolution of a retry's Result, or null when its answer was lost again. */
function retryResolution<T>(
  result: Result<T>,
  describe: (data: T) => { resultingIds?: AuditIds; status?: string },
): ResolutionInput | null {
  if (result.ok) return { method: 'retried_same_key', result: 'ok', ...describe(result.data) };
  if (isUnknownOutcome(result.error)) return null;
  return {
    method: 'retried_same_key',
    result: 'error',
    error: result.error,
    ...(result.error.httpStatus !== undefined && { httpStatus: result.error.httpStatus }),
  };
}

/**
 * Sends an unresolved intent's spooled request again with its ORIGINAL key (D6: the service
 * replays its first answer if the first request arrived), through the same guard rails, and
 * records the resolution. A cashout cancel (a DELETE, never repeated blindly) goes through the
 * cancel guard again: already cancelled settles it, still pending cancels it.
 */
async function retryIntent(
  context: ConsoleContext,
  intentId: string,
  reason?: string,
): Promise<Result<AuditEntryView>> {
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const intent = await unresolvedIntent(journal.data, intentId);
  if (!intent.ok) return intent;
  // pendingRequest refuses a key older than 23 h (D18) and a request that was not kept, each with its reason.
  const pending = await journal.data.pendingRequest(intentId);
  if (!pending.ok) return pending;
  const connection = await connectionOf(context, intent.data);
  if (!connection.ok) return connection;
  const guards = await checkGuardRails(context, connection.data, reason?.trim() || intent.data.reason);
  if (!guards.ok) return guards;
  // In a team, nothing is sent again unless the database answers (team-referee.ts).
  const team = await teamOperationOf(context, intent.data);
  if (!team.ok) return team;
  const { client, profile } = connection.data;
  const key = pending.data.idempotencyKey;

  let resolution: ResolutionInput | null;
  let lost: Result<never> | null = null;
  if (pending.data.action === 'deposit.create') {
    const body = checkInput(depositCreateBodySchema, pending.data.body, 'body');
    if (!body.ok) return body;
    if (key === null)
      return failure('internal', 'A deposit intent without an idempotency key cannot be retried.', {
        text: { key: 'journal.noRequestKey' },
      });
    context.arming.touch(profile);
    const result = unknownOn104(await client.createDeposit(body.data, { idempotencyKey: key }));
    if (result.ok) rememberRedirect(context, result.data.record.redirect_url);
    resolution = retryResolution(result, (created) => ({
      resultingIds: { deposit_id: created.record.deposit_id },
    }));
    if (!resolution && !result.ok) lost = result;
  } else if (pending.data.action === 'refund.create') {
    const body = checkInput(refundCreateBodySchema, pending.data.body, 'body');
    if (!body.ok) return body;
    if (key === null)
      return failure('internal', 'A refund intent without an idempotency key cannot be retried.', {
        text: { key: 'journal.noRequestKey' },
      });
    context.arming.touch(profile);
    const result = unknownOn104(await client.createRefund(body.data, { idempotencyKey: key }));
    resolution = retryResolution(result, (created) => ({
      resultingIds: { refund_id: created.record.refund_id },
    }));
    if (!resolution && !result.ok) lost = result;
  } else {
    const ids = checkInput(cashoutCancelSchema, pending.data.body, 'body');
    if (!ids.ok) return ids;
    const cancellable = await checkCancellable(context, connection.data, ids.data);
    if (!cancellable.ok) {
      // Already cancelled: the lost cancel did arrive. Anything else is answered as it is.
      const now = await client.getCashoutStatus(ids.data);
      if (now.ok && now.data.record.cashout_status === 2) {
        return resolve(context, journal.data, intent.data, {
          method: 'status_reread',
          result: 'ok',
          status: cashoutStatusName(now.data.record),
        });
      }
      return cancellable;
    }
    context.arming.touch(profile);
    const result = await client.cancelCashout(ids.data);
    resolution = retryResolution(result, (status) => ({ status: cashoutStatusName(status.record) }));
    if (!resolution && !result.ok) lost = result;
  }
  if (!resolution) {
    return (
      lost ??
      failure('outcome_unknown', 'The answer was lost again: retry later with the same key.', {
        text: { key: 'journal.lostAgain' },
      })
    );
  }
  const resolved = await resolve(context, journal.data, intent.data, resolution, team.data);
  if (!resolved.ok) return resolved;
  // Other intents of the same request (sent again earlier, answers lost too) have the same answer.
  const others = await journal.data.settleResends(intentId);
  return others.ok ? resolved : others;
}

/**
 * Settles an unknown outcome on the operator's word, after checking elsewhere (the merchant panel,
 * the bank statement). The journal keeps who (the OS user) and how it was checked (the note).
 */
async function settleIntent(context: ConsoleContext, arg: AuditSettleInput): Promise<Result<AuditEntryView>> {
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const intent = await unresolvedIntent(journal.data, arg.intentId);
  if (!intent.ok) return intent;
  const note = `Settled by hand: ${arg.note.trim()}`;
  return resolve(
    context,
    journal.data,
    intent.data,
    arg.verdict === 'happened'
      ? { method: 'manual', result: 'ok', note }
      : {
          method: 'manual',
          result: 'error',
          note,
          error: { kind: 'not_found', message: 'Checked by hand: the service did not act on this request.' },
        },
  );
}

const auditFilter = z.strictObject({
  environmentId: environmentId.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  state: z.enum(AUDIT_STATES).optional(),
});

const targetIds = z.strictObject({
  invoice_id: z.string().min(1).max(200).optional(),
  deposit_id: idSchema.optional(),
  refund_id: idSchema.optional(),
  cashout_id: idSchema.optional(),
  external_id: externalIdSchema.optional(),
});

/** `task` on the journal, opened on first use. */
async function onJournal<T>(
  context: ConsoleContext,
  task: (journal: Journal) => Promise<Result<T>>,
): Promise<Result<T>> {
  const journal = await context.journal();
  return journal.ok ? task(journal.data) : journal;
}

export const AUDIT_HANDLERS: ConsoleMethods<keyof AuditApi> = {
  listAuditEntries: {
    arg: auditFilter,
    handle: (context, arg) => onJournal(context, (journal) => journal.entries(arg)),
  },

  verifyAudit: { arg: none, handle: (context) => onJournal(context, (journal) => journal.verify()) },

  exportAuditCsv: {
    arg: auditFilter,
    handle: (context, arg) =>
      onJournal(context, async (journal) => {
        const csv = await journal.exportCsv(arg);
        return csv.ok
          ? { ok: true, data: { fileName: auditCsvFileName(arg, context.now()), csv: csv.data } }
          : csv;
      }),
  },

  listUnresolvedIntents: {
    arg: none,
    handle: (context) => onJournal(context, (journal) => journal.unresolved()),
  },

  rereadIntent: {
    arg: z.strictObject({ intentId: z.uuid() }),
    handle: (context, arg) => rereadIntent(context, arg.intentId),
  },

  retryIntent: {
    arg: z.strictObject({ intentId: z.uuid(), reason }),
    handle: (context, arg) => retryIntent(context, arg.intentId, arg.reason),
  },

  settleIntent: {
    arg: z.strictObject({
      intentId: z.uuid(),
      verdict: z.enum(['happened', 'did_not_happen']),
      note: z.string().trim().min(1, 'say how it was checked').max(MAX_TEXT),
    }),
    handle: (context, arg) => settleIntent(context, arg),
  },

  getBlockingIntent: {
    arg: z.strictObject({ action: z.enum(AUDIT_ACTIONS), ids: targetIds }),
    handle: (context, arg) =>
      onActive(context, async (connection) => {
        const scope = await accountScope(connection, arg.action);
        if (!scope.ok) return scope;
        return onJournal(context, (journal) => journal.getBlockingIntent(scope.data, arg.action, arg.ids));
      }),
  },
};
