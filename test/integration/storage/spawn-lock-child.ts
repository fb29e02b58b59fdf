import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

const childScript = join(import.meta.dirname, 'lock-child.ts');

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** A lock-child process (see lock-child.ts) and the lines it has printed so far. */
export interface LockChild {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  /**
   * Resolves with the first line at index `from` or later that matches; rejects when the child
   * ends without printing one.
   */
  line(match: RegExp, from?: number): Promise<string>;
  send(line: string): void;
  exited: Promise<ChildExit>;
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** For test.afterEach: kills the children a failed test left running (a hammer never stops alone). */
export function killLockChildren(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export function spawnLockChild(...args: string[]): LockChild {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  let stderr = '';
  let ended = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    lines.push(...complete);
    for (const wake of [...waiters]) wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // A child killed on purpose leaves stdin broken: writing to it then is no error of the test's.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<ChildExit>((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      ended = true;
      for (const wake of [...waiters]) wake();
      resolve({ code, signal, stderr });
    }),
  );
  const line = (match: RegExp, from = 0): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = lines.slice(from).find((candidate) => match.test(candidate));
        if (found !== undefined || ended) waiters.delete(check);
        if (found !== undefined) resolve(found);
        else if (ended) {
          reject(new Error(`child ${child.pid} ended without a line matching ${match}: ${stderr}`));
        }
      };
      waiters.add(check);
      check();
    });
  return { child, lines, line, send: (text) => child.stdin.write(`${text}\n`), exited };
}
