/** Cashouts (D7): the status of one, and its cancel. */
import type { Fetched, MutationMeta } from './results';
import { method, type ApiOf } from './method';

/** D7: numeric cashout status codes. */
export const CASHOUT_STATUS_CODES = {
  0: 'PENDING',
  1: 'COMPLETED',
  2: 'CANCELLED',
  3: 'REJECTED',
  4: 'DELIVERED',
  5: 'ON_HOLD',
} as const;

export interface CashoutStatus {
  cashout_status: number;
  cashout_status_description: string;
  rejection_code?: number;
  rejection_reason?: string;
}

/** Identifies a cashout for a status read: at least one of the two (D7). */
export interface CashoutRef {
  cashoutId?: number;
  externalId?: string;
}

export interface CashoutCancelOutcome {
  status: Fetched<CashoutStatus>;
  intentId: string | null;
}

export const CASHOUT_METHODS = {
  getCashoutStatus: method<CashoutRef, Fetched<CashoutStatus>>(),

  cancelCashout: method<
    { cashoutId: number; externalId: string; typedConfirmation?: string } & MutationMeta,
    CashoutCancelOutcome
  >(),
};
export type CashoutsApi = ApiOf<typeof CASHOUT_METHODS>;
