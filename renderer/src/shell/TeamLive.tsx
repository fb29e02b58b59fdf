import { useQueryClient } from '@tanstack/react-query';
import { useEnvironments } from '../api/environment';
import { useConsoleEvent } from '../api/events';
import { staleAfterTeamChange } from './team-live';

/**
 * Renders nothing: mounted once by the layout, it has the page read again what the team's live
 * word says may have changed (main/core/console/team-live.ts; a hint, never data).
 */
export function TeamLive() {
  const queryClient = useQueryClient();
  const { keys, active } = useEnvironments();
  useConsoleEvent('teamChanged', (event) => {
    if (!keys || !active) return;
    for (const queryKey of staleAfterTeamChange(event, keys, active.id)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
  return null;
}
