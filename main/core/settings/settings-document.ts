import type { Result } from '../../../preload/contract';
import { migrateSettings } from './migrations';
import { firstRunDocument, type SettingsDocument } from './schema';
import { storageError, type SettingsStore } from './settings-store';

export interface LoadedSettings {
  document: SettingsDocument;
  /** No document existed: the first-run document was just created and written. */
  firstRun: boolean;
}

/**
 * Reads the settings document through any store, migrating older versions.
 *
 * Nothing is ever lost: a document that cannot be used is moved aside (the error says where)
 * and the next read starts from the first-run document; a document written by a NEWER version
 * is left exactly where it is and refused, so a downgrade cannot overwrite it.
 */
export async function loadSettings(store: SettingsStore): Promise<Result<LoadedSettings>> {
  const stored = await store.read();
  if (!stored.ok) return stored;
  const found = stored.data;

  if (found.state === 'empty') {
    const document = firstRunDocument();
    const written = await store.write(document);
    if (!written.ok) return written;
    return { ok: true, data: { document, firstRun: true } };
  }

  let why: string;
  if (found.state === 'corrupt') {
    why = found.detail;
  } else {
    const migrated = migrateSettings(found.content);
    if (migrated.ok) return { ok: true, data: { document: migrated.document, firstRun: false } };
    if (migrated.failure.reason === 'newer') {
      return storageError(
        `The settings file ${store.location} was written by a newer version of Paydesk (format ${migrated.failure.version}); it was left untouched. Update Paydesk to use it.`,
      );
    }
    why = migrated.failure.detail;
  }

  const keptAt = await store.setAside();
  if (!keptAt.ok) {
    return storageError(
      `The settings file ${store.location} cannot be used (${why}) and could not be moved aside; it was left untouched.`,
    );
  }
  return storageError(
    `The settings file ${store.location} could not be used (${why}). It was kept as ${keptAt.data}; Paydesk starts again from a local sandbox profile.`,
  );
}
