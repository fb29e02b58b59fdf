import { createHash } from 'node:crypto';
import { open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AuditAction, JsonObject, JsonValue, Result } from '../../../shared/contract';
import { AUDIT_ACTIONS } from '../../../shared/contract';
import { auditIdsSchema, environmentRefSchema, idempotencyKeySchema } from './entries';
import { storageError } from '../storage/storage-error';
import { openText, sealText, sealedBoxSchema } from '../storage/sealed-box';

/**
 * The pending-request spool: one file per intent whose outcome is not known yet, holding the
 * request the payments client was given for it.
 *
 * Why a spool: a retry after a crash or a lost answer must reuse the original idempotency key
 * (D6), and the service replays its first answer only for the SAME body (a different body under a
 * used key is 104). So the retry needs the original request — but the journal is kept for years
 * and exported, and a deposit body holds the payer's document, e-mail and name, a refund body a
 * bank account. The request therefore lives only here, sealed with the install's key from the OS
 * keychain (storage/sealed-box.ts, as drafts are), owner-only (0600), written atomically before the
 * intent line and deleted as soon as a definite outcome (ok or error) or a resolution is recorded.
 * Where the key cannot be had (no keychain), the file keeps the intent's header without the body:
 * nothing of the payer on disk in plain text, at the price of no retry under the same key.
 *
 * The header (intent id, action, key, environment and account, target ids, body hash, time) stays
 * readable: it names no payer, and a repair of a damaged journal line finds an intent whose own
 * line is lost by it (file-journal.ts repairDamage). The journal keeps only the SHA-256 of the canonical
 * request (keys sorted), which lets a retry prove that what it sends has the content the intent
 * recorded, whatever the key order, and lets anyone see that a spool file was edited. The bytes
 * on the wire are the client's business: main/core/payments derives them from the content alone
 * (its input schema, then JSON.stringify), so the same content gives the same bytes and the same
 * signature (D1).
 *
 * Credentials never belong in a spooled body (the client adds the cashout login and pass, D3, when
 * it sends): a body holding a field with a credential's name is refused.
 */

const SPOOL_FORMAT_VERSION = 2;

/** Version 1 kept the body in plain text; such files are still read, and sealed at the next open. */
const spoolV1Schema = z.strictObject({
  v: z.literal(1),
  intentId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  idempotencyKey: idempotencyKeySchema.nullable(),
  bodyText: z.string(),
});

const spoolHeaderSchema = z.strictObject({
  intentId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  idempotencyKey: idempotencyKeySchema.nullable(),
  environment: environmentRefSchema,
  ids: auditIdsSchema,
  bodySha256: z.string().regex(/^[0-9a-f]{64}$/),
  time: z.iso.datetime(),
});

const spoolV2Schema = spoolHeaderSchema.extend({
  v: z.literal(SPOOL_FORMAT_VERSION),
  /** The sealed request; null when no key could be had when it was written. */
  body: sealedBoxSchema.nullable(),
  /**
   * Names the key that sealed it (not the key: a hash's first bytes), so a body sealed with a key
   * this keychain does not have is told from an edited one.
   */
  bodyKeyId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});

/** A key's name for `bodyKeyId`. */
const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update('paydesk-spool-key').update(key).digest('hex').slice(0, 16);

export type SpoolHeader = z.infer<typeof spoolHeaderSchema>;

/** A spooled request as read back. */
export interface SpoolRecord {
  intentId: string;
  action: AuditAction;
  idempotencyKey: string | null;
  /** Absent on version-1 files, which knew only the four fields above. */
  header: SpoolHeader | null;
  /** The request as JSON text; null when `bodyProblem` says why not. */
  bodyText: string | null;
  /**
   * `not_kept`: no key could be had when it was written; `no_key`: no key can be had now (the
   * keychain is locked or gone); `other_key`: it was sealed with a key this keychain does not have
   * (another install, or a memory-only key of an earlier run); `damaged`: it does not open with the
   * key that sealed it (edited).
   */
  bodyProblem: 'not_kept' | 'no_key' | 'other_key' | 'damaged' | null;
  /** Version 1: the body sits in plain text, to be sealed. */
  plain: boolean;
}

/** Where the key that seals the bodies comes from (drafts/key.ts); absent: bodies are not kept. */
export type SpoolKeySource = () => Promise<Result<Buffer>>;

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

/** Binds a sealed body to its intent: a body copied into another intent's file does not open. */
const additionalData = (
  header: Pick<SpoolHeader, 'intentId' | 'action' | 'idempotencyKey' | 'bodySha256'>,
): string =>
  `paydesk-spool:v${SPOOL_FORMAT_VERSION}:${header.intentId}:${header.action}:${header.idempotencyKey ?? ''}:${header.bodySha256}`;

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

const damaged = (): Result<never> => ({
  ok: false,
  error: {
    kind: 'storage',
    message: 'The pending request file is damaged.',
    text: { key: 'storage.failed' },
  },
});

export class PendingSpool {
  constructor(
    readonly folder: string,
    private readonly key?: SpoolKeySource,
  ) {}

  private pathOf(intentId: string): string {
    return join(this.folder, `${intentId}.json`);
  }

  /** The key, or null when none can be had now (then bodies are not kept, or not opened). */
  private async sealingKey(): Promise<Buffer | null> {
    if (!this.key) return null;
    try {
      const key = await this.key();
      return key.ok ? key.data : null;
    } catch {
      return null;
    }
  }

  /** Writes the header and, when a key can be had, the sealed body. Answers whether the body was kept. */
  async write(header: SpoolHeader, bodyText: string): Promise<Result<{ bodyKept: boolean }>> {
    const key = await this.sealingKey();
    const body = key ? sealText(key, additionalData(header), bodyText) : null;
    const written = await this.writeFile(header.intentId, {
      v: SPOOL_FORMAT_VERSION,
      ...header,
      body,
      ...(key && { bodyKeyId: keyIdOf(key) }),
    });
    return written.ok ? { ok: true, data: { bodyKept: body !== null } } : written;
  }

  private async writeFile(intentId: string, record: z.infer<typeof spoolV2Schema>): Promise<Result<void>> {
    const path = this.pathOf(intentId);
    const temporary = `${path}.tmp-${process.pid}`;
    try {
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(JSON.stringify(record));
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
      return damaged();
    }
    const v1 = spoolV1Schema.safeParse(parsed);
    if (v1.success) {
      if (v1.data.intentId !== intentId) return damaged();
      const { intentId: id, action, idempotencyKey, bodyText } = v1.data;
      return {
        ok: true,
        data: {
          intentId: id,
          action,
          idempotencyKey,
          header: null,
          bodyText,
          bodyProblem: null,
          plain: true,
        },
      };
    }
    const v2 = spoolV2Schema.safeParse(parsed);
    if (!v2.success || v2.data.intentId !== intentId) return damaged();
    const { v: _version, body, bodyKeyId, ...header } = v2.data;
    let bodyText: string | null = null;
    let bodyProblem: SpoolRecord['bodyProblem'] = 'not_kept';
    if (body) {
      const key = await this.sealingKey();
      bodyText = key ? openText(key, additionalData(header), body) : null;
      if (bodyText !== null) bodyProblem = null;
      else if (!key) bodyProblem = 'no_key';
      else bodyProblem = bodyKeyId !== undefined && bodyKeyId !== keyIdOf(key) ? 'other_key' : 'damaged';
    }
    return {
      ok: true,
      data: {
        intentId: header.intentId,
        action: header.action,
        idempotencyKey: header.idempotencyKey,
        header,
        bodyText,
        bodyProblem,
        plain: false,
      },
    };
  }

  /** Whether the request can be sent again: kept, and opened with this keychain's key. */
  async canResend(intentId: string): Promise<boolean> {
    const record = await this.read(intentId);
    return record.ok && record.data !== null && record.data.bodyText !== null;
  }

  async remove(intentId: string): Promise<void> {
    await unlink(this.pathOf(intentId)).catch(() => undefined);
  }

  /** The intent ids that have a spool file, oldest file first. */
  async intentIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const found: Array<{ id: string; mtimeMs: number }> = [];
    for (const name of names) {
      const id = SPOOL_FILE.exec(name)?.[1];
      if (id === undefined) continue;
      const info = await stat(join(this.folder, name)).catch(() => null);
      if (info) found.push({ id, mtimeMs: info.mtimeMs });
    }
    return found.sort((a, b) => a.mtimeMs - b.mtimeMs).map((file) => file.id);
  }

  /**
   * Seals a version-1 file (its body in plain text) once a key can be had, with the header the
   * journal's intent line gives. Leaves it as it is when no key can be had: it is still needed for
   * a retry.
   */
  async sealPlain(header: SpoolHeader): Promise<void> {
    const record = await this.read(header.intentId);
    if (!record.ok || record.data === null || !record.data.plain || record.data.bodyText === null) return;
    const key = await this.sealingKey();
    if (!key) return;
    await this.writeFile(header.intentId, {
      v: SPOOL_FORMAT_VERSION,
      ...header,
      body: sealText(key, additionalData(header), record.data.bodyText),
      bodyKeyId: keyIdOf(key),
    });
  }

  /**
   * Deletes what no longer has a reason to exist: temporary files of writers that died, and files
   * of intents `keep` does not want (settled, or never written to the journal). Run under the
   * journal lock, where no other writer is halfway through a spool-then-intent write, and never
   * while a journal line is unreadable (that line may be the intent a file belongs to).
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
