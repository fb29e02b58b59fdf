import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useEnvironmentQuery } from '../../api/queries';

/**
 * The active environment's team. Main connects afresh on every read, so the answer is never kept
 * as fresh: a visit and "Check again" ask the database again.
 */
export function useTeamStatus() {
  return useEnvironmentQuery(
    environmentQuery(useActiveEnvironmentId(), {
      key: (keys) => keys.getTeamStatus(),
      call: (api) => api.getTeamStatus({}),
      staleTime: 0,
    }),
  );
}
