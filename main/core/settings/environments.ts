import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  CREDENTIAL_FIELDS,
  EMBEDDED_SANDBOX_BASE_URL,
  ENVIRONMENT_COLORS,
  ENVIRONMENT_KINDS,
  LANGUAGES,
  PRODUCTION_COLOR,
  THEMES,
  type ConsoleError,
  type CredentialField,
  type CredentialFieldStatus,
  type EnvironmentAddInput,
  type EnvironmentColor,
  type EnvironmentCredentialStatus,
  type EnvironmentKind,
  type EnvironmentList,
  type EnvironmentProfile,
  type EnvironmentRemoved,
  type EnvironmentUpdated,
  type EnvironmentUpdateInput,
  type MessageText,
  type Preferences,
  type Result,
} from '../../../shared/contract';
import { issueText } from '../message-text';
import { accountOrigin, validateBaseUrl } from '../payments/base-url';
import { ENVIRONMENT_ID_PATTERN } from '../vault/accounts';
import type { Vault } from '../vault/vault';
import {
  DEFAULT_COLORS,
  ENVIRONMENT_NAME_MAX_LENGTH,
  tableColumnsSchema,
  type SettingsDocument,
} from './schema';
import {
  loadSettings,
  updateSettings,
  type SettingsChange,
  type SettingsLockOptions,
} from './settings-document';
import type { SettingsStore } from './settings-store';

// ---------------------------------------------------------------------------------------------
// Input schemas: what IPC handlers and the CLI hand over is parsed here, once.
// ---------------------------------------------------------------------------------------------

const nameInput = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(ENVIRONMENT_NAME_MAX_LENGTH, `must be at most ${ENVIRONMENT_NAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'must not contain control characters');
const environmentIdInput = z.string().regex(ENVIRONMENT_ID_PATTERN, 'is not an environment id');

export const environmentAddInputSchema = z.strictObject({
  name: nameInput,
  kind: z.enum(ENVIRONMENT_KINDS),
  baseUrl: z.string().optional(),
  color: z.enum(ENVIRONMENT_COLORS).optional(),
});

export const environmentUpdateInputSchema = z.strictObject({
  id: environmentIdInput,
  name: nameInput.optional(),
  baseUrl: z.string().optional(),
  color: z.enum(ENVIRONMENT_COLORS).optional(),
});

export const preferencesPatchSchema = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(THEMES).optional(),
  tableColumns: tableColumnsSchema.optional(),
});

export const credentialFieldSchema = z.enum(CREDENTIAL_FIELDS);

/** The first problem of a zod parse as a `validation` error with its field path. */
export function validationErrorOf(error: z.ZodError, prefix?: string): { ok: false; error: ConsoleError } {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  const field = path || 'input';
  return {
    ok: false,
    error: {
      kind: 'validation',
      field,
      message: `${field} ${issue?.message ?? 'is invalid'}.`,
      text: issueText(issue?.message ?? ''),
    },
  };
}

function parseInput<T>(schema: z.ZodType<T>, input: unknown, prefix?: string): Result<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : validationErrorOf(parsed.error, prefix);
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

const fail = (
  kind: ConsoleError['kind'],
  message: string,
  field?: string,
  text?: MessageText,
): { ok: false; error: ConsoleError } => ({
  ok: false,
  error: {
    kind,
    message,
    ...(field === undefined ? {} : { field }),
    ...(text === undefined ? {} : { text }),
  },
});

/** `https://api.example.com/v3` and `HTTPS://API.example.com:443/v3/` compare equal. */
function normalisedUrl(baseUrl: string): string {
  const checked = validateBaseUrl(baseUrl);
  return checked.ok ? checked.data : baseUrl;
}

/**
 * Where credentials may go: the URL origin (scheme, host name and port). A move to another
 * origin is a move to another host for the credentials.
 */
export function credentialOrigin(baseUrl: string): string | null {
  try {
    const origin = new URL(baseUrl).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The stored base URL of a profile of this kind, or why the input cannot be one. */
function baseUrlFor(kind: EnvironmentKind, input: string | undefined): Result<string> {
  if (kind === 'local-sandbox') {
    if (input === undefined || input === EMBEDDED_SANDBOX_BASE_URL)
      return { ok: true, data: EMBEDDED_SANDBOX_BASE_URL };
    return fail(
      'validation',
      'A local sandbox profile always uses the embedded sandbox; its base URL cannot be set.',
      'baseUrl',
      { key: 'environment.sandboxBaseUrl' },
    );
  }
  if (input === undefined)
    return fail('validation', `A base URL is required for a ${kind} environment.`, 'baseUrl', {
      key: 'environment.baseUrlRequired',
    });
  return validateBaseUrl(input, 'baseUrl');
}

/** Production is always red; red belongs to production alone, so nothing else can look like it. */
function colorFor(kind: EnvironmentKind, input: EnvironmentColor | undefined): Result<EnvironmentColor> {
  if (kind === 'production') {
    if (input === undefined || input === PRODUCTION_COLOR) return { ok: true, data: PRODUCTION_COLOR };
    return fail('validation', `A production environment is always ${PRODUCTION_COLOR}.`, 'color', {
      key: 'environment.productionColor',
    });
  }
  if (input === PRODUCTION_COLOR) {
    return fail('validation', `${PRODUCTION_COLOR} is reserved for production environments.`, 'color', {
      key: 'environment.colorReserved',
    });
  }
  return { ok: true, data: input ?? DEFAULT_COLORS[kind] };
}

/** The rules that involve other profiles: unique names, one local sandbox, production apart from testing. */
function checkAgainstOthers(
  candidate: EnvironmentProfile,
  others: readonly EnvironmentProfile[],
): Result<void> {
  const name = candidate.name.toLocaleLowerCase();
  if (others.some((other) => other.name.trim().toLocaleLowerCase() === name)) {
    return fail('validation', `Another environment is already named "${candidate.name}".`, 'name', {
      key: 'environment.nameTaken',
      params: { name: candidate.name },
    });
  }
  if (candidate.kind === 'local-sandbox' && others.some((other) => other.kind === 'local-sandbox')) {
    return fail('validation', 'There is already a local sandbox environment.', 'kind', {
      key: 'environment.sandboxExists',
    });
  }
  // One service, one kind (D19): a testing profile never reaches production's service, whatever
  // the spelling (case, a trailing dot, the default port, another loopback name).
  const opposite: EnvironmentKind | undefined =
    candidate.kind === 'production' ? 'testing' : candidate.kind === 'testing' ? 'production' : undefined;
  const url = normalisedUrl(candidate.baseUrl);
  const origin = accountOrigin(candidate.baseUrl);
  const clash = others.find((other) => other.kind === opposite && accountOrigin(other.baseUrl) === origin);
  if (clash) {
    return fail(
      'validation',
      `A production environment cannot share its base URL with a testing environment ("${clash.name}" uses ${url}).`,
      'baseUrl',
      { key: 'environment.sharedBaseUrl', params: { name: clash.name, url } },
    );
  }
  return { ok: true, data: undefined };
}

const isNonEmpty = <T>(items: T[]): items is [T, ...T[]] => items.length > 0;

/** Never fall onto production by surprise: the sandbox first, then a testing profile. */
function successorOf(remaining: readonly [EnvironmentProfile, ...EnvironmentProfile[]]): string {
  return (
    remaining.find((env) => env.kind === 'local-sandbox') ??
    remaining.find((env) => env.kind === 'testing') ??
    remaining[0]
  ).id;
}

function newEnvironmentId(name: string, taken: ReadonlySet<string>): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'env';
  // A random tail, so an id never comes back for a different profile after a removal.
  for (;;) {
    const id = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

/**
 * Environment profiles, the active one, preferences, and the credentials of each profile (set,
 * clear, status: never a value). Every operation answers a Result. Operations run one at a time
 * in this process, and every change runs under the settings lock on a fresh read of the document
 * (updateSettings), so that neither another operation here nor another process (the desktop app
 * and the CLI share the document) interleaves with it.
 */
export interface EnvironmentsService {
  list(): Promise<Result<EnvironmentList>>;
  get(environmentId: string): Promise<Result<EnvironmentProfile>>;
  active(): Promise<Result<EnvironmentProfile>>;
  add(input: EnvironmentAddInput): Promise<Result<EnvironmentProfile>>;
  /** Moving the base URL to another host clears the profile's credentials (`credentialsCleared`). */
  update(input: EnvironmentUpdateInput): Promise<Result<EnvironmentUpdated>>;
  /**
   * Clears the profile's credentials, then removes it. When the keychain cannot be reached the
   * profile is kept, unless `force` (then `credentialsCleared: false`).
   */
  remove(environmentId: string, options?: { force?: boolean }): Promise<Result<EnvironmentRemoved>>;
  /** Makes the profile active. */
  use(environmentId: string): Promise<Result<EnvironmentProfile>>;
  preferences(): Promise<Result<Preferences>>;
  updatePreferences(patch: Partial<Preferences>): Promise<Result<Preferences>>;
  credentialStatus(environmentId: string): Promise<Result<EnvironmentCredentialStatus>>;
  setCredential(
    environmentId: string,
    field: CredentialField,
    value: string,
  ): Promise<Result<CredentialFieldStatus>>;
  clearCredential(environmentId: string, field: CredentialField): Promise<Result<CredentialFieldStatus>>;
  /** Answers the fields that were set. */
  clearCredentials(environmentId: string): Promise<Result<CredentialField[]>>;
  /** Sub-merchants a version-2 profile watched, by environment id, not yet on the watchlist. */
  subMerchantWatchesToMove(): Promise<Result<Record<string, number[]>>>;
  /** The watchlist holds these now: they stop waiting (ids added meanwhile keep waiting). */
  subMerchantWatchesMoved(moved: Readonly<Record<string, readonly number[]>>): Promise<Result<void>>;
}

export interface EnvironmentsServiceOptions {
  store: SettingsStore;
  vault: Vault;
  /** Waiting for another process's change of the settings (defaults: the lock's). */
  lock?: SettingsLockOptions;
}

/** What the local sandbox shows instead of keychain entries: provisioned, nothing stored. */
function embeddedSandboxStatus(environmentId: string): EnvironmentCredentialStatus {
  return {
    environmentId,
    source: 'embedded-sandbox',
    fields: CREDENTIAL_FIELDS.map((field) => ({ field, set: true, hint: null, setAt: null })),
    sets: { signed: 'complete', readOnly: 'complete', cashout: 'complete' },
  };
}

/** The document without the waiting sub-merchant watches of `environmentId` (all of them, or `only`). */
function withoutWatchesToMove(
  document: SettingsDocument,
  environmentId: string,
  only?: readonly number[],
): SettingsDocument {
  const { subMerchantWatchesToMove: waiting, ...rest } = document;
  if (!waiting) return document;
  const left = only ? (waiting[environmentId] ?? []).filter((id) => !only.includes(id)) : [];
  const remaining = Object.fromEntries(Object.entries(waiting).filter(([id]) => id !== environmentId));
  if (left.length > 0) remaining[environmentId] = left;
  return Object.keys(remaining).length > 0 ? { ...rest, subMerchantWatchesToMove: remaining } : rest;
}

export function createEnvironmentsService({
  store,
  vault,
  lock = {},
}: EnvironmentsServiceOptions): EnvironmentsService {
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs operations one after another, in call order. */
  const exclusive = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  };

  const load = async (): Promise<Result<SettingsDocument>> => {
    const loaded = await loadSettings(store, lock);
    return loaded.ok ? { ok: true, data: loaded.data.document } : loaded;
  };

  /** Changes the settings: under the lock, on the document as it is now (never an older copy). */
  const change = <T>(
    apply: (document: SettingsDocument) => Promise<Result<SettingsChange<T>>>,
  ): Promise<Result<T>> => updateSettings(store, apply, lock);

  /** One of the document's profiles, or `not_found`. */
  const pick = (document: SettingsDocument, environmentId: unknown): Result<EnvironmentProfile> => {
    const id = parseInput(environmentIdInput, environmentId, 'environmentId');
    if (!id.ok) return id;
    const profile = document.environments.find((env) => env.id === id.data);
    if (!profile) return fail('not_found', `There is no environment with id ${id.data}.`, 'environmentId');
    return { ok: true, data: profile };
  };

  const find = async (environmentId: unknown): Promise<Result<EnvironmentProfile>> => {
    const document = await load();
    return document.ok ? pick(document.data, environmentId) : document;
  };

  /**
   * A keychain change for a profile (not the embedded sandbox), under the settings lock: a
   * credential is never written for a profile that another process is removing meanwhile.
   */
  const changeKeychain = <T>(
    environmentId: unknown,
    apply: (profile: EnvironmentProfile) => Promise<Result<T>>,
  ): Promise<Result<T>> =>
    change(async (document) => {
      const profile = pick(document, environmentId);
      if (!profile.ok) return profile;
      if (profile.data.kind === 'local-sandbox') {
        return fail(
          'not_permitted',
          'The local sandbox provisions its own credentials; nothing is stored in the keychain for it.',
          'environmentId',
        );
      }
      const applied = await apply(profile.data);
      return applied.ok ? { ok: true, data: { value: applied.data } } : applied;
    });

  return {
    list: () =>
      exclusive(async () => {
        const document = await load();
        if (!document.ok) return document;
        const { environments, activeEnvironmentId } = document.data;
        return { ok: true, data: { environments, activeEnvironmentId } };
      }),

    get: (environmentId) => exclusive(() => find(environmentId)),

    active: () =>
      exclusive(async () => {
        const document = await load();
        if (!document.ok) return document;
        const profile = document.data.environments.find(
          (env) => env.id === document.data.activeEnvironmentId,
        );
        // The schema guarantees the active id names a profile.
        if (!profile) return fail('internal', 'The active environment is missing from the settings.');
        return { ok: true, data: profile };
      }),

    add: (rawInput) =>
      exclusive(async () => {
        const input = parseInput(environmentAddInputSchema, rawInput);
        if (!input.ok) return input;
        const baseUrl = baseUrlFor(input.data.kind, input.data.baseUrl);
        if (!baseUrl.ok) return baseUrl;
        const color = colorFor(input.data.kind, input.data.color);
        if (!color.ok) return color;
        return change(async (document) => {
          const environments = document.environments;
          const profile: EnvironmentProfile = {
            id: newEnvironmentId(input.data.name, new Set(environments.map((env) => env.id))),
            name: input.data.name,
            kind: input.data.kind,
            baseUrl: baseUrl.data,
            color: color.data,
          };
          const allowed = checkAgainstOthers(profile, environments);
          if (!allowed.ok) return allowed;
          return {
            ok: true,
            data: { value: profile, document: { ...document, environments: [...environments, profile] } },
          };
        });
      }),

    update: (rawInput) =>
      exclusive(async () => {
        const input = parseInput(environmentUpdateInputSchema, rawInput);
        if (!input.ok) return input;
        return change(async (document) => {
          const found = pick(document, input.data.id);
          if (!found.ok) return found;
          const current = found.data;
          const baseUrl =
            input.data.baseUrl === undefined
              ? { ok: true as const, data: current.baseUrl }
              : baseUrlFor(current.kind, input.data.baseUrl);
          if (!baseUrl.ok) return baseUrl;
          const color = colorFor(current.kind, input.data.color ?? current.color);
          if (!color.ok) return color;
          const updated: EnvironmentProfile = {
            ...current,
            name: input.data.name ?? current.name,
            baseUrl: baseUrl.data,
            color: color.data,
          };
          const allowed = checkAgainstOthers(
            updated,
            document.environments.filter((env) => env.id !== current.id),
          );
          if (!allowed.ok) return allowed;

          // Credentials belong to a host: before the profile points anywhere else, they go.
          const hostChanged =
            current.kind !== 'local-sandbox' &&
            credentialOrigin(current.baseUrl) !== credentialOrigin(updated.baseUrl);
          if (hostChanged) {
            const cleared = await vault.clearAll(current.id);
            if (!cleared.ok) {
              return fail(
                cleared.error.kind,
                `${cleared.error.message} The base URL was not changed: the credentials of the old host must be cleared first.`,
              );
            }
          }
          return {
            ok: true,
            data: {
              value: { environment: updated, credentialsCleared: hostChanged },
              document: {
                ...document,
                environments: document.environments.map((env) => (env.id === current.id ? updated : env)),
              },
            },
          };
        });
      }),

    remove: (environmentId, options = {}) =>
      exclusive(() =>
        change(async (document) => {
          const found = pick(document, environmentId);
          if (!found.ok) return found;
          const profile = found.data;
          const remaining = document.environments.filter((env) => env.id !== profile.id);
          if (!isNonEmpty(remaining)) {
            return fail(
              'invalid_state',
              'The only environment cannot be removed; add another one first.',
              'environmentId',
            );
          }
          let credentialsCleared = true;
          if (profile.kind !== 'local-sandbox') {
            const cleared = await vault.clearAll(profile.id);
            if (!cleared.ok && !options.force) {
              return fail(
                cleared.error.kind,
                `${cleared.error.message} The environment was kept because its credentials could not be cleared; retry once the keychain is available, or force the removal.`,
              );
            }
            credentialsCleared = cleared.ok;
          }
          const nextActive =
            document.activeEnvironmentId === profile.id
              ? successorOf(remaining)
              : document.activeEnvironmentId;
          return {
            ok: true,
            data: {
              value: { removedId: profile.id, activeEnvironmentId: nextActive, credentialsCleared },
              document: withoutWatchesToMove(
                { ...document, environments: remaining, activeEnvironmentId: nextActive },
                profile.id,
              ),
            },
          };
        }),
      ),

    use: (environmentId) =>
      exclusive(() =>
        change(async (document) => {
          const profile = pick(document, environmentId);
          if (!profile.ok) return profile;
          return {
            ok: true,
            data: {
              value: profile.data,
              ...(document.activeEnvironmentId !== profile.data.id && {
                document: { ...document, activeEnvironmentId: profile.data.id },
              }),
            },
          };
        }),
      ),

    preferences: () =>
      exclusive(async () => {
        const document = await load();
        return document.ok ? { ok: true, data: document.data.preferences } : document;
      }),

    updatePreferences: (rawPatch) =>
      exclusive(async () => {
        const patch = parseInput(preferencesPatchSchema, rawPatch);
        if (!patch.ok) return patch;
        // A key present with `undefined` (structured clone keeps it) must not erase the stored
        // value: the document would then fail its own schema on the next read and be set aside.
        const given = Object.entries(patch.data).filter(([, value]) => value !== undefined);
        return change(async (document) => {
          const preferences: Preferences = { ...document.preferences, ...Object.fromEntries(given) };
          // One table's choice must not erase another's (two windows, two tables).
          if (patch.data.tableColumns !== undefined) {
            preferences.tableColumns = { ...document.preferences.tableColumns, ...patch.data.tableColumns };
          }
          return { ok: true, data: { value: preferences, document: { ...document, preferences } } };
        });
      }),

    credentialStatus: (environmentId) =>
      exclusive(async () => {
        const profile = await find(environmentId);
        if (!profile.ok) return profile;
        if (profile.data.kind === 'local-sandbox')
          return { ok: true, data: embeddedSandboxStatus(profile.data.id) };
        return vault.status(profile.data.id);
      }),

    setCredential: (environmentId, field, value) =>
      exclusive(async () => {
        const known = parseInput(credentialFieldSchema, field, 'field');
        if (!known.ok) return known;
        return changeKeychain(environmentId, (profile) => vault.set(profile.id, known.data, value));
      }),

    clearCredential: (environmentId, field) =>
      exclusive(async () => {
        const known = parseInput(credentialFieldSchema, field, 'field');
        if (!known.ok) return known;
        return changeKeychain(environmentId, (profile) => vault.clear(profile.id, known.data));
      }),

    clearCredentials: (environmentId) =>
      exclusive(() => changeKeychain(environmentId, (profile) => vault.clearAll(profile.id))),

    subMerchantWatchesToMove: () =>
      exclusive(async () => {
        const document = await load();
        if (!document.ok) return document;
        const known = new Set(document.data.environments.map((env) => env.id));
        const waiting = Object.entries(document.data.subMerchantWatchesToMove ?? {});
        // A hand-edited file may name a profile that is gone: its watches have nowhere to go.
        return { ok: true, data: Object.fromEntries(waiting.filter(([id]) => known.has(id))) };
      }),

    subMerchantWatchesMoved: (moved) =>
      exclusive(() =>
        change(async (document) => {
          let next = document;
          for (const [environmentId, ids] of Object.entries(moved)) {
            next = withoutWatchesToMove(next, environmentId, ids);
          }
          return { ok: true, data: { value: undefined, ...(next !== document && { document: next }) } };
        }),
      ),
  };
}
