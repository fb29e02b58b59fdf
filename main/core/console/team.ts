import { join } from 'node:path';
import { z } from 'zod';
import type {
  ApprovalRequestView,
  AuditVerifyReport,
  Result,
  TeamApi,
  TeamStatusView,
} from '../../../shared/contract';
import type { ApprovalRequest } from '../team/approvals';
import {
  listTeamEnvironments,
  putTeamEnvironment,
  removeTeamEnvironment,
  type TeamEnvironment,
  type TeamEnvironmentInput,
} from '../team/environments';
import { exportTeamJournal, type TeamJournalExport } from '../team/export';
import { openOperations, settleOperation, type TeamOperation } from '../team/operations';
import {
  asTeamPerson,
  caFingerprint,
  changeTeamPassword,
  joinTeam,
  personConnection,
  leaveTeam,
  teamStatus,
  type JoinTeamInput,
  type TeamJoined,
  type TeamMembershipPorts,
  type TeamPasswordChanged,
  type TeamStatus,
} from '../team/membership';
import type { TeamLeft } from '../settings/team-membership';
import { teamKeyOf, verifyAndWitness, WITNESS_FILE } from '../team/witness';
import { dataPaths } from '../data-dir';
import { keptRequestsOfTeamJournal } from './journals';
import {
  approvalRequestDetail,
  approvalRequestView,
  createConsoleApprovals,
  type ConsoleApprovals,
} from './approvals';
import { MAX_TEXT, none, reason } from './arg-parts';
import type { ConsoleContext } from './context';
import { unresolvedOf } from './environments';
import type { ConsoleMethods } from './method';
import { failure } from './results';

/**
 * A desk's team, for the CLI (`paydesk team join|leave|status`, `audit export --team`). Joining
 * and leaving are not on the ConsoleApi: the Team screen only shows the team; the money moves of
 * a joined profile go through team-referee.ts (docs/architecture.md, "Team mode").
 */
export interface ConsoleTeam extends ConsoleApprovals {
  join(input: JoinTeamInput): Promise<Result<TeamJoined>>;
  leave(environmentId: string, confirmation?: { typedName?: string }): Promise<Result<TeamLeft>>;
  status(environmentId: string): Promise<Result<TeamStatus>>;
  /** The person changes their own password: in the team's database, then in the keychain. */
  changePassword(environmentId: string, newPassword: string): Promise<Result<TeamPasswordChanged>>;
  /** The team's operations still open or unknown, any desk's (`paydesk team operations`). */
  openOperations(environmentId: string): Promise<Result<TeamOperation[]>>;
  /**
   * A person settles a team operation by hand after checking with the service, whichever desk
   * began it (one on holiday, say): the database keeps who and the note (`settle_operation`).
   */
  settleOperation(
    environmentId: string,
    input: { operationId: string; happened: boolean; note: string },
  ): Promise<Result<TeamOperation>>;
  /**
   * The team journal verified here (`paydesk audit verify --team`): every hash, link and sequence
   * number, and that the head this desk saw last is still there, unchanged (team/witness.ts).
   */
  verifyJournal(environmentId: string): Promise<Result<AuditVerifyReport>>;
  /** The team journal, verified, for `paydesk audit export --team --jsonl` (team/export.ts). */
  exportJournal(environmentId: string): Promise<Result<TeamJournalExport>>;
  /** The team's environment profiles, read as the person of `environmentId` (team/environments.ts). */
  environments(environmentId: string): Promise<Result<TeamEnvironment[]>>;
  putEnvironment(environmentId: string, input: TeamEnvironmentInput): Promise<Result<TeamEnvironment>>;
  removeEnvironment(environmentId: string, name: string): Promise<Result<void>>;
  /**
   * Adds the team's environment `name` as a profile of this desk, in the same team as the same
   * person; its service credentials are this desk's to set. Nothing is kept when the join fails.
   */
  adoptEnvironment(environmentId: string, name: string): Promise<Result<TeamJoined>>;
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
    async unresolvedInTeamJournal(environmentId) {
      const session = await context.teamSessions.of(environmentId);
      if (session.ok) {
        if (session.data === null) return { ok: true, data: 0 };
        const journal = await context.journal();
        if (!journal.ok) return journal;
        const open = await journal.data.unresolved();
        if (!open.ok) return open;
        return { ok: true, data: open.data.filter((intent) => intent.chain === environmentId).length };
      }
      // A person removed, a server gone: what this desk keeps of that journal's open intents tells.
      const found = await context.environments.teamOf(environmentId);
      if (!found.ok || found.data.team === null) return found.ok ? { ok: true, data: 0 } : found;
      return keptRequestsOfTeamJournal(dataPaths(context.dataDir).audit, environmentId, found.data.team);
    },
    journal: () => context.localJournal(),
    now: () => new Date(context.now()),
  };
  return {
    ...createConsoleApprovals(context, ports),
    join: async (input) => thenChanged(await joinTeam(ports, input)),
    leave: async (environmentId, confirmation) =>
      thenChanged(await leaveTeam(ports, environmentId, confirmation)),
    status: (environmentId) => teamStatus(ports, environmentId),
    environments: (environmentId) => asTeamPerson(ports, environmentId, listTeamEnvironments),
    putEnvironment: (environmentId, input) =>
      asTeamPerson(ports, environmentId, (client) => putTeamEnvironment(client, input)),
    removeEnvironment: (environmentId, name) =>
      asTeamPerson(ports, environmentId, (client) => removeTeamEnvironment(client, name)),
    async adoptEnvironment(environmentId, name) {
      const listed = await asTeamPerson(ports, environmentId, listTeamEnvironments);
      if (!listed.ok) return listed;
      const wanted = listed.data.find((environment) => environment.name === name);
      if (!wanted) {
        return failure('not_found', `The team has no environment named "${name}" (paydesk team env list).`);
      }
      const source = await context.environments.teamOf(environmentId);
      if (!source.ok) return source;
      if (source.data.team === null) {
        return failure(
          'invalid_state',
          `${environmentId} is in no team: paydesk team join --env ${environmentId}.`,
        );
      }
      // The same person signs in the same way: the password, or the certificate and its key.
      const signIn = await personConnection(context.environments, environmentId, source.data.team);
      if (!signIn.ok) return signIn;
      const added = await context.environments.add({
        name: wanted.name,
        kind: wanted.kind,
        baseUrl: wanted.baseUrl,
        color: wanted.color,
      });
      if (!added.ok) return added;
      const { host, port, database, user, ca } = signIn.data;
      const credential =
        'password' in signIn.data
          ? { password: signIn.data.password }
          : { certificate: signIn.data.certificate, key: signIn.data.key };
      const joined = await joinTeam(ports, {
        environmentId: added.data.id,
        host,
        port,
        database,
        person: user,
        ca,
        ...credential,
      });
      if (!joined.ok) {
        // A profile of the team's that is in no team would move money behind the team's back.
        await context.environments.remove(added.data.id, { force: true });
        return joined;
      }
      changed();
      return joined;
    },
    changePassword: (environmentId, newPassword) => changeTeamPassword(ports, environmentId, newPassword),
    openOperations: (environmentId) => asTeamPerson(ports, environmentId, openOperations),
    settleOperation: (environmentId, input) =>
      asTeamPerson(ports, environmentId, (client) =>
        settleOperation(client, {
          operationId: input.operationId,
          result: input.happened ? 'ok' : 'error',
          method: 'manual',
          note: input.note,
        }),
      ),
    verifyJournal: (environmentId) =>
      asTeamPerson(ports, environmentId, (client, team) =>
        verifyAndWitness(client, {
          filePath: join(context.dataDir, WITNESS_FILE),
          teamKey: teamKeyOf(team),
          now: ports.now,
        }),
      ),
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

/**
 * Runs `work` on the approvals of the active environment's team, as its person (`you`, who may
 * withdraw their own requests); a profile in no team is refused as the CLI refuses it.
 */
async function onActiveTeam<T>(
  context: ConsoleContext,
  work: (approvals: ConsoleApprovals, environmentId: string, you: string) => Promise<Result<T>>,
): Promise<Result<T>> {
  const active = await context.activeEnvironmentId();
  if (!active.ok) return active;
  const found = await context.environments.teamOf(active.data);
  if (!found.ok) return found;
  if (found.data.team === null) {
    return failure('invalid_state', `${active.data} is in no team: it has no approvals.`);
  }
  const approvals = createConsoleApprovals(context, { environments: context.environments });
  return work(approvals, active.data, found.data.team.person);
}

/** A change of one request (approve, reject, withdraw), answered as the queue shows it. */
function changeRequest(
  context: ConsoleContext,
  change: (approvals: ConsoleApprovals, environmentId: string) => Promise<Result<ApprovalRequest>>,
): Promise<Result<ApprovalRequestView>> {
  return onActiveTeam(context, async (approvals, environmentId, you) => {
    const changed = await change(approvals, environmentId);
    return changed.ok ? { ok: true, data: approvalRequestView(changed.data, you) } : changed;
  });
}

const requestId = z.string().max(20).regex(/^\d+$/, 'is not a request id');
const note = z.string().max(MAX_TEXT);

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
  listApprovals: {
    arg: z.strictObject({ all: z.boolean().optional() }),
    handle: (context, arg) =>
      onActiveTeam(context, async (approvals, environmentId, you) => {
        const listed = await approvals.approvals(environmentId, { all: arg.all ?? false });
        if (!listed.ok) return listed;
        return { ok: true, data: listed.data.map((request) => approvalRequestView(request, you)) };
      }),
  },
  getApproval: {
    arg: z.strictObject({ requestId }),
    handle: (context, arg) =>
      onActiveTeam(context, async (approvals, environmentId, you) => {
        const read = await approvals.approval(environmentId, arg.requestId);
        return read.ok ? { ok: true, data: approvalRequestDetail(read.data, you) } : read;
      }),
  },
  approveRequest: {
    arg: z.strictObject({
      requestId,
      bodyHash: z
        .string()
        .max(64)
        .regex(/^[0-9a-f]{12,64}$/, 'is not a body hash (12 to 64 hexadecimal characters)'),
      note: note.optional(),
    }),
    handle: (context, arg) =>
      changeRequest(context, (approvals, environmentId) =>
        approvals.approve(environmentId, {
          requestId: arg.requestId,
          bodyHash: arg.bodyHash,
          note: arg.note?.trim() || null,
        }),
      ),
  },
  rejectRequest: {
    arg: z.strictObject({ requestId, note: note.regex(/\S/, 'must say why') }),
    handle: (context, arg) =>
      changeRequest(context, (approvals, environmentId) =>
        approvals.reject(environmentId, { requestId: arg.requestId, note: arg.note }),
      ),
  },
  withdrawRequest: {
    arg: z.strictObject({ requestId }),
    handle: (context, arg) =>
      changeRequest(context, (approvals, environmentId) => approvals.withdraw(environmentId, arg.requestId)),
  },
  sendApprovedRequest: {
    arg: z.strictObject({ requestId, reason }),
    handle: (context, arg) =>
      onActiveTeam(context, async (approvals, environmentId) => {
        const sent = await approvals.sendApproved(environmentId, {
          requestId: arg.requestId,
          ...(arg.reason !== undefined && { reason: arg.reason }),
        });
        return sent.ok ? { ok: true, data: { requestId: arg.requestId, outcome: sent.data } } : sent;
      }),
  },
};
