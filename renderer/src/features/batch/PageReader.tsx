import type { BatchRowFilter } from '../../../../shared/contract';
import { useKeepBatchRowsPageRead } from './use-batch';

/**
 * Reads one page of rows (and keeps it read while the batch runs) for the rows the table shows
 * or is about to show; renders nothing: the table takes the page from the cache.
 */
export function PageReader({
  batchId,
  filter,
  page,
}: {
  batchId: string;
  filter: BatchRowFilter;
  page: number;
}) {
  useKeepBatchRowsPageRead(batchId, filter, page);
  return null;
}
