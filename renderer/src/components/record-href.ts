import type { IndexedRecordView } from '../../../shared/contract';
import { parsePositiveId } from '../lib/jump-parser';
import { links } from '../shell/links';

/**
 * The page of a record the index knows. A cashout opens with both ids when the index has its
 * external id, so its cancel form starts filled, and by its external id alone while that is all
 * the console has of it (its key is then `ext:<external id>`). Null for any other id that is not
 * a positive number.
 */
export function recordHref(record: Pick<IndexedRecordView, 'kind' | 'id' | 'externalId'>): string | null {
  const id = parsePositiveId(record.id);
  if (id === null) {
    return record.kind === 'cashout' && record.externalId !== undefined
      ? links.cashoutByExternalId(record.externalId)
      : null;
  }
  switch (record.kind) {
    case 'deposit':
      return links.deposit(id);
    case 'refund':
      return links.refund(id);
    case 'cashout':
      return links.cashout({
        cashoutId: id,
        ...(record.externalId !== undefined && { externalId: record.externalId }),
      });
    case 'sub_merchant':
      return links.subMerchant(id);
  }
}

/** The other id a person knows the record by: its invoice id, else its external id. */
export const otherIdOf = (record: IndexedRecordView): string | undefined =>
  record.invoiceId ?? record.externalId;
