import type { Answer, Json } from './answer';
import { ok } from './answer';
import { describeFirstIssue, hasAtMostTwoDecimals, refundCreateSchema } from './body-rules';
import { serviceError } from './errors';
import { findMethod } from './reference-data';
import { REFUND_MOVES, findMove, type RefundStatus } from './state-machines';
import type { DepositRecord, RefundRecord } from './state';
import { centsToAmount, type MoveOutcome, type World } from './world';

/** Refunds in these statuses give their amount back to the deposit (D8: "what is left"). */
const RELEASED_STATUSES: ReadonlySet<RefundStatus> = new Set(['CANCELLED', 'REJECTED']);

/** D8: the deposit amount minus every refund still standing. */
function refundableCents(world: World, deposit: DepositRecord): number {
  let taken = 0;
  for (const refund of world.state.refunds.values()) {
    if (refund.depositId === deposit.id && !RELEASED_STATUSES.has(refund.status)) taken += refund.amountCents;
  }
  return deposit.amountCents - taken;
}

/** POST /v3/refunds (D8). */
export function createRefund(world: World, body: unknown): Answer {
  const parsed = refundCreateSchema.safeParse(body);
  if (!parsed.success) return serviceError('invalidBody', describeFirstIssue(parsed.error));
  const input = parsed.data;
  const deposit = world.state.deposits.get(input.deposit_id);
  if (!deposit) return serviceError('notFound', 'deposit_id: deposit not found');
  if (input.invoice_id !== deposit.invoiceId) {
    return serviceError('invalidBody', 'invoice_id: does not match the invoice of the deposit');
  }
  if (deposit.status !== 'COMPLETED') {
    return serviceError(
      'depositNotRefundable',
      `deposit_id: the deposit is ${deposit.status}; only a COMPLETED deposit can be refunded`,
    );
  }
  const method = deposit.methodCode ? findMethod(deposit.country, deposit.methodCode) : undefined;
  if (method?.type !== 'CREDIT_CARD') {
    // D8: bank_account is required unless the deposit was paid by card.
    if (!input.bank_account)
      return serviceError('invalidBody', 'bank_account: is required for a deposit not paid by card');
    for (const field of ['beneficiary', 'bank_code', 'account_number'] as const) {
      if (input.bank_account[field] === undefined) {
        return serviceError(
          'invalidBody',
          `bank_account.${field}: is required for a deposit not paid by card`,
        );
      }
    }
  }
  const left = refundableCents(world, deposit);
  let amountCents = left;
  if (input.amount !== undefined) {
    if (!Number.isFinite(input.amount) || input.amount <= 0) {
      return serviceError('invalidRefundAmount', 'amount: must be greater than 0');
    }
    if (!hasAtMostTwoDecimals(input.amount)) {
      return serviceError('invalidRefundAmount', 'amount: must have at most 2 decimals');
    }
    amountCents = Math.round(input.amount * 100);
  }
  if (amountCents <= 0 || amountCents > left) {
    return serviceError(
      'invalidRefundAmount',
      `amount: above what is left to refund (${centsToAmount(Math.max(left, 0))} ${deposit.currency})`,
    );
  }
  const refund: RefundRecord = {
    id: world.state.newRefundId(),
    depositId: deposit.id,
    amountCents,
    status: 'PENDING',
    createdAt: world.businessClock.now(),
  };
  if (input.bank_account) refund.bankAccount = { ...input.bank_account };
  if (input.notification_url) refund.notificationUrl = input.notification_url;
  world.state.refunds.set(refund.id, refund);
  return ok({ refund_id: refund.id });
}

/** Spec endpoint 6: `{deposit_id, merchant_invoice_id, status, amount}`. */
export function refundStatusRecord(world: World, refund: RefundRecord): { [key: string]: Json } {
  const deposit = world.state.deposits.get(refund.depositId);
  const record: { [key: string]: Json } = {
    deposit_id: refund.depositId,
    merchant_invoice_id: deposit?.invoiceId ?? '',
    status: refund.status,
  };
  if (!refund.hideAmount) record.amount = centsToAmount(refund.amountCents);
  return record;
}

/** Applies one row of REFUND_MOVES, or says why it may not happen. */
export function moveRefund(world: World, refund: RefundRecord, to: RefundStatus): MoveOutcome {
  const from = refund.status;
  const found = findMove(REFUND_MOVES, from, to);
  if (!found.ok) return found;
  refund.status = to;
  world.notify('refund', refund.id, to, refund.notificationUrl);
  return { ok: true, from, to };
}
