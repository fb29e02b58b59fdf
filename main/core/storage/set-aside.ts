import { rename, stat } from 'node:fs/promises';

/**
 * Moves a file that failed its checks out of the way, in its own folder:
 * `runs/1234.json` → `runs/1234.json.damaged-2024-03-05T14-07-09-123Z` (no colons: Windows).
 * Never deleted, so support can still read what was there; renamed, so nothing reads it again as
 * if it were sound. Resolves with the new path; rejects with the file system's error.
 */
export async function setAsideDamaged(path: string, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const target = `${path}.damaged-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    const taken = await stat(target).then(
      () => true,
      () => false,
    );
    if (taken) continue;
    await rename(path, target);
    return target;
  }
  throw Object.assign(new Error('too many earlier copies'), { code: 'EEXIST' });
}
