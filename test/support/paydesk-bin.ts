import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

const repositoryRoot = join(import.meta.dirname, '..', '..');

/** What a `paydesk` process printed, and how it ended. */
export interface BinRun {
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface StartedBin {
  child: ChildProcessWithoutNullStreams;
  /** The output so far (for waiting on a line while it runs). */
  output(): { stdout: string; stderr: string };
  finished: Promise<BinRun>;
}

/**
 * The real thing: the `paydesk` bin in a child process (tsx loader, process env, exit code), with
 * only PATH of the test runner's environment and what `env` adds; `stdin` is written and closed.
 */
export function startPaydeskBin(argv: string[], env: Record<string, string>, stdin = ''): StartedBin {
  const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'paydesk.js'), ...argv], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const finished = new Promise<BinRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? -1, signal, stdout, stderr }));
  });
  child.stdin.end(stdin);
  return { child, output: () => ({ stdout, stderr }), finished };
}

/** Runs `paydesk` to its end. */
export function runPaydeskBin(argv: string[], env: Record<string, string>, stdin = ''): Promise<BinRun> {
  return startPaydeskBin(argv, env, stdin).finished;
}
