import { useQueryClient } from '@tanstack/react-query';
import type { IndexedRecordView, RecentRecordsQuery, RecordKind } from '../../../shared/contract';
import { RECORD_PAGE_SIZE, searchTextOf } from '../lib/record-filters';
import { useActiveEnvironmentId } from './environment';
import { environmentQuery, useEnvironmentQuery } from './queries';

/**
 * The record index: what this console has seen in the active environment, for the
 * recent lists, the searches (a lookup screen's and Ctrl+K's) and a deposit's refunds. Several
 * screens ask these, so they live here. Read afresh whenever a screen shows them (staleTime 0):
 * a record created a moment ago on another screen must be in the list when it opens.
 */
const FRESH = 0;

export type RecentFilterQuery = Omit<RecentRecordsQuery, 'offset' | 'limit'>;

export const recordQueries = {
  /** Records whose id, invoice id or external id is or starts with `text`; null asks nothing. */
  search: (environmentId: string | null, text: string | null, kinds: RecordKind[], limit: number) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.searchRecords(text ?? '', JSON.stringify(kinds), limit),
      call: (api) => api.searchRecords({ text: text ?? '', limit, ...(kinds.length > 0 && { kinds }) }),
      enabled: text !== null,
      staleTime: FRESH,
    }),
  /** One page of a recent list (RECORD_PAGE_SIZE rows); every page answers the list's total. */
  recentPage: (environmentId: string | null, query: RecentFilterQuery, page: number) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.listRecentRecords(JSON.stringify(query), page),
      call: (api) =>
        api.listRecentRecords({ ...query, offset: page * RECORD_PAGE_SIZE, limit: RECORD_PAGE_SIZE }),
      staleTime: FRESH,
    }),
  /** What the index knows of one record (null: not seen here). */
  get: (environmentId: string | null, kind: RecordKind, id: string | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.getRecord(kind, id ?? ''),
      call: (api) => api.getRecord({ kind, id: id ?? '' }),
      enabled: id !== null,
      staleTime: FRESH,
    }),
  /** The refunds the index knows of for one deposit, newest first. */
  depositRefunds: (environmentId: string | null, depositId: number | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.depositRefunds(depositId ?? 0),
      call: (api) => api.listDepositRefunds({ depositId: depositId ?? 0 }),
      enabled: depositId !== null,
      staleTime: FRESH,
    }),
};

export function useRecordSearch(text: string | null, kinds: RecordKind[], limit: number) {
  return useEnvironmentQuery(recordQueries.search(useActiveEnvironmentId(), text, kinds, limit));
}

/**
 * The same search, asked when a typed id is submitted (the answer the list under the box shows,
 * from the cache when it is there): the records matched to `text`, or null when the index cannot
 * answer (none kept, unreadable), and the caller goes on as if it knew nothing.
 */
export function useIndexAsk(limit: number): (text: string) => Promise<IndexedRecordView[] | null> {
  const queryClient = useQueryClient();
  const environmentId = useActiveEnvironmentId();
  return async (text) => {
    const typed = searchTextOf(text);
    if (typed === null || environmentId === null) return null;
    try {
      return await queryClient.fetchQuery(recordQueries.search(environmentId, typed, [], limit));
    } catch {
      return null;
    }
  };
}

export function useRecordGet(kind: RecordKind, id: string | null) {
  return useEnvironmentQuery(recordQueries.get(useActiveEnvironmentId(), kind, id));
}

export function useDepositRefunds(depositId: number | null) {
  return useEnvironmentQuery(recordQueries.depositRefunds(useActiveEnvironmentId(), depositId));
}
