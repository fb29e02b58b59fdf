import {
  CREDENTIAL_FIELDS,
  CREDENTIAL_SETS,
  type CredentialField,
  type CredentialFieldStatus,
  type CredentialSet,
  type CredentialSetState,
  type EnvironmentCredentialStatus,
  type Result,
} from '../../../shared/contract';
import {
  accountOf,
  isCredentialField,
  parseAccount,
  TEAM_KEY_ENTRY,
  TEAM_PASSWORD_ENTRY,
  teamKeyAccount,
  teamPasswordAccount,
  validateEnvironmentId,
} from './accounts';
import { decodeCredentialRecord, encodeCredentialRecord, type CredentialRecord } from './credential-record';
import { maskedHint, validateCredentialValue } from './credential-rules';
import type { SecretBackend } from './secret-backend';

/** Credentials of one environment as the payments client takes them. Main process only. */
export type CredentialValues = Partial<Record<CredentialField, string>>;

interface VaultOptions {
  backend: SecretBackend;
  /** `VAULT_SERVICE` in the app; `paydesk-test-<random>` in tests, so a user's entries are never touched. */
  service: string;
  now?: () => Date;
}

/**
 * The credentials of every environment, one keychain entry per (environment, field).
 *
 * Secrets flow one way: `set`, `clear`, `clearAll` and `status` never answer a secret (status
 * gives a masked hint). `read` is the single exception and exists for the main process only:
 * the credentials provider of the payments client calls it per request. Never wire it to IPC,
 * the CLI's output or a log.
 */
export interface Vault {
  readonly service: string;
  readonly backendKind: SecretBackend['kind'];
  set(environmentId: string, field: CredentialField, value: string): Promise<Result<CredentialFieldStatus>>;
  /** `set: false` afterwards; clearing a field that was not set is not an error. */
  clear(environmentId: string, field: CredentialField): Promise<Result<CredentialFieldStatus>>;
  /** Clears every field of the environment; answers the fields that were set. */
  clearAll(environmentId: string): Promise<Result<CredentialField[]>>;
  status(environmentId: string): Promise<Result<EnvironmentCredentialStatus>>;
  /** MAIN ONLY. The stored secrets of the environment; absent fields are not set. */
  read(environmentId: string): Promise<Result<CredentialValues>>;
  /** Environments that have at least one entry (for finding leftovers of removed profiles). */
  environmentIds(): Promise<Result<string[]>>;
  /** Stores the password of the person this environment's desk is in its team database as. */
  setTeamPassword(environmentId: string, password: string): Promise<Result<void>>;
  /** MAIN ONLY, like `read`: the team password, or null when none is stored. */
  readTeamPassword(environmentId: string): Promise<Result<string | null>>;
  /** Stores the private key of the person's client certificate (PEM), for a desk that signs in with one. */
  setTeamKey(environmentId: string, key: string): Promise<Result<void>>;
  /** MAIN ONLY, like `read`: the team private key, or null when none is stored. */
  readTeamKey(environmentId: string): Promise<Result<string | null>>;
  /** Removes the team password and the team key; `true` when an entry was removed. */
  clearTeamSecrets(environmentId: string): Promise<Result<boolean>>;
}

/** A team password is what the server was given: any printable text, spaces included, on one line. */
const TEAM_PASSWORD_MAX_LENGTH = 1024;

function checkTeamPassword(password: unknown): Result<string> {
  if (
    typeof password === 'string' &&
    password.length > 0 &&
    password.length <= TEAM_PASSWORD_MAX_LENGTH &&
    !/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u.test(password)
  ) {
    return { ok: true, data: password };
  }
  return {
    ok: false,
    error: {
      kind: 'validation',
      field: 'password',
      message: `The team password must be 1 to ${TEAM_PASSWORD_MAX_LENGTH} characters without control or invisible characters.`,
    },
  };
}

/** A PEM private key is a few kilobytes at most (an RSA 8192 one is about 6.5 KB). */
export const TEAM_KEY_MAX_LENGTH = 16 * 1024;

function checkTeamKey(key: unknown): Result<string> {
  if (
    typeof key === 'string' &&
    key.length <= TEAM_KEY_MAX_LENGTH &&
    /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/.test(key) &&
    !/ENCRYPTED/.test(key)
  ) {
    return { ok: true, data: key };
  }
  return {
    ok: false,
    error: {
      kind: 'validation',
      field: 'key',
      message: `The team key must be an unencrypted PEM private key of at most ${TEAM_KEY_MAX_LENGTH} characters (the keychain protects it).`,
    },
  };
}

const notSet = (field: CredentialField): CredentialFieldStatus => ({
  field,
  set: false,
  hint: null,
  setAt: null,
});

function statusOf(
  field: CredentialField,
  record: Result<CredentialRecord> | undefined,
): CredentialFieldStatus {
  if (!record) return notSet(field);
  if (!record.ok) return { field, set: true, hint: null, setAt: null, unreadable: true };
  return { field, set: true, hint: maskedHint(record.data.secret), setAt: record.data.setAt };
}

function setStates(fields: CredentialFieldStatus[]): Record<CredentialSet, CredentialSetState> {
  const isSet = new Set(fields.filter((status) => status.set && !status.unreadable).map((s) => s.field));
  const stateOf = (members: readonly CredentialField[]): CredentialSetState => {
    const count = members.filter((field) => isSet.has(field)).length;
    return count === members.length ? 'complete' : count === 0 ? 'missing' : 'partial';
  };
  return {
    signed: stateOf(CREDENTIAL_SETS.signed),
    readOnly: stateOf(CREDENTIAL_SETS.readOnly),
    cashout: stateOf(CREDENTIAL_SETS.cashout),
  };
}

function checkField(field: unknown): Result<CredentialField> {
  if (isCredentialField(field)) return { ok: true, data: field };
  return {
    ok: false,
    error: {
      kind: 'validation',
      field: 'field',
      message: `field must be one of ${CREDENTIAL_FIELDS.join(', ')}.`,
    },
  };
}

export function createVault({ backend, service, now = () => new Date() }: VaultOptions): Vault {
  if (service.trim() === '') throw new Error('createVault: the keychain service name must not be empty.');

  /** Every decoded record of one environment, keyed by field. */
  async function recordsOf(
    environmentId: string,
  ): Promise<Result<Map<CredentialField, Result<CredentialRecord>>>> {
    const entries = await backend.list(service);
    if (!entries.ok) return entries;
    const records = new Map<CredentialField, Result<CredentialRecord>>();
    for (const entry of entries.data) {
      const owner = parseAccount(entry.account);
      if (owner?.environmentId !== environmentId) continue;
      records.set(owner.field, decodeCredentialRecord(entry.value, owner));
    }
    return { ok: true, data: records };
  }

  return {
    service,
    backendKind: backend.kind,

    async set(environmentId, field, value) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      const known = checkField(field);
      if (!known.ok) return known;
      const secret = validateCredentialValue(field, value);
      if (!secret.ok) return secret;
      const record = { secret: secret.data, setAt: now().toISOString() };
      const stored = await backend.set(service, accountOf(id.data, field), encodeCredentialRecord(record));
      if (!stored.ok) return stored;
      return { ok: true, data: statusOf(field, { ok: true, data: record }) };
    },

    async clear(environmentId, field) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      const known = checkField(field);
      if (!known.ok) return known;
      const deleted = await backend.delete(service, accountOf(id.data, field));
      if (!deleted.ok) return deleted;
      return { ok: true, data: notSet(field) };
    },

    async clearAll(environmentId) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      // Every field by name rather than what a listing shows, so an entry a listing missed still goes.
      const cleared: CredentialField[] = [];
      for (const field of CREDENTIAL_FIELDS) {
        const deleted = await backend.delete(service, accountOf(id.data, field));
        if (!deleted.ok) return deleted;
        if (deleted.data) cleared.push(field);
      }
      return { ok: true, data: cleared };
    },

    async status(environmentId) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      const records = await recordsOf(id.data);
      if (!records.ok) return records;
      const fields = CREDENTIAL_FIELDS.map((field) => statusOf(field, records.data.get(field)));
      return {
        ok: true,
        data: { environmentId: id.data, source: 'keychain', fields, sets: setStates(fields) },
      };
    },

    async read(environmentId) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      const records = await recordsOf(id.data);
      if (!records.ok) return records;
      const values: CredentialValues = {};
      for (const field of CREDENTIAL_FIELDS) {
        const record = records.data.get(field);
        if (!record) continue;
        if (!record.ok) return record;
        values[field] = record.data.secret;
      }
      return { ok: true, data: values };
    },

    async environmentIds() {
      const entries = await backend.list(service);
      if (!entries.ok) return entries;
      const ids = new Set<string>();
      for (const entry of entries.data) {
        const owner = parseAccount(entry.account);
        if (owner) ids.add(owner.environmentId);
      }
      return { ok: true, data: [...ids].sort() };
    },

    setTeamPassword: (environmentId, password) =>
      setTeamSecret(environmentId, TEAM_PASSWORD_ENTRY, checkTeamPassword(password)),
    readTeamPassword: (environmentId) => readTeamSecret(environmentId, TEAM_PASSWORD_ENTRY),
    setTeamKey: (environmentId, key) => setTeamSecret(environmentId, TEAM_KEY_ENTRY, checkTeamKey(key)),
    readTeamKey: (environmentId) => readTeamSecret(environmentId, TEAM_KEY_ENTRY),

    async clearTeamSecrets(environmentId) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      let removed = false;
      for (const account of [teamPasswordAccount(id.data), teamKeyAccount(id.data)]) {
        const deleted = await backend.delete(service, account);
        if (!deleted.ok) return deleted;
        removed ||= deleted.data;
      }
      return { ok: true, data: removed };
    },
  };

  /** The team's secrets are entries of their own, each a record as the credentials are. */
  async function setTeamSecret(
    environmentId: string,
    entry: TeamSecretEntry,
    checked: Result<string>,
  ): Promise<Result<void>> {
    const id = validateEnvironmentId(environmentId);
    if (!id.ok) return id;
    if (!checked.ok) return checked;
    const record = encodeCredentialRecord({ secret: checked.data, setAt: now().toISOString() });
    return backend.set(service, teamSecretAccount[entry](id.data), record);
  }

  async function readTeamSecret(
    environmentId: string,
    entry: TeamSecretEntry,
  ): Promise<Result<string | null>> {
    const id = validateEnvironmentId(environmentId);
    if (!id.ok) return id;
    const stored = await backend.get(service, teamSecretAccount[entry](id.data));
    if (!stored.ok || stored.data === null) return stored;
    const record = decodeCredentialRecord(stored.data, { environmentId: id.data, field: entry });
    return record.ok ? { ok: true, data: record.data.secret } : record;
  }
}

type TeamSecretEntry = typeof TEAM_PASSWORD_ENTRY | typeof TEAM_KEY_ENTRY;

const teamSecretAccount: Record<TeamSecretEntry, (environmentId: string) => string> = {
  [TEAM_PASSWORD_ENTRY]: teamPasswordAccount,
  [TEAM_KEY_ENTRY]: teamKeyAccount,
};
