import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Result } from '../../../preload/contract';
import type { SettingsDocument } from './schema';
import { fsCode, storageError, type SettingsStore, type StoredSettings } from './settings-store';

/** A temp file older than this belongs to a writer that died; younger ones may still be in flight. */
const STALE_TEMP_AGE_MS = 60_000;

const tempPrefix = (filePath: string): string => `.${basename(filePath)}.`;

/**
 * Writes a file so that a reader (or a crash) only ever sees the old content or the new one:
 * write a temp file in the same folder, fsync it, rename it over the target (atomic on one file
 * system), then fsync the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomically(filePath: string, content: string, mode = 0o600): Promise<void> {
  const folder = dirname(filePath);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `${tempPrefix(filePath)}${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, filePath);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
  await removeStaleTempFiles(filePath);
}

async function syncFolder(folder: string): Promise<void> {
  // Not every platform can open a folder for fsync (Windows cannot); the rename is atomic anyway.
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // durability of the rename is best effort
  }
}

async function removeStaleTempFiles(filePath: string): Promise<void> {
  const folder = dirname(filePath);
  const prefix = tempPrefix(filePath);
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_AGE_MS) await unlink(path).catch(() => undefined);
  }
}

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
