import type { Command } from 'commander';
import type {
  ConsoleApi,
  ConsoleError,
  CredentialFieldStatus,
  DoctorReport,
  EnvironmentColor,
  EnvironmentKind,
  EnvironmentList,
  EnvironmentProfile,
  Result,
} from '../../shared/contract';
import { ENVIRONMENT_COLORS, ENVIRONMENT_KINDS } from '../../shared/contract';
import type { CliIo, CommandContext } from './program';
import { CREDENTIAL_FIELD_NAMES, credentialFieldName, typedCredentialField } from './credential-fields';
import { asJson, askHidden, hidesTyping, readStdin } from './input';
import { printable } from './output';

/** A secret is a line, not a file: anything longer is a mistake (a pasted document, a binary). */
const MAX_SECRET_BYTES = 8 * 1024;
/** A typed environment name is far shorter; past this the reading stops. */
const MAX_TYPED_LINE = 1024;

function environmentLines(list: EnvironmentList): string {
  if (list.environments.length === 0) return '(none)\n';
  return list.environments
    .map((env) => {
      const marker = env.id === list.activeEnvironmentId ? '*' : ' ';
      return `${marker} ${env.id}  ${env.kind}  ${env.name}  ${env.baseUrl}`;
    })
    .join('\n')
    .concat('\n');
}

const credentialLine = (status: CredentialFieldStatus): string =>
  status.unreadable
    ? `${status.field}: unreadable (clear it and set it again)`
    : status.set
      ? `${status.field}: set${status.hint ? ` (${status.hint})` : ''}${status.setAt ? ` at ${status.setAt}` : ''}`
      : `${status.field}: not set`;

const PASSING = new Set(['ok', 'not_configured']);

/** The core refused a change for want of the typed name (production). */
const asksForName = (error: ConsoleError): boolean =>
  error.kind === 'not_permitted' && error.field === 'typedName';

async function profileOf(api: ConsoleApi, id: string): Promise<EnvironmentProfile | undefined> {
  const list = await api.listEnvironments({});
  return list.ok ? list.data.environments.find((env) => env.id === id) : undefined;
}

/** Only a person at a terminal is asked; a script must say --confirm-name. */
function isTerminal(stdin: CliIo['stdin']): boolean {
  return 'isTTY' in stdin && stdin.isTTY === true;
}

/**
 * A change the core allows on a production profile only with its name typed (`env remove`, `team
 * leave`): tried with --confirm-name; when the core asks for the name and none was given, asked at
 * a terminal (`question` names the profile, or answers undefined when it cannot be found); a
 * refusal that still wants it says to give --confirm-name.
 */
export async function withTypedName<T>(
  stdin: CliIo['stdin'],
  stderr: CliIo['stderr'],
  confirmName: string | undefined,
  question: () => Promise<string | undefined>,
  change: (typedName: string | undefined) => Promise<Result<T>>,
): Promise<Result<T>> {
  let changed = await change(confirmName);
  // The core decides what needs the name; on a terminal the CLI asks for it, as the app does.
  if (!changed.ok && asksForName(changed.error) && confirmName === undefined && isTerminal(stdin)) {
    const asked = await question();
    if (asked !== undefined) {
      stderr.write(asked);
      changed = await change(await readLine(stdin));
    }
  }
  if (changed.ok || !asksForName(changed.error)) return changed;
  return {
    ok: false,
    error: {
      ...changed.error,
      field: '--confirm-name',
      message: `${changed.error.message} Give it with --confirm-name.`,
    },
  };
}

/** One line typed at the terminal, without its line end; empty when stdin ends first. */
async function readLine(stdin: CliIo['stdin']): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const end = text.search(/\r?\n/);
    if (end !== -1) return text.slice(0, end);
    if (text.length > MAX_TYPED_LINE) break;
  }
  return text;
}

function doctorLines(report: DoctorReport): string {
  const lines = report.checks.map((check) => {
    const answer = [
      check.httpStatus === undefined ? undefined : `HTTP ${check.httpStatus}`,
      check.code === undefined ? undefined : `code ${check.code}`,
      check.latencyMs === undefined ? undefined : `${check.latencyMs} ms`,
    ]
      .filter((part) => part !== undefined)
      .join(', ');
    return `${check.set}: ${check.verdict}\n  probe: ${check.probe}${answer ? ` (${answer})` : ''}\n  advice: ${check.advice}`;
  });
  const { clock } = report;
  const offset =
    clock.offsetMs === null ? 'not measured' : `${clock.offsetMs} ms ± ${clock.uncertaintyMs ?? 0} ms`;
  lines.push(
    `clock: ${clock.state} (offset ${offset}${clock.blocksMutations ? '; mutating actions are blocked' : ''})`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * `paydesk env …`: profiles and their credentials. Secrets are read from stdin, never
 * from argv (which other users can see in the process list), and never printed.
 */
export function describeEnvironmentCommands(program: Command, context: CommandContext): void {
  const { io } = context;
  const env = program
    .command('env')
    .description('environment profiles, credentials and the credential doctor');

  env
    .command('list')
    .description('the environment profiles (* marks the active one)')
    .action(() =>
      context.withSession('manage', async (session) => {
        const list = await session.api.listEnvironments({});
        if (!list.ok) return context.fail(list.error);
        if (context.json) context.print(asJson(list.data));
        else io.stdout.write(environmentLines(list.data));
      }),
    );

  env
    .command('add')
    .description('add an environment profile')
    .requiredOption('--name <name>', 'a name of your choice, unique')
    .requiredOption('--kind <kind>', `one of ${ENVIRONMENT_KINDS.join(', ')}`)
    .option('--base-url <url>', 'the service base URL (required for testing and production)')
    .option('--color <color>', `one of ${ENVIRONMENT_COLORS.join(', ')}`)
    .action((options: { name: string; kind: string; baseUrl?: string; color?: string }) =>
      context.withSession('manage', async (session) => {
        const added = await session.api.addEnvironment({
          name: options.name,
          kind: options.kind as EnvironmentKind,
          ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
          ...(options.color !== undefined && { color: options.color as EnvironmentColor }),
        });
        if (!added.ok) return context.fail(added.error);
        context.print(asJson(added.data));
      }),
    );

  env
    .command('remove')
    .description(
      'remove an environment profile and clear its credentials from the keychain (production: its name typed)',
    )
    .argument('<id>', 'environment id')
    .option(
      '--confirm-name <name>',
      "production: the environment's name, typed exactly (asked for on a terminal when left out)",
    )
    .action((id: string, options: { confirmName?: string }) =>
      context.withSession('manage', async (session) => {
        const removed = await withTypedName(
          io.stdin,
          io.stderr,
          options.confirmName,
          async () => {
            const profile = await profileOf(session.api, id);
            return profile
              ? `"${printable(profile.name)}" is a production environment. Type its name to remove it: `
              : undefined;
          },
          (typedName) => session.api.removeEnvironment({ id, ...(typedName !== undefined && { typedName }) }),
        );
        if (!removed.ok) return context.fail(removed.error);
        context.print(asJson(removed.data));
      }),
    );

  env
    .command('use')
    .description('make an environment the active one')
    .argument('<id>', 'environment id')
    .action((id: string) =>
      context.withSession('manage', async (session) => {
        const used = await session.api.useEnvironment({ id });
        if (!used.ok) return context.fail(used.error);
        if (context.json) context.print(asJson(used.data));
        else io.stdout.write(environmentLines(used.data));
      }),
    );

  env
    .command('credentials')
    .description('which credentials an environment has (never their values)')
    .argument('<env>', 'environment id')
    .action((environmentId: string) =>
      context.withSession('manage', async (session) => {
        const status = await session.api.getCredentialStatus({ environmentId });
        if (!status.ok) return context.fail(status.error);
        if (context.json) context.print(asJson(status.data));
        else io.stdout.write(`${status.data.fields.map(credentialLine).join('\n')}\n`);
      }),
    );

  env
    .command('set-credential')
    .description(
      'store a credential in the OS keychain: asked for with the typing hidden on a terminal, else read from stdin (never from argv)',
    )
    .argument('<env>', 'environment id')
    .argument('<field>', `${CREDENTIAL_FIELD_NAMES} (apiSecret or api_secret work too)`)
    .action((environmentId: string, typedField: string) => {
      // Before anything is asked or read: a wrong name must not cost anyone a typed secret.
      const field = typedCredentialField(typedField);
      if (!field.ok) return context.fail(field.error);
      const name = credentialFieldName(field.data);
      return context.withSession('manage', async (session) => {
        let value: string;
        if (hidesTyping(io.stdin)) {
          const status = await session.api.getCredentialStatus({ environmentId });
          if (!status.ok) return context.fail(status.error);
          const typed = await askHidden(
            io.stdin,
            io.stderr,
            `${name} of ${printable(environmentId)} (hidden as you type; Enter to store it): `,
            MAX_SECRET_BYTES,
            name,
          );
          if (!typed.ok) return context.fail(typed.error);
          value = typed.data;
          if (value === '') {
            return context.fail({
              kind: 'validation',
              field: name,
              message: 'Nothing was typed, so nothing was stored.',
            });
          }
        } else {
          const text = await readStdin(io.stdin, MAX_SECRET_BYTES, 'stdin');
          if (!text.ok) return context.fail(text.error);
          // `echo secret | paydesk …` adds one line end; it is not part of the secret.
          value = text.data.replace(/\r?\n$/, '');
          if (value === '') {
            return context.fail({
              kind: 'validation',
              field: 'stdin',
              message: `stdin: empty; pipe the value in, e.g. paydesk env set-credential ${environmentId} ${name} < file`,
            });
          }
        }
        const stored = await session.api.setCredential({ environmentId, field: field.data, value });
        if (!stored.ok) return context.fail(stored.error);
        if (context.json) context.print(asJson(stored.data));
        else io.stdout.write(`${credentialLine(stored.data)}\n`);
      });
    });

  env
    .command('clear-credential')
    .description('remove a credential from the OS keychain')
    .argument('<env>', 'environment id')
    .argument('<field>', `${CREDENTIAL_FIELD_NAMES} (apiSecret or api_secret work too)`)
    .action((environmentId: string, typedField: string) => {
      const field = typedCredentialField(typedField);
      if (!field.ok) return context.fail(field.error);
      return context.withSession('manage', async (session) => {
        const cleared = await session.api.clearCredential({ environmentId, field: field.data });
        if (!cleared.ok) return context.fail(cleared.error);
        if (context.json) context.print(asJson(cleared.data));
        else io.stdout.write(`${credentialLine(cleared.data)}\n`);
      });
    });

  env
    .command('doctor')
    .description(
      'one harmless call per credential set, with a verdict and advice for each (exit 1 if one fails)',
    )
    .argument('[env]', 'environment id (default: --env, PAYDESK_BASE_URL, or the active one)')
    .action((environmentId: string | undefined) =>
      context.withSession('read', async (session) => {
        let id = environmentId;
        if (id === undefined) {
          const target = await session.target();
          if (!target.ok) return context.fail(target.error);
          id = target.data.id;
        }
        const report = await session.api.runDoctor({ environmentId: id });
        if (!report.ok) return context.fail(report.error);
        if (context.json) context.print(asJson(report.data));
        else io.stdout.write(doctorLines(report.data));
        if (report.data.checks.some((check) => !PASSING.has(check.verdict))) context.exit(1);
      }),
    );
}
