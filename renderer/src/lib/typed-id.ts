import type { IndexedRecordView, RecordKind } from '../../../shared/contract';

/**
 * What a typed id names, by what the record index knows (the records it matched to the text:
 * exact matches first, then those that start with it). Pure: unit-tested in Node.
 *
 * A bare number or a bare text does not say what it is: a whole deposit id, the start of one, an
 * invoice id, a cashout's external id. The index tells them apart; the service is asked only for a
 * number the index knows nothing of.
 */

/** The records whose id, invoice id or external id is exactly `text` (not merely starts with it). */
export function exactMatches(text: string, records: readonly IndexedRecordView[]): IndexedRecordView[] {
  const typed = text.trim();
  return records.filter(
    (record) => record.id === typed || record.invoiceId === typed || record.externalId === typed,
  );
}

type TypedResolution =
  /** One record is exactly what was typed: open it. */
  | { kind: 'one'; record: IndexedRecordView }
  /** Several are: the person picks one from the matches. */
  | { kind: 'several'; count: number }
  /** None is, some start with it: it is the start of an id, not one. */
  | { kind: 'prefix' }
  /** The index knows nothing of it. */
  | { kind: 'unknown' };

export function resolveTyped(text: string, records: readonly IndexedRecordView[]): TypedResolution {
  const exact = exactMatches(text, records);
  if (exact.length === 1 && exact[0] !== undefined) return { kind: 'one', record: exact[0] };
  if (exact.length > 1) return { kind: 'several', count: exact.length };
  return records.length > 0 ? { kind: 'prefix' } : { kind: 'unknown' };
}

/**
 * A number typed on a lookup screen of `kind`: opened as that kind's id when the index has that
 * very record, or knows nothing of the number (the service is asked); listed as a search when the
 * index knows it only as the start of ids, or as another record's invoice or external id.
 */
export function numberOnLookup(
  kind: RecordKind,
  text: string,
  records: readonly IndexedRecordView[],
): 'open' | 'search' {
  const typed = text.trim();
  if (records.some((record) => record.kind === kind && record.id === typed)) return 'open';
  return records.length === 0 ? 'open' : 'search';
}
