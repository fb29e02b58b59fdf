import { randomBytes } from 'node:crypto';
import type { ClockStatus, CredentialField, EnvironmentProfile, Result } from '../../../shared/contract';
import type {
  Credentials,
  CredentialsSource,
  Exchange,
  PaymentsClientOptions,
  ServerClockOptions,
  ServiceAccount,
} from '../payments';
import { accountOrigin, PaymentsClient, sandboxWorldAccount, serviceAccount, ServerClock } from '../payments';
import type { EmbeddedSandbox, EnvironmentResolver } from '../settings';
import { failure } from './results';

/**
 * The embedded sandbox as the core sees it (main/sandbox's SandboxHandle fits): where it
 * answers, its credentials and control API, and how to stop it.
 */
export interface EmbeddedSandboxHandle extends EmbeddedSandbox {
  /** `<baseUrl>/__sandbox`: the control API. */
  controlUrl: string;
  close(): Promise<void>;
}

/**
 * Starts an embedded sandbox. The composition roots pass main/sandbox's starter, which loads
 * the sandbox (and Fastify) only when called: main/core never imports main/sandbox.
 */
export type EmbeddedSandboxStarter = () => Promise<EmbeddedSandboxHandle>;

/** Client tuning shared by every environment's client. */
export interface ClientTuning {
  timeoutMs?: number;
  retry?: PaymentsClientOptions['retry'];
  /** Options of each environment's ServerClock (tests: `correct: false`, an injected `localNow`). */
  clock?: ServerClockOptions;
  /** Only for tests and benchmarks: a wrapper around httpExchange. */
  exchange?: Exchange;
}

/**
 * An environment that exists only in this runtime and is never written to the settings: the
 * CLI's PAYDESK_BASE_URL and PAYDESK_* credential variables.
 */
export interface TransientEnvironment {
  profile: EnvironmentProfile;
  baseUrl: string;
  credentials: CredentialsSource;
}

/** One environment, ready to call: its profile, its real base URL, its client and clock. */
export interface EnvironmentConnection {
  profile: EnvironmentProfile;
  baseUrl: string;
  client: PaymentsClient;
  credentialSource: 'keychain' | 'embedded-sandbox' | 'variables';
  /** The embedded sandbox behind a local-sandbox profile (its control API); null otherwise. */
  sandbox: EmbeddedSandboxHandle | null;
  /**
   * The merchant's account at the service this connection reaches, read with the credentials as
   * they are now (D19): what exactly-once rules and refund arithmetic are keyed by.
   */
  account(): Promise<Result<ServiceAccount>>;
  /** The account as last read (by account() or by a signed call), without waiting; null before. */
  lastAccount(): ServiceAccount | null;
  /**
   * A client for the same address with made-up credentials: what the doctor asks first, so that an
   * answer it takes as proof (a 404 for an id nobody has) is proof only when a stranger gets a refusal.
   */
  strangerClient(): Result<PaymentsClient>;
  /**
   * The key the service signs this account's notifications with (D11): the API key it sends as
   * X-Login and the API secret, read as they are now. It stays in main/core.
   */
  notificationKey(): Promise<Result<{ login: string; secret: string }>>;
}

interface ConnectionsOptions {
  resolver: EnvironmentResolver;
  /** The embedded sandbox (started once, on first need); absent when disabled. */
  sandbox?: () => Promise<Result<EmbeddedSandboxHandle>>;
  client: ClientTuning;
  onClockChange: (environmentId: string, clock: ClockStatus) => void;
  /** Values that win over the keychain's for keychain-backed profiles (the CLI's PAYDESK_* variables). */
  credentialOverlay?: Partial<Record<CredentialField, string>>;
  transient?: TransientEnvironment;
  /**
   * For a profile with no API key: the accounts its team's executor acts under at the service at
   * `origin` (null when the team has none for it, or the profile is in no team). Such a desk reads
   * and moves money under that account (docs/architecture.md, "Team mode: approvals").
   */
  executorAccount?: (
    environmentId: string,
    origin: string,
  ) => Promise<Result<{ payments: string; cashouts: string | null } | null>>;
}

export interface Connections {
  /** The environment's connection; the client is rebuilt when the profile's base URL moved. */
  connect(environmentId: string): Promise<Result<EnvironmentConnection>>;
  /** The connection made last for this environment, if any (no settings read, no sandbox start). */
  peek(environmentId: string): EnvironmentConnection | undefined;
  /** Forgets the environment's client and clock (profile removed, or its base URL changed). */
  drop(environmentId: string): void;
  close(): void;
}

/** Credentials no service issued: random, header-safe, the cashout pair within its 32 characters. */
function madeUpCredentials(): Credentials {
  const token = (): string => randomBytes(12).toString('hex');
  return {
    apiKey: `paydesk-doctor-${token()}`,
    apiSecret: token(),
    readOnlyKey: `paydesk-doctor-${token()}`,
    cashoutLogin: `pd-${token()}`,
    cashoutPass: token(),
    cashoutSecret: token(),
  };
}

interface Entry {
  connection: EnvironmentConnection;
  unsubscribe: () => void;
}

export function createConnections(options: ConnectionsOptions): Connections {
  const entries = new Map<string, Entry>();
  const overlay = Object.fromEntries(
    Object.entries(options.credentialOverlay ?? {}).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  ) as Credentials;
  const hasOverlay = Object.keys(overlay).length > 0;

  const build = (
    profile: EnvironmentProfile,
    baseUrl: string,
    credentials: CredentialsSource,
    credentialSource: EnvironmentConnection['credentialSource'],
    sandbox: EmbeddedSandboxHandle | null,
  ): Result<EnvironmentConnection> => {
    const clock = new ServerClock(options.client.clock);
    let last: ServiceAccount | null = null;
    const accountOf = (values: Credentials): Result<ServiceAccount> => {
      const account = serviceAccount(baseUrl, values);
      if (account === null) return failure('internal', 'The base URL has no origin.');
      last = account;
      return { ok: true, data: account };
    };
    // Every signed call reads the credentials: the account they name is noted on the way.
    const noting: CredentialsSource =
      typeof credentials === 'function'
        ? async () => {
            const read = await credentials();
            if (read.ok) accountOf(read.data);
            return read;
          }
        : credentials;
    if (typeof credentials !== 'function') accountOf(credentials);
    const created = PaymentsClient.create({
      baseUrl,
      credentials: noting,
      clock,
      ...(options.client.timeoutMs !== undefined && { timeoutMs: options.client.timeoutMs }),
      ...(options.client.retry && { retry: options.client.retry }),
      ...(options.client.exchange && { exchange: options.client.exchange }),
    });
    if (!created.ok) return created;
    const connection: EnvironmentConnection = {
      profile,
      baseUrl: created.data.baseUrl,
      client: created.data,
      credentialSource,
      sandbox,
      async account() {
        // The embedded sandbox is one account per world: a restart or a reset is another one.
        if (sandbox) return { ok: true, data: sandboxWorldAccount(sandbox.worldId) };
        const read =
          typeof credentials === 'function' ? await credentials() : { ok: true as const, data: credentials };
        if (!read.ok) return read;
        const own = accountOf(read.data);
        if (!own.ok || read.data.apiKey || !options.executorAccount) return own;
        // No key of its own: the team's executor names the account, else the key's absence does
        // (and the signed call is refused for it). A team that cannot be asked refuses: guessing
        // the account would key exactly-once by the wrong one (D19).
        const origin = accountOrigin(baseUrl);
        if (origin === null) return own;
        const lent = await options.executorAccount(profile.id, origin);
        if (!lent.ok) return lent;
        if (lent.data === null) return own;
        last = { payments: lent.data.payments, cashouts: lent.data.cashouts ?? own.data.cashouts };
        return { ok: true, data: last };
      },
      lastAccount: () => (sandbox ? sandboxWorldAccount(sandbox.worldId) : last),
      strangerClient: () =>
        PaymentsClient.create({
          baseUrl,
          credentials: madeUpCredentials(),
          clock,
          ...(options.client.timeoutMs !== undefined && { timeoutMs: options.client.timeoutMs }),
          retry: { attempts: 1 },
          ...(options.client.exchange && { exchange: options.client.exchange }),
        }),
      async notificationKey() {
        const read =
          typeof credentials === 'function' ? await credentials() : { ok: true as const, data: credentials };
        if (!read.ok) return read;
        const { apiKey, apiSecret } = read.data;
        if (!apiKey || !apiSecret) {
          return failure(
            'credentials_missing',
            'The API key or API secret is not set: its notifications cannot be checked.',
            {
              text: { key: 'credentials.missingSigned' },
            },
          );
        }
        return { ok: true, data: { login: apiKey, secret: apiSecret } };
      },
    };
    const unsubscribe = clock.subscribe((status) => options.onClockChange(profile.id, status));
    entries.get(profile.id)?.unsubscribe();
    entries.set(profile.id, { connection, unsubscribe });
    return { ok: true, data: connection };
  };

  const connectTransient = (transient: TransientEnvironment): Result<EnvironmentConnection> => {
    const existing = entries.get(transient.profile.id);
    if (existing) return { ok: true, data: existing.connection };
    return build(transient.profile, transient.baseUrl, transient.credentials, 'variables', null);
  };

  return {
    async connect(environmentId) {
      if (options.transient && options.transient.profile.id === environmentId) {
        return connectTransient(options.transient);
      }
      const resolved = await options.resolver.resolve(environmentId);
      if (!resolved.ok) return resolved;
      const { profile, baseUrl, credentialSource } = resolved.data;
      const existing = entries.get(profile.id);
      if (existing && existing.connection.baseUrl === baseUrl) {
        // Same host: keep the client and its clock estimate; the profile's other fields may have moved.
        existing.connection.profile = profile;
        return { ok: true, data: existing.connection };
      }
      let sandbox: EmbeddedSandboxHandle | null = null;
      if (credentialSource === 'embedded-sandbox') {
        const started = options.sandbox ? await options.sandbox() : undefined;
        if (!started?.ok) {
          return failure('internal', 'The embedded sandbox is not running.', {
            text: { key: 'sandbox.notRunning' },
          });
        }
        sandbox = started.data;
      }
      // The resolver's provider re-checks, on every call, that the profile still points here.
      const fromResolver = (): Promise<Result<Credentials>> => resolved.data.credentials(baseUrl);
      const credentials =
        credentialSource === 'keychain' && hasOverlay
          ? async (): Promise<Result<Credentials>> => {
              const stored = await fromResolver();
              // The variables alone still work when the keychain cannot be used; any other
              // refusal (the profile moved to another host) stands.
              if (!stored.ok && stored.error.kind !== 'keychain_unavailable') return stored;
              return { ok: true, data: { ...(stored.ok ? stored.data : {}), ...overlay } };
            }
          : fromResolver;
      return build(profile, baseUrl, credentials, credentialSource, sandbox);
    },

    peek: (environmentId) => entries.get(environmentId)?.connection,

    drop(environmentId) {
      entries.get(environmentId)?.unsubscribe();
      entries.delete(environmentId);
    },

    close() {
      for (const entry of entries.values()) entry.unsubscribe();
      entries.clear();
    },
  };
}
