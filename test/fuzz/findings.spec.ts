import { CHANNELS } from '../../shared/contract';
import { dataOf, expect, test } from '../unit/console/console-fixture';

/**
 * Bugs the fuzzers found, each pinned by the smallest input that showed it (the fix is in the
 * product code named in each test).
 */

test('a preferences patch with a key set to undefined keeps the stored value and the settings file', async ({
  openConsole,
}) => {
  // main/core/settings/environments.ts updatePreferences: `{ theme: undefined }` (an IPC argument
  // keeps such a key) used to erase the theme, and the next read set the whole file aside.
  const console_ = openConsole({ watch: { polling: false } });
  dataOf(await console_.call('setPreferences', { theme: 'dark' }));
  expect(
    await console_.dispatch(CHANNELS.setPreferences, { language: 'es', theme: undefined }),
  ).toMatchObject({
    ok: true,
    data: { language: 'es', theme: 'dark' },
  });
  expect(await console_.call('getPreferences', {})).toEqual({
    ok: true,
    data: { language: 'es', theme: 'dark' },
  });
  expect((await console_.call('listEnvironments', {})).ok).toBe(true);
});

test('an unknown empty key is named `""`, not blamed on the object that holds it', async ({
  openConsole,
}) => {
  // main/core/console/dispatch.ts argumentError: the empty key used to be dropped from the path.
  const console_ = openConsole({ watch: { polling: false } });
  expect(await console_.dispatch(CHANNELS.getDeposit, { depositId: 1, '': 1 })).toEqual({
    ok: false,
    error: { kind: 'validation', field: '""', message: '"": is not a known field.' },
  });
  expect(
    await console_.dispatch(CHANNELS.createDeposit, { body: { amount: 1, country: 'BR', '': 1 } }),
  ).toMatchObject({ ok: false, error: { kind: 'validation', field: 'body.""' } });
});
