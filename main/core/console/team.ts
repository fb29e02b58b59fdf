import { join } from 'node:path';
import type { Result, TeamApi, TeamStatusView } from '../../../shared/contract';
import { exportTeamJournal, type TeamJournalExport } from '../team/export';
import {
  asTeamPerson,
  caFingerprint,
  changeTeamPassword,
  joinTeam,
  leaveTeam,
  teamStatus,
  type JoinTeamInput,
  type TeamJoined,
  type TeamMembershipPorts,
  type TeamPasswordChanged,
  type TeamStatus,
} from '../team/membership';
import type { TeamLeft } from '../settings/team-membership';
import { WITNESS_FILE } from '../team/witness';
import { none } from './arg-parts';
import type { ConsoleContext } from './context';
import { unresolvedOf } from './environments';
import type { ConsoleMethods } from './method';

/**
 * A desk's team, for the CLI (`paydesk team join|leave|status`, `audit export --team`). Joining
 * and leaving are not on the ConsoleApi: the Team screen only shows the team; the money moves of
 * a joined profile go through team-referee.ts (docs/architecture.md, "Team mode").
 */
export interface ConsoleTeam {
  join(input: JoinTeamInput): Promise<Result<TeamJoined>>;
  leave(environmentId: string, confirmation?: { typedName?: string }): Promise<Result<TeamLeft>>;
  status(environmentId: string): Promise<Result<TeamStatus>>;
  /** The person changes their own password: in the team's database, then in the keychain. */
  changePassword(environmentId: string, newPassword: string): Promise<Result<TeamPasswordChanged>>;
  /** The team journal, verified, for `paydesk audit export --team --jsonl` (team/export.ts). */
  exportJournal(environmentId: string): Promise<Result<TeamJournalExport>>;
}

/** `changed`: a profile of this runtime joined or left, so whoever follows the team looks again. */
export function createConsoleTeam(
  context: ConsoleContext,
  changed: () => void = () => undefined,
): ConsoleTeam {
  const thenChanged = <T>(result: Result<T>): Result<T> => {
    if (result.ok) changed();
    return result;
  };
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
    join: async (input) => thenChanged(await joinTeam(ports, input)),
    leave: async (environmentId, confirmation) =>
      thenChanged(await leaveTeam(ports, environmentId, confirmation)),
    status: (environmentId) => teamStatus(ports, environmentId),
    changePassword: (environmentId, newPassword) => changeTeamPassword(ports, environmentId, newPassword),
    exportJournal: (environmentId) =>
      asTeamPerson(ports, environmentId, (client, team) =>
        exportTeamJournal(client, { team, witnessFile: join(context.dataDir, WITNESS_FILE), now: ports.now }),
      ),
  };
}

/**
 * The status as the Team screen shows it: the CA by its fingerprint, never its PEM (nor the
 * password, which never leaves main).
 */
export function teamStatusView(status: TeamStatus): TeamStatusView {
  const { environmentId } = status;
  if (status.team === null) return { environmentId, inTeam: false };
  const { team, check } = status;
  return {
    environmentId,
    inTeam: true,
    host: team.host,
    port: team.port,
    database: team.database,
    person: team.person,
    caFingerprint: caFingerprint(team.ca),
    joinedAt: team.joinedAt,
    connection: check,
  };
}

export const TEAM_HANDLERS: ConsoleMethods<keyof TeamApi> = {
  getTeamStatus: {
    arg: none,
    async handle(context) {
      const active = await context.activeEnvironmentId();
      if (!active.ok) return active;
      const status = await teamStatus({ environments: context.environments }, active.data);
      return status.ok ? { ok: true, data: teamStatusView(status.data) } : status;
    },
  },
};
