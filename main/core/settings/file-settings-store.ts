import { readFile, rename, stat } from 'node:fs/promises';
import type { Result } from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import type { SettingsDocument } from './schema';
import { fsCode, storageError, type SettingsStore, type StoredSettings } from './settings-store';

// Moved to the shared storage module; kept here for the settings' importers.
export { writeFileAtomically };

/** `settings.json` → `settings.json.corrupt-2024-03-05T14-07-09-123Z` (no colons: Windows). */
export async function setFileAside(filePath: string, now: Date = new Date()): Promise<Result<string>> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const target = `${filePath}.corrupt-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    const taken = await stat(target).then(
      () => true,
      () => false,
    );
    if (taken) continue;
    try {
      await rename(filePath, target);
      return { ok: true, data: target };
    } catch (error) {
      return storageError(`The settings file ${filePath} could not be moved aside (${fsCode(error)}).`);
    }
  }
  return storageError(`The settings file ${filePath} could not be moved aside (too many earlier copies).`);
}

/** The settings document as a JSON file of its own, written atomically. */
export function createFileSettingsStore(filePath: string, options: { now?: () => Date } = {}): SettingsStore {
  const now = options.now ?? (() => new Date());
  return {
    location: filePath,

    async read(): Promise<Result<StoredSettings>> {
      let text: string;
      try {
        text = await readFile(filePath, 'utf8');
      } catch (error) {
        if (fsCode(error) === 'ENOENT') return { ok: true, data: { state: 'empty' } };
        return storageError(`The settings file ${filePath} could not be read (${fsCode(error)}).`);
      }
      try {
        return { ok: true, data: { state: 'found', content: JSON.parse(text) as unknown } };
      } catch {
        return {
          ok: true,
          data: {
            state: 'corrupt',
            detail: text.trim() === '' ? 'the file is empty' : 'the file is not valid JSON',
          },
        };
      }
    },

    async write(document: SettingsDocument): Promise<Result<void>> {
      try {
        await writeFileAtomically(filePath, `${JSON.stringify(document, null, 2)}\n`);
        return { ok: true, data: undefined };
      } catch (error) {
        return storageError(`The settings file ${filePath} could not be written (${fsCode(error)}).`);
      }
    },

    setAside: () => setFileAside(filePath, now()),
  };
}
