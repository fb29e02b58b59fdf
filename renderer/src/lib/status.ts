import { CASHOUT_STATUS_CODES, DEPOSIT_STATUSES, REFUND_STATUSES } from '../../../shared/contract';

/** The three entities whose records carry a status. */
export type StatusEntity = 'deposit' | 'refund' | 'cashout';

/** A UI tone per status; the badge maps tones to theme colours. */
export type StatusTone = 'neutral' | 'waiting' | 'progress' | 'success' | 'attention' | 'failure' | 'unknown';

const CASHOUT_STATUSES = Object.values(CASHOUT_STATUS_CODES);

const TONES: Record<StatusEntity, Readonly<Record<string, StatusTone>>> = {
  deposit: {
    CREATED: 'neutral',
    PENDING: 'waiting',
    COMPLETED: 'success',
    EXPIRED: 'attention',
    CANCELLED: 'failure',
    'EARLY RELEASED': 'progress',
    'FOR REVIEW': 'attention',
  },
  refund: {
    PENDING: 'waiting',
    INCORRECT_DETAILS: 'attention',
    CANCELLED: 'failure',
    DELIVERED: 'progress',
    COMPLETED: 'success',
    REJECTED: 'failure',
  },
  cashout: {
    PENDING: 'waiting',
    COMPLETED: 'success',
    CANCELLED: 'failure',
    REJECTED: 'failure',
    DELIVERED: 'progress',
    ON_HOLD: 'attention',
  },
};

const KNOWN: Record<StatusEntity, readonly string[]> = {
  deposit: DEPOSIT_STATUSES,
  refund: REFUND_STATUSES,
  cashout: CASHOUT_STATUSES,
};

/**
 * The canonical spelling of a status, or null when the status is unknown (it is then shown as it
 * came, D9). `EARLY_RELEASED`/`FOR_REVIEW` are read as `EARLY RELEASED`/`FOR REVIEW` (D9), and a
 * cashout's description `Canceled` as `CANCELLED` (D7).
 */
export function canonicalStatus(entity: StatusEntity, status: string): string | null {
  const upper = status.trim().toUpperCase();
  const spaced = upper.replace(/_/g, ' ');
  const underscored = upper.replace(/ /g, '_');
  const known = KNOWN[entity];
  for (const candidate of [upper, spaced, underscored, upper === 'CANCELED' ? 'CANCELLED' : upper]) {
    if (known.includes(candidate)) return candidate;
  }
  return null;
}

export function statusTone(entity: StatusEntity, status: string): StatusTone {
  const canonical = canonicalStatus(entity, status);
  return canonical === null ? 'unknown' : (TONES[entity][canonical] ?? 'unknown');
}
