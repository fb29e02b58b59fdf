/**
 * The three state machines, one table per entity. Every move the sandbox can make is a row
 * here, with the spec row or decision it comes from; a move that is not a row is refused
 * (never silently applied). Moves the spec leaves open are settled by D7–D9 or, where even
 * those are silent, "settled here" with the reason.
 */

export const DEPOSIT_STATUSES = [
  'CREATED',
  'PENDING',
  'COMPLETED',
  'EXPIRED',
  'CANCELLED',
  'EARLY RELEASED',
  'FOR REVIEW',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const REFUND_STATUSES = [
  'PENDING',
  'INCORRECT_DETAILS',
  'CANCELLED',
  'DELIVERED',
  'COMPLETED',
  'REJECTED',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const CASHOUT_STATUSES = [
  'PENDING',
  'ON_HOLD',
  'CANCELLED',
  'DELIVERED',
  'COMPLETED',
  'REJECTED',
] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];

/** D7: numeric cashout codes and their descriptions. */
export const CASHOUT_STATUS_CODES: Readonly<Record<CashoutStatus, { code: number; description: string }>> = {
  PENDING: { code: 0, description: 'Pending' },
  COMPLETED: { code: 1, description: 'Completed' },
  CANCELLED: { code: 2, description: 'Canceled' },
  REJECTED: { code: 3, description: 'Rejected' },
  DELIVERED: { code: 4, description: 'Delivered' },
  ON_HOLD: { code: 5, description: 'On hold' },
};

/** Extra condition a move needs beyond its source state. */
type MoveGuard =
  /** Spec: EARLY RELEASED "is used only when early_release was sent in the request". */
  'early_release_requested';

interface Move<S extends string> {
  from: S;
  to: S;
  trigger: string;
  source: string;
  guard?: MoveGuard;
  /** The clock makes this move by itself (it can also be forced through the control API). */
  byTime?: boolean;
}

export const DEPOSIT_MOVES: ReadonlyArray<Move<DepositStatus>> = [
  {
    from: 'CREATED',
    to: 'PENDING',
    trigger: 'payer completes the hosted checkout (method and details)',
    source: 'D9 (HOSTED is CREATED until the details are collected); settled here',
  },
  {
    from: 'CREATED',
    to: 'EXPIRED',
    trigger: 'expiration_date passes',
    source: 'spec payment_info.expiration_date; brief',
    byTime: true,
  },
  {
    from: 'PENDING',
    to: 'EXPIRED',
    trigger: 'expiration_date passes',
    source: 'spec payment_info.expiration_date; brief',
    byTime: true,
  },
  {
    from: 'PENDING',
    to: 'COMPLETED',
    trigger: 'payment confirmed',
    source: 'settled here (spec: moves into COMPLETED not shown)',
  },
  {
    from: 'PENDING',
    to: 'EARLY RELEASED',
    trigger: 'released before final confirmation',
    source: 'spec further rules',
    guard: 'early_release_requested',
  },
  {
    from: 'EARLY RELEASED',
    to: 'COMPLETED',
    trigger: 'payment confirmed after early release',
    source: 'settled here',
  },
  {
    from: 'PENDING',
    to: 'FOR REVIEW',
    trigger: 'placed under revision',
    source: 'spec: FOR REVIEW is transient',
  },
  {
    from: 'FOR REVIEW',
    to: 'PENDING',
    trigger: 'revision done, still unpaid',
    source: 'spec: FOR REVIEW is transient; settled here',
  },
  {
    from: 'FOR REVIEW',
    to: 'COMPLETED',
    trigger: 'revision approved the payment',
    source: 'spec: FOR REVIEW is transient; settled here',
  },
  {
    from: 'FOR REVIEW',
    to: 'CANCELLED',
    trigger: 'revision refused the payment',
    source: 'spec: FOR REVIEW is transient; settled here',
  },
  {
    from: 'EXPIRED',
    to: 'CANCELLED',
    trigger: '7 days after expiry, payer did not pay',
    source: 'spec deposit table row 1',
    byTime: true,
  },
  {
    from: 'EXPIRED',
    to: 'COMPLETED',
    trigger: 'manual approval (paid late or a wrong amount)',
    source: 'spec deposit table row 2',
  },
  {
    from: 'CANCELLED',
    to: 'COMPLETED',
    trigger: 'manual approval (paid late or a wrong amount)',
    source: 'spec deposit table row 3',
  },
];

export const REFUND_MOVES: ReadonlyArray<Move<RefundStatus>> = [
  {
    from: 'PENDING',
    to: 'INCORRECT_DETAILS',
    trigger: 'service review: details incorrect',
    source: 'spec refund table row 2',
  },
  {
    from: 'INCORRECT_DETAILS',
    to: 'PENDING',
    trigger: 'merchant provides details',
    source: 'spec refund table row 3',
  },
  {
    from: 'PENDING',
    to: 'CANCELLED',
    trigger: 'manual cancel by the merchant',
    source: 'spec refund table row 4',
  },
  {
    from: 'INCORRECT_DETAILS',
    to: 'CANCELLED',
    trigger: 'manual cancel by the merchant',
    source: 'spec refund table row 4',
  },
  {
    from: 'PENDING',
    to: 'DELIVERED',
    trigger: 'sent for processing',
    source:
      'spec refund table row 5; source state settled here: only PENDING (INCORRECT_DETAILS must first get its details)',
  },
  {
    from: 'DELIVERED',
    to: 'COMPLETED',
    trigger: 'processor or bank confirms',
    source: 'spec refund table row 6',
  },
  {
    from: 'DELIVERED',
    to: 'REJECTED',
    trigger: 'processor or bank rejects',
    source: 'spec refund table row 7',
  },
  {
    from: 'COMPLETED',
    to: 'REJECTED',
    trigger: 'bank reports a rejection days later',
    source: 'spec refund table row 8',
  },
];

export const CASHOUT_MOVES: ReadonlyArray<Move<CashoutStatus>> = [
  { from: 'PENDING', to: 'DELIVERED', trigger: 'sent to the bank', source: 'spec cashout table row 3' },
  {
    from: 'PENDING',
    to: 'ON_HOLD',
    trigger: 'manual hold (merchant panel)',
    source: 'spec cashout table row 4',
  },
  {
    from: 'ON_HOLD',
    to: 'PENDING',
    trigger: 'manual release (merchant panel)',
    source: 'spec cashout table row 5',
  },
  {
    from: 'PENDING',
    to: 'CANCELLED',
    trigger: 'merchant panel or the cancel endpoint',
    source: 'spec cashout table row 6; D7',
  },
  {
    from: 'ON_HOLD',
    to: 'CANCELLED',
    trigger: 'merchant panel only (the cancel endpoint accepts only PENDING)',
    source: 'spec cashout table row 6',
  },
  { from: 'DELIVERED', to: 'COMPLETED', trigger: 'bank result: success', source: 'spec cashout table row 7' },
  {
    from: 'DELIVERED',
    to: 'REJECTED',
    trigger: 'bank result: rejected (rejection_code 800–826, D7)',
    source: 'spec cashout table row 8',
  },
  {
    from: 'COMPLETED',
    to: 'REJECTED',
    trigger: 'beneficiary bank rejects after days',
    source: 'spec cashout table row 9',
  },
];

/** The row for from → to, or why there is none. */
export function findMove<S extends string>(
  table: ReadonlyArray<Move<S>>,
  from: S,
  to: S,
): { ok: true; move: Move<S> } | { ok: false; reason: string } {
  const move = table.find((row) => row.from === from && row.to === to);
  if (move) return { ok: true, move };
  const allowed = table.filter((row) => row.from === from).map((row) => row.to);
  return {
    ok: false,
    reason:
      allowed.length === 0
        ? `${from} is final: no move leaves it`
        : `${from} → ${to} is not allowed; from ${from} the allowed moves are to ${allowed.join(', ')}`,
  };
}
