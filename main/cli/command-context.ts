import type { ConsoleError, JsonValue, MutationMeta, Result } from '../../shared/contract';
import type { Variables } from './environment';
import type { Writable } from './output';
import type { CliCoreOptions, CliSession, SessionRequest } from './session';

/** What every command group is handed by the runner: the process's io and the runner's services. */

/** Everything the CLI touches, injected so that tests run it in-process. */
export interface CliIo {
  /** Arguments after the program name. */
  argv: readonly string[];
  env: Variables;
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: Writable;
  stderr: Writable;
  /** Cancels the running lookup (Ctrl-C). A mutation runs to its end, so its outcome is journaled. */
  signal?: AbortSignal;
}

export type CliOptions = CliCoreOptions;

/** What a command prints: the record, and in human output the lines that follow it. */
export interface Answer {
  record: unknown;
  idempotencyKey?: string;
  intentId?: string | null;
}

/** How the command tells the runner what it did. */
export interface CommandContext {
  io: CliIo;
  json: boolean;
  /** Opens the console core, runs `task`, closes the core; a failure is reported and sets the exit code. */
  withSession(
    purpose: SessionRequest['purpose'],
    task: (session: CliSession) => Promise<void>,
  ): Promise<void>;
  /** Runs an operation that answers a record and prints it. */
  run(
    purpose: SessionRequest['purpose'],
    operation: (session: CliSession) => Promise<Result<Answer>>,
  ): Promise<void>;
  fail(error: ConsoleError): void;
  print(value: JsonValue): void;
  /** A note on stderr that changes no exit code (`paydesk: note: …`, or `{"notice": …}` with --json). */
  note(text: string): void;
  /** Sets the exit code without printing an error line (the answer was printed). */
  exit(code: number): void;
  /** The global --env. */
  environmentId(): string | undefined;
  /** Arms production for this one command (`--yes`, `--reason`), as every mutating command does. */
  armForCommand(session: CliSession, flags: MutationFlags): Promise<Result<MutationMeta>>;
}

export interface MutationFlags {
  reason?: string;
  yes?: boolean;
  idempotencyKey?: string;
  confirmDuplicateOf?: string;
  /** A retry: the intent's own reason stands when none is given (the core checks one is there). */
  reasonOptional?: boolean;
}

/** A command-line option that cannot be used as given, named in the message the terminal shows. */
export const invalidOption = (field: string, message: string): { ok: false; error: ConsoleError } => ({
  ok: false,
  error: { kind: 'validation', field, message: `${field}: ${message}` },
});
