import type {
  DepositStatus,
  MessageText,
  RefundCreateBody,
  RefundCreateOutcome,
  RefundPreflight,
  Result,
  RefundsApi,
} from '../../../shared/contract';
import { refInScope, type AccountScope } from '../audit/targets';
import { checkInput, refundCreateBodySchema, idSchema } from '../payments';
import type { IndexedRecord } from '../record-index/port';
import type { EnvironmentConnection } from './connections';
import { type ConsoleContext, onActive } from './context';
import { signedRead } from './executor-reads';
import { accountScope, checkGuardRails, runGuarded, type GuardedMeta } from './guarded';
import { teamRefundsOf } from './team-referee';
import {
  depositObservation,
  refundCreatedObservation,
  seenNow,
  lookedUp,
  refundObservation,
} from './observations';
import { failure } from './results';
import { z } from 'zod';
import { finite, mutationMeta } from './arg-parts';
import type { ConsoleMethods } from './method';
import { withSandboxNotificationUrl } from './notifications';

const toCents = (amount: number): number => Math.round(amount * 100);
const fromCents = (cents: number): number => cents / 100;

/** current_payer_verification values that say the payer differs (the spec shows `UNMATCHED`). */
const PAYER_DIFFERS = /UNMATCH|MISMATCH|NOT_MATCH|DIFFER/i;

/** D8: a card payment needs no bank account for its refund. */
function paidByCard(deposit: DepositStatus): boolean {
  return (
    deposit.card_detail !== undefined ||
    /CARD/i.test(deposit.payment_type ?? '') ||
    /CARD/i.test(deposit.payment_method ?? '')
  );
}

/** D8: a refund in one of these statuses gives its amount back to the deposit (the sandbox agrees). */
const RELEASED_REFUND_STATUSES: ReadonlySet<string> = new Set(['CANCELLED', 'REJECTED']);

interface KnownRefunds {
  count: number;
  cents: number;
  /** One of them left the amount out: it refunded everything that was left (D8). */
  whole: boolean;
  /** Refunds of the deposit looked up here whose amount the service did not send. */
  withoutAmount: number;
}

/**
 * The refunds of a deposit this console knows of on this service account (D19), whichever profile
 * made them: the journal's ok refund intents, and the refunds the record index saw in this
 * environment on this account (looked up, batched, watched), minus those the index last saw
 * CANCELLED or REJECTED. Refunds made elsewhere and never looked up here are not known, which every
 * message about what is left says. Without the index (optional derived data) the journal alone
 * counts, cancelled refunds included: less is left then, never more.
 */
async function knownRefunds(
  context: ConsoleContext,
  scope: Required<AccountScope>,
  depositId: number,
): Promise<Result<KnownRefunds>> {
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const all = await journal.data.entries({ action: 'refund.create', state: 'ok' });
  if (!all.ok) return all;
  const entries = {
    data: all.data.filter((entry) => entry.environment !== undefined && refInScope(entry.environment, scope)),
  };
  const indexed =
    (await context.records.optional(scope.environmentId, (index) =>
      index.refundsOf(scope.environmentId, String(depositId)),
    )) ?? [];
  // A row seen on another account (an earlier sandbox world, another key) is another deposit's.
  const seen = indexed.filter((record) => record.account === undefined || record.account === scope.account);
  const released = (refund: IndexedRecord | undefined): boolean =>
    refund?.status !== undefined && RELEASED_REFUND_STATUSES.has(refund.status);
  // The refund each intent made, from its outcome (or resolution) line.
  const refundOfIntent = new Map<string, string>();
  for (const entry of entries.data) {
    const refundId = entry.ids?.refund_id;
    if (entry.type !== 'intent' && entry.intentId !== undefined && refundId !== undefined) {
      refundOfIntent.set(entry.intentId, String(refundId));
    }
  }
  const known: KnownRefunds = { count: 0, cents: 0, whole: false, withoutAmount: 0 };
  const matched = new Set<IndexedRecord>();
  // Intents sharing a key are one request sent again (D6): the service made one refund of them.
  const counted = new Set<string>();
  for (const entry of entries.data) {
    if (entry.type !== 'intent' || entry.ids?.deposit_id !== depositId) continue;
    const key = entry.idempotencyKey ?? entry.intentId ?? String(entry.seq);
    if (counted.has(key)) continue;
    counted.add(key);
    const refundId = entry.intentId === undefined ? undefined : refundOfIntent.get(entry.intentId);
    const refund = seen.find(
      (record) =>
        (refundId !== undefined && record.id === refundId) ||
        (entry.idempotencyKey != null && record.intentKey === entry.idempotencyKey),
    );
    if (refund) matched.add(refund);
    if (released(refund)) continue;
    known.count += 1;
    const amount = entry.summary?.amount ?? refund?.amount;
    if (amount === undefined) known.whole = true;
    else if (Number.isFinite(Number(amount))) known.cents += toCents(Number(amount));
  }
  for (const refund of seen) {
    if (matched.has(refund) || released(refund)) continue;
    known.count += 1;
    if (refund.amount === undefined) known.withoutAmount += 1;
    else known.cents += toCents(refund.amount);
  }
  return { ok: true, data: known };
}

const refundWord = (count: number): string => (count === 1 ? '1 refund' : `${count} refunds`);

async function getRefundPreflight(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  depositId: number,
  amount: number | undefined,
): Promise<Result<RefundPreflight>> {
  const deposit = await signedRead(context, connection, 'deposit', depositId);
  if (!deposit.ok) return deposit;
  const record = deposit.data.record;
  context.records.observe([
    depositObservation(seenNow(connection.profile.id, 'lookup', context.now()), record),
  ]);
  const scope = await accountScope(connection, 'refund.create');
  if (!scope.ok) return scope;
  const known = await knownRefunds(context, scope.data, depositId);
  if (!known.ok) return known;
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const blocking = await journal.data.getBlockingIntent(scope.data, 'refund.create', {
    deposit_id: depositId,
  });
  if (!blocking.ok) return blocking;
  const team = await teamRefundsOf(context, connection.profile.id, scope.data.account, depositId);
  // Each note in English (CLI, logs) and as a text for the renderer, side by side.
  const blockers: string[] = [];
  const warnings: string[] = [];
  const texts: { blockers: MessageText[]; warnings: MessageText[] } = { blockers: [], warnings: [] };
  const block = (message: string, text: MessageText): void => {
    blockers.push(message);
    texts.blockers.push(text);
  };
  const warn = (message: string, text: MessageText): void => {
    warnings.push(message);
    texts.warnings.push(text);
  };
  const currency = record.currency ?? null;
  const inCurrency = (value: number): string => (currency ? `${value} ${currency}` : String(value));

  if (record.status !== 'COMPLETED') {
    block(`The deposit is ${record.status}: only a COMPLETED deposit can be refunded.`, {
      key: 'refund.notCompleted',
      params: { status: record.status },
    });
  }
  const depositAmount = record.local_amount ?? record.amount;
  // Every desk's refunds count: this desk's own are among the team's, so the larger figure is taken.
  const refundedCents = Math.max(known.data.cents, team?.reachable ? team.refundedCents : 0);
  let remaining: number | null = null;
  if (depositAmount !== undefined && Number.isFinite(depositAmount)) {
    remaining = known.data.whole ? 0 : fromCents(Math.max(0, toCents(depositAmount) - refundedCents));
  }
  if (team?.reachable && team.open) {
    const { id, made_by: by, state } = team.open;
    block(
      `Operation ${id} on this deposit, by ${by}, is ${state === 'sending' ? 'being sent' : 'of unknown outcome'} in the team: no other refund of it can be made until it is settled.`,
      { key: 'refund.teamOperationOpen', params: { operation: id, person: by } },
    );
  }
  if (team && !team.reachable) {
    warn(
      `The team database did not answer (${team.error.message}) Refunds other desks made are not counted, and a refund is refused until it answers.`,
      { key: 'refund.teamUnreachable' },
    );
  } else if (team?.reachable && team.refundedCents > known.data.cents) {
    warn(
      `The team has refunded or may have refunded ${inCurrency(fromCents(team.refundedCents))} of this deposit, more than this desk recorded: what is left counts every desk's refunds.`,
      {
        key: 'refund.teamRefunded',
        params: { amount: fromCents(team.refundedCents), currency: currency ?? '' },
      },
    );
  }
  const basis =
    'the deposit amount minus the refunds of it this console knows of in this environment, apart from cancelled or rejected ones';
  if (amount !== undefined) {
    if (!(amount > 0)) block('The amount to refund must be greater than 0.', { key: 'refund.positive' });
    else if (remaining !== null && toCents(amount) > toCents(remaining)) {
      block(
        `The amount ${inCurrency(amount)} is more than the ${inCurrency(remaining)} left to refund (${basis}).`,
        { key: 'refund.overRemaining', params: { amount, remaining, currency: currency ?? '' } },
      );
    }
  } else if (remaining === 0) {
    block(`Nothing is left to refund (${basis}).`, { key: 'refund.nothingLeft' });
  }
  const remainingUncertain =
    known.data.withoutAmount > 0 || (known.data.count === 0 && record.refunded === true);
  if (known.data.count > 0) {
    warn(
      `This console recorded ${refundWord(known.data.count)} of this deposit in this environment; what is left is ${basis}, so refunds made elsewhere are not counted.`,
      { key: 'refund.recorded', params: { count: known.data.count } },
    );
    if (known.data.withoutAmount > 0) {
      warn(
        `The service did not send the amount of ${refundWord(known.data.withoutAmount)} of this deposit: less may be left than shown.`,
        { key: 'refund.amountsMissing', params: { count: known.data.withoutAmount } },
      );
    }
  } else if (record.refunded === true) {
    warn(
      'The service says this deposit was already refunded, but this console has no record of it: less may be left than shown.',
      { key: 'refund.refundedElsewhere' },
    );
  }
  const verification = record.current_payer_verification;
  if (verification !== undefined && PAYER_DIFFERS.test(verification)) {
    warn(
      `The payer verification says ${verification}: the person who paid may not be the one who created the deposit. Check before refunding.`,
      { key: 'refund.payerDiffers', params: { verification } },
    );
  }
  const byCard = paidByCard(record);
  return {
    ok: true,
    data: {
      deposit: deposit.data,
      remaining,
      remainingUncertain,
      currency,
      paidByCard: byCard,
      bankAccountRequired: !byCard,
      getBlockingIntent: blocking.data,
      blockers,
      warnings,
      texts,
    },
  };
}

export async function createRefund(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  arg: { body: RefundCreateBody } & GuardedMeta,
): Promise<Result<RefundCreateOutcome>> {
  const checked = checkInput(refundCreateBodySchema, arg.body, 'body');
  if (!checked.ok) return checked;
  const body = await withSandboxNotificationUrl(context, connection, checked.data);
  // The amount promised is the amount moved: without one the service refunds "whatever is left",
  // which may not be what the operator was shown (D8; a refund without an amount is unknown here).
  if (body.amount === undefined) {
    return failure(
      'validation',
      'body.amount: say the amount to refund. The console always sends the amount you confirm, never "everything that is left", which may differ from what it can see.',
      { field: 'body.amount', text: { key: 'refund.amountRequired' } },
    );
  }
  // Guard rails first: an unarmed production is refused before anything is read.
  const guards = await checkGuardRails(context, connection, arg.reason);
  if (!guards.ok) return guards;
  const preflight = await getRefundPreflight(context, connection, body.deposit_id, body.amount);
  if (!preflight.ok) return preflight;
  const { deposit, bankAccountRequired, blockers, texts } = preflight.data;
  if (deposit.record.status !== 'COMPLETED') {
    return failure('invalid_state', blockers[0] ?? 'Only a COMPLETED deposit can be refunded.', {
      field: 'body.deposit_id',
      text: texts.blockers[0] ?? { key: 'refund.notCompleted', params: { status: deposit.record.status } },
    });
  }
  const [blocker] = blockers;
  if (blocker !== undefined) {
    return failure('validation', blocker, {
      field: 'body.amount',
      ...(texts.blockers[0] ? { text: texts.blockers[0] } : {}),
    });
  }
  const invoiceId = deposit.record.invoice_id;
  if (invoiceId !== undefined && invoiceId !== body.invoice_id) {
    return failure('validation', `body.invoice_id: must be the deposit's invoice id (${invoiceId}).`, {
      field: 'body.invoice_id',
      text: { key: 'refund.invoiceMismatch', params: { invoiceId } },
    });
  }
  if (bankAccountRequired && body.bank_account === undefined) {
    return failure('validation', 'body.bank_account: required, because the deposit was not paid by card.', {
      field: 'body.bank_account',
      text: { key: 'refund.bankAccountRequired' },
    });
  }
  const guarded = await runGuarded(context, {
    action: 'refund.create',
    connection,
    meta: arg,
    request: body,
    ...(preflight.data.currency !== null && { currency: preflight.data.currency }),
    send: (key) => connection.client.createRefund(body, key === null ? {} : { idempotencyKey: key }),
    describe: (created) => ({ resultingIds: { refund_id: created.record.refund_id } }),
  });
  if (!guarded.ok) return guarded;
  const { result, intentId, idempotencyKey } = guarded.data;
  if (!result.ok) return result;
  const { idempotencyKey: sentKey, ...created } = result.data;
  const key = idempotencyKey ?? sentKey;
  context.records.observe([
    refundCreatedObservation(
      seenNow(connection.profile.id, 'created', context.now()),
      body,
      created.record.refund_id,
      key,
    ),
  ]);
  return { ok: true, data: { created, idempotencyKey: key, intentId } };
}

export const REFUND_HANDLERS: ConsoleMethods<keyof RefundsApi> = {
  getRefund: {
    arg: z.strictObject({ refundId: idSchema }),
    handle: (context, arg) =>
      onActive(context, async (connection) => {
        const read = await signedRead(context, connection, 'refund', arg.refundId);
        if (read.ok)
          context.records.observe([
            refundObservation(lookedUp(context, connection), arg.refundId, read.data.record),
          ]);
        return read;
      }),
  },

  getRefundPreflight: {
    arg: z.strictObject({ depositId: idSchema, amount: finite.optional() }),
    handle: (context, arg) =>
      onActive(context, (connection) => getRefundPreflight(context, connection, arg.depositId, arg.amount)),
  },

  createRefund: {
    arg: z.strictObject({ body: refundCreateBodySchema, ...mutationMeta }),
    handle: (context, arg) => onActive(context, (connection) => createRefund(context, connection, arg)),
  },
};
