import type { StoredItem } from '../../../main/core/watchlist/store';

/** A pinned refund as the watchlist file keeps it, first seen PENDING. */
export function storedRefund(environmentId: string, id: string): StoredItem {
  const at = new Date().toISOString();
  return {
    environmentId,
    kind: 'refund',
    id,
    pinnedAt: at,
    status: 'PENDING',
    lastCheckedAt: at,
    lastChangeAt: null,
    lastError: null,
    alarm: false,
    changes: 0,
    timeline: [{ at, from: null, to: 'PENDING', severity: 'info' }],
  };
}
