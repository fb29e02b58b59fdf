import type { OpenExternal } from './context';
import type {
  ConsoleApi,
  ConsoleSetup,
  CredentialField,
  EnvironmentProfile,
  Result,
} from '../../../shared/contract';
import { join } from 'node:path';
import { openJournal, type Journal } from '../audit';
import { openDeskJournals } from './journals';
import type { FileLockOptions } from '../storage/file-lock';
import { BatchManager, type BatchTarget } from '../batch';
import { dataPaths, type DataPaths } from '../data-dir';
import { createDraftStore, draftSealing, DRAFTS_FOLDER_NAME, keychainDraftKey } from '../drafts';
import {
  createEnvironmentResolver,
  createEnvironmentsService,
  createFileSettingsStore,
  type SettingsStore,
} from '../settings';
import { createKeytarBackend, createVault, VAULT_SERVICE, type SecretBackend } from '../vault';
import { ID_KIND_OF, Watchlist, WATCHLIST_FILE_NAME } from '../watchlist';
import { ProductionArming } from './arming';
import {
  createConnections,
  type ClientTuning,
  type EmbeddedSandboxHandle,
  type EmbeddedSandboxStarter,
  type TransientEnvironment,
} from './connections';
import { activeConnection, type ConsoleContext } from './context';
import { createEventBus, type ConsoleEventBus } from './events';
import { summaryObservation, seenNow } from './observations';
import {
  createConsoleRecords,
  RecordKeeper,
  type ConsoleRecords,
  type RecordIndexStarter,
  type RecordsLog,
} from './records';
import { consoleClosed, failure } from './results';
import { createOpenedLinks, type OpenedLinks } from './opened-links';
import { createConsoleApi } from './service';
import { createConsoleTeam, type ConsoleTeam } from './team';
import { createTeamSessions } from '../team/desk-sessions';
import { followActiveTeam } from './team-live';
import { sqliteNotificationInbox, type NotificationInbox } from '../notifications/inbox';
import {
  startNotificationReceiver,
  type NotificationReceiver,
  type ReceiverOptions,
} from '../notifications/receiver';
import { takeNotification } from './notifications';
import { keepReceiverPort, readKeptReceiverPort } from '../notifications/receiver-port';
import { noticeApprovalRequests } from './approval-notices';
import { executorAccount } from '../team/executor-reads';

export interface ConsoleRuntimeOptions {
  /** The data folder (resolveDataDir() in the app and the CLI, a temp folder in tests). */
  dataDir: string;
  /**
   * Where the settings document lives. Default: `<dataDir>/settings.json` through the plain-Node
   * file store; the desktop app may pass its electron-store adapter (same file).
   */
  settingsStore?: SettingsStore;
  /** The keychain. Default: the OS keychain (keytar) under the service name `paydesk`. */
  vault?: {
    backend?: SecretBackend;
    /** Tests use `paydesk-test-<random>` so a user's real entries are never touched. */
    service?: string;
    /**
     * Default true. False for a backend whose entries end with the process (a memory vault): a
     * draft sealed with its key could never be opened again, so drafts stay in memory instead.
     */
    keptAcrossRuns?: boolean;
  };
  /**
   * How the composition root started this console, for the page's start-up notes (getConsoleSetup).
   * Default: the desktop app on a data folder that stays.
   */
  launch?: Omit<ConsoleSetup, 'keychain'>;
  /**
   * Starts the embedded sandbox behind the local-sandbox profile, on first need and once; absent
   * or `false`: none. The composition roots pass main/sandbox's `embeddedSandboxStarter`.
   */
  embeddedSandbox?: false | EmbeddedSandboxStarter;
  /** Timeouts, retries and clock options of every environment's client. */
  client?: ClientTuning;
  /** Opens an https link in the system browser (shell.openExternal in the app). */
  openExternal?: OpenExternal;
  /** Epoch ms; injected by tests (arming idle time, file names, report times). */
  now?: () => number;
  /** Who the journal says acted; the OS account by default. */
  osUser?: string | null;
  /** How long the journal waits for its lock held by another process (tests shorten it). */
  journalLock?: FileLockOptions;
  /**
   * Act on this environment instead of the settings' active one, without writing the settings
   * (the CLI's `--env`). `useEnvironment` still writes the settings and moves it.
   */
  activeEnvironmentId?: string;
  /** An environment that lives only in this runtime (the CLI's PAYDESK_BASE_URL). */
  transientEnvironment?: TransientEnvironment;
  /** Credential values that win over the keychain's (the CLI's PAYDESK_* variables). */
  credentialOverlay?: Partial<Record<CredentialField, string>>;
  /**
   * Opens the record index on first need; absent or `false`: none is kept. The
   * composition roots pass `sqliteRecordIndexStarter(dataDir)`.
   */
  recordIndex?: false | RecordIndexStarter;
  /**
   * Keep the user's batches with ids left in the data folder, and list them stopped after a
   * restart (main/core/batch/saved-runs.ts). The app and the browser build pass true; the CLI,
   * whose command lives for one batch, does not.
   */
  keepUnfinishedBatches?: boolean;
  /** Where the core logs what the user need not see (a record index write that failed). */
  log?: RecordsLog;
  /**
   * Listen to the active environment's team database for other desks' operations (team-live.ts).
   * Default: as `watch.polling`, so the app and the web bridge do and a CLI command does not.
   */
  followTeam?: boolean;
  /**
   * Receive the embedded sandbox's notifications (D11) on a loopback receiver of this runtime,
   * and give its URL as the notification_url of deposits created on the sandbox without one.
   * Default: as `watch.polling`, so the app and the web bridge do and a CLI command (which
   * ends before a notification could come) does not.
   */
  sandboxNotifications?: boolean;
  /** The watchlist's poller. */
  watch?: {
    /**
     * Poll the active environment's pins on a timer (default true: the app and the web bridge).
     * The CLI passes false: a process that lives for one command polls only when asked.
     */
    polling?: boolean;
    /** Tests only: the timer's interval in ms instead of the user's seconds. */
    timerIntervalMs?: number;
    /** Tests only: the jitter source. */
    random?: () => number;
  };
}

export interface ConsoleRuntime {
  api: ConsoleApi;
  /**
   * What a person does about a journal's damage (`paydesk audit acknowledge-truncation|repair`):
   * the desk's file first, else the team stream of a profile that has something to acknowledge or
   * repair (journals.ts).
   */
  journalCare: Pick<Journal, 'acknowledgeTruncation' | 'repairDamage'>;
  events: ConsoleEventBus;
  paths: DataPaths;
  /** Searches and recent lists of the record index, and its rebuild. */
  records: ConsoleRecords;
  /** The team each profile's desk is in: join, leave, status (the CLI's `paydesk team`). */
  team: ConsoleTeam;
  /** `paydesk://` links from outside and clicked notifications, for the page to show. */
  links: Pick<OpenedLinks, 'openLink' | 'openTarget'>;
  /**
   * Starts a notification receiver (D11) over this console: each genuine notification is
   * recorded once per (account, record, status) and told as `notificationReceived`. Closed with
   * the runtime.
   */
  receiveNotifications(listen: {
    port: number;
    host?: string;
    onRefusal?: ReceiverOptions['onRefusal'];
  }): Promise<Result<NotificationReceiver>>;
  /** Stops the embedded sandbox, closes the journal, drops listeners and timers. Idempotent. */
  close(): Promise<void>;
}

/**
 * Composes the console core: settings, environments, vault, resolver, the embedded sandbox
 * (lazily, once), one client and clock per environment, the audit journal, production arming and
 * the event bus; answers the ConsoleApi that the IPC router, the web bridge and the CLI call.
 * Pure Node: nothing here imports Electron.
 */
export function createConsoleRuntime(options: ConsoleRuntimeOptions): ConsoleRuntime {
  const paths = dataPaths(options.dataDir);
  const now = options.now ?? Date.now;
  const events = createEventBus();
  const store = options.settingsStore ?? createFileSettingsStore(paths.settings);
  const secrets = options.vault?.backend ?? createKeytarBackend();
  const vaultService = options.vault?.service ?? VAULT_SERVICE;
  const vault = createVault({ backend: secrets, service: vaultService, now: () => new Date(now()) });
  const draftsDir = join(paths.dir, DRAFTS_FOLDER_NAME);
  // One install key seals what holds payer details on disk: drafts, and requests kept for a retry.
  const sealKey = keychainDraftKey(secrets, vaultService, draftsDir);
  const drafts = createDraftStore({
    dir: draftsDir,
    sealing: draftSealing(sealKey, options.vault?.keptAcrossRuns ?? true),
    now,
  });
  const environments = createEnvironmentsService({ store, vault });

  let sandboxStart: Promise<Result<EmbeddedSandboxHandle>> | undefined;
  let closed = false;
  const startSandbox = options.embeddedSandbox || undefined;
  const embeddedSandbox =
    startSandbox === undefined
      ? undefined
      : (): Promise<Result<EmbeddedSandboxHandle>> => {
          if (closed) return Promise.resolve(consoleClosed());
          sandboxStart ??= startSandbox().then(
            (handle): Result<EmbeddedSandboxHandle> => ({ ok: true, data: handle }),
            (): Result<EmbeddedSandboxHandle> => {
              sandboxStart = undefined; // try again on the next need
              return failure('internal', 'The embedded sandbox could not be started.', {
                text: { key: 'sandbox.startFailed' },
              });
            },
          );
          return sandboxStart;
        };

  const resolver = createEnvironmentResolver({
    environments,
    vault,
    ...(embeddedSandbox && { embeddedSandbox }),
  });
  const transient = options.transientEnvironment;
  // A transient profile (the CLI's environment from variables) is in no team: it is not kept.
  const teamSessions = createTeamSessions({
    teamOf: (environmentId) =>
      transient && transient.profile.id === environmentId
        ? Promise.resolve({ ok: true, data: { profile: transient.profile, team: null } })
        : environments.teamOf(environmentId),
    teamSecret: (environmentId) => environments.teamSecret(environmentId),
  });
  const connections = createConnections({
    resolver,
    ...(embeddedSandbox && { sandbox: embeddedSandbox }),
    client: options.client ?? {},
    onClockChange: (environmentId, clock) => events.emit('clockChanged', { environmentId, clock }),
    ...(options.credentialOverlay && { credentialOverlay: options.credentialOverlay }),
    ...(options.transientEnvironment && { transient: options.transientEnvironment }),
    async executorAccount(environmentId, origin) {
      const session = await teamSessions.of(environmentId);
      if (!session.ok) return session;
      return session.data === null ? { ok: true, data: null } : executorAccount(session.data.client, origin);
    },
  });
  const arming = new ProductionArming({ now, onChange: (state) => events.emit('armingChanged', state) });

  let inboxOpen: Promise<Result<NotificationInbox>> | undefined;
  const openInbox = sqliteNotificationInbox(paths.dir);
  const notificationInbox = (): Promise<Result<NotificationInbox>> => {
    if (closed) return Promise.resolve(consoleClosed());
    inboxOpen ??= openInbox().then((opened) => {
      if (!opened.ok) inboxOpen = undefined; // a storage problem may be fixed meanwhile
      return opened;
    });
    return inboxOpen;
  };

  const journalOptions = {
    now: () => new Date(now()),
    sealKey,
    ...(options.osUser !== undefined && { osUser: options.osUser }),
  };
  let localJournalOpen: Promise<Result<Journal>> | undefined;
  const localJournal = (): Promise<Result<Journal>> => {
    if (closed) return Promise.resolve(consoleClosed());
    localJournalOpen ??= openJournal({
      dir: paths.audit,
      ...journalOptions,
      ...(options.journalLock && { lock: options.journalLock }),
    }).then((opened) => {
      if (!opened.ok) localJournalOpen = undefined; // a storage problem may be fixed meanwhile
      return opened;
    });
    return localJournalOpen;
  };
  let journalOpen: Promise<Result<Journal>> | undefined;
  const journal = (): Promise<Result<Journal>> => {
    if (closed) return Promise.resolve(consoleClosed());
    journalOpen ??= openDeskJournals({
      local: localJournal,
      teamSessions,
      environmentIds: async () => {
        const listed = await environments.list();
        return listed.ok ? { ok: true, data: listed.data.environments.map((profile) => profile.id) } : listed;
      },
      dir: paths.audit,
      journal: journalOptions,
    }).then((opened) => {
      if (!opened.ok) journalOpen = undefined;
      return opened;
    });
    return journalOpen;
  };

  let pinned = options.activeEnvironmentId ?? transient?.profile.id;

  const activeTarget = async (): Promise<Result<BatchTarget>> => {
    const connection = await activeConnection(context);
    return connection.ok
      ? {
          ok: true,
          data: {
            environmentId: connection.data.profile.id,
            client: connection.data.client,
            baseUrl: connection.data.profile.baseUrl,
          },
        }
      : connection;
  };

  const records = new RecordKeeper({
    ...(options.recordIndex && { start: options.recordIndex }),
    ...(options.log && { log: options.log }),
    now,
    accountOf: (environmentId, kind) => {
      const account = connections.peek(environmentId)?.lastAccount();
      return (kind === 'cashout' ? account?.cashouts : account?.payments) ?? undefined;
    },
    // An environment in a team shares its team's index, over the session its money moves use.
    teamIndex: async (environmentId) => {
      const session = await teamSessions.of(environmentId);
      if (!session.ok || session.data === null) return session.ok ? { ok: true, data: null } : session;
      const connection = await connections.connect(environmentId);
      if (!connection.ok) return connection;
      const accounts = await connection.data.account();
      if (!accounts.ok) return accounts;
      // Loaded here, as the embedded index is (record-index-starter.ts): a desk in no team never loads it.
      const { createTeamRecordIndex } = await import('../record-index/postgres');
      return {
        ok: true,
        data: createTeamRecordIndex(session.data.client, { environmentId, accounts: accounts.data }),
      };
    },
  });
  const depositCurrency = async (environmentId: string, depositId: number): Promise<string | undefined> =>
    (await records.optional(environmentId, (index) => index.get(environmentId, 'deposit', String(depositId))))
      ?.currency;
  const batches = new BatchManager({
    dataDir: paths.dir,
    now,
    activeTarget,
    emit: (summary) => events.emit('batchProgress', summary),
    observe: (environmentId, kind, rows) => {
      const seen = seenNow(environmentId, 'batch', now());
      records.observe(rows.map((row) => summaryObservation(seen, kind, row.id, row)));
    },
    depositCurrency,
    keepUnfinished: options.keepUnfinishedBatches ?? false,
  });
  const watchlist = new Watchlist({
    filePath: join(paths.dir, WATCHLIST_FILE_NAME),
    now,
    activeEnvironmentId: () => context.activeEnvironmentId(),
    activeTarget,
    emit: (change) => events.emit('watchChanged', change),
    polling: options.watch?.polling ?? true,
    ...(options.watch?.timerIntervalMs !== undefined && { timerIntervalMs: options.watch.timerIntervalMs }),
    ...(options.watch?.random && { random: options.watch.random }),
    observe: (environmentId, reads) => {
      const seen = seenNow(environmentId, 'watch', now());
      records.observe(
        reads.map((read) => summaryObservation(seen, ID_KIND_OF[read.kind], read.id, read.summary)),
      );
    },
    depositCurrency,
  });
  // Batches run against the environment active when they started; the poller follows the active one.
  events.on('environmentChanged', (list) => {
    batches.environmentChanged(list.activeEnvironmentId, connections.peek(list.activeEnvironmentId)?.client);
    watchlist.environmentChanged(list.activeEnvironmentId);
  });

  const openedLinks = createOpenedLinks(events);
  const context: ConsoleContext = {
    environments,
    connections,
    arming,
    events,
    journal,
    localJournal,
    teamSessions,
    now,
    dataDir: paths.dir,
    async activeEnvironmentId() {
      if (pinned !== undefined) return { ok: true, data: pinned };
      const active = await environments.active();
      return active.ok ? { ok: true, data: active.data.id } : active;
    },
    setActiveEnvironmentId(environmentId) {
      if (pinned !== undefined) pinned = environmentId;
    },
    async profile(environmentId): Promise<Result<EnvironmentProfile>> {
      if (transient && transient.profile.id === environmentId) return { ok: true, data: transient.profile };
      return environments.get(environmentId);
    },
    redirectUrls: new Set(),
    openExternal: options.openExternal,
    batches,
    watchlist,
    records,
    notificationInbox,
    sandboxNotificationUrl: () => Promise.resolve(undefined),
    drafts,
    launch: options.launch ?? { launcher: 'desktop', dataFolderTemporary: false },
    openedLinks,
  };
  const receivers = new Set<NotificationReceiver>();
  const sandboxNotifications = options.sandboxNotifications ?? options.watch?.polling ?? true;
  let sandboxReceiver: Promise<Result<NotificationReceiver>> | undefined;
  const receiveNotifications: ConsoleRuntime['receiveNotifications'] = async (listen) => {
    if (closed) return consoleClosed();
    try {
      const receiver = await startNotificationReceiver({
        ...listen,
        handle: (request) => takeNotification(context, request),
      });
      receivers.add(receiver);
      return { ok: true, data: receiver };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      return failure(
        'validation',
        `Cannot listen on ${listen.host ?? '127.0.0.1'}:${listen.port} (${code}).`,
        {
          field: '--port',
        },
      );
    }
  };

  // On the port of the last run when it can be had again (notifications/receiver-port.ts), else
  // on a new one, kept for the next run.
  const startSandboxReceiver = async (): Promise<Result<NotificationReceiver>> => {
    const kept = await readKeptReceiverPort(paths.dir);
    if (kept !== undefined) {
      const again = await receiveNotifications({ port: kept });
      if (again.ok || closed) return again;
    }
    const fresh = await receiveNotifications({ port: 0 });
    if (fresh.ok && fresh.data.port !== kept) {
      await keepReceiverPort(paths.dir, fresh.data.port).catch((error: unknown) => {
        options.log?.warn('notification receiver: its port could not be kept for the next run', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
    }
    return fresh;
  };
  // Started on the first deposit or refund that needs it; a port that cannot be had is tried
  // again next time.
  context.sandboxNotificationUrl = async () => {
    if (!sandboxNotifications || closed) return undefined;
    sandboxReceiver ??= startSandboxReceiver().then((started) => {
      if (!started.ok) sandboxReceiver = undefined;
      return started;
    });
    const started = await sandboxReceiver;
    return started.ok ? started.data.url : undefined;
  };

  const notices = noticeApprovalRequests(context);
  const watching = watchlist.start();
  const teamFollower =
    (options.followTeam ?? options.watch?.polling ?? true) ? followActiveTeam(context) : null;
  void teamFollower?.refresh();
  events.on('environmentChanged', () => void teamFollower?.refresh());

  return {
    api: createConsoleApi(context),
    journalCare: {
      async acknowledgeTruncation(input) {
        const opened = await journal();
        return opened.ok ? opened.data.acknowledgeTruncation(input) : opened;
      },
      async repairDamage(input) {
        const opened = await journal();
        return opened.ok ? opened.data.repairDamage(input) : opened;
      },
    },
    events,
    paths,
    records: createConsoleRecords(context),
    team: createConsoleTeam(context, () => void teamFollower?.refresh()),
    links: openedLinks,
    receiveNotifications,
    async close() {
      if (closed) return;
      closed = true;
      arming.close();
      // First: no notification is taken while the inbox and the connections go (a receiver still
      // starting is waited for, so that it is among them and its port file is written).
      await sandboxReceiver;
      await Promise.all([...receivers].map((receiver) => receiver.close()));
      // Before the connections and the sandbox go: no call of theirs is left in flight.
      await Promise.all([
        watching,
        batches.close(),
        watchlist.close(),
        teamFollower?.close(),
        notices.close(),
      ]);
      // After the batches and the poller: their last observations are written before it closes.
      await records.close();
      connections.close();
      await teamSessions.close();
      events.clear();
      const [sandbox, opened, local, inbox] = await Promise.all([
        sandboxStart,
        journalOpen,
        localJournalOpen,
        inboxOpen,
      ]);
      if (sandbox?.ok) await sandbox.data.close();
      if (opened?.ok) await opened.data.close();
      if (local?.ok) await local.data.close();
      if (inbox?.ok) inbox.data.close();
    },
  };
}
