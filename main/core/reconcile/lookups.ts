import type {
  BatchRowsPage,
  BatchRowsQuery,
  BatchStartInput,
  BatchSummary,
  ConsoleApi,
  Result,
} from '../../../shared/contract';
import type { ConsoleRecords } from '../console/records';

/**
 * The two ports a reconciliation speaks through, so the CLI drives it over its console session
 * and the app's main process can drive it for a screen.
 */

/** The batch engine as the console exposes it (ConsoleApi's batch channels and its progress event). */
export interface ReconcileLookups {
  start(input: BatchStartInput): Promise<Result<BatchSummary>>;
  cancel(batchId: string): Promise<unknown>;
  resume(batchId: string): Promise<Result<BatchSummary>>;
  rows(query: BatchRowsQuery): Promise<Result<BatchRowsPage>>;
  onProgress(listener: (summary: BatchSummary) => void): () => void;
}

/** The deposit id of an invoice id (record index); null when the index does not know it. */
export type InvoiceResolver = (invoiceId: string) => Promise<Result<string | null>>;

export function consoleLookups(
  api: Pick<ConsoleApi, 'startBatch' | 'cancelBatch' | 'resumeBatch' | 'getBatchRows'>,
  onBatchProgress: (listener: (summary: BatchSummary) => void) => () => void,
): ReconcileLookups {
  return {
    start: (input) => api.startBatch(input),
    cancel: (batchId) => api.cancelBatch({ batchId }),
    resume: (batchId) => api.resumeBatch({ batchId }),
    rows: (query) => api.getBatchRows(query),
    onProgress: onBatchProgress,
  };
}

/** Invoice ids through the record index: the deposit whose invoice id is exactly this one. */
export function recordIndexInvoices(records: Pick<ConsoleRecords, 'search'>): InvoiceResolver {
  return async (invoiceId) => {
    const found = await records.search({ text: invoiceId, kinds: ['deposit'], limit: 20 });
    if (!found.ok) return found;
    return { ok: true, data: found.data.find((record) => record.invoiceId === invoiceId)?.id ?? null };
  };
}
