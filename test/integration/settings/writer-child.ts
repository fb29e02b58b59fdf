/**
 * Run in a child process by file-store.spec.ts and killed with SIGKILL mid-write: writes two
 * documents in turn, forever, through the real file store. Prints `writing` once started.
 */
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import type { SettingsDocument } from '../../../main/core/settings/schema';

const [filePath, firstJson, secondJson] = process.argv.slice(2);
if (!filePath || !firstJson || !secondJson) throw new Error('usage: writer-child <file> <doc> <doc>');
const documents = [JSON.parse(firstJson), JSON.parse(secondJson)] as SettingsDocument[];
const store = createFileSettingsStore(filePath);

for (let round = 0; ; round += 1) {
  const written = await store.write(documents[round % 2] as SettingsDocument);
  if (!written.ok) throw new Error(written.error.message);
  if (round === 3) process.stdout.write('writing\n');
}
