import { randomUUID } from 'node:crypto';
import type {
  AuditAction,
  AuditEnvironmentRef,
  AuditIds,
  ConsoleError,
  EnvironmentProfile,
  MutationMeta,
  Result,
} from '../../../shared/contract';
import type { AccountScope, ActionRequests, Journal, OutcomeInput } from '../audit';
import { formOfAction } from '../drafts';
import { accountFor, accountOrigin, idempotencyKeySchema } from '../payments';
import type { EnvironmentConnection } from './connections';
import type { ConsoleContext } from './context';
import { failure } from './results';
import { beginTeamOperation, recordTeamOutcome, type ApprovedRequest } from './team-referee';

/**
 * THE path of every mutating call (deposit create, refund create, cashout cancel), from the UI,
 * the web bridge and the CLI alike:
 *   (a) guard rails: production must be armed and needs a reason; the clock guard;
 *   (b) the intent goes to the journal (flushed) before anything is sent, naming the service
 *       account it moves money on (D19); in a team, the team's database must then let it begin
 *       (team-referee.ts);
 *   (c) the client call, under the intent's idempotency key (D6);
 *   (d) the outcome goes to the journal: ok, error, or outcome_unknown.
 */

const environmentRef = (profile: EnvironmentProfile, account?: string): AuditEnvironmentRef => ({
  id: profile.id,
  name: profile.name,
  kind: profile.kind,
  ...(account !== undefined && { account }),
});

/**
 * The account an action on this connection moves money on, with the environment's id (for journal
 * lines written before accounts were kept). Refused when the credentials that name it are missing:
 * the call could not be signed either.
 */
export async function accountScope(
  connection: EnvironmentConnection,
  action: AuditAction,
): Promise<Result<Required<AccountScope>>> {
  const account = await connection.account();
  if (!account.ok) return account;
  const id = accountFor(account.data, action);
  if (id === null) {
    return failure('credentials_missing', 'The cashout login of this environment is not set.', {
      field: 'cashoutLogin',
      text: { key: 'credentials.missingCashout' },
    });
  }
  return { ok: true, data: { environmentId: connection.profile.id, account: id } };
}

/**
 * A stored production profile on the same service as this non-production connection: the
 * strictest kind's guards belong to the account (D19), whatever profile reaches it.
 */
async function productionOwner(
  context: ConsoleContext,
  connection: EnvironmentConnection,
): Promise<EnvironmentProfile | null> {
  if (connection.profile.kind === 'production' || connection.sandbox) return null;
  const origin = accountOrigin(connection.baseUrl);
  const list = await context.environments.list();
  // When the profiles cannot be read, nobody can say the service is not production's.
  if (!list.ok) return { ...connection.profile, kind: 'production' };
  return (
    list.data.environments.find(
      (other) =>
        other.kind === 'production' &&
        other.id !== connection.profile.id &&
        accountOrigin(other.baseUrl) === origin,
    ) ?? null
  );
}

/** Guard rails that hold before any mutating call: the account's kind, arming, reason, clock. */
export async function checkGuardRails(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  reason: string | null | undefined,
): Promise<Result<void>> {
  const { profile } = connection;
  const owner = await productionOwner(context, connection);
  if (owner) {
    return failure(
      'not_permitted',
      `"${profile.name}" reaches the same service as the production environment "${owner.name}", so nothing is changed through it: use "${owner.name}", armed and with a reason.`,
      { text: { key: 'guard.productionService', params: { name: profile.name, production: owner.name } } },
    );
  }
  if (profile.kind === 'production') {
    if (!context.arming.isArmed(profile)) {
      return failure(
        'not_permitted',
        `Production ("${profile.name}") is read-only until it is armed: arm it by typing the environment's name, then try again.`,
        { text: { key: 'guard.productionNotArmed', params: { name: profile.name } } },
      );
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      return failure('validation', 'A reason is required for every action in production.', {
        field: 'reason',
        text: { key: 'guard.reasonRequired' },
      });
    }
  }
  const clock = connection.client.clock.status();
  if (clock.blocksMutations) {
    const seconds = Math.abs(Math.round((clock.offsetMs ?? 0) / 1000));
    return failure(
      'clock_skew',
      `This computer's clock is about ${seconds} s away from the service's and cannot be corrected, so the service would refuse the request: fix the system clock, then try again.`,
      { text: { key: 'guard.clockOff', params: { seconds } } },
    );
  }
  return { ok: true, data: undefined };
}

/** The outcome line for a call's Result. */
function outcomeOf<T>(
  result: Result<T>,
  describe: (data: T) => Pick<OutcomeInput, 'resultingIds' | 'status'>,
): OutcomeInput {
  if (result.ok) return { result: 'ok', ...describe(result.data) };
  return {
    result: isUnknownOutcome(result.error) ? 'outcome_unknown' : 'error',
    error: result.error,
    ...(result.error.httpStatus !== undefined && { httpStatus: result.error.httpStatus }),
  };
}

/** The request may have arrived and its answer was lost (or the caller stopped waiting for it). */
export const isUnknownOutcome = (error: ConsoleError): boolean =>
  error.kind === 'outcome_unknown' || error.kind === 'cancelled';

/**
 * D16: a 104 answers a request whose key the service has already seen with other content. It
 * proves an earlier request under the key arrived and says nothing about this one: unknown.
 */
export function unknownOn104<T>(result: Result<T>): Result<T> {
  if (result.ok || result.error.kind !== 'idempotency_conflict' || result.error.httpStatus === undefined) {
    return result;
  }
  return {
    ok: false,
    error: {
      ...result.error,
      kind: 'outcome_unknown',
      message: `The service answered that this request key was already used with other content (${result.error.message}) So a request under this key did reach it: read the current status, or send the same request again under the same key, before anything else.`,
      text: { key: 'guard.requestKeyReached' },
    },
  };
}

/** What a caller in main adds to the transport's MutationMeta: the team request it sends, once approved. */
export type GuardedMeta = MutationMeta & { approved?: ApprovedRequest };

interface MutationPlan<A extends AuditAction, T> {
  action: A;
  connection: EnvironmentConnection;
  meta: GuardedMeta;
  request: ActionRequests[A];
  ids?: AuditIds;
  /** Refunds: the deposit's currency, for the journal line (the body carries none). */
  currency?: string;
  /** The client call, under the journaled key (null for a cashout cancel, a DELETE: D6). */
  send(idempotencyKey: string | null): Promise<Result<T>>;
  /** The ids and status an answer carries, for the outcome line. */
  describe(data: T): Pick<OutcomeInput, 'resultingIds' | 'status'>;
}

interface Guarded<T> {
  /** The call's own Result. */
  result: Result<T>;
  intentId: string;
  idempotencyKey: string | null;
}

/** Runs a mutation through guard rails, journal, call and journal. A refusal before the call is a plain failure. */
export async function runGuarded<A extends AuditAction, T>(
  context: ConsoleContext,
  plan: MutationPlan<A, T>,
): Promise<Result<Guarded<T>>> {
  const guards = await checkGuardRails(context, plan.connection, plan.meta.reason);
  if (!guards.ok) return guards;
  const scope = await accountScope(plan.connection, plan.action);
  if (!scope.ok) return scope;

  const usesKey = plan.action !== 'cashout.cancel';
  let idempotencyKey: string | null = null;
  if (usesKey) {
    if (plan.meta.idempotencyKey !== undefined) {
      const checked = idempotencyKeySchema.safeParse(plan.meta.idempotencyKey);
      if (!checked.success) {
        return failure('validation', 'idempotencyKey: must be a v4 UUID.', {
          field: 'idempotencyKey',
          text: { key: 'field.requestKey' },
        });
      }
      idempotencyKey = checked.data;
    } else {
      // D6: made once per user intent, here, before the intent is written.
      idempotencyKey = randomUUID();
    }
  }

  const journal = await context.journal();
  if (!journal.ok) return journal;
  const reason = plan.meta.reason?.trim() || null;
  // IntentInput is a union keyed by action; `plan` pairs action and request by its type
  // parameter, which TypeScript cannot narrow a generic through.
  const intent = await journal.data.recordIntent({
    environment: environmentRef(plan.connection.profile, scope.data.account),
    action: plan.action,
    request: plan.request,
    reason,
    ...(plan.ids && { ids: plan.ids }),
    ...(plan.currency !== undefined && { currency: plan.currency }),
    ...(plan.meta.confirmedDuplicateOf !== undefined && {
      confirmedDuplicateOf: plan.meta.confirmedDuplicateOf,
    }),
    // Who asked and who approved, from the team's request row (sendApproved): never from the caller.
    ...(plan.meta.approved && {
      approval: {
        requestId: plan.meta.approved.requestId,
        madeBy: plan.meta.approved.madeBy,
        approvedBy: plan.meta.approved.approvedBy,
      },
    }),
    idempotencyKey,
  } as Parameters<Journal['recordIntent']>[0]);
  if (!intent.ok) return intent;
  const team = await beginTeamOperation(
    context,
    { ...plan, environmentId: plan.connection.profile.id, account: scope.data.account },
    intent.data,
  );
  if (!team.ok) {
    // Refused before anything was sent: a definite outcome, so nothing here stays unresolved.
    await journal.data.recordOutcome(intent.data.intentId, { result: 'error', error: team.error });
    return team;
  }
  context.arming.touch(plan.connection.profile);
  // Journaled means sent: a draft left behind could be sent a second time by accident. Its loss
  // must not stop a request already journaled, so a failure to remove it is not an error here.
  await context.drafts.discard(plan.connection.profile.id, formOfAction(plan.action));

  const result = unknownOn104(await plan.send(idempotencyKey));
  const outcome = outcomeOf(result, plan.describe);
  const recorded = await recordAnswer(journal.data, intent.data.intentId, outcome);
  const teamRecorded = team.data ? await recordTeamOutcome(team.data, outcome) : recorded;
  if (!recorded.ok) return recorded;
  if (!teamRecorded.ok) return teamRecorded;
  return { ok: true, data: { result, intentId: intent.data.intentId, idempotencyKey } };
}

/**
 * Writes the call's outcome and settles the earlier intents of the same request. The call has
 * happened whatever the journal says, so an outcome that cannot be written is an error the user
 * sees; the intent then stays unresolved (its answer recorded as lost when that can be written).
 */
async function recordAnswer(
  journal: Journal,
  intentId: string,
  outcome: OutcomeInput,
): Promise<Result<void>> {
  const written = await journal.recordOutcome(intentId, outcome);
  if (!written.ok) {
    const fallback =
      outcome.result === 'outcome_unknown'
        ? written
        : await journal.recordOutcome(intentId, { result: 'outcome_unknown' });
    const answer =
      outcome.result === 'ok'
        ? `the service accepted the request${describeIds(outcome)}`
        : outcome.result === 'error'
          ? `the service refused the request (${outcome.error?.message ?? 'error'})`
          : 'its answer was lost';
    return failure(
      'storage',
      `The request was sent and ${answer}, but the journal could not record that (${written.error.message}) The intent ${intentId} ${fallback.ok ? 'is now listed as unresolved' : 'will be listed as unresolved at the next start'}: settle it once the journal can be written, before doing anything else on this record.`,
      { text: { key: 'journal.outcomeNotRecorded' } },
    );
  }
  if (outcome.result === 'outcome_unknown') return { ok: true, data: undefined };
  const settled = await journal.settleResends(intentId);
  if (!settled.ok) {
    return failure(
      'storage',
      `The request was answered, but the earlier intents of the same request could not be settled in the journal (${settled.error.message}) They stay unresolved: settle them from the journal.`,
      { text: { key: 'journal.resendsNotSettled' } },
    );
  }
  return { ok: true, data: undefined };
}

function describeIds(outcome: OutcomeInput): string {
  const ids = Object.entries(outcome.resultingIds ?? {}).map(([name, value]) => `${name} ${String(value)}`);
  return ids.length === 0 ? '' : ` (${ids.join(', ')})`;
}
