import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A temp file older than this belongs to a writer that died; younger ones may still be in flight. */
const STALE_TEMP_AGE_MS = 60_000;

const tempPrefix = (filePath: string): string => `.${basename(filePath)}.`;

/** This module's temp files for `filePath`: `.<name>.<pid>.<random>.tmp`. */
const isOwnTempFile = (filePath: string) => (name: string) =>
  name.startsWith(tempPrefix(filePath)) && name.endsWith('.tmp');

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
  await removeStaleTempFiles(folder, isOwnTempFile(filePath));
}

/** Makes a folder's entries (a created or renamed file) durable; best effort where a folder cannot be opened. */
export async function syncFolder(folder: string): Promise<void> {
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

/**
 * Removes the temp files that a writer killed mid-write left in `folder` (`isTempFile` tells a
 * writer's own temp names), once they are old enough that no live writer can still own them.
 */
export async function removeStaleTempFiles(
  folder: string,
  isTempFile: (name: string) => boolean,
): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    if (!isTempFile(name)) continue;
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_AGE_MS) await unlink(path).catch(() => undefined);
  }
}
