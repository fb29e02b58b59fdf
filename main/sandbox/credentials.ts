import { z } from 'zod';
import { createRandom } from './random';

/** The three credential sets of the spec, one field each (names match the console's vault). */
export interface SandboxCredentials {
  apiKey: string;
  apiSecret: string;
  readOnlyKey: string;
  cashoutLogin: string;
  cashoutPass: string;
  cashoutSecret: string;
}

/** Header-safe (no spaces or control characters), so a key can travel in X-Login or Bearer. */
const headerToken = z
  .string()
  .min(1, 'must not be empty')
  .max(256, 'at most 256 characters')
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
/** Spec: cashout `login` and `pass` are at most 32 characters. */
const cashoutToken = headerToken.max(32, 'at most 32 characters');

export const credentialOverridesSchema = z
  .object({
    apiKey: headerToken,
    apiSecret: headerToken,
    readOnlyKey: headerToken,
    cashoutLogin: cashoutToken,
    cashoutPass: cashoutToken,
    cashoutSecret: headerToken,
  })
  .partial()
  .strict();

/** Credentials drawn from the seed, then the caller's overrides on top. */
export function sandboxCredentials(
  seed: number,
  overrides: Partial<SandboxCredentials> = {},
): SandboxCredentials {
  const random = createRandom(seed, 'credentials');
  const generated: SandboxCredentials = {
    apiKey: `sbx_key_${random.text(16)}`,
    apiSecret: `sbx_secret_${random.text(32)}`,
    readOnlyKey: `sbx_ro_${random.text(24)}`,
    cashoutLogin: `sbx_co_${random.text(12)}`,
    cashoutPass: `sbx_pass_${random.text(16)}`,
    cashoutSecret: `sbx_co_secret_${random.text(32)}`,
  };
  const parsed = credentialOverridesSchema.parse(overrides);
  const given = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
  return { ...generated, ...given };
}
