import Store from 'electron-store';
import { join } from 'node:path';
import { createConfSettingsStore, settingsConfOptions } from '../core/settings/conf-settings-store';
import { setFileAside } from '../core/settings/file-settings-store';
import type { SettingsStore } from '../core/settings/settings-store';

/**
 * The settings document in electron-store: the conf-based store (core/settings/
 * conf-settings-store.ts) with electron-store, which is conf plus the app's folders, as its conf.
 * `folder` is the app's userData folder (or a temp folder in tests of the packaged app).
 */
export function createElectronSettingsStore(folder: string, name = 'settings'): SettingsStore {
  const location = join(folder, `${name}.json`);
  return createConfSettingsStore(
    location,
    async () => new Store({ ...settingsConfOptions(folder), name }),
    () => setFileAside(location),
  );
}
