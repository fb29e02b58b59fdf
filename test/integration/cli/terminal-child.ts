/**
 * main/cli/run.ts as a child process for test/integration/cli/terminal.spec.ts, with one difference:
 * the keychain service is the test's own `paydesk-test-<random>` (the real binary always uses
 * `paydesk` and has no memory vault), so a user's entries are never touched.
 */
import { runCli } from '../../../main/cli/program';

const service = process.env.PAYDESK_TEST_KEYCHAIN_SERVICE;
if (!service?.startsWith('paydesk-test-')) {
  throw new Error('PAYDESK_TEST_KEYCHAIN_SERVICE must name a paydesk-test-<random> service');
}

process.exitCode = await runCli(
  {
    argv: process.argv.slice(2),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  },
  { vault: { service } },
);
