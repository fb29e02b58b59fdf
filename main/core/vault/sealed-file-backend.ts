import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Result } from '../../../shared/contract';
import { writeFileAtomically } from '../storage/atomic-file';
import { keychainUnavailable, type SecretBackend, type SecretEntry } from './secret-backend';

/**
 * Secrets in one file sealed with AES-256-GCM, for a machine with no OS keychain, such as the
 * server a team runs `paydesk team executor` on (docs/architecture.md, "Team mode: approvals").
 * The key comes from the environment (PAYDESK_VAULT_KEY), never from a file beside it, so the
 * file at rest holds no secret in plain text. A file the key does not open is refused and never
 * overwritten: a wrong key or a damaged file must not cost the secrets it holds.
 */

/** The variable the 32-byte key is read from: base64, or 64 hexadecimal characters. */
export const VAULT_KEY_VARIABLE = 'PAYDESK_VAULT_KEY';

/** Its name in the data folder. */
export const SEALED_SECRETS_FILE = 'secrets.sealed';

const FORMAT = 'paydesk-sealed-secrets-v1';

const sealedSchema = z.strictObject({
  format: z.literal(FORMAT),
  iv: z.base64(),
  tag: z.base64(),
  data: z.base64(),
});
const contentSchema = z.record(z.string(), z.record(z.string(), z.string()));
type Content = z.infer<typeof contentSchema>;

/** The key a variable holds, or why it cannot be one. */
export function parseVaultKey(text: string): Result<Buffer> {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(trimmed) && key.toString('base64') !== trimmed)) {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field: VAULT_KEY_VARIABLE,
        message: `${VAULT_KEY_VARIABLE}: 32 random bytes, as base64 or 64 hexadecimal characters (e.g. openssl rand -base64 32).`,
      },
    };
  }
  return { ok: true, data: key };
}

function seal(content: Content, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(FORMAT));
  const data = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return `${JSON.stringify({
    format: FORMAT,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  })}\n`;
}

function unseal(text: string, key: Buffer): Content | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const sealed = sealedSchema.safeParse(parsed);
  if (!sealed.success) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.data.iv, 'base64'));
    decipher.setAAD(Buffer.from(FORMAT));
    decipher.setAuthTag(Buffer.from(sealed.data.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data.data, 'base64')), decipher.final()]);
    const content = contentSchema.safeParse(JSON.parse(plain.toString('utf8')));
    return content.success ? content.data : null;
  } catch {
    return null;
  }
}

export function createSealedFileBackend(filePath: string, key: Buffer): SecretBackend {
  // One change at a time: each reads the file afresh, so two commands' changes both stay.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<Result<T>>): Promise<Result<T>> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const load = async (): Promise<Result<Content>> => {
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, data: {} };
      return keychainUnavailable(
        `The sealed secrets file ${filePath} cannot be read: ${(error as Error).message}`,
      );
    }
    const content = unseal(text, key);
    return content
      ? { ok: true, data: content }
      : keychainUnavailable(
          `The sealed secrets file ${filePath} does not open with ${VAULT_KEY_VARIABLE}: the key is not the one it was sealed with, or the file is damaged. Nothing was changed.`,
        );
  };

  const change = (edit: (content: Content) => boolean): Promise<Result<boolean>> =>
    serially(async () => {
      const loaded = await load();
      if (!loaded.ok) return loaded;
      const changed = edit(loaded.data);
      if (!changed) return { ok: true, data: false };
      try {
        await writeFileAtomically(filePath, seal(loaded.data, key));
      } catch (error) {
        return keychainUnavailable(
          `The sealed secrets file ${filePath} cannot be written: ${(error as Error).message}`,
        );
      }
      return { ok: true, data: true };
    });

  return {
    kind: 'sealed-file',
    async get(service, account) {
      const loaded = await serially(load);
      return loaded.ok ? { ok: true, data: loaded.data[service]?.[account] ?? null } : loaded;
    },
    async set(service, account, value) {
      const done = await change((content) => {
        content[service] = { ...content[service], [account]: value };
        return true;
      });
      return done.ok ? { ok: true, data: undefined } : done;
    },
    delete: (service, account) =>
      change((content) => {
        const accounts = content[service];
        if (accounts?.[account] === undefined) return false;
        content[service] = Object.fromEntries(Object.entries(accounts).filter(([name]) => name !== account));
        return true;
      }),
    async list(service) {
      const loaded = await serially(load);
      if (!loaded.ok) return loaded;
      return {
        ok: true,
        data: Object.entries(loaded.data[service] ?? {}).map(([account, value]): SecretEntry => ({
          account,
          value,
        })),
      };
    },
  };
}
