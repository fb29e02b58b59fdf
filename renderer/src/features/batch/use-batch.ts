import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type {
  BatchKind,
  BatchParseResult,
  BatchRowFilter,
  BatchRowsPage,
  BatchStartInput,
  BatchSummary,
} from '../../../../shared/contract';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { useConsoleEvent } from '../../api/events';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';
import { downloadText } from '../../components/download';
import { BATCH_PAGE_SIZE, upsertSummary } from './batch-view';

const batchQueries = {
  /**
   * The batches main keeps (newest first), kept current by batchProgress events while the screen
   * is open; read again each time it opens (a batch may have finished meanwhile, unheard).
   */
  list: (environmentId: string | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.listBatches(),
      call: (api) => api.listBatches({}),
      staleTime: 0,
    }),
  /** One page of a batch's rows under a filter; refetched while the batch runs (see useBatchProgress). */
  rowsPage: (environmentId: string | null, batchId: string, filter: BatchRowFilter, page: number) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.batchRowsPage(batchId, filter, page),
      call: (api) =>
        api.getBatchRows({ batchId, offset: page * BATCH_PAGE_SIZE, limit: BATCH_PAGE_SIZE, filter }),
    }),
};

export function useBatchList() {
  return useEnvironmentQuery(batchQueries.list(useActiveEnvironmentId()));
}

export function useBatchRowsPage(batchId: string, filter: BatchRowFilter, page: number) {
  return useEnvironmentQuery(batchQueries.rowsPage(useActiveEnvironmentId(), batchId, filter, page));
}

/**
 * Keeps one page of rows read, as useBatchRowsPage, for a caller that shows it through
 * useCachedBatchRows: its fetches and answers render the caller nothing (a fast scroll mounts a
 * reader for a page almost every frame, and each would render twice more, fetching, answered).
 */
export function useKeepBatchRowsPageRead(batchId: string, filter: BatchRowFilter, page: number): void {
  useEnvironmentQuery(batchQueries.rowsPage(useActiveEnvironmentId(), batchId, filter, page), []);
}

/**
 * The pages of a batch's rows under a filter as the cache holds them now (fetched and kept by
 * useBatchRowsPage observers), for a list that shows rows of several pages as one: re-renders the
 * caller whenever one of those pages that `isShown` (asked at the answer) gets an answer. Pages
 * read ahead of a scroll render nothing when they come: the render that scrolls them into view
 * reads them (a fast scroll gets a page almost every frame, each a render of the whole window).
 */
export function useCachedBatchRows(
  batchId: string,
  filter: BatchRowFilter,
  isShown: (page: number) => boolean,
): (page: number) => BatchRowsPage | undefined {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  const answers = useRef(0);
  const subscribe = useCallback(
    (onAnswer: () => void) => {
      if (!keys) return () => undefined;
      const pages = [...keys.getBatchRows(batchId), filter];
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (!partialMatchKey(event.query.queryKey, pages)) return;
        const page = event.query.queryKey[pages.length];
        if (typeof page === 'number' && !isShown(page)) return;
        answers.current += 1;
        onAnswer();
      });
    },
    [queryClient, keys, batchId, filter, isShown],
  );
  // Only to render again after an answer: the reader reads the cache when called.
  useSyncExternalStore(subscribe, () => answers.current);
  return useCallback(
    (page: number) =>
      keys ? queryClient.getQueryData<BatchRowsPage>(keys.batchRowsPage(batchId, filter, page)) : undefined,
    [queryClient, keys, batchId, filter],
  );
}

/**
 * Follows batchProgress: the summary goes into the cached list, and the pages on screen of that
 * batch are read again (only mounted pages refetch; events come at most 5 times a second).
 */
export function useBatchProgress(): void {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  useEffect(() => {
    // Events are followed only while the screen is open: rows read before may be out of date.
    if (!keys) return;
    for (const batch of queryClient.getQueryData<BatchSummary[]>(keys.listBatches()) ?? []) {
      void queryClient.invalidateQueries({ queryKey: keys.getBatchRows(batch.batchId) });
    }
  }, [keys, queryClient]);
  useConsoleEvent('batchProgress', (summary) => {
    if (!keys) return;
    const list = queryClient.getQueryData<BatchSummary[]>(keys.listBatches());
    if (list) queryClient.setQueryData(keys.listBatches(), upsertSummary(list, summary));
    else void queryClient.invalidateQueries({ queryKey: keys.listBatches() });
    void queryClient.invalidateQueries({ queryKey: keys.getBatchRows(summary.batchId) });
  });
}

export function useParseIds() {
  return useConsoleMutation<{ kind: BatchKind; text: string }, BatchParseResult>({
    call: (api, input) => api.parseBatch(input),
  });
}

export function useStartBatch(onStarted: (summary: BatchSummary) => void) {
  return useConsoleMutation<BatchStartInput, BatchSummary>({
    call: (api, input) => api.startBatch(input),
    invalidates: (keys) => [keys.listBatches()],
    onSuccess: onStarted,
  });
}

/** Cancel or resume: the answer is the batch's summary now. */
export function useBatchControl(action: 'cancel' | 'resume') {
  return useConsoleMutation<string, BatchSummary>({
    call: (api, batchId) =>
      action === 'cancel' ? api.cancelBatch({ batchId }) : api.resumeBatch({ batchId }),
    invalidates: (keys, summary) => [keys.listBatches(), keys.getBatchRows(summary.batchId)],
  });
}

export function useDiscardBatch(onDiscarded: (batchId: string) => void) {
  return useConsoleMutation<string, { discarded: boolean }>({
    call: (api, batchId) => api.discardBatch({ batchId }),
    invalidates: (keys) => [keys.listBatches()],
    onSuccess: (_answer, batchId) => onDiscarded(batchId),
  });
}

export function useExportBatch() {
  return useConsoleMutation<string, { fileName: string; csv: string }>({
    call: (api, batchId) => api.exportBatchCsv({ batchId }),
    onSuccess: ({ fileName, csv }) => downloadText(fileName, csv),
  });
}
