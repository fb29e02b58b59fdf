import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  AuditAction,
  AuditEntryView,
  AuditFilter,
  AuditIds,
  AuditSettleInput,
  AuditVerifyReport,
} from '../../../../shared/contract';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';
import type { EnvironmentKeys } from '../../api/query-keys';
import { downloadText } from '../../components/download';

const auditQueries = {
  /** Journal lines matching the filter, oldest first (as main answers them). */
  entries: (environmentId: string | null, filter: AuditFilter) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.listAuditEntries(JSON.stringify(filter)),
      call: (api) => api.listAuditEntries(filter),
    }),
  /**
   * Intents whose outcome nobody knows. Read on start, after every change through main (see
   * useUnresolvedFollowsMutations) and once a minute, for a CLI run on the same journal.
   */
  unresolved: (environmentId: string | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.listUnresolvedIntents(),
      call: (api) => api.listUnresolvedIntents({}),
      refetchInterval: 60_000,
    }),
  /**
   * The unknown intent that blocks a new one on this target (main's journal answers it), or null.
   * Keyed under the journal, so it is read again after every change through main.
   */
  getBlockingIntent: (environmentId: string | null, action: AuditAction, ids: AuditIds | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.getBlockingIntent(action, JSON.stringify(ids ?? {})),
      call: (api) => api.getBlockingIntent({ action, ids: ids ?? {} }),
      enabled: ids !== null,
    }),
};

export function useAuditEntries(filter: AuditFilter) {
  return useEnvironmentQuery(auditQueries.entries(useActiveEnvironmentId(), filter));
}

export function useUnresolvedIntents() {
  return useEnvironmentQuery(auditQueries.unresolved(useActiveEnvironmentId()));
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
  return useConsoleMutation<undefined, AuditVerifyReport>({ call: (api) => api.verifyAudit({}) });
}

/** Exports the lines the filter selects and hands the file to the browser. */
export function useAuditExport() {
  return useConsoleMutation<AuditFilter, { fileName: string; csv: string }>({
    call: (api, filter) => api.exportAuditCsv(filter),
    onSuccess: ({ fileName, csv }) => downloadText(fileName, csv),
  });
}

export function useBlockingIntent(action: AuditAction, ids: AuditIds | null) {
  return useEnvironmentQuery(auditQueries.getBlockingIntent(useActiveEnvironmentId(), action, ids));
}

/**
 * What a settled intent makes stale: the journal (its lists and every blocking question) and the
 * records it may have changed (a deposit's refunds and what is left, a cashout's status).
 */
function settledKeys(keys: EnvironmentKeys): QueryKey[] {
  return [keys.audit(), keys.deposits(), keys.refunds(), keys.cashouts()];
}

type SettleMethod = 'reread' | 'retry';

/**
 * Re-reads the status of an unresolved intent, or sends it again with its ORIGINAL key.
 * `onSettled` runs before the list is read again: the settled intent's panel then disappears,
 * and a callback given to `mutate` would no longer be called.
 */
export function useSettleIntent(method: SettleMethod, onSettled: (resolution: AuditEntryView) => void) {
  return useConsoleMutation<string, AuditEntryView>({
    call: (api, intentId) =>
      method === 'reread' ? api.rereadIntent({ intentId }) : api.retryIntent({ intentId }),
    invalidates: settledKeys,
    onSuccess: onSettled,
  });
}

/** Settles an unknown outcome on the operator's word after checking elsewhere; main journals who and the note. */
export function useSettleByHand(onSettled: (resolution: AuditEntryView) => void) {
  return useConsoleMutation<AuditSettleInput, AuditEntryView>({
    call: (api, input) => api.settleIntent(input),
    invalidates: settledKeys,
    onSuccess: onSettled,
  });
}
