import type Conf from 'conf';
import type { Options } from 'conf';
import { basename, dirname } from 'node:path';
import type { Result } from '../../../shared/contract';
import { removeStaleTempFiles, syncFolder } from '../storage/atomic-file';
import type { SettingsDocument } from './schema';
import { fsCode, storageError, type SettingsStore, type StoredSettings } from './settings-store';

/**
 * The settings document in a `conf` store: conf itself in plain Node (file-settings-store.ts:
 * the CLI, tests, the web bridge) and electron-store, which is conf with the app's folders, in
 * the desktop app (main/electron/settings-store.ts). Both open the same `settings.json` with the
 * options below, so either side reads what the other wrote. A thin shell: the document is
 * validated by settings-document.ts like any other store.
 */

type SettingsConf = Conf<Record<string, unknown>>;

type SettingsConfOptions = Pick<
  Options<Record<string, unknown>>,
  'cwd' | 'clearInvalidConfig' | 'configFileMode' | 'serialize' | 'deserialize'
>;

/** Thrown by our deserializer, through conf, for a file that holds no settings object. */
class CorruptSettingsFile extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** The conf options both sides use; each adds the file's name in its own option. */
export function settingsConfOptions(folder: string): SettingsConfOptions {
  return {
    cwd: folder,
    // A broken file is reported as corrupt and set aside by settings-document.ts: conf must
    // throw, never answer an empty store that the next write would put over the file.
    clearInvalidConfig: false,
    configFileMode: 0o600,
    serialize: (document) => `${JSON.stringify(document, null, 2)}\n`,
    deserialize: (text) => {
      if (text.trim() === '') throw new CorruptSettingsFile('the file is empty');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new CorruptSettingsFile('the file is not valid JSON');
      }
      // conf copies what it parsed into an object: an array, a string or null would come back
      // as something else (or as nothing, and be overwritten), not as the file held it.
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new CorruptSettingsFile('the file does not hold a JSON object');
      return parsed as Record<string, unknown>;
    },
  };
}

/** atomically's temp files (conf writes through it): `settings.json.tmp-<time><random>`. */
const isConfTempFile = (location: string) => (name: string) => name.startsWith(`${basename(location)}.tmp-`);

/**
 * `open` builds the conf instance on first use: conf reads the file when it is built and
 * throws when it is broken, which read() must answer as a corrupt file, not as a crash.
 */
export function createConfSettingsStore(
  location: string,
  open: () => Promise<SettingsConf>,
  setAside: () => Promise<Result<string>>,
  prepare: () => Promise<void> = async () => {},
): SettingsStore {
  let store: SettingsConf | undefined;
  const opened = async (): Promise<SettingsConf> => (store ??= await open());

  return {
    location,

    async read(): Promise<Result<StoredSettings>> {
      let content: Record<string, unknown>;
      try {
        // conf reads the file again on every access: another process may have written it.
        content = (await opened()).store;
      } catch (error) {
        if (error instanceof CorruptSettingsFile)
          return { ok: true, data: { state: 'corrupt', detail: error.detail } };
        return storageError(`The settings file ${location} could not be read (${fsCode(error)}).`);
      }
      // conf answers an empty object when there is no file yet (an empty object in the file
      // reads the same: it holds nothing to keep).
      if (Object.keys(content).length === 0) return { ok: true, data: { state: 'empty' } };
      return { ok: true, data: { state: 'found', content } };
    },

    async write(document: SettingsDocument): Promise<Result<void>> {
      try {
        // A copy: conf may add its own bookkeeping key to the object it is given.
        (await opened()).store = { ...document };
      } catch (error) {
        return storageError(`The settings file ${location} could not be written (${fsCode(error)}).`);
      }
      // conf writes a temp file and renames it over the old one; what it leaves to us: the
      // rename made durable, and the temp files of a writer killed mid-write cleared once stale.
      const folder = dirname(location);
      await syncFolder(folder);
      await removeStaleTempFiles(folder, isConfTempFile(location));
      return { ok: true, data: undefined };
    },

    setAside,
    prepare,
  };
}
