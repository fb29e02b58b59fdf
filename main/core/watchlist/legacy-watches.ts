import type { Result, WatchRef } from '../../../shared/contract';
import { sameRef } from './checks';
import type { StoredItem, WatchDocument } from './store';
import type { WatchlistOptions } from './watchlist-options';

/**
 * Puts the sub-merchants of the old watch list on this list (those not pinned already), writes
 * it, and only then clears them from the settings: a crash in between leaves them waiting, and
 * taking them again adds nothing twice. They stay even past the per-environment limit, which
 * only refuses new pins: a migration must not drop what the user watched.
 */
export async function takeLegacyWatches(
  options: WatchlistOptions,
  document: WatchDocument,
  save: (document: WatchDocument) => Promise<Result<void>>,
): Promise<void> {
  const legacy = options.legacySubMerchantWatches;
  if (!legacy) return;
  const waiting = await legacy.waiting();
  if (!waiting.ok || Object.keys(waiting.data).length === 0) return;
  const at = new Date(options.now()).toISOString();
  const added: StoredItem[] = [];
  for (const [environmentId, ids] of Object.entries(waiting.data)) {
    for (const subMerchantId of ids) {
      const ref: WatchRef = { kind: 'sub_merchant', id: String(subMerchantId) };
      if ([...document.items, ...added].some((item) => sameRef(item, environmentId, ref))) continue;
      added.push({
        environmentId,
        ...ref,
        pinnedAt: at,
        status: null,
        lastCheckedAt: null,
        lastChangeAt: null,
        lastError: null,
        alarm: false,
        changes: 0,
        timeline: [],
      });
    }
  }
  document.items.push(...added);
  const saved = added.length > 0 ? await save(document) : { ok: true as const, data: undefined };
  if (!saved.ok) {
    document.items = document.items.filter((item) => !added.includes(item));
    return;
  }
  await legacy.moved(waiting.data);
}
