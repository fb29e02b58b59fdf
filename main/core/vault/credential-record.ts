import { z } from 'zod';
import type { CredentialField, Result } from '../../../shared/contract';
import type { TEAM_KEY_ENTRY, TEAM_PASSWORD_ENTRY } from './accounts';

/**
 * What one keychain entry holds: a versioned JSON record rather than the bare secret, so that a
 * later version can add fields (or change the encoding) and still read what earlier ones wrote.
 */
const CREDENTIAL_RECORD_VERSION = 1;

const recordV1 = z.object({
  v: z.literal(1),
  secret: z.string().min(1),
  setAt: z.iso.datetime({ offset: true }),
});

export interface CredentialRecord {
  secret: string;
  setAt: string;
}

export function encodeCredentialRecord(record: CredentialRecord): string {
  return JSON.stringify({ v: CREDENTIAL_RECORD_VERSION, secret: record.secret, setAt: record.setAt });
}

/**
 * Reads an entry. Anything that is not a record this version knows is a `storage` error naming
 * the environment and field; the message never quotes the entry, which may hold a bare secret.
 */
export function decodeCredentialRecord(
  stored: string,
  where: {
    environmentId: string;
    field: CredentialField | typeof TEAM_PASSWORD_ENTRY | typeof TEAM_KEY_ENTRY;
  },
): Result<CredentialRecord> {
  const unreadable = (why: string): Result<never> => ({
    ok: false,
    error: {
      kind: 'storage',
      field: where.field,
      message: `The keychain entry for ${where.field} of environment ${where.environmentId} ${why}; clear it and set it again.`,
    },
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return unreadable('is not a readable record');
  }
  const version = z.object({ v: z.number() }).safeParse(parsed);
  if (!version.success) return unreadable('is not a readable record');
  if (version.data.v !== CREDENTIAL_RECORD_VERSION) {
    return unreadable(`has format version ${version.data.v}, which this version of Paydesk does not know`);
  }
  const record = recordV1.safeParse(parsed);
  if (!record.success) return unreadable('is an incomplete record');
  return { ok: true, data: { secret: record.data.secret, setAt: record.data.setAt } };
}
