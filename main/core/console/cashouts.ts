import {
  type CashoutCancelOutcome,
  type CashoutStatus,
  type Fetched,
  type Result,
  CASHOUT_STATUS_CODES,
  type CashoutsApi,
} from '../../../shared/contract';
import { cashoutCancelSchema, checkInput, cashoutRefSchema, externalIdSchema, idSchema } from '../payments';
import type { EnvironmentConnection } from './connections';
import { type ConsoleContext, onActive } from './context';
import { checkGuardRails, runGuarded, type GuardedMeta } from './guarded';
import { cashoutObservation, seenNow, lookedUp } from './observations';
import { signedRead } from './executor-reads';
import { failure } from './results';
import { z } from 'zod';
import { mutationMeta } from './arg-parts';
import type { ConsoleMethods } from './method';

const PENDING = 0;
const CANCELLED = 2;

/** `PENDING`, `CANCELLED`… for a D7 code; the service's description for an unknown one. */
export function cashoutStatusName(status: CashoutStatus): string {
  const known = (CASHOUT_STATUS_CODES as Record<number, string>)[status.cashout_status];
  return known ?? status.cashout_status_description;
}

const describeStatus = (status: CashoutStatus): string =>
  `${cashoutStatusName(status)} (status ${status.cashout_status})`;

/** A text's parameters naming a cashout and its status: the word and the D7 code. */
const statusParams = (ids: CashoutIds, status: CashoutStatus): Record<string, string | number> => ({
  id: ids.cashoutId,
  status: cashoutStatusName(status),
  code: status.cashout_status,
});

interface CashoutIds {
  cashoutId: number;
  externalId: string;
}

/**
 * The cancel guard: right before the call, the status is read by cashout_id alone, by
 * external_id alone and by both together. The cancel goes out only when both ids name the same
 * cashout and it is PENDING; otherwise `not_found` or `invalid_state`, naming what was found.
 */
export async function checkCancellable(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  ids: CashoutIds,
): Promise<Result<Fetched<CashoutStatus>>> {
  // Through the team's executor on a desk with no cashout credentials (executor-reads.ts).
  const byId = await signedRead(context, connection, 'cashout', { cashoutId: ids.cashoutId });
  if (!byId.ok) {
    return byId.error.kind === 'not_found'
      ? failure('not_found', `No cashout has cashout_id ${ids.cashoutId}.`, {
          field: 'cashoutId',
          text: { key: 'cashout.noSuchId', params: { id: ids.cashoutId } },
        })
      : byId;
  }
  const byExternal = await signedRead(context, connection, 'cashout', { externalId: ids.externalId });
  if (!byExternal.ok) {
    return byExternal.error.kind === 'not_found'
      ? failure('not_found', `No cashout has external_id ${ids.externalId}.`, {
          field: 'externalId',
          text: { key: 'cashout.noSuchExternalId', params: { externalId: ids.externalId } },
        })
      : byExternal;
  }
  const mismatch = failure(
    'not_found',
    `cashout_id ${ids.cashoutId} and external_id ${ids.externalId} do not name the same cashout: nothing was cancelled.`,
    {
      field: 'externalId',
      text: { key: 'cashout.idsDisagree', params: { id: ids.cashoutId, externalId: ids.externalId } },
    },
  );
  const byBoth = await signedRead(context, connection, 'cashout', ids);
  if (!byBoth.ok) return byBoth.error.kind === 'not_found' ? mismatch : byBoth;
  const statuses = [byId, byExternal, byBoth].map((read) => read.data.record.cashout_status);
  if (new Set(statuses).size > 1) return mismatch;
  const status = byBoth.data.record;
  if (status.cashout_status !== PENDING) {
    return failure(
      'invalid_state',
      `Cashout ${ids.cashoutId} is ${describeStatus(status)}, not PENDING: only a pending cashout can be cancelled.`,
      // The status word for staff, its code beside it: a bare code ("is 2") says nothing.
      { text: { key: 'cashout.notPending', params: statusParams(ids, status) } },
    );
  }
  return byBoth;
}

export async function cancelCashout(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  arg: CashoutIds & { typedConfirmation?: string } & GuardedMeta,
): Promise<Result<CashoutCancelOutcome>> {
  const checked = checkInput(cashoutCancelSchema, { cashoutId: arg.cashoutId, externalId: arg.externalId });
  if (!checked.ok) return checked;
  const ids = checked.data;
  const guards = await checkGuardRails(context, connection, arg.reason);
  if (!guards.ok) return guards;
  if (connection.profile.kind === 'production' && arg.typedConfirmation?.trim() !== String(ids.cashoutId)) {
    return failure(
      'not_permitted',
      `In production, type the cashout id (${ids.cashoutId}) to confirm the cancellation.`,
      { field: 'typedConfirmation', text: { key: 'cashout.typeIdToConfirm', params: { id: ids.cashoutId } } },
    );
  }
  const cancellable = await checkCancellable(context, connection, ids);
  if (!cancellable.ok) return cancellable;

  const guarded = await runGuarded(context, {
    action: 'cashout.cancel',
    connection,
    meta: arg,
    request: ids,
    send: () => connection.client.cancelCashout(ids),
    describe: (status) => ({ status: cashoutStatusName(status.record) }),
  });
  if (!guarded.ok) return guarded;
  const { result, intentId } = guarded.data;
  const observe = (status: CashoutStatus): void =>
    context.records.observe([
      cashoutObservation(seenNow(connection.profile.id, 'lookup', context.now()), ids, status),
    ]);
  if (result.ok) {
    observe(result.data.record);
    return { ok: true, data: { status: result.data, intentId } };
  }
  if (result.error.kind !== 'outcome_unknown') return result;

  // The cancel is never sent twice (D6: a DELETE); what happened is read instead.
  const now = await connection.client.getCashoutStatus(ids);
  if (!now.ok) {
    return failure(
      'outcome_unknown',
      `${result.error.message} Reading the status again failed too (${now.error.kind}): look it up before doing anything else.`,
      { text: { key: 'cashout.cancelLostUnread', params: { id: ids.cashoutId } } },
    );
  }
  const after = now.data.record;
  observe(after);
  // CANCELLED is final, so it proves the cancel happened; any other final status proves it did
  // not. PENDING proves nothing yet: the cancel may still be on its way.
  if (after.cashout_status !== PENDING) {
    const journal = await context.journal();
    if (journal.ok) {
      const cancelled = after.cashout_status === CANCELLED;
      await journal.data.recordResolution(intentId, {
        method: 'status_reread',
        result: cancelled ? 'ok' : 'error',
        status: cashoutStatusName(after),
        note: 'Status read right after the lost answer.',
        ...(!cancelled && {
          error: {
            kind: 'invalid_state',
            message: `The cashout is ${cashoutStatusName(after)}: the cancel did not take effect.`,
          },
        }),
      });
    }
  }
  return failure(
    'outcome_unknown',
    `The cancel's answer was lost; a status read right after says cashout ${ids.cashoutId} is now ${describeStatus(after)}.`,
    {
      text: {
        key: 'cashout.cancelLostReread',
        params: statusParams(ids, after),
      },
    },
  );
}

export const CASHOUT_HANDLERS: ConsoleMethods<keyof CashoutsApi> = {
  getCashoutStatus: {
    arg: cashoutRefSchema,
    handle: (context, arg) =>
      onActive(context, async (connection) => {
        const read = await signedRead(context, connection, 'cashout', arg);
        if (read.ok)
          context.records.observe([cashoutObservation(lookedUp(context, connection), arg, read.data.record)]);
        return read;
      }),
  },

  cancelCashout: {
    arg: z.strictObject({
      cashoutId: idSchema,
      externalId: externalIdSchema,
      typedConfirmation: z.string().max(64).optional(),
      ...mutationMeta,
    }),
    handle: (context, arg) => onActive(context, (connection) => cancelCashout(context, connection, arg)),
  },
};
