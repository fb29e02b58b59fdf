import { open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { JsonObject, JsonValue, Result } from '../../../shared/contract';
import { AUDIT_ACTIONS } from '../../../shared/contract';
import { idempotencyKeySchema } from './entries';
import { storageError } from '../storage/storage-error';

/**
 * The pending-request spool: one file per intent whose outcome is not known yet, holding the
 * request the payments client was given for it.
 *
 * Why a spool: a retry after a crash or a lost answer must reuse the original idempotency key
 * (D6), and the service replays its first answer only for the SAME body (a different body under a
 * used key is 104). So the retry needs the original request — but the journal is kept for years
 * and exported, and a deposit body holds the payer's document, e-mail and name. The request
 * therefore lives only here: owner-only (0600), written atomically (temporary file, fsync, rename,
 * fsync of the folder) before the intent line is written, and deleted as soon as a definite
 * outcome (ok or error) or a resolution is recorded. The journal keeps only the SHA-256 of the canonical request (keys sorted), which lets a
 * retry prove that what it sends has the content the intent recorded, whatever the key order, and
 * lets anyone see that a spool file was edited. The bytes on the wire are the client's business:
 * main/core/payments derives them from the content alone (its input schema, then JSON.stringify),
 * so the same content gives the same bytes and the same signature (D1).
 *
 * Credentials never belong in a spooled body (the client adds the cashout login and pass, D3, when
 * it sends): a body holding a field with a credential's name is refused.
 */

export const SPOOL_FORMAT_VERSION = 1;

const spoolRecordSchema = z.strictObject({
  v: z.literal(SPOOL_FORMAT_VERSION),
  intentId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  idempotencyKey: idempotencyKeySchema.nullable(),
  bodyText: z.string(),
});
export type SpoolRecord = z.infer<typeof spoolRecordSchema>;

const CREDENTIAL_FIELD_NAMES = new Set([
  'login',
  'pass',
  'password',
  'passphrase',
  'secret',
  'apikey',
  'api_key',
  'apisecret',
  'api_secret',
  'readonlykey',
  'cashoutlogin',
  'cashoutpass',
  'cashoutsecret',
  'authorization',
]);

/** The dotted path of the first field whose name is a credential's, if any. */
export function credentialFieldIn(value: JsonValue, path = ''): string | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = credentialFieldIn(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const fieldPath = path ? `${path}.${key}` : key;
    if (CREDENTIAL_FIELD_NAMES.has(key.toLowerCase())) return fieldPath;
    const found = credentialFieldIn(item, fieldPath);
    if (found) return found;
  }
  return undefined;
}

const SPOOL_FILE = /^([0-9a-f-]{36})\.json$/;
const TEMPORARY_FILE = /\.json\.tmp-[0-9a-f-]+$/;

async function syncFolder(folder: string): Promise<void> {
  // Makes a rename or a new file durable. Windows cannot open a folder: its NTFS journal covers it.
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // best effort; see above
  } finally {
    await handle?.close();
  }
}

export class PendingSpool {
  constructor(readonly folder: string) {}

  private pathOf(intentId: string): string {
    return join(this.folder, `${intentId}.json`);
  }

  async write(record: Omit<SpoolRecord, 'v'>): Promise<Result<void>> {
    const path = this.pathOf(record.intentId);
    const temporary = `${path}.tmp-${process.pid}`;
    try {
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(JSON.stringify({ v: SPOOL_FORMAT_VERSION, ...record }));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
      await syncFolder(this.folder);
      return { ok: true, data: undefined };
    } catch (cause) {
      await unlink(temporary).catch(() => undefined);
      return { ok: false, error: storageError('The pending request could not be saved', cause) };
    }
  }

  /** The spooled record, or null when there is none (outcome known, or never spooled). */
  async read(intentId: string): Promise<Result<SpoolRecord | null>> {
    let text: string;
    try {
      text = await readFile(this.pathOf(intentId), 'utf8');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, data: null };
      return { ok: false, error: storageError('The pending request could not be read', cause) };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, error: { kind: 'storage', message: 'The pending request file is damaged.' } };
    }
    const record = spoolRecordSchema.safeParse(parsed);
    if (!record.success || record.data.intentId !== intentId) {
      return { ok: false, error: { kind: 'storage', message: 'The pending request file is damaged.' } };
    }
    return { ok: true, data: record.data };
  }

  async exists(intentId: string): Promise<boolean> {
    const record = await this.read(intentId);
    return record.ok && record.data !== null;
  }

  async remove(intentId: string): Promise<void> {
    await unlink(this.pathOf(intentId)).catch(() => undefined);
  }

  /**
   * Deletes what no longer has a reason to exist: temporary files of writers that died, and files
   * of intents `keep` does not want (settled, or never written to the journal). Run under the
   * journal lock, where no other writer is halfway through a spool-then-intent write.
   */
  async sweep(keep: (intentId: string) => boolean): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return;
    }
    for (const name of names) {
      const spooled = SPOOL_FILE.exec(name);
      if (TEMPORARY_FILE.test(name) || (spooled?.[1] !== undefined && !keep(spooled[1]))) {
        await unlink(join(this.folder, name)).catch(() => undefined);
      }
    }
  }
}

/** Parses a spooled body back; the journal checks its hash against the intent before use. */
export function parseSpooledBody(bodyText: string): JsonObject | null {
  try {
    const value = JSON.parse(bodyText) as JsonValue;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
