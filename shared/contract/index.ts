/**
 * THE contract between the renderer and the main process, and the vocabulary the core speaks.
 *
 * One file per domain holds that domain's records, arguments and part of the API (an interface
 * and its channel map); this file composes ConsoleApi and CHANNELS from them and re-exports
 * everything, so importers name only this folder.
 *
 * Imports nothing from outside this folder on purpose: the renderer, the preload, the main
 * process, the CLI and the web bridge all read it, so it may hold only types and `as const` data.
 * Service records keep the service's own (snake_case) field names so that the raw view and the
 * typed view agree; the console's own arguments are camelCase.
 */
import { AUDIT_CHANNELS, type AuditApi } from './audit';
import { BATCH_CHANNELS, type BatchApi, type BatchSummary } from './batch';
import { CASHOUT_CHANNELS, type CashoutsApi } from './cashouts';
import { CLOCK_CHANNELS, type ClockApi, type ClockStatus } from './clock';
import { CREDENTIAL_CHANNELS, type CredentialsApi } from './credentials';
import { DEPOSIT_CHANNELS, type DepositsApi } from './deposits';
import { DRAFT_CHANNELS, type DraftsApi } from './drafts';
import { ENVIRONMENT_CHANNELS, type EnvironmentList, type EnvironmentsApi } from './environments';
import { GUARD_CHANNELS, type ArmingState, type GuardApi } from './guard';
import { PREFERENCE_CHANNELS, type PreferencesApi } from './preferences';
import { RECORDS_CHANNELS, type RecordsApi } from './records';
import { RECONCILE_CHANNELS, type ReconcileApi, type ReconcileProgress } from './reconcile';
import { REFERENCE_CHANNELS, type ReferenceApi } from './reference';
import { REFUND_CHANNELS, type RefundsApi } from './refunds';
import { SANDBOX_CHANNELS, type SandboxApi } from './sandbox';
import { SHELL_CHANNELS, type ShellApi } from './shell';
import { SUB_MERCHANT_CHANNELS, type SubMerchantsApi } from './sub-merchants';
import { WATCH_CHANNELS, type WatchChangedEvent, type WatchlistApi } from './watchlist';

export * from './results';
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

/** The renderer's whole view of main: one method per operation, one plain argument, a Result. */
export interface ConsoleApi
  extends
    EnvironmentsApi,
    CredentialsApi,
    ClockApi,
    PreferencesApi,
    DepositsApi,
    RefundsApi,
    CashoutsApi,
    ReferenceApi,
    SubMerchantsApi,
    ShellApi,
    SandboxApi,
    GuardApi,
    AuditApi,
    BatchApi,
    WatchlistApi,
    RecordsApi,
    DraftsApi,
    ReconcileApi {}

/**
 * One channel per operation; the preload bridge and the web bridge are generated from this map.
 * Each domain's part is checked against its interface where it is declared; this checks that none
 * is left out.
 */
export const CHANNELS = {
  ...ENVIRONMENT_CHANNELS,
  ...CREDENTIAL_CHANNELS,
  ...CLOCK_CHANNELS,
  ...PREFERENCE_CHANNELS,
  ...DEPOSIT_CHANNELS,
  ...REFUND_CHANNELS,
  ...CASHOUT_CHANNELS,
  ...REFERENCE_CHANNELS,
  ...SUB_MERCHANT_CHANNELS,
  ...SHELL_CHANNELS,
  ...SANDBOX_CHANNELS,
  ...GUARD_CHANNELS,
  ...AUDIT_CHANNELS,
  ...BATCH_CHANNELS,
  ...WATCH_CHANNELS,
  ...RECORDS_CHANNELS,
  ...DRAFT_CHANNELS,
  ...RECONCILE_CHANNELS,
} as const satisfies { [K in keyof ConsoleApi]: `paydesk:${string}` };

export type ChannelName = keyof ConsoleApi;

/** Events main pushes to the page. A listener gets the payload only, never the raw IPC event. */
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
  'consoleUnreachable',
] as const satisfies readonly (keyof ConsoleEvents)[];
export type ConsoleEventName = (typeof CONSOLE_EVENT_NAMES)[number];

/** What `window.paydesk` is, in Electron (preload) and in the browser build (web bridge) alike. */
export type PaydeskBridge = Readonly<
  ConsoleApi & {
    on<E extends ConsoleEventName>(event: E, listener: (payload: ConsoleEvents[E]) => void): () => void;
  }
>;
