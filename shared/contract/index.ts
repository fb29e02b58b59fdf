/**
 * THE contract between the renderer and the main process, and the vocabulary the core speaks.
 *
 * One file per domain holds that domain's records, arguments and methods (each declared once, in
 * its `*_METHODS` list); this file composes ConsoleApi and CHANNELS from them and re-exports
 * everything, so importers name only this folder.
 *
 * Imports nothing from outside this folder on purpose: the renderer, the preload, the main
 * process, the CLI and the web bridge all read it, so it holds types, `as const` data and the
 * few pure functions both sides must agree on (a channel name, a `paydesk://` link).
 * Service records keep the service's own (snake_case) field names so that the raw view and the
 * typed view agree; the console's own arguments are camelCase.
 */
import { channelOf, type ApiOf } from './method';
import { AUDIT_METHODS } from './audit';
import { BATCH_METHODS, type BatchSummary } from './batch';
import { CASHOUT_METHODS } from './cashouts';
import { CLOCK_METHODS, type ClockStatus } from './clock';
import { CREDENTIAL_METHODS } from './credentials';
import { DEPOSIT_METHODS } from './deposits';
import { DRAFT_METHODS } from './drafts';
import { ENVIRONMENT_METHODS, type EnvironmentList } from './environments';
import { GUARD_METHODS, type ArmingState } from './guard';
import { PREFERENCE_METHODS } from './preferences';
import { RECORDS_METHODS } from './records';
import { RECONCILE_METHODS, type ReconcileProgress } from './reconcile';
import { REFERENCE_METHODS } from './reference';
import { REFUND_METHODS } from './refunds';
import { SANDBOX_METHODS } from './sandbox';
import { SHELL_METHODS } from './shell';
import { SUB_MERCHANT_METHODS } from './sub-merchants';
import { NOTIFICATION_METHODS, type ReceivedNotification } from './notifications';
import { TEAM_METHODS, type ApprovalNotice, type ApprovalRequestState } from './team';
import { WATCH_METHODS, type WatchChangedEvent } from './watchlist';

export * from './results';
export * from './message-keys';
export * from './method';
export * from './environments';
export * from './credentials';
export * from './clock';
export * from './preferences';
export * from './deposits';
export * from './refunds';
export * from './cashouts';
export * from './reference';
export * from './sub-merchants';
export * from './shell';
export * from './sandbox';
export * from './guard';
export * from './audit';
export * from './batch';
export * from './watchlist';
export * from './records';
export * from './drafts';
export * from './reconcile';
export * from './currencies';
export * from './team';
export * from './links';
export * from './notifications';

/** Every method of the console, composed from the domains' lists (each declares its own). */
export const CONSOLE_METHODS = {
  ...ENVIRONMENT_METHODS,
  ...CREDENTIAL_METHODS,
  ...CLOCK_METHODS,
  ...PREFERENCE_METHODS,
  ...DEPOSIT_METHODS,
  ...REFUND_METHODS,
  ...CASHOUT_METHODS,
  ...REFERENCE_METHODS,
  ...SUB_MERCHANT_METHODS,
  ...SHELL_METHODS,
  ...SANDBOX_METHODS,
  ...GUARD_METHODS,
  ...AUDIT_METHODS,
  ...BATCH_METHODS,
  ...WATCH_METHODS,
  ...RECORDS_METHODS,
  ...DRAFT_METHODS,
  ...RECONCILE_METHODS,
  ...TEAM_METHODS,
  ...NOTIFICATION_METHODS,
};

/** The renderer's whole view of main: one method per operation, one plain argument, a Result. */
export type ConsoleApi = ApiOf<typeof CONSOLE_METHODS>;

export type ChannelName = keyof ConsoleApi;

/** Each method's channel (`paydesk:<method>`); the preload bridge and the web bridge are built from it. */
export const CHANNELS = Object.fromEntries(
  Object.keys(CONSOLE_METHODS).map((name) => [name, channelOf(name)]),
) as { readonly [K in ChannelName]: `paydesk:${K}` };

/** Events main pushes to the page. A listener gets the payload only, never the raw IPC event. */
/** What main tells the page of the active environment's team (main/core/console/team-live.ts). */
export interface TeamChangedEvent {
  environmentId: string;
  /** The live connection: `reconnecting` while the database cannot be heard. */
  connection: 'connecting' | 'live' | 'reconnecting' | 'closed';
  /** The operation another desk (or this one) began or changed; absent on a state change or a resync. */
  operation?: { id: string; state: 'sending' | 'ok' | 'error' | 'outcome_unknown' | 'settled' };
  /** The approval request submitted or changed, so the approvals queue reads again. */
  request?: { id: string; state: ApprovalRequestState };
}

export interface ConsoleEvents {
  environmentChanged: EnvironmentList;
  clockChanged: { environmentId: string; clock: ClockStatus };
  armingChanged: ArmingState;
  /** A batch moved on (throttled while running) or changed state. */
  batchProgress: BatchSummary;
  /** A watched object changed status: a desktop notification (a toast in the browser build). */
  watchChanged: WatchChangedEvent;
  /** A reconciliation run moved on (throttled while looking up) or changed phase. */
  reconcileProgress: ReconcileProgress;
  /**
   * The active environment's team database said an operation began or changed at some desk, or
   * its live connection changed state (a `resync` after reconnecting: anything may have changed).
   */
  teamChanged: TeamChangedEvent;
  /**
   * A `paydesk://` link was opened from outside (or a notification clicked): the page takes it
   * with `takeOpenedLink` and shows its record. No payload, so a page that starts later takes
   * the same link the same way.
   */
  linkOpened: Record<string, never>;
  /**
   * The receiver took a genuine notification (D11) and read its record's status: `count` 1 is
   * the first of its (record, status), a higher one a repeat that was counted, not acted on.
   */
  notificationReceived: ReceivedNotification;
  /**
   * A request of the active environment's team that this desk's person should act on or hear of:
   * one to approve by someone else, or their own approved, rejected or expired. A desktop
   * notification in Electron (a click opens the request), a toast in the browser build.
   */
  approvalNotice: ApprovalNotice;
  /**
   * The page's bridge lost the console for good (the browser build's socket closed). Raised by
   * the page's bridge itself, never by main, and told again to a listener that comes later.
   */
  consoleUnreachable: Record<string, never>;
}
export const EVENT_CHANNEL = 'paydesk:event' as const;
/**
 * The events the bridges let through (they drop any other name). ConsoleEventName is read off
 * this list, so an event added to ConsoleEvents alone cannot be emitted: a compile error rather
 * than an event lost at the bridge.
 */
export const CONSOLE_EVENT_NAMES = [
  'environmentChanged',
  'clockChanged',
  'armingChanged',
  'batchProgress',
  'watchChanged',
  'reconcileProgress',
  'teamChanged',
  'linkOpened',
  'notificationReceived',
  'approvalNotice',
  'consoleUnreachable',
] as const satisfies readonly (keyof ConsoleEvents)[];
export type ConsoleEventName = (typeof CONSOLE_EVENT_NAMES)[number];

/** What `window.paydesk` is, in Electron (preload) and in the browser build (web bridge) alike. */
export type PaydeskBridge = Readonly<
  ConsoleApi & {
    on<E extends ConsoleEventName>(event: E, listener: (payload: ConsoleEvents[E]) => void): () => void;
  }
>;
