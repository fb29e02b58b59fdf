import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  ReconcileLedgerView,
  ReconcilePrepareInput,
  ReconcileProgress,
  ReconcileRowFilter,
  ReconcileStartInput,
  Result,
} from '../../../../shared/contract';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { useConsoleEvent } from '../../api/events';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';
import { downloadText } from '../../components/download';
import { ledgerParts, RECONCILE_PAGE_SIZE } from './reconcile-view';

const reconcileQueries = {
  /** Kept runs of the active environment, newest first; read again each time the screen opens. */
  list: (environmentId: string | null) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.listReconcileRuns(),
      call: (api) => api.listReconcileRuns({}),
      staleTime: 0,
    }),
  run: (environmentId: string | null, runId: string, enabled: boolean) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.getReconcileRun(runId),
      call: (api) => api.getReconcileRun({ runId }),
      enabled,
    }),
  rowsPage: (environmentId: string | null, runId: string, filter: ReconcileRowFilter, page: number) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.reconcileRowsPage(runId, filter, page),
      call: (api) =>
        api.getReconcileRows({
          runId,
          offset: page * RECONCILE_PAGE_SIZE,
          limit: RECONCILE_PAGE_SIZE,
          filter,
        }),
    }),
};

export function useReconcileList() {
  return useEnvironmentQuery(reconcileQueries.list(useActiveEnvironmentId()));
}

export function useReconcileRun(runId: string, enabled: boolean) {
  return useEnvironmentQuery(reconcileQueries.run(useActiveEnvironmentId(), runId, enabled));
}

export function useReconcileRows(runId: string, filter: ReconcileRowFilter, page: number) {
  return useEnvironmentQuery(reconcileQueries.rowsPage(useActiveEnvironmentId(), runId, filter, page));
}

/**
 * The last progress of each run heard while the screen is open; a run that stops makes its
 * summary, its rows and the list stale.
 */
export function useReconcileProgress(): Readonly<Record<string, ReconcileProgress>> {
  const [progress, setProgress] = useState<Record<string, ReconcileProgress>>({});
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  useConsoleEvent('reconcileProgress', (event) => {
    setProgress((known) => ({ ...known, [event.runId]: event }));
    if (keys && (event.phase === 'done' || event.phase === 'cancelled' || event.phase === 'failed')) {
      void queryClient.invalidateQueries({ queryKey: keys.listReconcileRuns() });
      void queryClient.invalidateQueries({ queryKey: keys.getReconcileRun(event.runId) });
    }
  });
  return progress;
}

/** Reads the chosen file and sends it to main in parts; the answer is the prepared ledger. */
export function useReadLedger() {
  return useConsoleMutation<File, ReconcileLedgerView>({
    call: async (api, file): Promise<Result<ReconcileLedgerView>> => {
      const parts = ledgerParts(new Uint8Array(await file.arrayBuffer()));
      let uploadId: string | undefined;
      for (const part of parts) {
        const answer = await api.uploadLedger({
          ledgerName: file.name,
          ...part,
          ...(uploadId !== undefined && { uploadId }),
        });
        if (!answer.ok) return answer;
        if (answer.data.state === 'read') return { ok: true, data: answer.data.ledger };
        uploadId = answer.data.uploadId;
      }
      return { ok: false, error: { kind: 'internal', message: 'The ledger was sent but not read.' } };
    },
  });
}

export function usePrepareLedger() {
  return useConsoleMutation<ReconcilePrepareInput, ReconcileLedgerView>({
    call: (api, input) => api.prepareReconcile(input),
  });
}

export function useStartRun(onStarted: (runId: string) => void) {
  return useConsoleMutation<ReconcileStartInput, { runId: string }>({
    call: (api, input) => api.startReconcile(input),
    onSuccess: ({ runId }) => onStarted(runId),
  });
}

export function useRunControl(action: 'cancel' | 'resume') {
  return useConsoleMutation<string, unknown>({
    call: (api, runId) =>
      action === 'cancel' ? api.cancelReconcile({ runId }) : api.resumeReconcile({ runId }),
  });
}

export function useExportRun() {
  return useConsoleMutation<
    { runId: string; which: 'all' | 'differences' },
    { fileName: string; csv: string }
  >({
    call: (api, input) => api.exportReconcileCsv(input),
    onSuccess: ({ fileName, csv }) => downloadText(fileName, csv),
  });
}
