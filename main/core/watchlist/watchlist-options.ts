import type { Result, WatchChangedEvent, WatchKind } from '../../../shared/contract';
import type { BatchTarget, RecordSummary } from '../batch';

/** What the watchlist is given by the console, and what it tells the record index. */

export interface WatchlistOptions {
  filePath: string;
  /** Epoch ms: timeline times. */
  now: () => number;
  /** The environment the console acts on now (no connection made). */
  activeEnvironmentId: () => Promise<Result<string>>;
  /** The active environment's connection. */
  activeTarget: () => Promise<Result<BatchTarget>>;
  emit: (event: WatchChangedEvent) => void;
  /** Poll on a timer (the app); false: only pollWatchlistNow polls (the CLI, one command per process). */
  polling: boolean;
  /** Jitter source; Math.random by default. */
  random?: () => number;
  /** Tests only: the timer's interval in ms instead of the chosen seconds (never set through IPC). */
  timerIntervalMs?: number;
  /** The reads that answered, once per pin and once per poll (the record index). */
  observe?: (environmentId: string, reads: ReadonlyArray<WatchRead>) => void;
  /** A deposit's currency as the record index knows it, for a refund's amount (undefined: unknown). */
  depositCurrency?: (environmentId: string, depositId: number) => Promise<string | undefined>;
}

export interface WatchRead {
  kind: WatchKind;
  id: string;
  summary: RecordSummary;
}
