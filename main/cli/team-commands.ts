import type { Command } from 'commander';
import type { ConsoleError, Result } from '../../shared/contract';
import { STDIN_SOURCE } from '../core/storage/bounded-read';
import { openTeam, type TeamClient } from '../core/team/client';
import { teamDoctor } from '../core/team/doctor';
import { migrate } from '../core/team/migrate';
import {
  addPerson,
  initTeam,
  removePerson,
  TEAM_GROUPS,
  typedGroups,
  typedPerson,
} from '../core/team/people';
import type { CommandContext } from './command-context';
import { invalidOption } from './command-context';
import { asJson, askHidden, hidesTyping, readInputText, readStdin } from './input';

/**
 * `paydesk team …`: setting up a team database and its people (docs/architecture.md, "Team mode:
 * the database"). Run as the team's owner role. Passwords never come from argv, which other users
 * see in the process list: the connecting role's from PAYDESK_TEAM_PASSWORD, a new person's typed
 * hidden at a terminal or piped on stdin. `pg` is loaded only once one of these commands connects.
 */

/** The variable that holds the password of the role a team command connects as. */
const TEAM_PASSWORD_VARIABLE = 'PAYDESK_TEAM_PASSWORD';

/** A CA file is a few certificates; a larger one is not the file meant. */
const MAX_CA_BYTES = 256 * 1024;
/** A password is a line: anything longer is a pasted document. */
const MAX_PASSWORD_BYTES = 4 * 1024;

interface ConnectionFlags {
  host: string;
  port: string;
  database: string;
  user: string;
  ca: string;
}

const OWNER_NOTE = `
These commands are run by the team's owner role (the role that owns the database and has
CREATEROLE, e.g. your managed database's admin user): desks have no right to any of them.
The owner's password is read from ${TEAM_PASSWORD_VARIABLE}, never from the command line.`;

const DOCTOR_NOTE = `
Any role may run it: a person, to check their own access, or the owner. The password is read
from ${TEAM_PASSWORD_VARIABLE}, never from the command line. Exit 1 when there is advice.`;

function withConnectionFlags(
  command: Command,
  user = { flag: '--user <owner>', description: "the team's owner role", note: OWNER_NOTE },
): Command {
  return command
    .requiredOption('--host <host>', "the team database's host name, as its certificate names it")
    .option('--port <port>', 'its port', '5432')
    .requiredOption('--database <name>', 'the database')
    .requiredOption(user.flag, user.description)
    .requiredOption('--ca <pem file>', "the team's CA certificate (PEM): the server's must chain to it")
    .addHelpText('after', user.note);
}

/** What a new person's password is: typed hidden at a terminal, else stdin (one line end dropped). */
async function newPassword(context: CommandContext, person: string): Promise<Result<string>> {
  const { io } = context;
  if (hidesTyping(io.stdin)) {
    return askHidden(
      io.stdin,
      io.stderr,
      `Password for ${person} (hidden as you type; Enter to set it): `,
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
 * Connects as the flags say, runs `work`, and always closes the connection. Everything the flags
 * and the environment lack is reported before any connection is tried.
 */
async function withTeamConnection<T>(
  context: CommandContext,
  flags: ConnectionFlags,
  work: (client: TeamClient) => Promise<Result<T>>,
  exitCodeOf: (answer: T) => number = () => 0,
): Promise<void> {
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port < 1 || port > 65535) {
    return context.fail(invalidOption('--port', 'a port number from 1 to 65535').error);
  }
  const password = context.io.env[TEAM_PASSWORD_VARIABLE];
  if (password === undefined || password === '') {
    return context.fail({
      kind: 'credentials_missing',
      field: TEAM_PASSWORD_VARIABLE,
      message: `Set ${TEAM_PASSWORD_VARIABLE} to the password of ${flags.user}; a password is never taken from the command line.`,
    });
  }
  if (flags.ca === STDIN_SOURCE) {
    return context.fail(invalidOption('--ca', 'a file: stdin is kept for a password').error);
  }
  const ca = await readInputText(flags.ca, context.io.stdin, {
    maxBytes: MAX_CA_BYTES,
    field: '--ca',
    advice: "give the team's CA certificate alone.",
  });
  if (!ca.ok) return context.fail(ca.error);
  if (!ca.data.includes('-----BEGIN CERTIFICATE-----')) {
    return context.fail(invalidOption('--ca', `${flags.ca} holds no PEM certificate`).error);
  }
  const client = await openTeam({
    host: flags.host,
    port,
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

export function describeTeamCommands(program: Command, context: CommandContext): void {
  const team = program
    .command('team')
    .description(
      "team mode's database: set it up, migrate it, add and remove people (as its owner role), check a connection",
    );

  withConnectionFlags(
    team
      .command('init')
      .description(
        'set up a team database: create the schema, then the first admin (their password typed hidden, or on stdin)',
      )
      .requiredOption('--admin <person>', "the first admin's name (lower-case letters, digits, _ . -)"),
  ).action((flags: ConnectionFlags & { admin: string }) => {
    const admin = typedPerson(flags.admin, '--admin');
    if (!admin.ok) return context.fail(admin.error);
    return withTeamConnection(context, flags, async (client) => {
      const password = await newPassword(context, admin.data);
      if (!password.ok) return failed(password.error);
      return initTeam(client, { admin: admin.data, password: password.data });
    });
  });

  withConnectionFlags(
    team.command('migrate').description("bring the team database's schema up to this Paydesk's version"),
  ).action((flags: ConnectionFlags) => withTeamConnection(context, flags, migrate));

  withConnectionFlags(
    team
      .command('add-person')
      .description(
        'add a person: a login role in the given groups (their password typed hidden, or on stdin)',
      )
      .argument('<person>', 'their name (lower-case letters, digits, _ . -; never reused)')
      .requiredOption('--groups <groups>', `comma-separated, of ${TEAM_GROUPS.join(', ')}`),
  ).action((name: string, flags: ConnectionFlags & { groups: string }) => {
    // Before anything is asked or read: a wrong name must not cost anyone a typed password.
    const person = typedPerson(name);
    if (!person.ok) return context.fail(person.error);
    const groups = typedGroups(
      flags.groups.split(',').map((group) => group.trim()),
      '--groups',
    );
    if (!groups.ok) return context.fail(groups.error);
    return withTeamConnection(context, flags, async (client) => {
      const password = await newPassword(context, person.data);
      if (!password.ok) return failed(password.error);
      return addPerson(client, { person: person.data, groups: groups.data, password: password.data });
    });
  });

  withConnectionFlags(
    team
      .command('remove-person')
      .description(
        'remove a person: they can no longer log in and lose every group; their role and history stay',
      )
      .argument('<person>', 'their name'),
  ).action((name: string, flags: ConnectionFlags) => {
    const person = typedPerson(name);
    if (!person.ok) return context.fail(person.error);
    return withTeamConnection(context, flags, (client) => removePerson(client, person.data));
  });

  withConnectionFlags(
    team
      .command('doctor')
      .description(
        'check a connection: TLS as the server sees it, the role, its groups, the schema against this Paydesk',
      ),
    { flag: '--user <role>', description: 'the role to connect as', note: DOCTOR_NOTE },
  ).action((flags: ConnectionFlags) =>
    withTeamConnection(context, flags, teamDoctor, (report) => (report.advice.length === 0 ? 0 : 1)),
  );
}
