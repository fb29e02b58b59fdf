import { test } from '@playwright/test';
import { randomBytes } from 'node:crypto';

/**
 * For suites that need the real OS keychain (test/global-setup.ts provides one). When the setup
 * could not make one available, the suite FAILS under CI and is reported as skipped, with the
 * reason, elsewhere: never passed silently.
 */
export function requireKeychain(): void {
  const state = process.env.PAYDESK_TEST_KEYCHAIN;
  if (state === undefined || !state.startsWith('unavailable')) return;
  if (process.env.CI) throw new Error(`The OS keychain is required when CI is set, but it is ${state}`);
  test.skip(true, `OS keychain ${state}`);
}

/** A keychain service of this run only, so a user's real `paydesk` entries are never touched. */
export function testService(): string {
  return `paydesk-test-${randomBytes(6).toString('hex')}`;
}
