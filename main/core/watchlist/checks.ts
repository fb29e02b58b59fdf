import { WATCH_LIMITS, type Result, type WatchRef } from '../../../shared/contract';
import { checkIdToken } from '../batch';
import { ID_KIND_OF, type StoredItem } from './store';

/** What the watchlist checks of a caller's input before it loads or reads anything. */

/** Whether a stored item is the pin of this ref on this environment. */
export const sameRef = (item: StoredItem, environmentId: string, ref: WatchRef): boolean =>
  item.environmentId === environmentId && item.kind === ref.kind && item.id === ref.id;

export function checkRef(ref: WatchRef): Result<WatchRef> {
  const checked = checkIdToken(ID_KIND_OF[ref.kind], ref.id);
  if (!checked.ok) {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field: 'id',
        message: `id: ${checked.reason}.`,
        text: { key: 'watchlist.invalidId' },
      },
    };
  }
  return { ok: true, data: { kind: ref.kind, id: checked.id } };
}

/** The poll interval the user chose, refused outside the limits. */
export function checkIntervalSeconds(seconds: number): Result<number> {
  if (
    !Number.isInteger(seconds) ||
    seconds < WATCH_LIMITS.minIntervalSeconds ||
    seconds > WATCH_LIMITS.maxIntervalSeconds
  ) {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field: 'seconds',
        message: `seconds: must be a whole number from ${WATCH_LIMITS.minIntervalSeconds} to ${WATCH_LIMITS.maxIntervalSeconds}.`,
        text: {
          key: 'watchlist.interval',
          params: { min: WATCH_LIMITS.minIntervalSeconds, max: WATCH_LIMITS.maxIntervalSeconds },
        },
      },
    };
  }
  return { ok: true, data: seconds };
}
