/**
 * The headless console over main/core, as `paydesk` runs it (index.ts loads this once the code
 * cache is on). Ctrl-C cancels the running call (exit 130); a second Ctrl-C leaves at once.
 */
import { runCli } from './program';

// A reader that stops early (`paydesk … | head -1`) closes the pipe: that is the end of the
// output, not a crash, so leave quietly as the Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const controller = new AbortController();
process.once('SIGINT', () => {
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});

process.exitCode = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
