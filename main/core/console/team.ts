import { join } from 'node:path';
import type { Result } from '../../../shared/contract';
import { exportTeamJournal, type TeamJournalExport } from '../team/export';
import {
  asTeamPerson,
  joinTeam,
  leaveTeam,
  teamStatus,
  type JoinTeamInput,
  type TeamJoined,
  type TeamMembershipPorts,
  type TeamStatus,
} from '../team/membership';
import type { TeamLeft } from '../settings/team-membership';
import { WITNESS_FILE } from '../team/witness';
import type { ConsoleContext } from './context';
import { unresolvedOf } from './environments';

/**
 * A desk's team, for the CLI (`paydesk team join|leave|status`, `audit export --team`). Joining
 * is a CLI act; the money moves of a joined profile go through team-referee.ts.
 */
export interface ConsoleTeam {
  join(input: JoinTeamInput): Promise<Result<TeamJoined>>;
  leave(environmentId: string, confirmation?: { typedName?: string }): Promise<Result<TeamLeft>>;
  status(environmentId: string): Promise<Result<TeamStatus>>;
  /** The team journal, verified, for `paydesk audit export --team --jsonl` (team/export.ts). */
  exportJournal(environmentId: string): Promise<Result<TeamJournalExport>>;
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
    exportJournal: (environmentId) =>
      asTeamPerson(ports, environmentId, (client, team) =>
        exportTeamJournal(client, { team, witnessFile: join(context.dataDir, WITNESS_FILE), now: ports.now }),
      ),
  };
}
