import { createHash } from 'node:crypto';
import type { AuditAction } from '../../../shared/contract';
import { accountOrigin } from './base-url';

/**
 * Whose money a call moves (D19): the merchant's account at the service, never a profile. Two
 * profiles, a removed and re-added one, or the CLI's PAYDESK_BASE_URL that reach the same account
 * share one set of intents, so an unknown outcome blocks them all. The key is not written out:
 * the journal is exported, so it keeps the origin and a hash of the key that names the account.
 */
export interface ServiceAccount {
  /** Deposits and refunds: the origin and the API key (X-Login, D1). */
  payments: string;
  /** Cashouts: the origin and the cashout login (D3); null when no login is set. */
  cashouts: string | null;
}

const hashed = (parts: readonly string[]): string =>
  createHash('sha256')
    .update(`paydesk-account-v1\n${parts.join('\n')}`, 'utf8')
    .digest('hex')
    .slice(0, 24);

/** The account of a service reached at `baseUrl` with these credentials; null when the URL has no origin. */
export function serviceAccount(
  baseUrl: string,
  credentials: { apiKey?: string | undefined; cashoutLogin?: string | undefined },
): ServiceAccount | null {
  const origin = accountOrigin(baseUrl);
  if (origin === null) return null;
  return {
    payments: `${origin}#key:${hashed([origin, 'apiKey', credentials.apiKey ?? ''])}`,
    cashouts:
      credentials.cashoutLogin === undefined || credentials.cashoutLogin === ''
        ? null
        : `${origin}#login:${hashed([origin, 'cashoutLogin', credentials.cashoutLogin])}`,
  };
}

/**
 * The embedded sandbox is one account per world (D19): a restarted sandbox starts another world
 * whose ids name other records, so nothing of an earlier world counts against it.
 */
export function sandboxWorldAccount(worldId: string): ServiceAccount {
  return { payments: `sandbox-world:${worldId}`, cashouts: `sandbox-world:${worldId}` };
}

/** The account an action of this kind moves money on. */
export const accountFor = (account: ServiceAccount, action: AuditAction): string | null =>
  action === 'cashout.cancel' ? account.cashouts : account.payments;
