import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DraftKeeping, KeychainState, Result } from '../../../shared/contract';
import { withFileLock } from '../storage/file-lock';
import type { SecretBackend } from '../vault';

/**
 * The drafts' key: 32 random bytes made once per install and kept in the OS keychain, never on
 * disk, so a copied data folder does not give away the payer details a deposit draft holds.
 * Its account name is not `<environment>/<credential field>`, so the vault never lists or
 * clears it as a credential.
 */
export const DRAFT_KEY_ACCOUNT = 'paydesk-drafts/key';
const KEY_BYTES = 32;

type DraftKeySource = () => Promise<Result<Buffer>>;

const decode = (stored: string | null): Buffer | null => {
  if (stored === null) return null;
  const key = Buffer.from(stored, 'base64');
  return key.length === KEY_BYTES ? key : null;
};

/**
 * Reads the key, making it on first need under a lock shared with the other processes of the
 * data folder: two processes making one each would leave one's drafts unreadable.
 */
export function keychainDraftKey(backend: SecretBackend, service: string, dir: string): DraftKeySource {
  let cached: Buffer | undefined;
  return async () => {
    if (cached) return { ok: true, data: cached };
    const found = await backend.get(service, DRAFT_KEY_ACCOUNT);
    if (!found.ok) return found;
    const key = decode(found.data);
    if (key) {
      cached = key;
      return { ok: true, data: key };
    }
    return withFileLock(join(dir, 'key.lock'), { subject: 'the drafts key' }, async () => {
      const again = await backend.get(service, DRAFT_KEY_ACCOUNT);
      if (!again.ok) return again;
      const made = decode(again.data) ?? randomBytes(KEY_BYTES);
      if (again.data === null || decode(again.data) === null) {
        const stored = await backend.set(service, DRAFT_KEY_ACCOUNT, made.toString('base64'));
        if (!stored.ok) return stored;
      }
      cached = made;
      return { ok: true, data: made };
    });
  };
}

/** How drafts can be kept now: sealed on disk with the key, or in memory for the reason given. */
type DraftSealing = { keeping: 'sealed'; key: Buffer } | { keeping: Exclude<DraftKeeping, 'sealed'> };

export type DraftSealingSource = () => Promise<Result<DraftSealing>>;

/**
 * Whether drafts can be sealed on disk now. A key that dies with the process (a memory vault)
 * would seal files no later run can open, so its drafts stay in memory instead. A keychain that
 * cannot be used is asked again next time: it may have been unlocked or started meanwhile.
 */
export function draftSealing(key: DraftKeySource, keyOutlivesRun: boolean): DraftSealingSource {
  return async () => {
    if (!keyOutlivesRun) return { ok: true, data: { keeping: 'memory_vault' } };
    const found = await key();
    if (found.ok) return { ok: true, data: { keeping: 'sealed', key: found.data } };
    return found.error.kind === 'keychain_unavailable'
      ? { ok: true, data: { keeping: 'keychain_unavailable' } }
      : found;
  };
}

/** The keychain as the page's start-up notes name it, read off the same answer the drafts get. */
export const keychainStateOf = (keeping: DraftKeeping): KeychainState =>
  keeping === 'sealed' ? 'usable' : keeping === 'memory_vault' ? 'memory' : 'unavailable';
