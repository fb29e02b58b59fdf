import Store from 'electron-store';
import { join } from 'node:path';
import type { Result } from '../../shared/contract';
import { setFileAside } from '../core/settings/file-settings-store';
import type { SettingsDocument } from '../core/settings/schema';
import {
  fsCode,
  storageError,
  type SettingsStore,
  type StoredSettings,
} from '../core/settings/settings-store';

/**
 * The settings document in electron-store (which writes atomically too). A thin shell: the
 * document is validated and migrated by core/settings/settings-document.ts like any other store.
 * `folder` is the app's userData folder (or a temp folder in tests of the packaged app).
 */
export function createElectronSettingsStore(folder: string, name = 'settings'): SettingsStore {
  const location = join(folder, `${name}.json`);
  let store: Store | undefined;

  /** electron-store parses the file when it is built and throws when the JSON is broken. */
  const open = (): Store => {
    store ??= new Store({ cwd: folder, name, clearInvalidConfig: false });
    return store;
  };

  return {
    location,

    async read(): Promise<Result<StoredSettings>> {
      let content: Record<string, unknown>;
      try {
        content = open().store;
      } catch (error) {
        if (error instanceof SyntaxError)
          return { ok: true, data: { state: 'corrupt', detail: 'the file is not valid JSON' } };
        return storageError(`The settings file ${location} could not be read (${fsCode(error)}).`);
      }
      // electron-store answers an empty object when there is no file yet.
      if (Object.keys(content).length === 0) return { ok: true, data: { state: 'empty' } };
      return { ok: true, data: { state: 'found', content } };
    },

    async write(document: SettingsDocument): Promise<Result<void>> {
      try {
        open().store = document;
        return { ok: true, data: undefined };
      } catch (error) {
        return storageError(`The settings file ${location} could not be written (${fsCode(error)}).`);
      }
    },

    setAside: () => setFileAside(location),
  };
}
