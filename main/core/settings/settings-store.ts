import type { Result } from '../../../shared/contract';
import type { SettingsDocument } from './schema';

/** What a store found: nothing yet (first run), a parsed document, or bytes that are not JSON. */
export type StoredSettings =
  { state: 'empty' } | { state: 'found'; content: unknown } | { state: 'corrupt'; detail: string };

/**
 * Where the settings document lives: `settings.json` through conf (conf-settings-store.ts), as
 * conf itself in plain Node (file-settings-store.ts: tests, the CLI and the web bridge) or as
 * electron-store in the desktop app (main/electron/settings-store.ts).
 * A store only moves the whole document; validation happens once, in
 * settings-document.ts, whatever the store.
 */
export interface SettingsStore {
  /** The file behind the store, for messages. */
  readonly location: string;
  read(): Promise<Result<StoredSettings>>;
  /**
   * Replaces the whole document; a crash during the write leaves the previous one intact. Called
   * by settings-document.ts only, with the settings lock held (updateSettings): other processes
   * write the same file.
   */
  write(document: SettingsDocument): Promise<Result<void>>;
  /** Moves an unusable document out of the way, keeping it; answers where it now is. */
  setAside(): Promise<Result<string>>;
  /**
   * Loads what the store needs (its library) before the settings lock is taken, so the lock is
   * held for the file's read and write alone: sixteen processes queue on it within its wait.
   */
  prepare(): Promise<void>;
}

export function storageError(message: string): { ok: false; error: { kind: 'storage'; message: string } } {
  return { ok: false, error: { kind: 'storage', message } };
}

/** The error code of a Node fs error (`ENOENT`, `EACCES`…), or a generic word. */
export function fsCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown error';
}
