import type { Result } from '../../../shared/contract';
import { withFileLock, type FileLockOptions } from '../storage/file-lock';
import { readStoredSettings } from './stored-settings';
import { firstRunDocument, type SettingsDocument } from './schema';
import { storageError, type SettingsStore, type StoredSettings } from './settings-store';

interface LoadedSettings {
  document: SettingsDocument;
  /** No document existed: the first-run document was just created and written. */
  firstRun: boolean;
}

/** How long to wait for another process's change. */
export type SettingsLockOptions = Pick<FileLockOptions, 'timeoutMs'>;

export const SETTINGS_BUSY_MESSAGE =
  'The settings are being changed by another Paydesk window or command; try again.';

/**
 * The lock file beside the settings document. Named after the document, not the store, so the
 * desktop app's electron-store adapter and the CLI's file store (same `settings.json`) share it.
 */
export const settingsLockPath = (store: SettingsStore): string => `${store.location}.lock`;

async function withSettingsLock<T>(
  store: SettingsStore,
  lock: SettingsLockOptions,
  critical: () => Promise<Result<T>>,
): Promise<Result<T>> {
  await store.prepare();
  return withFileLock(
    settingsLockPath(store),
    {
      ...(lock.timeoutMs !== undefined && { timeoutMs: lock.timeoutMs }),
      subject: 'the settings',
      busyMessage: SETTINGS_BUSY_MESSAGE,
    },
    critical,
  );
}

/** What a read found: an answer (a usable document, or a refusal), nothing yet, or a broken file. */
type Examined =
  | { state: 'answer'; answer: Result<LoadedSettings> }
  | { state: 'empty' }
  | { state: 'unusable'; why: string };

function examine(store: SettingsStore, found: StoredSettings): Examined {
  if (found.state === 'empty') return { state: 'empty' };
  if (found.state === 'corrupt') return { state: 'unusable', why: found.detail };
  const checked = readStoredSettings(found.content);
  if (checked.ok) {
    return { state: 'answer', answer: { ok: true, data: { document: checked.document, firstRun: false } } };
  }
  if (checked.failure.reason === 'newer') {
    return {
      state: 'answer',
      answer: storageError(
        `The settings file ${store.location} was written by a newer version of Paydesk (format ${checked.failure.version}); it was left untouched. Update Paydesk to use it.`,
      ),
    };
  }
  return { state: 'unusable', why: checked.failure.detail };
}

/** loadSettings' work, with the settings lock held by the caller. */
async function loadLocked(store: SettingsStore): Promise<Result<LoadedSettings>> {
  const stored = await store.read();
  if (!stored.ok) return stored;
  const examined = examine(store, stored.data);
  if (examined.state === 'answer') return examined.answer;

  if (examined.state === 'empty') {
    const document = firstRunDocument();
    const written = await store.write(document);
    if (!written.ok) return written;
    return { ok: true, data: { document, firstRun: true } };
  }

  const keptAt = await store.setAside();
  if (!keptAt.ok) {
    return storageError(
      `The settings file ${store.location} cannot be used (${examined.why}) and could not be moved aside; it was left untouched.`,
    );
  }
  return storageError(
    `The settings file ${store.location} could not be used (${examined.why}). It was kept as ${keptAt.data}; Paydesk starts again from a local sandbox profile.`,
  );
}

/**
 * Reads the settings document through any store.
 *
 * Nothing is ever lost: a document that cannot be used is moved aside (the error says where)
 * and the next read starts from the first-run document; a document written by a NEWER version
 * is left exactly where it is and refused, so a downgrade cannot overwrite it. Writing the
 * first-run document and moving a file aside happen under the settings lock, on what the file
 * holds then: another process may have just written a good one.
 */
export async function loadSettings(
  store: SettingsStore,
  lock: SettingsLockOptions = {},
): Promise<Result<LoadedSettings>> {
  const stored = await store.read();
  if (!stored.ok) return stored;
  const examined = examine(store, stored.data);
  if (examined.state === 'answer') return examined.answer;
  return withSettingsLock(store, lock, () => loadLocked(store));
}

/** What a change of the settings answers: its result, and the new document when there is one. */
export interface SettingsChange<T> {
  value: T;
  /** Absent: nothing to write. */
  document?: SettingsDocument;
}

/**
 * The one way to change the settings. The desktop app and the CLI share the document, so each
 * change holds the settings lock, re-reads the document under it, applies itself to what is
 * there now (another process may have changed it since this one last looked) and writes before
 * releasing: no change is lost, whatever runs at the same time. `change` runs with the lock held,
 * so a keychain change it implies is ordered with the document change too.
 */
export function updateSettings<T>(
  store: SettingsStore,
  change: (document: SettingsDocument) => Promise<Result<SettingsChange<T>>>,
  lock: SettingsLockOptions = {},
): Promise<Result<T>> {
  return withSettingsLock(store, lock, async () => {
    const loaded = await loadLocked(store);
    if (!loaded.ok) return loaded;
    const changed = await change(loaded.data.document);
    if (!changed.ok) return changed;
    if (changed.data.document) {
      const written = await store.write(changed.data.document);
      if (!written.ok) return written;
    }
    return { ok: true, data: changed.data.value };
  });
}
