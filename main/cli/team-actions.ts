import type { ConsoleError, Result } from '../../shared/contract';
import { STDIN_SOURCE } from '../core/storage/bounded-read';
import { TEAM_CA_MAX_LENGTH, type TeamMembership } from '../core/settings/schema';
import { TEAM_KEY_MAX_LENGTH } from '../core/vault/vault';
import { openTeam, type TeamClient, type TeamCredential } from '../core/team/client';
import { teamDoctor } from '../core/team/doctor';
import { caFingerprint } from '../core/team/membership';
import { migrate } from '../core/team/migrate';
import {
  addPerson,
  initTeam,
  removePerson,
  setGroups,
  setPassword,
  typedGroups,
  typedPerson,
} from '../core/team/people';
import type { CommandContext } from './command-context';
import { invalidOption } from './command-context';
import { withTypedName } from './environment-commands';
import { asJson, askHidden, askHiddenLines, hidesTyping, readInputText, readStdin } from './input';
import { printable } from './output';
import { TEAM_PASSWORD_VARIABLE } from './team-commands';

/** What `paydesk team …` does (its definitions and help: team-commands.ts). */

export interface ConnectionFlags {
  host: string;
  port: string;
  database: string;
  user: string;
  ca: string;
}
/** A password is a line: anything longer is a pasted document. */
const MAX_PASSWORD_BYTES = 4 * 1024;

/**
 * A person's password: typed hidden at a terminal, else stdin (one line end dropped). `enter`
 * says what Enter does: sets a new person's, or joins with one's own.
 */
async function typedPassword(
  context: CommandContext,
  person: string,
  enter = 'Enter to set it',
): Promise<Result<string>> {
  const { io } = context;
  if (hidesTyping(io.stdin)) {
    return askHidden(
      io.stdin,
      io.stderr,
      `Password for ${person} (hidden as you type; ${enter}): `,
      MAX_PASSWORD_BYTES,
      'password',
    );
  }
  const text = await readStdin(io.stdin, MAX_PASSWORD_BYTES, 'stdin', 'pipe the password alone');
  if (!text.ok) return text;
  const password = text.data.replace(/\r?\n$/, '');
  if (password === '') {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field: 'stdin',
        message: `stdin: empty; pipe ${person}'s password in (e.g. from a password manager), or run this at a terminal to type it.`,
      },
    };
  }
  return { ok: true, data: password };
}

/**
 * The person's own new password: at a terminal typed hidden twice (a typo would lock them out of
 * the team), else read once from stdin.
 */
async function newOwnPassword(context: CommandContext, person: string): Promise<Result<string>> {
  const { io } = context;
  if (!hidesTyping(io.stdin)) return typedPassword(context, person);
  const typed = await askHiddenLines(
    io.stdin,
    io.stderr,
    [
      `New password for ${person} (hidden as you type; Enter to go on): `,
      'The same again (Enter to change it): ',
    ],
    MAX_PASSWORD_BYTES,
    'password',
  );
  if (!typed.ok) return typed;
  const [first = '', second = ''] = typed.data;
  if (first !== second) {
    return failed({
      kind: 'validation',
      field: 'password',
      message: 'The two passwords typed differ: nothing was changed.',
    });
  }
  return { ok: true, data: first };
}

/** `--groups a,b` as the group names typed. */
const groupsOption = (text: string, field = '--groups') =>
  typedGroups(
    text.split(',').map((group) => group.trim()),
    field,
  );

function typedPort(text: string): Result<number> {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    return invalidOption('--port', 'a port number from 1 to 65535');
  }
  return { ok: true, data: port };
}

/**
 * A PEM file named by `option` (never stdin: that is kept for a password), bounded, holding what
 * `holds` finds.
 */
async function pemFile(
  context: CommandContext,
  option: string,
  file: string,
  expected: { maxBytes: number; holds: RegExp; what: string },
): Promise<Result<string>> {
  if (file === STDIN_SOURCE) return invalidOption(option, 'a file: stdin is kept for a password');
  const text = await readInputText(file, context.io.stdin, {
    maxBytes: expected.maxBytes,
    field: option,
    advice: `give ${expected.what} alone.`,
  });
  if (!text.ok) return text;
  if (!expected.holds.test(text.data)) return invalidOption(option, `${file} holds no ${expected.what}`);
  return text;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----/;

/** The team's CA certificate from the --ca file. */
const teamCa = (context: CommandContext, file: string): Promise<Result<string>> =>
  pemFile(context, '--ca', file, {
    maxBytes: TEAM_CA_MAX_LENGTH,
    holds: PEM_CERTIFICATE,
    what: 'PEM certificate',
  });

/**
 * Connects as the flags say, runs `work`, and always closes the connection. Everything the flags
 * and the environment lack is reported before any connection is tried.
 */
async function withTeamConnection<T>(
  context: CommandContext,
  flags: ConnectionFlags,
  work: (client: TeamClient) => Promise<Result<T>>,
  exitCodeOf: (answer: T) => number = () => 0,
): Promise<void> {
  const port = typedPort(flags.port);
  if (!port.ok) return context.fail(port.error);
  const password = context.io.env[TEAM_PASSWORD_VARIABLE];
  if (password === undefined || password === '') {
    return context.fail({
      kind: 'credentials_missing',
      field: TEAM_PASSWORD_VARIABLE,
      message: `Set ${TEAM_PASSWORD_VARIABLE} to the password of ${flags.user}; a password is never taken from the command line.`,
    });
  }
  const ca = await teamCa(context, flags.ca);
  if (!ca.ok) return context.fail(ca.error);
  const client = await openTeam({
    host: flags.host,
    port: port.data,
    database: flags.database,
    user: flags.user,
    password,
    ca: ca.data,
  });
  if (!client.ok) return context.fail(client.error);
  try {
    const done = await work(client.data);
    if (!done.ok) return context.fail(done.error);
    context.print(asJson(done.data));
    context.exit(exitCodeOf(done.data));
  } finally {
    await client.data.end().catch(() => undefined);
  }
}

const failed = (error: ConsoleError): Result<never> => ({ ok: false, error });

/**
 * The team as the commands show it: the CA (and a client certificate) by its fingerprint, as the
 * Team screen shows it.
 */
function shownTeam(
  team: TeamMembership,
): Omit<TeamMembership, 'ca' | 'certificate'> & { caFingerprint: string; certificateFingerprint?: string } {
  const { ca, certificate, ...rest } = team;
  return {
    ...rest,
    caFingerprint: caFingerprint(ca),
    ...(certificate !== undefined && { certificateFingerprint: caFingerprint(certificate) }),
  };
}

/** The join's password: PAYDESK_TEAM_PASSWORD when set, else typed hidden or piped on stdin. */
function joinPassword(context: CommandContext, person: string): Promise<Result<string>> {
  const fromVariable = context.io.env[TEAM_PASSWORD_VARIABLE];
  if (fromVariable !== undefined && fromVariable !== '') {
    return Promise.resolve({ ok: true, data: fromVariable });
  }
  return typedPassword(context, person, 'Enter to join');
}

/** The join's certificate and key when given, else its password. */
async function joinCredential(
  context: CommandContext,
  person: string,
  flags: { certificate?: string; key?: string },
): Promise<Result<TeamCredential>> {
  if (flags.certificate === undefined || flags.key === undefined) {
    const password = await joinPassword(context, person);
    return password.ok ? { ok: true, data: { password: password.data } } : password;
  }
  // The certificate is public (it goes to the settings); the key is read once and kept in the OS
  // keychain only: the file is the person's to delete afterwards, and Paydesk writes it nowhere.
  const certificate = await pemFile(context, '--certificate', flags.certificate, {
    maxBytes: TEAM_CA_MAX_LENGTH,
    holds: PEM_CERTIFICATE,
    what: 'PEM certificate',
  });
  if (!certificate.ok) return certificate;
  const key = await pemFile(context, '--key', flags.key, {
    maxBytes: TEAM_KEY_MAX_LENGTH,
    holds: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/,
    what: 'PEM private key',
  });
  if (!key.ok) return key;
  return { ok: true, data: { certificate: certificate.data, key: key.data } };
}

/** `paydesk team init`. */
export function init(
  context: CommandContext,
  flags: ConnectionFlags & { admin: string },
): Promise<void> | void {
  const admin = typedPerson(flags.admin, '--admin');
  if (!admin.ok) return context.fail(admin.error);
  return withTeamConnection(context, flags, async (client) => {
    const password = await typedPassword(context, admin.data);
    if (!password.ok) return failed(password.error);
    return initTeam(client, { admin: admin.data, password: password.data });
  });
}

/** `paydesk team migrate`. */
export const migrateSchema = (context: CommandContext, flags: ConnectionFlags): Promise<void> =>
  withTeamConnection(context, flags, migrate);

/** `paydesk team add-person <person>`. */
export function addTeamPerson(
  context: CommandContext,
  name: string,
  flags: ConnectionFlags & { groups: string; certificate?: boolean },
): Promise<void> | void {
  // Before anything is asked or read: a wrong name must not cost anyone a typed password.
  const person = typedPerson(name);
  if (!person.ok) return context.fail(person.error);
  const groups = groupsOption(flags.groups);
  if (!groups.ok) return context.fail(groups.error);
  if (flags.certificate === true) {
    return withTeamConnection(context, flags, (client) =>
      addPerson(client, { person: person.data, groups: groups.data, certificate: true }),
    );
  }
  return withTeamConnection(context, flags, async (client) => {
    const password = await typedPassword(context, person.data);
    if (!password.ok) return failed(password.error);
    return addPerson(client, { person: person.data, groups: groups.data, password: password.data });
  });
}

/** `paydesk team set-groups <person>`. */
export function setTeamGroups(
  context: CommandContext,
  name: string,
  flags: ConnectionFlags & { groups: string },
): Promise<void> | void {
  const person = typedPerson(name);
  if (!person.ok) return context.fail(person.error);
  const groups = groupsOption(flags.groups);
  if (!groups.ok) return context.fail(groups.error);
  return withTeamConnection(context, flags, (client) =>
    setGroups(client, { person: person.data, groups: groups.data }),
  );
}

/** `paydesk team set-password <person>`. */
export function setTeamPassword(
  context: CommandContext,
  name: string,
  flags: ConnectionFlags,
): Promise<void> | void {
  const person = typedPerson(name);
  if (!person.ok) return context.fail(person.error);
  return withTeamConnection(context, flags, async (client) => {
    const password = await typedPassword(context, person.data);
    if (!password.ok) return failed(password.error);
    return setPassword(client, { person: person.data, password: password.data });
  });
}

/** `paydesk team remove-person <person>`. */
export function removeTeamPerson(
  context: CommandContext,
  name: string,
  flags: ConnectionFlags,
): Promise<void> | void {
  const person = typedPerson(name);
  if (!person.ok) return context.fail(person.error);
  return withTeamConnection(context, flags, (client) => removePerson(client, person.data));
}

/** `paydesk team doctor`. */
export const doctor = (context: CommandContext, flags: ConnectionFlags): Promise<void> =>
  withTeamConnection(context, flags, teamDoctor, (report) => (report.advice.length === 0 ? 0 : 1));

export type JoinFlags = Omit<ConnectionFlags, 'user'> & {
  person: string;
  certificate?: string;
  key?: string;
};

/** `paydesk team join`. */
export function join(context: CommandContext, flags: JoinFlags): Promise<void> | void {
  // Before anything is asked or read: a wrong name or port must not cost anyone a typed password.
  const person = typedPerson(flags.person, '--person');
  if (!person.ok) return context.fail(person.error);
  const port = typedPort(flags.port);
  if (!port.ok) return context.fail(port.error);
  if ((flags.certificate === undefined) !== (flags.key === undefined)) {
    const missing = flags.key === undefined ? ['--key', '--certificate'] : ['--certificate', '--key'];
    return context.fail(invalidOption(missing[0] ?? '', `needed with ${missing[1] ?? ''}`).error);
  }
  return context.withSession('manage', async (session) => {
    const target = await session.target();
    if (!target.ok) return context.fail(target.error);
    const ca = await teamCa(context, flags.ca);
    if (!ca.ok) return context.fail(ca.error);
    const credential = await joinCredential(context, person.data, flags);
    if (!credential.ok) return context.fail(credential.error);
    const joined = await session.team.join({
      environmentId: target.data.id,
      host: flags.host,
      port: port.data,
      database: flags.database,
      person: person.data,
      ca: ca.data,
      ...credential.data,
    });
    if (!joined.ok) return context.fail(joined.error);
    context.print(
      asJson({
        environmentId: joined.data.environmentId,
        team: shownTeam(joined.data.team),
        groups: joined.data.doctor.groups,
      }),
    );
  });
}

/** `paydesk team password`. */
export const changeOwnPassword = (context: CommandContext): Promise<void> =>
  context.withSession('manage', async (session) => {
    const target = await session.target();
    if (!target.ok) return context.fail(target.error);
    const current = await session.team.status(target.data.id);
    if (!current.ok) return context.fail(current.error);
    if (current.data.team === null) {
      return context.fail({
        kind: 'invalid_state',
        message: `${target.data.id} is in no team: paydesk team join --env ${target.data.id} joins one.`,
      });
    }
    const password = await newOwnPassword(context, current.data.team.person);
    if (!password.ok) return context.fail(password.error);
    const changed = await session.team.changePassword(target.data.id, password.data);
    if (!changed.ok) return context.fail(changed.error);
    context.print(asJson(changed.data));
  });

/** `paydesk team leave`. */
export const leave = (context: CommandContext, options: { confirmName?: string }): Promise<void> =>
  context.withSession('manage', async (session) => {
    const target = await session.target();
    if (!target.ok) return context.fail(target.error);
    const { id, name } = target.data;
    const left = await withTypedName(
      context.io.stdin,
      context.io.stderr,
      options.confirmName,
      async () => `"${printable(name)}" is a production environment. Type its name to leave its team: `,
      (typedName) => session.team.leave(id, typedName === undefined ? {} : { typedName }),
    );
    if (!left.ok) return context.fail(left.error);
    const { environmentId, team: was, passwordRemoved } = left.data;
    context.print(asJson({ environmentId, left: was === null ? null : shownTeam(was), passwordRemoved }));
  });

/** `paydesk team status`. */
export const status = (context: CommandContext): Promise<void> =>
  context.withSession('manage', async (session) => {
    const target = await session.target();
    if (!target.ok) return context.fail(target.error);
    const status = await session.team.status(target.data.id);
    if (!status.ok) return context.fail(status.error);
    const { environmentId } = status.data;
    const joined = status.data.team;
    const check = status.data.team === null ? undefined : status.data.check;
    context.print(
      asJson({
        environmentId,
        team: joined === null ? null : shownTeam(joined),
        ...(check !== undefined &&
          (check.reachable
            ? { reachable: true, doctor: check.doctor }
            : { reachable: false, error: check.error })),
      }),
    );
    const healthy = check === undefined || (check.reachable && check.doctor.advice.length === 0);
    context.exit(healthy ? 0 : 1);
  });
