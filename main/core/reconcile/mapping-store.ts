import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  type BatchKind,
  type LedgerMapping,
  type Result,
} from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { withFileLock } from '../storage/file-lock';
import { storageError } from '../storage/storage-error';

/**
 * The column mapping chosen for each ledger shape (mapping.ts shapeKey), so a ledger exported the
 * same way next week is read the same way without `--map`. One small JSON file in
 * `<dataDir>/reconcile/`, checked with zod on read, written atomically under a lock shared by the
 * app and the CLI. A file that is missing or not what this version writes counts as empty: it is
 * convenience, and a mapping can always be given again.
 */

export const RECONCILE_FOLDER_NAME = 'reconcile';
const FILE_NAME = 'mappings.json';
/** Shapes kept; the least recently used one goes first. */
const MAX_SHAPES = 200;

const shapeSchema = z.object({
  kind: z.enum(BATCH_KINDS),
  mapping: z.record(z.string().min(1).max(256), z.enum(LEDGER_FIELDS)),
  savedAt: z.iso.datetime({ offset: true }),
});
const documentSchema = z.object({
  version: z.literal(1),
  shapes: z.record(z.string().regex(/^[0-9a-f]{16}$/), shapeSchema),
});
type MappingsDocument = z.infer<typeof documentSchema>;

interface RememberedMapping {
  kind: BatchKind;
  mapping: LedgerMapping;
}

export const mappingsPath = (dataDir: string): string => join(dataDir, RECONCILE_FOLDER_NAME, FILE_NAME);

async function readDocument(path: string): Promise<MappingsDocument> {
  try {
    const parsed = documentSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // missing or not JSON: no mapping remembered
  }
  return { version: 1, shapes: {} };
}

export async function rememberedMapping(dataDir: string, shape: string): Promise<RememberedMapping | null> {
  const found = (await readDocument(mappingsPath(dataDir))).shapes[shape];
  return found ? { kind: found.kind, mapping: found.mapping } : null;
}

export async function rememberMapping(
  dataDir: string,
  shape: string,
  remembered: RememberedMapping,
  now: number,
): Promise<Result<void>> {
  const path = mappingsPath(dataDir);
  return withFileLock(`${path}.lock`, { subject: 'the ledger mappings' }, async () => {
    const document = await readDocument(path);
    document.shapes[shape] = { ...remembered, savedAt: new Date(now).toISOString() };
    const shapes = Object.entries(document.shapes).sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt));
    document.shapes = Object.fromEntries(shapes.slice(0, MAX_SHAPES));
    try {
      await writeFileAtomically(path, `${JSON.stringify(document)}\n`);
      return { ok: true, data: undefined };
    } catch (error) {
      return { ok: false, error: storageError('The ledger mapping could not be saved', error) };
    }
  });
}
