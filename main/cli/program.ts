import { Command, CommanderError } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import type { ConsoleError, JsonValue } from '../../shared/contract';
import { armForCommand } from './arming';
import { describeAuditCommands } from './audit-commands';
import { describeBatchCommands } from './batch-commands';
import type { CliIo, CliOptions, CommandContext } from './command-context';
import { describeCompletionCommand } from './completion';
import { describeEnvironmentCommands } from './environment-commands';
import { describeNotificationCommands } from './notification-commands';
import { describeRecordCommands } from './record-commands';
import { describeReconcileCommands } from './reconcile-commands';
import { describeResourceCommands } from './resource-commands';
import { describeTeamCommands } from './team-commands';
import { asJson } from './input';
import { exitCodeFor, formatError, formatHuman, formatJson, printable } from './output';
import type { CliSession } from './session';
import { openSession } from './session';

// The command groups and the tests import the runner's types from here.
export type { CliIo, CliOptions, CommandContext } from './command-context';

/** `Prod BR (production)`: the target's name and kind; undefined when it cannot be told. */
async function environmentLabel(session: CliSession): Promise<string | undefined> {
  const target = await session.target();
  return target.ok ? `${printable(target.data.name)} (${target.data.kind})` : undefined;
}

/** Runs one command line; resolves to the exit code and never throws. */
export async function runCli(io: CliIo, options: CliOptions = {}): Promise<number> {
  // Known before parsing, so that even a usage error is reported in the requested format.
  const json = io.argv.includes('--json');
  let exitCode = 0;
  const fail = (error: ConsoleError): void => {
    io.stderr.write(formatError(error, json));
    exitCode = exitCodeFor(error);
  };
  const print = (value: JsonValue): void => {
    io.stdout.write(json ? formatJson(value) : formatHuman(value));
  };
  const note = (text: string): void => {
    io.stderr.write(json ? `${JSON.stringify({ notice: text })}\n` : `paydesk: note: ${text}\n`);
  };

  const program = new Command('paydesk')
    .description('Paydesk headless console: the payments service from the command line')
    .option('--json', 'print the answer as JSON, and failures as a JSON line on stderr')
    .option(
      '--env <id>',
      'the environment profile to use (default: the active one; PAYDESK_BASE_URL, when set, defines it instead)',
    )
    .version(packageJson.version, '-V, --version', 'print the version of paydesk')
    // Subcommands inherit this: each one's help lists --json and --env too.
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Usage errors are reported below, as one line in the requested format.
      outputError: () => undefined,
    })
    .showSuggestionAfterError()
    .addHelpText(
      'after',
      `
Environments: resource commands use the profile named by --env, else the active profile
(paydesk env use <id>). When PAYDESK_BASE_URL is set it defines the environment instead, with
credentials from PAYDESK_API_KEY, PAYDESK_API_SECRET, PAYDESK_READONLY_KEY,
PAYDESK_CASHOUT_LOGIN, PAYDESK_CASHOUT_PASS and PAYDESK_CASHOUT_SECRET; without it, a
credential variable that is set wins over the keychain entry of the same field.
Data folder: PAYDESK_DATA_DIR, else the app's (settings.json, audit/).
Production: mutating commands need --reason and --yes; --yes arms production for that one
command only. Every mutation is written to the audit journal before it is sent.
Exactly once: the rules belong to the merchant's account at the service (its address and API
key), whichever profile or variables reach it. A request whose answer was lost is sent again
only under its original key (--idempotency-key, audit retry), and never once that key is 23
hours old: the service keeps a key 24 hours, then the same key makes a second record. Settle
such a request with audit reread or audit settle.`,
    );

  const withSession: CommandContext['withSession'] = async (purpose, task) => {
    const environmentId = program.opts<{ env?: string }>().env;
    const opened = await openSession(
      { variables: io.env, purpose, ...(environmentId !== undefined && { environmentId }) },
      options,
    );
    if (!opened.ok) return fail(opened.error);
    try {
      await task(opened.data);
    } finally {
      await opened.data.close();
      // Known once the index was opened (by a search, or by a record the command saw).
      const notice = opened.data.records.notice();
      if (notice !== null) note(notice);
    }
  };

  const context: CommandContext = {
    io,
    json,
    withSession,
    fail,
    print,
    note,
    exit: (code) => {
      exitCode = code;
    },
    environmentId: () => program.opts<{ env?: string }>().env,
    armForCommand,
    run: (purpose, operation) =>
      withSession(purpose, async (session) => {
        const result = await operation(session);
        // A change says where it went, done or refused, as the app's confirmations do.
        const where = purpose === 'write' ? await environmentLabel(session) : undefined;
        if (!result.ok) {
          const error = await session.explain(result.error);
          return fail(where ? { ...error, message: `${error.message} Environment: ${where}.` } : error);
        }
        print(asJson(result.data.record));
        if (json) return;
        if (where) io.stdout.write(`# environment: ${where}\n`);
        if (result.data.idempotencyKey !== undefined) {
          io.stdout.write(`# idempotency key: ${result.data.idempotencyKey}\n`);
        }
        if (result.data.intentId) io.stdout.write(`# journal intent: ${result.data.intentId}\n`);
      }),
  };
  describeResourceCommands(program, context);
  describeRecordCommands(program, context);
  describeEnvironmentCommands(program, context);
  describeAuditCommands(program, context);
  describeBatchCommands(program, context);
  describeReconcileCommands(program, context);
  describeTeamCommands(program, context);
  describeNotificationCommands(program, context);
  // Last: the script it prints is made from every command above.
  describeCompletionCommand(program, context);

  try {
    await program.parseAsync([...io.argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) {
      fail({
        kind: 'internal',
        message: `Unexpected failure (${error instanceof Error ? error.name : 'unknown'}).`,
      });
      return exitCode;
    }
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.help' ||
      error.code === 'commander.version'
    ) {
      if (error.exitCode === 0) return 0;
      // Help shown instead of a command (none, or an unknown one after `help`): a usage error,
      // reported like every other so that a --json caller still gets its JSON line.
      fail({ kind: 'validation', message: 'No command to run: the usage above lists the commands.' });
      return 2;
    }
    fail({ kind: 'validation', message: error.message.replace(/^error: /, '') });
    return 2;
  }
  return exitCode;
}
