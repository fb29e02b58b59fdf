/** Refunds of a deposit (D8): the service's record, the body that creates one, and the preflight before it. */
import type { BlockingIntent } from './audit';
import type { BankAccountInput, DepositStatus } from './deposits';
import type { Fetched, MessageText, MutationMeta } from './results';
import { method, type ApiOf } from './method';

export const REFUND_STATUSES = [
  'PENDING',
  'INCORRECT_DETAILS',
  'CANCELLED',
  'DELIVERED',
  'COMPLETED',
  'REJECTED',
] as const;

export interface RefundStatus {
  deposit_id: number;
  merchant_invoice_id?: string;
  status: string;
  amount?: number;
}

export interface RefundCreated {
  refund_id: number;
}

/** POST /v3/refunds body (D8). */
export interface RefundCreateBody {
  deposit_id: number;
  invoice_id: string;
  amount?: number;
  bank_account?: BankAccountInput;
  comments?: string;
  notification_url?: string;
}

export interface RefundPreflight {
  deposit: Fetched<DepositStatus>;
  /** What can still be refunded in the deposit's currency (deposit amount minus refunds the console knows of). */
  remaining: number | null;
  /**
   * The service's own record says more than the console knows (a refund without its amount, or
   * `refunded` with no refund known here), so `remaining` may be too high: the amount must be typed,
   * never taken as "everything that is left".
   */
  remainingUncertain: boolean;
  currency: string | null;
  paidByCard: boolean;
  bankAccountRequired: boolean;
  /**
   * A refund of this deposit whose outcome is unknown: no new refund can be made until it is
   * retried under its key or settled (the core refuses it, `intent_unresolved`).
   */
  getBlockingIntent: BlockingIntent | null;
  /** Reasons the refund cannot be sent (e.g. the deposit is not COMPLETED), in English. */
  blockers: string[];
  /** Reasons to look twice (e.g. the payer verification says the payer differs), in English. */
  warnings: string[];
  /** `blockers` and `warnings` as texts for the renderer, one per entry, in the same order. */
  texts: { blockers: MessageText[]; warnings: MessageText[] };
}

export interface RefundCreateOutcome {
  created: Fetched<RefundCreated>;
  idempotencyKey: string;
  intentId: string | null;
}

export const REFUND_METHODS = {
  getRefund: method<{ refundId: number }, Fetched<RefundStatus>>(),

  getRefundPreflight: method<{ depositId: number; amount?: number }, RefundPreflight>(),

  createRefund: method<{ body: RefundCreateBody } & MutationMeta, RefundCreateOutcome>(),
};
export type RefundsApi = ApiOf<typeof REFUND_METHODS>;
