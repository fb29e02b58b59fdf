import type { ConsoleApi, ConsoleError, EnvironmentProfile, Result } from '../../shared/contract';
import {
  createConsoleRuntime,
  sqliteRecordIndexStarter,
  type ClientTuning,
  type ConsoleEventBus,
  type ConsoleRecords,
  type ConsoleRuntime,
  type ConsoleTeam,
  type RecordIndexStarter,
} from '../core/console';
import { dataPaths, resolveDataDir } from '../core/data-dir';
import { createFileSettingsStore, loadSettings } from '../core/settings';
import { join } from 'node:path';
import type { SecretBackend } from '../core/vault';
import {
  createSealedFileBackend,
  parseVaultKey,
  SEALED_SECRETS_FILE,
  VAULT_KEY_VARIABLE,
} from '../core/vault/sealed-file-backend';
import type { SandboxOptions } from '../sandbox';
import { embeddedSandboxStarter } from '../sandbox/starter';
import type { EnvironmentSource, Variables } from './environment';
import {
  credentialsFromVariables,
  environmentFromVariables,
  explainProfile,
  usesBaseUrlVariable,
  variablesIdentity,
} from './environment';

/** What the CLI injects into the console core (tests: a keychain service of their own, a seed). */
export interface CliCoreOptions {
  /** Where the base URL and credentials come from instead of a profile (default: PAYDESK_BASE_URL). */
  environment?: EnvironmentSource;
  /** Client tuning (tests shorten the backoff). */
  client?: ClientTuning;
  /** The keychain; the OS keychain under `paydesk` by default. */
  vault?: { backend?: SecretBackend; service?: string };
  /** The embedded sandbox behind the local-sandbox profile; `false` disables it. */
  sandbox?: false | SandboxOptions;
  /** Epoch ms, for the journal and arming. */
  now?: () => number;
  /** The record index; the data folder's SQLite file by default, `false` for none. */
  recordIndex?: false | RecordIndexStarter;
}

export interface CliSession {
  api: ConsoleApi;
  /** Acknowledging and repairing a journal's damage (ConsoleRuntime's `journalCare`). */
  journalCare: ConsoleRuntime['journalCare'];
  /** The runtime's events (a batch's progress). */
  events: ConsoleEventBus;
  /** The record index: search, recent lists, rebuild. */
  records: ConsoleRecords;
  /** The team of each profile's desk (`paydesk team join|leave|status`). */
  team: ConsoleTeam;
  /** A notification receiver over this session's console (`paydesk notifications receive`). */
  receiveNotifications: ConsoleRuntime['receiveNotifications'];
  /** The profile the resource commands act on (`--env`, PAYDESK_BASE_URL, or the active one). */
  target(): Promise<Result<EnvironmentProfile>>;
  /** Adds how to fix a failure in the terms of where the environment came from. */
  explain(error: ConsoleError): Promise<ConsoleError>;
  close(): Promise<void>;
}

export interface SessionRequest {
  variables: Variables;
  /** The global `--env <id>`. */
  environmentId?: string;
  /**
   * `write`: the command may mutate, so the identity of a PAYDESK_BASE_URL environment is looked
   * up in the profiles (guard rails, journal). `read`: it is not (no settings file is touched).
   */
  purpose: 'read' | 'write' | 'manage';
}

/** Opens the console core for one command; close() stops the embedded sandbox and the journal. */
export async function openSession(
  request: SessionRequest,
  options: CliCoreOptions,
): Promise<Result<CliSession>> {
  const dataDir = resolveDataDir(request.variables);
  // A machine with no OS keychain (a server running the team's executor) keeps secrets sealed.
  const vaultKey = request.variables[VAULT_KEY_VARIABLE];
  let vault = options.vault;
  if (vaultKey !== undefined) {
    const key = parseVaultKey(vaultKey);
    if (!key.ok) return key;
    vault = {
      ...options.vault,
      backend: createSealedFileBackend(join(dataDir, SEALED_SECRETS_FILE), key.data),
    };
  }
  const common = {
    dataDir,
    // One command per process: the watchlist is polled only when a command asks.
    watch: { polling: false },
    // Opened by the first record a command sees, so a command that sees none never opens it.
    recordIndex: options.recordIndex ?? sqliteRecordIndexStarter(dataDir),
    ...(vault && { vault }),
    ...(options.client && { client: options.client }),
    ...(options.now && { now: options.now }),
  };
  const variablesSource =
    options.environment ??
    (usesBaseUrlVariable(request.variables) ? environmentFromVariables(request.variables) : undefined);

  if (variablesSource && request.purpose !== 'manage') {
    const found = await variablesSource();
    if (!found.ok) return found;
    let identity = variablesIdentity(found.data.baseUrl, [], undefined);
    if (request.purpose === 'write' || request.environmentId !== undefined) {
      const loaded = await loadSettings(createFileSettingsStore(dataPaths(dataDir).settings));
      if (!loaded.ok) return loaded;
      identity = variablesIdentity(
        found.data.baseUrl,
        loaded.data.document.environments,
        request.environmentId,
      );
    }
    if (!identity.ok) return identity;
    const runtime = createConsoleRuntime({
      ...common,
      embeddedSandbox: false,
      transientEnvironment: {
        profile: identity.data,
        baseUrl: found.data.baseUrl,
        credentials: found.data.credentials,
      },
    });
    const explainVariables = found.data.explain ?? ((error: ConsoleError) => error);
    const explain = async (error: ConsoleError): Promise<ConsoleError> => explainVariables(error);
    const profile = identity.data;
    return { ok: true, data: sessionOf(runtime, async () => ({ ok: true, data: profile }), explain) };
  }

  const runtime = createConsoleRuntime({
    ...common,
    embeddedSandbox: options.sandbox === false ? false : embeddedSandboxStarter(options.sandbox),
    ...(request.environmentId !== undefined && { activeEnvironmentId: request.environmentId }),
    credentialOverlay: credentialsFromVariables(request.variables),
  });
  const target = async (): Promise<Result<EnvironmentProfile>> => {
    const list = await runtime.api.listEnvironments({});
    if (!list.ok) return list;
    const profile = list.data.environments.find((env) => env.id === list.data.activeEnvironmentId);
    if (!profile) {
      return {
        ok: false,
        error: {
          kind: 'not_found',
          field: '--env',
          message: `There is no environment with id ${list.data.activeEnvironmentId}: see paydesk env list.`,
        },
      };
    }
    return { ok: true, data: profile };
  };
  const explain = async (error: ConsoleError): Promise<ConsoleError> => {
    if (error.kind !== 'credentials_missing') return error;
    const found = await target();
    return explainProfile(error, found.ok ? found.data.id : '<env>');
  };
  return { ok: true, data: sessionOf(runtime, target, explain) };
}

function sessionOf(
  runtime: ConsoleRuntime,
  target: () => Promise<Result<EnvironmentProfile>>,
  explain: (error: ConsoleError) => Promise<ConsoleError>,
): CliSession {
  return {
    api: runtime.api,
    journalCare: runtime.journalCare,
    events: runtime.events,
    records: runtime.records,
    team: runtime.team,
    receiveNotifications: (listen) => runtime.receiveNotifications(listen),
    target,
    explain,
    close: () => runtime.close(),
  };
}
