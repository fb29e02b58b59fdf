import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  AuditEntryView,
  AuditFilter,
  AuditUnresolvedView,
  AuditVerifyReport,
} from '../../../../preload/contract';
import { useEnvironments } from '../../api/environment';
import { useConsoleMutation, useEnvironmentQuery } from '../../api/queries';
import { downloadText } from './download';

/** Journal lines matching the filter, oldest first (as main answers them). */
export function useAuditEntries(filter: AuditFilter) {
  const filterJson = JSON.stringify(filter);
  return useEnvironmentQuery<AuditEntryView[], readonly unknown[]>({
    key: (keys) => keys.auditEntries(filterJson),
    call: (api) => api.auditEntries(filter),
  });
}

/**
 * Intents whose outcome nobody knows. Read on start, after every change through main (see
 * useUnresolvedFollowsMutations) and once a minute, for a CLI run on the same journal.
 */
export function useUnresolvedIntents() {
  return useEnvironmentQuery<AuditUnresolvedView[], readonly unknown[]>({
    key: (keys) => keys.auditUnresolved(),
    call: (api) => api.auditUnresolved({}),
    refetchInterval: 60_000,
  });
}

/**
 * Reads the journal again whenever a change through main settles, whatever screen made it: a
 * lost answer (outcome_unknown) leaves an unresolved intent, a retry settles one. Mount once.
 */
export function useUnresolvedFollowsMutations(): void {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  useEffect(() => {
    if (!keys) return undefined;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type !== 'success' && event.action.type !== 'error') return;
      void queryClient.invalidateQueries({ queryKey: keys.audit() });
    });
  }, [queryClient, keys]);
}

export function useAuditVerify() {
  return useConsoleMutation<undefined, AuditVerifyReport>({ call: (api) => api.auditVerify({}) });
}

/** Exports the lines the filter selects and hands the file to the browser. */
export function useAuditExport() {
  return useConsoleMutation<AuditFilter, { fileName: string; csv: string }>({
    call: (api, filter) => api.auditExportCsv(filter),
    onSuccess: ({ fileName, csv }) => downloadText(fileName, csv),
  });
}

export type SettleMethod = 'reread' | 'retry';

/**
 * Re-reads the status of an unresolved intent, or sends it again with its ORIGINAL key.
 * `onSettled` runs before the list is read again: the settled intent's panel then disappears,
 * and a callback given to `mutate` would no longer be called.
 */
export function useSettleIntent(method: SettleMethod, onSettled: (resolution: AuditEntryView) => void) {
  return useConsoleMutation<string, AuditEntryView>({
    call: (api, intentId) =>
      method === 'reread' ? api.auditReread({ intentId }) : api.auditRetry({ intentId }),
    invalidates: (keys) => [keys.audit()],
    onSuccess: onSettled,
  });
}
