import type { Result } from '../../../shared/contract';
import {
  joinTeam,
  leaveTeam,
  teamStatus,
  type JoinTeamInput,
  type TeamJoined,
  type TeamMembershipPorts,
  type TeamStatus,
} from '../team/membership';
import type { TeamLeft } from '../settings/team-membership';
import type { ConsoleContext } from './context';
import { unresolvedOf } from './environments';

/**
 * A desk's team, for the CLI (`paydesk team join|leave|status`). Not on the ConsoleApi: nothing
 * of the app uses the team yet (docs/architecture.md, "Team mode: the database").
 */
export interface ConsoleTeam {
  join(input: JoinTeamInput): Promise<Result<TeamJoined>>;
  leave(environmentId: string, confirmation?: { typedName?: string }): Promise<Result<TeamLeft>>;
  status(environmentId: string): Promise<Result<TeamStatus>>;
}

export function createConsoleTeam(context: ConsoleContext): ConsoleTeam {
  const ports: TeamMembershipPorts = {
    environments: context.environments,
    async unresolvedIntents(environmentId) {
      const profile = await context.profile(environmentId);
      return profile.ok ? unresolvedOf(context, profile.data) : profile;
    },
    journal: () => context.journal(),
    now: () => new Date(context.now()),
  };
  return {
    join: (input) => joinTeam(ports, input),
    leave: (environmentId, confirmation) => leaveTeam(ports, environmentId, confirmation),
    status: (environmentId) => teamStatus(ports, environmentId),
  };
}
