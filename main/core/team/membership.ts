import { createHash, X509Certificate } from 'node:crypto';
import type {
  ConsoleError,
  Result,
  TeamConnectionCheck,
  TeamDoctorReport,
  TeamReachable,
} from '../../../shared/contract';
import { verifiedHead, type Journal } from '../audit';
import { accountOrigin } from '../payments/base-url';
import type { EnvironmentsService } from '../settings';
import type { TeamMembership } from '../settings/schema';
import type { TeamLeft } from '../settings/team-membership';
import { openTeam, type TeamClient, type TeamConnectionOptions, type TeamCredential } from './client';
import { teamDoctor } from './doctor';
import { readSending } from './executor-health';
import { changeOwnPassword, validPassword } from './people';
import { readRoster } from './roster';

/**
 * A desk joins a team (docs/architecture.md, "Team mode: the database"): one environment profile
 * of this desk is from then on one person of the team's database. Joining checks what would make
 * the team's history wrong from the start (intents this desk alone knows about, a local journal
 * that does not verify, a connection the doctor has advice for) and keeps nothing when it refuses.
 */

export interface TeamMembershipPorts {
  environments: Pick<
    EnvironmentsService,
    'teamOf' | 'saveTeam' | 'forgetTeam' | 'teamSecret' | 'replaceTeamPassword'
  >;
  /**
   * How many intents of the local journal are unresolved on the account the environment reaches
   * (D19), or were made through it.
   */
  unresolvedIntents(environmentId: string): Promise<Result<number>>;
  /**
   * How many intents of the profile's journal in the team database are unresolved; with the
   * database out of reach, how many requests the desk keeps for that journal's open intents.
   */
  unresolvedInTeamJournal(environmentId: string): Promise<Result<number>>;
  /** This desk's own journal file (where a profile's history before it joins ends). */
  journal(): Promise<Result<Pick<Journal, 'verify'>>>;
  now(): Date;
}

/** The person joins with their password, or with a client certificate and its private key (PEM). */
export type JoinTeamInput = {
  environmentId: string;
  host: string;
  port: number;
  database: string;
  person: string;
  /** The team's CA (PEM). */
  ca: string;
} & TeamCredential;

export interface TeamJoined {
  environmentId: string;
  team: TeamMembership;
  doctor: TeamDoctorReport;
}

/** What a desk knows of its team; a profile in a team has its connection checked. */
export type TeamStatus =
  | { environmentId: string; team: null }
  | { environmentId: string; team: TeamMembership; check: TeamConnectionCheck };

const refused = (kind: ConsoleError['kind'], message: string, field?: string): Result<never> => ({
  ok: false,
  error: { kind, message, ...(field !== undefined && { field }) },
});

/** Connects as the person and runs `work`; the connection is closed whatever it answers. */
async function withPersonConnection<T>(
  options: TeamConnectionOptions,
  work: (client: TeamClient) => Promise<Result<T>>,
): Promise<Result<T>> {
  const client = await openTeam(options);
  if (!client.ok) return client;
  try {
    return await work(client.data);
  } finally {
    await client.data.end().catch(() => undefined);
  }
}

/**
 * The doctor's verdict, then who is who and who sends the approved moves of the service at
 * `origin`; these are read only when the schema is the one this code knows, since a role in no
 * group or another version has no view of them to read.
 */
async function doctorAndRoster(
  client: TeamClient,
  origin: string | null,
): Promise<Result<Omit<TeamReachable, 'reachable'>>> {
  const doctor = await teamDoctor(client);
  if (!doctor.ok) return doctor;
  if (doctor.data.schema.verdict !== 'ok') {
    return { ok: true, data: { doctor: doctor.data, roster: null, sending: null } };
  }
  const roster = await readRoster(client);
  if (!roster.ok) return roster;
  const sending = await readSending(client, origin);
  if (!sending.ok) return sending;
  return { ok: true, data: { doctor: doctor.data, roster: roster.data, sending: sending.data } };
}

/**
 * The team's CA by its certificate's SHA-256 fingerprint (the PEM stays in settings.json), so a
 * person can compare it with the one the owner handed out.
 */
export function caFingerprint(ca: string): string {
  try {
    return new X509Certificate(ca).fingerprint256;
  } catch {
    return `sha256 of the file ${createHash('sha256').update(ca).digest('hex')}`;
  }
}

/**
 * The doctor's verdict read as "may a desk work as this role": the owner is no person
 * (`not_permitted`), and any advice (no TLS, no group, another schema) keeps the desk out.
 */
function joinRefusal(report: TeamDoctorReport): ConsoleError | null {
  if (report.owner) {
    return {
      kind: 'not_permitted',
      message: `${report.role} owns the team database: a desk joins as a person (the owner adds one with paydesk team add-person).`,
    };
  }
  if (report.advice.length > 0) return { kind: 'invalid_state', message: report.advice.join(' ') };
  return null;
}

export async function joinTeam(
  ports: TeamMembershipPorts,
  input: JoinTeamInput,
): Promise<Result<TeamJoined>> {
  const current = await ports.environments.teamOf(input.environmentId);
  if (!current.ok) return current;
  // Already in a team, or the local sandbox: saveTeam refuses those, under the settings lock.
  const { profile } = current.data;

  // An intent only this desk knows of would be missing from the team's rules: another desk could
  // act on its target twice. It is settled here first, where its kept request and key are.
  const unresolved = await ports.unresolvedIntents(profile.id);
  if (!unresolved.ok) return unresolved;
  if (unresolved.data > 0) {
    const count = unresolved.data;
    return refused(
      'intent_unresolved',
      `${profile.id} has ${count === 1 ? '1 payment action' : `${count} payment actions`} whose outcome is unknown in this desk's journal, so it did not join the team: settle ${count === 1 ? 'it' : 'them'} first (paydesk audit unresolved, then paydesk audit reread, retry or settle).`,
    );
  }

  const journal = await ports.journal();
  if (!journal.ok) return journal;
  const verified = await journal.data.verify();
  if (!verified.ok) return verified;
  const localJournalHead = verifiedHead(verified.data);
  if (localJournalHead === undefined) {
    return refused(
      'invalid_state',
      `This desk's journal does not verify, so where its own history ends cannot be recorded and ${profile.id} did not join the team: see paydesk audit verify.`,
    );
  }

  const place = {
    host: input.host,
    port: input.port,
    database: input.database,
    user: input.person,
    ca: input.ca,
  };
  const credential: TeamCredential =
    'password' in input ? { password: input.password } : { certificate: input.certificate, key: input.key };
  const doctor = await withPersonConnection({ ...place, ...credential }, teamDoctor);
  if (!doctor.ok) return doctor;
  const refusal = joinRefusal(doctor.data);
  if (refusal !== null) {
    return refused(refusal.kind, `${profile.id} did not join the team: ${refusal.message}`);
  }

  const team: TeamMembership = {
    host: input.host,
    port: input.port,
    database: input.database,
    person: input.person,
    ca: input.ca,
    ...('certificate' in credential && { certificate: credential.certificate }),
    joinedAt: ports.now().toISOString(),
    localJournalHead,
  };
  const secret = 'password' in credential ? credential.password : credential.key;
  const saved = await ports.environments.saveTeam(profile.id, team, secret);
  if (!saved.ok) return saved;
  return { ok: true, data: { environmentId: profile.id, team: saved.data, doctor: doctor.data } };
}

/**
 * The profile's team and its password go; leaving a team the profile is not in changes nothing.
 * A production profile leaves only with its name typed, as its removal asks (console/environments.ts).
 */
export async function leaveTeam(
  ports: Pick<TeamMembershipPorts, 'environments' | 'unresolvedInTeamJournal'>,
  environmentId: string,
  confirmation: { typedName?: string } = {},
): Promise<Result<TeamLeft>> {
  const current = await ports.environments.teamOf(environmentId);
  if (!current.ok) return current;
  const { kind, name } = current.data.profile;
  if (kind === 'production' && current.data.team !== null && confirmation.typedName !== name) {
    return refused(
      'not_permitted',
      `"${name}" is a production environment and did not leave its team: type its name exactly ("${name}") to leave it.`,
      'typedName',
    );
  }
  if (current.data.team !== null) {
    // Out of the team the profile journals in the desk's file, which does not hold these: an
    // unknown outcome would no longer block its target (docs/architecture.md, "The desk's journal").
    const open = await ports.unresolvedInTeamJournal(environmentId);
    if (!open.ok) return open;
    if (open.data > 0) {
      const count = open.data;
      return refused(
        'intent_unresolved',
        `${environmentId} has ${count === 1 ? '1 payment action' : `${count} payment actions`} whose outcome is unknown in its journal in the team database, so it did not leave the team: settle ${count === 1 ? 'it' : 'them'} first (paydesk audit unresolved), with the database reachable.`,
      );
    }
  }
  return ports.environments.forgetTeam(environmentId);
}

/**
 * Where the profile's person connects: the saved team, and the password from the keychain, or
 * the saved certificate with its private key from the keychain.
 */
export async function personConnection(
  environments: Pick<TeamMembershipPorts['environments'], 'teamSecret'>,
  environmentId: string,
  team: TeamMembership,
): Promise<Result<TeamConnectionOptions>> {
  const secret = await environments.teamSecret(environmentId);
  if (!secret.ok) return secret;
  if (secret.data === null) {
    return refused(
      'credentials_missing',
      `The keychain holds no team ${team.certificate ? 'key' : 'password'} for ${environmentId}: paydesk team leave --env ${environmentId}, then join again.`,
    );
  }
  const place = { host: team.host, port: team.port, database: team.database, user: team.person, ca: team.ca };
  return {
    ok: true,
    data: team.certificate
      ? { ...place, certificate: team.certificate, key: secret.data }
      : { ...place, password: secret.data },
  };
}

/**
 * Runs `work` connected to the profile's team as its person, and closes the connection whatever
 * it answers. A profile in no team is refused (`invalid_state`), saying how to join one.
 */
export async function asTeamPerson<T>(
  ports: Pick<TeamMembershipPorts, 'environments'>,
  environmentId: string,
  work: (client: TeamClient, team: TeamMembership) => Promise<Result<T>>,
): Promise<Result<T>> {
  const current = await ports.environments.teamOf(environmentId);
  if (!current.ok) return current;
  const { profile, team } = current.data;
  if (team === null) {
    return refused(
      'invalid_state',
      `${profile.id} is in no team: paydesk team join --env ${profile.id} joins one (paydesk team status shows a profile's team).`,
    );
  }
  const options = await personConnection(ports.environments, profile.id, team);
  if (!options.ok) return options;
  return withPersonConnection(options.data, (client) => work(client, team));
}

export interface TeamPasswordChanged {
  environmentId: string;
  person: string;
}

/**
 * The desk's person changes their own password: first in the team's database, connected as
 * themselves with the one in the keychain, then in the keychain. When the keychain cannot keep
 * the new one after the database took it, the error says so and how to recover, since the one
 * kept no longer works.
 */
export async function changeTeamPassword(
  ports: Pick<TeamMembershipPorts, 'environments'>,
  environmentId: string,
  newPassword: string,
): Promise<Result<TeamPasswordChanged>> {
  // Checked before connecting: a password the database would take but no desk could use is no change.
  const password = validPassword(newPassword);
  if (!password.ok) return password;
  const changed = await asTeamPerson(ports, environmentId, async (client, team) => {
    if (team.certificate) {
      return refused(
        'invalid_state',
        `${environmentId} signs in to its team with a client certificate, not a password: nothing was changed.`,
      );
    }
    const done = await changeOwnPassword(client, password.data);
    return done.ok ? { ok: true, data: team } : done;
  });
  if (!changed.ok) return changed;
  const team = changed.data;
  const stored = await ports.environments.replaceTeamPassword(environmentId, team, password.data);
  if (!stored.ok) {
    return refused(
      stored.error.kind,
      `The team database now takes the new password of ${team.person}, but this desk could not keep it: ${stored.error.message} The keychain still holds the old password, which no longer works. The new one does: run paydesk team leave --env ${environmentId}, then paydesk team join --env ${environmentId} --person ${team.person} (with --host, --database and --ca as before) and give it the new password.`,
    );
  }
  return { ok: true, data: { environmentId, person: team.person } };
}

/**
 * The saved team and, when the database answers, the doctor's verdict and who is who; unreachable
 * is a status.
 */
export async function teamStatus(
  ports: Pick<TeamMembershipPorts, 'environments'>,
  environmentId: string,
): Promise<Result<TeamStatus>> {
  const current = await ports.environments.teamOf(environmentId);
  if (!current.ok) return current;
  const { profile, team } = current.data;
  if (team === null) return { ok: true, data: { environmentId: profile.id, team: null } };
  const options = await personConnection(ports.environments, profile.id, team);
  // Who sends this profile's approved moves depends on the service it reaches (its origin, D19).
  const origin = accountOrigin(profile.baseUrl);
  const answered = options.ok
    ? await withPersonConnection(options.data, (client) => doctorAndRoster(client, origin))
    : options;
  const check: TeamConnectionCheck = answered.ok
    ? { reachable: true, ...answered.data }
    : { reachable: false, error: answered.error };
  return { ok: true, data: { environmentId: profile.id, team, check } };
}
