import type { IndexedRecord } from './port';

/** A record a prefix search found, with the text of the column whose start matched. */
export interface PrefixHit {
  matched: string;
  record: IndexedRecord;
}

/**
 * The order search answers in, whatever the store: exact matches on any id kind first, newest
 * first; then prefixes in the matched text's order; each record once, at its first place. Both
 * lists come column by column (id, invoice id, external id), each column in its query's order, so
 * that ties keep that order (the sorts are stable).
 */
export function rankSearchHits(
  exact: readonly IndexedRecord[],
  prefixed: readonly PrefixHit[],
  limit: number,
): IndexedRecord[] {
  const found = new Map<string, IndexedRecord>();
  const add = (records: readonly IndexedRecord[]): void => {
    for (const record of records) {
      const key = `${record.kind}\u0000${record.id}`;
      if (!found.has(key) && found.size < limit) found.set(key, record);
    }
  };
  add([...exact].sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0)));
  add(
    [...prefixed]
      .sort((a, b) => (a.matched < b.matched ? -1 : a.matched > b.matched ? 1 : 0))
      .map((hit) => hit.record),
  );
  return [...found.values()];
}
