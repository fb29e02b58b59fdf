import { Readable } from 'node:stream';
import { runCli, type CliOptions } from '../../main/cli/program';

/** What one `paydesk …` run printed and the exit code it gave. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunInput {
  env: Record<string, string>;
  /** Text on standard input; none by default. */
  stdin?: string;
  /** stdin acts as a terminal (a prompt may ask there). */
  stdinTerminal?: boolean;
  /** stdin is this stand-in terminal (standInTerminal): a hidden prompt reads its keys. */
  terminal?: ReturnType<typeof standInTerminal>;
  signal?: AbortSignal;
  /** stderr acts as a terminal, so a batch draws its progress line there. */
  tty?: boolean;
  onStderr?: (text: string) => void;
}

/** Retries and time limit for a local sandbox: a refused call fails fast instead of waiting. */
export const QUICK_CLIENT = { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 }, timeoutMs: 2_000 };

/** The CLI run in this process, as `main/cli/bin` would run it, with its output collected. */
export async function runCliInProcess(
  argv: readonly string[],
  input: CliRunInput,
  options: CliOptions,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const stdin = Readable.from(
    input.stdin === undefined || input.stdin === '' ? [] : [Buffer.from(input.stdin, 'utf8')],
  );
  const code = await runCli(
    {
      argv,
      env: input.env,
      stdin: input.terminal ?? (input.stdinTerminal ? Object.assign(stdin, { isTTY: true }) : stdin),
      stdout: { write: (text: string) => (stdout += text) },
      stderr: {
        write: (text: string) => {
          stderr += text;
          input.onStderr?.(text);
        },
        ...(input.tty && { isTTY: true }),
      },
      ...(input.signal && { signal: input.signal }),
    },
    options,
  );
  return { code, stdout, stderr };
}

/** What a terminal gives the CLI: keys as bytes, `isTTY`, and raw mode (recorded). */
export function standInTerminal(
  keys: string[],
): Readable & { isTTY: true; setRawMode(raw: boolean): unknown; modes: boolean[] } {
  const modes: boolean[] = [];
  return Object.assign(Readable.from(keys.map((key) => Buffer.from(key, 'utf8'))), {
    isTTY: true as const,
    modes,
    setRawMode(raw: boolean) {
      modes.push(raw);
      return this;
    },
  });
}
