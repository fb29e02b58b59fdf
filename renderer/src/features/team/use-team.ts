import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useEnvironmentQuery } from '../../api/queries';

/**
 * Read again this often while the Team screen is open, so an executor that stops passing shows
 * as silent without anyone asking (the one-minute rule, main/core/team/executor-health.ts).
 */
const TEAM_STATUS_REFRESH_MS = 15_000;

/**
 * The active environment's team. Main connects afresh on every read, so the answer is never kept
 * as fresh: a visit and "Check again" ask the database again, and so does the timer above.
 */
export function useTeamStatus() {
  return useEnvironmentQuery(
    environmentQuery(useActiveEnvironmentId(), {
      key: (keys) => keys.getTeamStatus(),
      call: (api) => api.getTeamStatus({}),
      staleTime: 0,
      refetchInterval: TEAM_STATUS_REFRESH_MS,
    }),
  );
}
