import type { ConsoleError, EnvironmentProfile, Result } from '../../../shared/contract';
import { fail } from './environment-rules';
import { publicProfile, teamMembershipSchema, type TeamMembership } from './schema';
import type { SettingsContext } from './settings-context';

/**
 * The team a profile's desk has joined (docs/architecture.md, "Team mode: the database"): kept in
 * the settings document, the person's password in the OS keychain. main/core/team/membership.ts
 * decides whether a desk may join; this keeps what it decided, under the settings lock.
 */

export interface ProfileTeam {
  profile: EnvironmentProfile;
  team: TeamMembership | null;
}

export interface TeamLeft {
  environmentId: string;
  /** The team the profile was in; null when it was in none. */
  team: TeamMembership | null;
  /** A password (or a certificate's key) was in the keychain and was removed. */
  passwordRemoved: boolean;
}

export interface TeamOperations {
  /** The profile and the team it is in (never the password). */
  teamOf(environmentId: string): Promise<Result<ProfileTeam>>;
  /**
   * Records that the profile's desk is in `team` as its person: the secret in the keychain first
   * (the password, or the private key of `team.certificate`), then the settings. When the settings
   * cannot be written the secret is taken out again; when even that fails, the error says so.
   * Refused while the profile is in a team already.
   */
  saveTeam(environmentId: string, team: TeamMembership, secret: string): Promise<Result<TeamMembership>>;
  /** Takes the team out of the profile and its secret out of the keychain. */
  forgetTeam(environmentId: string): Promise<Result<TeamLeft>>;
  /**
   * MAIN ONLY, like the vault's `read`: the person's password, or their certificate's private key
   * when the profile's team has a certificate; null when none is kept.
   */
  teamSecret(environmentId: string): Promise<Result<string | null>>;
  /**
   * After the person's password changed in the team's database: the keychain keeps the new one,
   * only while the profile is still in that team as that person (`invalid_state` otherwise).
   */
  replaceTeamPassword(environmentId: string, team: TeamMembership, password: string): Promise<Result<void>>;
}

/** The same joining of the same team as the same person: a leave and a join make another. */
const sameJoin = (a: TeamMembership, b: TeamMembership): boolean =>
  a.host === b.host &&
  a.port === b.port &&
  a.database === b.database &&
  a.person === b.person &&
  a.joinedAt === b.joinedAt;

export function teamOperations({ exclusive, find, change, pick, vault }: SettingsContext): TeamOperations {
  /** The profile may be in a team: not the embedded sandbox, which is this desk's alone. */
  const joinable = (profile: EnvironmentProfile): Result<EnvironmentProfile> =>
    profile.kind === 'local-sandbox'
      ? fail(
          'not_permitted',
          "The local sandbox is this desk's alone (a world of its own): only a testing or production environment joins a team.",
          'environmentId',
        )
      : { ok: true, data: profile };

  return {
    teamOf: (environmentId) =>
      exclusive(async () => {
        const found = await find(environmentId);
        if (!found.ok) return found;
        return { ok: true, data: { profile: publicProfile(found.data), team: found.data.team ?? null } };
      }),

    saveTeam: (environmentId, rawTeam, secret) =>
      exclusive(async () => {
        const parsed = teamMembershipSchema.safeParse(rawTeam);
        if (!parsed.success) {
          return fail(
            'validation',
            `The team cannot be kept: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
          );
        }
        const team = parsed.data;
        let passwordStored = false;
        const saved = await change<TeamMembership>(async (document) => {
          const found = pick(document, environmentId);
          if (!found.ok) return found;
          const profile = joinable(found.data);
          if (!profile.ok) return profile;
          if (found.data.team) {
            const { host, port, database, person } = found.data.team;
            return fail(
              'invalid_state',
              `${found.data.id} is already in the team at ${host}:${port}/${database} as ${person}: paydesk team leave --env ${found.data.id} first.`,
              'environmentId',
            );
          }
          // The secret first: settings that name a team whose secret is missing would be half a join.
          const stored = team.certificate
            ? await vault.setTeamKey(found.data.id, secret)
            : await vault.setTeamPassword(found.data.id, secret);
          if (!stored.ok) return stored;
          passwordStored = true;
          return {
            ok: true,
            data: {
              value: team,
              document: {
                ...document,
                environments: document.environments.map((env) =>
                  env.id === found.data.id ? { ...env, team } : env,
                ),
              },
            },
          };
        });
        if (saved.ok || !passwordStored) return saved;
        return { ok: false, error: await withoutPassword(environmentId, saved.error) };
      }),

    forgetTeam: (environmentId) =>
      exclusive(() =>
        change<TeamLeft>(async (document) => {
          const found = pick(document, environmentId);
          if (!found.ok) return found;
          const team = found.data.team ?? null;
          // The secret first: a team left in the settings can be left again; a password with no
          // team naming it would be found by nobody.
          const removed = await vault.clearTeamSecrets(found.data.id);
          if (!removed.ok) {
            return fail(
              removed.error.kind,
              `${removed.error.message} The team was kept in the settings: run paydesk team leave again once the keychain is available.`,
            );
          }
          const { team: _left, ...rest } = found.data;
          return {
            ok: true,
            data: {
              value: { environmentId: found.data.id, team, passwordRemoved: removed.data },
              ...(team !== null && {
                document: {
                  ...document,
                  environments: document.environments.map((env) => (env.id === rest.id ? rest : env)),
                },
              }),
            },
          };
        }),
      ),

    teamSecret: (environmentId) =>
      exclusive(async () => {
        const found = await find(environmentId);
        if (!found.ok) return found;
        return found.data.team?.certificate
          ? vault.readTeamKey(found.data.id)
          : vault.readTeamPassword(found.data.id);
      }),

    replaceTeamPassword: (environmentId, team, password) =>
      exclusive(async () => {
        const found = await find(environmentId);
        if (!found.ok) return found;
        const current = found.data.team;
        if (current?.certificate) {
          return fail(
            'invalid_state',
            `${found.data.id} signs in to its team with a client certificate: it keeps no password.`,
            'environmentId',
          );
        }
        if (!current || !sameJoin(current, team)) {
          return fail(
            'invalid_state',
            `${found.data.id} is no longer in the team at ${team.host}:${team.port}/${team.database} as ${team.person} (it left or joined again meanwhile), so its keychain was left as it is.`,
            'environmentId',
          );
        }
        return vault.setTeamPassword(found.data.id, password);
      }),
  };

  /**
   * After the settings could not be written: the password stored for the join goes again, under
   * the lock and only while the profile names no team (another process may have joined since).
   */
  async function withoutPassword(environmentId: string, cause: ConsoleError): Promise<ConsoleError> {
    const undone = await change<boolean>(async (document) => {
      const found = pick(document, environmentId);
      if (found.ok && found.data.team) return { ok: true, data: { value: false } };
      const removed = await vault.clearTeamSecrets(found.ok ? found.data.id : String(environmentId));
      return removed.ok ? { ok: true, data: { value: true } } : removed;
    });
    if (undone.ok)
      return {
        ...cause,
        message: `${cause.message} Nothing was joined: the keychain holds no team password for it.`,
      };
    return {
      ...cause,
      message: `${cause.message} The team was not joined, but the password stored for it is still in the keychain (${undone.error.message}): run paydesk team leave --env ${environmentId} to remove it.`,
    };
  }
}
