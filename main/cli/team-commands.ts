import type { Command } from 'commander';
import { TEAM_GROUPS } from '../../shared/contract';
import { describeExecutorCommand } from './approval-commands';
import type { CommandContext } from './command-context';
import type { ActionsLoader } from './command-groups';
import type * as TeamActions from './team-actions';
import type { ConnectionFlags, JoinFlags } from './team-actions';
import { describeTeamEnvironmentCommands } from './team-environment-commands';

/**
 * `paydesk team …`: setting up a team database and its people (docs/architecture.md, "Team mode:
 * the database"), run as the team's owner role; and a desk joining, leaving and checking its team
 * (join, leave, status), run as a person. Passwords never come from argv, which other users see in
 * the process list: the connecting role's from PAYDESK_TEAM_PASSWORD, a new person's (or a joining
 * one's) typed hidden at a terminal or piped on stdin. `pg` is loaded only once one of these
 * commands connects.
 */

/** The variable that holds the password of the role a team command connects as. */
export const TEAM_PASSWORD_VARIABLE = 'PAYDESK_TEAM_PASSWORD';

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

const JOIN_NOTE = `
Run at each desk, by the person who will work there, once the owner has added them
(paydesk team add-person). The password is typed hidden at a terminal, piped on stdin, or read
from ${TEAM_PASSWORD_VARIABLE}, never from the command line; it is kept in the OS keychain.
With --certificate and --key no password is asked: the certificate is kept in the settings, the
private key in the OS keychain only (delete the key file afterwards).
Refused while the environment has payment actions whose outcome is unknown (paydesk audit
unresolved), and when paydesk team doctor would have advice for this person.`;

const PASSWORD_NOTE = `
Run at the desk, by its person: the password kept in the OS keychain is used to connect, the new
one is typed hidden twice at a terminal or piped on stdin, never given on the command line. Only
its SCRAM-SHA-256 verifier reaches the database. The other desks of the same person then leave
and join again with the new password.`;

export function describeTeamCommands(
  program: Command,
  context: CommandContext,
  actions: ActionsLoader<typeof TeamActions>,
): void {
  const team = program
    .command('team')
    .description(
      "team mode's database: set it up, migrate it, add and remove people (as its owner role), check a connection; a desk joins, leaves, checks its team",
    );

  withConnectionFlags(
    team
      .command('init')
      .description(
        'set up a team database: create the schema, then the first admin (their password typed hidden, or on stdin)',
      )
      .requiredOption('--admin <person>', "the first admin's name (lower-case letters, digits, _ . -)"),
  ).action(async (flags: ConnectionFlags & { admin: string }) => (await actions()).init(context, flags));

  withConnectionFlags(
    team.command('migrate').description("bring the team database's schema up to this Paydesk's version"),
  ).action(async (flags: ConnectionFlags) => (await actions()).migrateSchema(context, flags));

  withConnectionFlags(
    team
      .command('add-person')
      .description(
        'add a person: a login role in the given groups (their password typed hidden, or on stdin)',
      )
      .argument('<person>', 'their name (lower-case letters, digits, _ . -; never reused)')
      .requiredOption('--groups <groups>', `comma-separated, of ${TEAM_GROUPS.join(', ')}`)
      .option(
        '--certificate',
        "they sign in with a client certificate the team's CA signs for CN=<person>, not a password",
      ),
  ).action(async (name: string, flags: ConnectionFlags & { groups: string; certificate?: boolean }) =>
    (await actions()).addTeamPerson(context, name, flags),
  );

  withConnectionFlags(
    team
      .command('set-groups')
      .description(
        "change a person's groups: they are then directly in exactly these (not for a removed person)",
      )
      .argument('<person>', 'their name')
      .requiredOption('--groups <groups>', `comma-separated, of ${TEAM_GROUPS.join(', ')}`),
  ).action(async (name: string, flags: ConnectionFlags & { groups: string }) =>
    (await actions()).setTeamGroups(context, name, flags),
  );

  withConnectionFlags(
    team
      .command('set-password')
      .description(
        'give a person a new password (typed hidden, or on stdin); their desks leave and join again with it',
      )
      .argument('<person>', 'their name'),
  ).action(async (name: string, flags: ConnectionFlags) =>
    (await actions()).setTeamPassword(context, name, flags),
  );

  withConnectionFlags(
    team
      .command('remove-person')
      .description(
        'remove a person: they can no longer log in and lose every group; their role and history stay',
      )
      .argument('<person>', 'their name'),
  ).action(async (name: string, flags: ConnectionFlags) =>
    (await actions()).removeTeamPerson(context, name, flags),
  );

  withConnectionFlags(
    team
      .command('doctor')
      .description(
        'check a connection: TLS as the server sees it, the role, its groups, the schema against this Paydesk',
      ),
    { flag: '--user <role>', description: 'the role to connect as', note: DOCTOR_NOTE },
  ).action(async (flags: ConnectionFlags) => (await actions()).doctor(context, flags));

  team
    .command('join')
    .description(
      'this desk joins a team as one person: checks the connection as team doctor does, then keeps it for the environment (--env) with the password in the OS keychain',
    )
    .requiredOption('--host <host>', "the team database's host name, as its certificate names it")
    .option('--port <port>', 'its port', '5432')
    .requiredOption('--database <name>', 'the database')
    .requiredOption('--person <person>', 'who you are in the team database (the owner added you)')
    .requiredOption('--ca <pem file>', "the team's CA certificate (PEM): the server's must chain to it")
    .option(
      '--certificate <pem file>',
      "sign in with this client certificate (CN=<person>, signed by the team's CA) rather than a password",
    )
    .option('--key <pem file>', "the certificate's private key (PEM, unencrypted): kept in the OS keychain")
    .addHelpText('after', JOIN_NOTE)
    .action(async (flags: JoinFlags) => (await actions()).join(context, flags));

  team
    .command('password')
    .description(
      "change your own password in the environment's (--env) team: in its database, then in the OS keychain (typed hidden twice, or on stdin)",
    )
    .addHelpText('after', PASSWORD_NOTE)
    .action(async () => (await actions()).changeOwnPassword(context));

  team
    .command('leave')
    .description(
      'the environment (--env) leaves its team: the team is taken out of its profile and the password out of the keychain (production: its name typed)',
    )
    .option(
      '--confirm-name <name>',
      "production: the environment's name, typed exactly (asked for on a terminal when left out)",
    )
    .action(async (options: { confirmName?: string }) => (await actions()).leave(context, options));

  team
    .command('status')
    .description(
      "the environment's (--env) team, and the doctor's verdict when its database answers (exit 1 when it does not, or has advice)",
    )
    .action(async () => (await actions()).status(context));

  describeTeamEnvironmentCommands(team, context);
  describeExecutorCommand(team, context);
}
