import { useActiveEnvironmentId } from '../../api/environment';
import type { EnvironmentKeys } from '../../api/query-keys';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

/**
 * The active environment's approval requests (main/core/console/team.ts). Main asks the team
 * database afresh on every read; the team's live word (shell/TeamLive.tsx) makes them stale when
 * a request is submitted or changes at any desk.
 */
export function useApprovals(all: boolean, enabled = true) {
  return useEnvironmentQuery(
    environmentQuery(useActiveEnvironmentId(), {
      key: (keys) => keys.listApprovals(all),
      call: (api) => api.listApprovals({ all }),
      enabled,
    }),
  );
}

/** One request with its exact body and hash: what an approver approves. */
export function useApproval(requestId: string | null) {
  return useEnvironmentQuery(
    environmentQuery(useActiveEnvironmentId(), {
      key: (keys) => keys.getApproval(requestId ?? ''),
      call: (api) => api.getApproval({ requestId: requestId ?? '' }),
      enabled: requestId !== null,
      staleTime: 0,
    }),
  );
}

/** Approve, reject, withdraw or send: each makes every request's answer stale (its state moved). */
export function useApprovalActs() {
  const invalidates = (keys: EnvironmentKeys) => [keys.approvals()];
  return {
    approve: useConsoleMutation({
      call: (api, input: { requestId: string; bodyHash: string; note?: string }) => api.approveRequest(input),
      invalidates,
      invalidatesOnError: invalidates,
    }),
    reject: useConsoleMutation({
      call: (api, input: { requestId: string; note: string }) => api.rejectRequest(input),
      invalidates,
      invalidatesOnError: invalidates,
    }),
    withdraw: useConsoleMutation({
      call: (api, input: { requestId: string }) => api.withdrawRequest(input),
      invalidates,
      invalidatesOnError: invalidates,
    }),
    // A send moves money: the journal and the refunds' pre-flight change with it.
    send: useConsoleMutation({
      call: (api, input: { requestId: string; reason?: string }) => api.sendApprovedRequest(input),
      invalidates: (keys) => [keys.approvals(), keys.audit(), keys.refunds()],
      invalidatesOnError: (keys) => [keys.approvals(), keys.audit()],
    }),
  };
}
