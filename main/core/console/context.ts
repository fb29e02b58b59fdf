import type { ConsoleSetup, EnvironmentProfile, Result } from '../../../shared/contract';
import type { Journal } from '../audit';
import type { TeamSessions } from '../team/desk-sessions';
import type { BatchManager } from '../batch';
import type { DraftStore } from '../drafts';
import type { EnvironmentsService } from '../settings';
import type { Watchlist } from '../watchlist';
import type { ProductionArming } from './arming';
import type { Connections, EnvironmentConnection } from './connections';
import type { ConsoleEventBus } from './events';
import type { OpenedLinks } from './opened-links';
import type { RecordKeeper } from './records';
import type { NotificationInbox } from '../notifications/inbox';

/** What every use-case of the console needs; built once by the runtime. */
/**
 * Hands an allow-listed https link to the system browser; answers whether it was opened (the
 * browser build cannot open one and answers false).
 */
export type OpenExternal = (url: string) => Promise<boolean> | boolean;

export interface ConsoleContext {
  environments: EnvironmentsService;
  connections: Connections;
  arming: ProductionArming;
  events: ConsoleEventBus;
  /** The audit journal, opened on first use: this desk's file and its profiles' team streams as one (journals.ts). */
  journal(): Promise<Result<Journal>>;
  /** This desk's own journal file alone: where a profile's history before it joined a team ends. */
  localJournal(): Promise<Result<Journal>>;
  /** Each environment's session with its team's database, when it is in a team (main/core/team). */
  teamSessions: TeamSessions;
  /** Epoch ms (arming, file names). */
  now(): number;
  /** The data folder (reconciliation runs and remembered mappings live under it). */
  dataDir: string;
  /** The environment the console acts on: the settings' active one, or the runtime's pinned one. */
  activeEnvironmentId(): Promise<Result<string>>;
  /** Changes the environment the console acts on (and writes it to the settings). */
  setActiveEnvironmentId(environmentId: string): void;
  /** A profile by id, transient ones included. */
  profile(environmentId: string): Promise<Result<EnvironmentProfile>>;
  /** https redirect URLs of deposits this runtime created: the only links openExternal opens. */
  redirectUrls: Set<string>;
  openExternal: OpenExternal | undefined;
  /** Batch lookups of this runtime (main/core/batch). */
  batches: BatchManager;
  /** The watchlist and its poller (main/core/watchlist). */
  watchlist: Watchlist;
  /** The record index: what the console saw of each record (optional derived data). */
  records: RecordKeeper;
  /** Received notifications, once per (account, record, status); opened on first use. */
  notificationInbox(): Promise<Result<NotificationInbox>>;
  /**
   * The notification_url of this runtime's receiver for the embedded sandbox, started on first
   * need; undefined where there is none (the CLI).
   */
  sandboxNotificationUrl(): Promise<string | undefined>;
  /** The forms' drafts (main/core/drafts): cleared when their request is journaled as sent. */
  drafts: DraftStore;
  /** How the composition root started this console (getConsoleSetup reads the keychain's state itself). */
  launch: Omit<ConsoleSetup, 'keychain'>;
  /** The record a `paydesk://` link or a notification asked the page to show. */
  openedLinks: OpenedLinks;
}

/** The active environment's connection. */
export async function activeConnection(context: ConsoleContext): Promise<Result<EnvironmentConnection>> {
  const active = await context.activeEnvironmentId();
  return active.ok ? context.connections.connect(active.data) : active;
}

/** Runs `task` on the active environment's connection. */
export async function onActive<T>(
  context: ConsoleContext,
  task: (connection: EnvironmentConnection) => Promise<Result<T>>,
): Promise<Result<T>> {
  const connection = await activeConnection(context);
  return connection.ok ? task(connection.data) : connection;
}
