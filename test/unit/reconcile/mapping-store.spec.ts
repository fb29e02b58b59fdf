import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mappingsPath, rememberedMapping, rememberMapping } from '../../../main/core/reconcile';

test('a mapping is remembered per header shape in a zod-checked file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'paydesk-reconcile-map-'));
  try {
    expect(await rememberedMapping(dir, 'aaaaaaaaaaaaaaaa')).toBeNull();
    const saved = await rememberMapping(
      dir,
      'aaaaaaaaaaaaaaaa',
      { kind: 'deposits', mapping: { X: 'deposit_id' } },
      Date.now(),
    );
    expect(saved.ok).toBe(true);
    expect(await rememberedMapping(dir, 'aaaaaaaaaaaaaaaa')).toEqual({
      kind: 'deposits',
      mapping: { X: 'deposit_id' },
    });
    // A file that is not what this version writes counts as empty.
    await writeFile(
      mappingsPath(dir),
      JSON.stringify({ version: 1, shapes: { aaaaaaaaaaaaaaaa: { kind: 'x' } } }),
    );
    expect(await rememberedMapping(dir, 'aaaaaaaaaaaaaaaa')).toBeNull();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
