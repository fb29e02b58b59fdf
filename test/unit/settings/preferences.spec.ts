import { readFile } from 'node:fs/promises';
import type { Result } from '../../../shared/contract';
import { createEnvironmentsService } from '../../../main/core/settings';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import { createVault } from '../../../main/core/vault/vault';
import { testService } from '../../support/keychain';
import { expect, test } from './fixtures';

/**
 * The columns a user chooses in a table are kept with the other preferences in the
 * settings file: per table, one table's choice never erasing another's, bounded and checked.
 */
const environmentsAt = (settingsPath: string) =>
  createEnvironmentsService({
    store: createFileSettingsStore(settingsPath),
    vault: createVault({ backend: createMemoryBackend(), service: testService() }),
  });

function data<T>(answer: Result<T>): T {
  if (!answer.ok) throw new Error(`expected ok, got ${answer.error.kind}: ${answer.error.message}`);
  return answer.data;
}

test('a table choice is kept per table, read back by another process, beside language and theme', async ({
  settingsPath,
}) => {
  const environments = environmentsAt(settingsPath);
  data(await environments.updatePreferences({ theme: 'dark' }));
  data(await environments.updatePreferences({ tableColumns: { audit: ['ids', 'time'] } }));
  const both = data(
    await environments.updatePreferences({ tableColumns: { 'batch-deposits': ['id', 'status'] } }),
  );
  // The second patch names only the batch table: the audit choice stays.
  expect(both).toEqual({
    language: 'en',
    theme: 'dark',
    tableColumns: { audit: ['ids', 'time'], 'batch-deposits': ['id', 'status'] },
  });
  const replaced = data(await environments.updatePreferences({ tableColumns: { audit: ['ids'] } }));
  expect(replaced.tableColumns).toEqual({ audit: ['ids'], 'batch-deposits': ['id', 'status'] });
  expect(data(await environmentsAt(settingsPath).preferences())).toEqual(replaced);
  // A language change keeps the columns.
  expect(data(await environments.updatePreferences({ language: 'es' })).tableColumns).toEqual(
    replaced.tableColumns,
  );
});

test('a table this version lacks, a column name that is not a word, or too many are refused; nothing is stored', async ({
  settingsPath,
}) => {
  const environments = environmentsAt(settingsPath);
  data(await environments.updatePreferences({ tableColumns: { audit: ['ids'] } }));
  const before = await readFile(settingsPath, 'utf8');
  const refusals = [
    { tableColumns: { watchlist: ['id'] } },
    { tableColumns: { audit: ['<script>'] } },
    { tableColumns: { audit: Array.from({ length: 41 }, (_, index) => `c${index}`) } },
    { tableColumns: { audit: ['a'.repeat(41)] } },
  ];
  for (const patch of refusals) {
    const answer = await environments.updatePreferences(patch as never);
    expect(answer.ok, JSON.stringify(patch).slice(0, 60)).toBe(false);
    if (!answer.ok) expect(answer.error.kind).toBe('validation');
  }
  expect(await readFile(settingsPath, 'utf8')).toBe(before);
});
