import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Text sealed with AES-256-GCM under the install's key (kept in the OS keychain, drafts/key.ts):
 * what holds a payer's details (a draft, a request kept for a retry) never sits on disk in plain
 * text. The additional data binds a box to its place, so a file copied elsewhere does not open.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

const base64 = (bytes?: number) =>
  z
    .string()
    .max(1_000_000)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .refine((text) => bytes === undefined || Buffer.from(text, 'base64').length === bytes);

export const sealedBoxSchema = z.strictObject({
  iv: base64(IV_BYTES),
  tag: base64(TAG_BYTES),
  sealed: base64(),
});

type SealedBox = z.infer<typeof sealedBoxSchema>;

export function sealText(key: Buffer, additionalData: string, text: string): SealedBox {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(additionalData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    sealed: sealed.toString('base64'),
  };
}

/** The text, or null when the box does not open with this key and additional data. */
export function openText(key: Buffer, additionalData: string, box: SealedBox): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64'));
    decipher.setAAD(Buffer.from(additionalData, 'utf8'));
    decipher.setAuthTag(Buffer.from(box.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(box.sealed, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
