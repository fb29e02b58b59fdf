import { randomBytes } from 'node:crypto';

/**
 * For suites that need the real OS keychain (test/global-setup.ts provides one). When the setup
 * could not make one available the suite FAILS, with the reason: the keychain is what these
 * suites prove, so a run without one must not look green (README: the packages that give Linux
 * a Secret Service; macOS and Windows have theirs built in).
 */
export function requireKeychain(): void {
  const state = process.env.PAYDESK_TEST_KEYCHAIN;
  if (state === undefined || !state.startsWith('unavailable')) return;
  throw new Error(`The OS keychain is required by this suite, but it is ${state}`);
}

/** A keychain service of this run only, so a user's real `paydesk` entries are never touched. */
export function testService(): string {
  return `paydesk-test-${randomBytes(6).toString('hex')}`;
}
