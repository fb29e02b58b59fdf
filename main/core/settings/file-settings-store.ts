import { rename, stat } from 'node:fs/promises';
import type * as ConfModule from 'conf';
import { basename, dirname, extname } from 'node:path';
import type { Result } from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { createConfSettingsStore, settingsConfOptions } from './conf-settings-store';
import { fsCode, storageError, type SettingsStore } from './settings-store';

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

/**
 * The signals the CLI and the web bridge end on gracefully. `when-exit` (loaded by atomically,
 * which conf writes through) hooks each once, cleans atomically's temp files and raises the
 * signal again, which would end the process in the middle of that close.
 */
const GRACEFUL_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * conf, loaded once, with the signal hooks that loading it added taken off again: the CLI's and
 * the web bridge's own handlers decide how the process ends (docs/architecture.md, "Data on the desk").
 * Its exit-time cleanup stays, and a temp file a killed writer left is cleared once stale
 * (conf-settings-store.ts). Our handlers are installed at start-up or once a server runs, never
 * while this import is under way, so only when-exit's are taken off.
 */
let confLoading: Promise<typeof ConfModule> | undefined;
function loadConf(): Promise<typeof ConfModule> {
  confLoading ??= (async () => {
    const before = new Map(GRACEFUL_SIGNALS.map((signal) => [signal, new Set(process.rawListeners(signal))]));
    const conf = await import('conf');
    for (const [signal, earlier] of before)
      for (const listener of process.rawListeners(signal))
        if (!earlier.has(listener)) process.removeListener(signal, listener as (...args: unknown[]) => void);
    return conf;
  })();
  return confLoading;
}

/**
 * The settings document in `filePath` through conf, as the desktop app's electron-store keeps it
 * (conf-settings-store.ts): the CLI, tests and the web bridge use this one.
 */
export function createFileSettingsStore(filePath: string, options: { now?: () => Date } = {}): SettingsStore {
  const now = options.now ?? (() => new Date());
  const extension = extname(filePath);
  return createConfSettingsStore(
    filePath,
    async () => {
      // Loaded on first use: conf brings ajv along, which the commands that never read the
      // settings (--help, --version) need not load (docs/performance.md, start-up).
      const { default: Conf } = await loadConf();
      return new Conf({
        ...settingsConfOptions(dirname(filePath)),
        configName: basename(filePath, extension),
        fileExtension: extension.slice(1),
      });
    },
    () => setFileAside(filePath, now()),
    // The import alone, never the file: a broken file is answered by read(), under the lock.
    () => loadConf().then(() => undefined),
  );
}
