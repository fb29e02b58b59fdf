import { randomUUID } from 'node:crypto';
import type {
  AuditAction,
  AuditEnvironmentRef,
  AuditIds,
  ConsoleError,
  EnvironmentProfile,
  MutationMeta,
  Result,
} from '../../../preload/contract';
import type { ActionRequests, Journal, OutcomeInput } from '../audit';
import { idempotencyKeySchema } from '../payments';
import type { EnvironmentConnection } from './connections';
import type { ConsoleContext } from './context';
import { failure } from './results';

/**
 * THE path of every mutating call (deposit create, refund create, cashout cancel), from the UI,
 * the web bridge and the CLI alike:
 *   (a) guard rails: production must be armed and needs a reason; the clock guard;
 *   (b) the intent goes to the journal (flushed) before anything is sent;
 *   (c) the client call, under the intent's idempotency key (D6);
 *   (d) the outcome goes to the journal: ok, error, or outcome_unknown.
 */

export const environmentRef = (profile: EnvironmentProfile): AuditEnvironmentRef => ({
  id: profile.id,
  name: profile.name,
  kind: profile.kind,
});

/** Guard rails that hold before any mutating call: arming, reason, clock. */
export function checkGuardRails(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  reason: string | null | undefined,
): Result<void> {
  const { profile } = connection;
  if (profile.kind === 'production') {
    if (!context.arming.isArmed(profile)) {
      return failure(
        'not_permitted',
        `Production ("${profile.name}") is read-only until it is armed: arm it by typing the environment's name, then try again.`,
      );
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      return failure('validation', 'A reason is required for every action in production.', {
        field: 'reason',
      });
    }
  }
  const clock = connection.client.clock.status();
  if (clock.blocksMutations) {
    const seconds = Math.abs(Math.round((clock.offsetMs ?? 0) / 1000));
    return failure(
      'clock_skew',
      `This computer's clock is about ${seconds} s away from the service's and cannot be corrected, so the service would refuse the request: fix the system clock, then try again.`,
    );
  }
  return { ok: true, data: undefined };
}

/** The outcome line for a call's Result. */
export function outcomeOf<T>(
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

export interface MutationPlan<A extends AuditAction, T> {
  action: A;
  connection: EnvironmentConnection;
  meta: MutationMeta;
  request: ActionRequests[A];
  ids?: AuditIds;
  /** The client call, under the journaled key (null for a cashout cancel, a DELETE: D6). */
  send(idempotencyKey: string | null): Promise<Result<T>>;
  /** The ids and status an answer carries, for the outcome line. */
  describe(data: T): Pick<OutcomeInput, 'resultingIds' | 'status'>;
}

export interface Guarded<T> {
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
  const guards = checkGuardRails(context, plan.connection, plan.meta.reason);
  if (!guards.ok) return guards;

  const usesKey = plan.action !== 'cashout.cancel';
  let idempotencyKey: string | null = null;
  if (usesKey) {
    if (plan.meta.idempotencyKey !== undefined) {
      const checked = idempotencyKeySchema.safeParse(plan.meta.idempotencyKey);
      if (!checked.success) {
        return failure('validation', 'idempotencyKey: must be a v4 UUID.', { field: 'idempotencyKey' });
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
    environment: environmentRef(plan.connection.profile),
    action: plan.action,
    request: plan.request,
    reason,
    ...(plan.ids && { ids: plan.ids }),
    idempotencyKey,
  } as Parameters<Journal['recordIntent']>[0]);
  if (!intent.ok) return intent;
  context.arming.touch(plan.connection.profile);

  const result = await plan.send(idempotencyKey);
  const outcome = outcomeOf(result, plan.describe);
  // The call happened whatever the journal says next; an outcome that cannot be written leaves
  // the intent unresolved, which the journal screen then offers to settle.
  await journal.data.recordOutcome(intent.data.intentId, outcome);
  if (outcome.result !== 'outcome_unknown' && idempotencyKey !== null) {
    await settleEarlierIntents(journal.data, plan, idempotencyKey, intent.data.intentId, outcome);
  }
  return { ok: true, data: { result, intentId: intent.data.intentId, idempotencyKey } };
}

/**
 * Repeating an intent with its original key (MutationMeta.idempotencyKey) settles the earlier
 * intents of that key whose answer was lost: the service answered this one for the same key.
 */
async function settleEarlierIntents<A extends AuditAction, T>(
  journal: Journal,
  plan: MutationPlan<A, T>,
  idempotencyKey: string,
  currentIntentId: string,
  outcome: OutcomeInput,
): Promise<void> {
  const unresolved = await journal.unresolved();
  if (!unresolved.ok) return;
  for (const earlier of unresolved.data) {
    if (
      earlier.intentId === currentIntentId ||
      earlier.idempotencyKey !== idempotencyKey ||
      earlier.action !== plan.action ||
      earlier.environment.id !== plan.connection.profile.id
    ) {
      continue;
    }
    await journal.recordResolution(earlier.intentId, {
      method: 'retried_same_key',
      result: outcome.result === 'ok' ? 'ok' : 'error',
      ...(outcome.error && { error: outcome.error }),
      ...(outcome.httpStatus !== undefined && { httpStatus: outcome.httpStatus }),
      ...(outcome.resultingIds && { resultingIds: outcome.resultingIds }),
      ...(outcome.status !== undefined && { status: outcome.status }),
      note: `Settled by intent ${currentIntentId}, sent again under the same idempotency key.`,
    });
  }
}
