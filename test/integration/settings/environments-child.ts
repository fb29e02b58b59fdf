/**
 * Run by cross-process.spec.ts, many at once on one settings file: adds a profile, edits it twice
 * and removes a profile made beforehand, through the real EnvironmentsService and file store.
 * Prints `ready` once loaded, starts when stdin says `go`, and prints what each step answered.
 */
import { once } from 'node:events';
import { createEnvironmentsService } from '../../../main/core/settings/environments';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import { createVault } from '../../../main/core/vault/vault';

const [settingsPath, indexText, oldId] = process.argv.slice(2);
if (!settingsPath || !indexText || !oldId)
  throw new Error('usage: environments-child <file> <index> <old id>');
const index = Number(indexText);
const environments = createEnvironmentsService({
  store: createFileSettingsStore(settingsPath),
  vault: createVault({ backend: createMemoryBackend(), service: 'paydesk-test-cross-process' }),
});

process.stdout.write('ready\n');
await once(process.stdin, 'data');

const steps: string[] = [];
const added = await environments.add({
  name: `Desk ${index}`,
  kind: 'testing',
  baseUrl: `https://api-${index}.example.com`,
});
steps.push(added.ok ? 'ok' : added.error.message);
if (added.ok) {
  const renamed = await environments.update({ id: added.data.id, name: `Desk ${index} edited` });
  steps.push(renamed.ok ? 'ok' : renamed.error.message);
  const recoloured = await environments.update({
    id: added.data.id,
    color: index % 2 === 0 ? 'green' : 'violet',
  });
  steps.push(recoloured.ok ? 'ok' : recoloured.error.message);
}
const removed = await environments.remove(oldId);
steps.push(removed.ok ? 'ok' : removed.error.message);
process.stdout.write(`${JSON.stringify(steps)}\n`);
