import type { BatchKind, BatchRow, BatchSummary, Result } from '../../../shared/contract';
import type { PaymentsClient } from '../payments';

/** What the console runtime hands the batch manager. */

/** The environment a batch runs against, as the console resolves it. */
export interface BatchTarget {
  environmentId: string;
  client: PaymentsClient;
  /**
   * The base URL its profile names (not the client's: the embedded sandbox's port changes each
   * run), so a batch kept across a restart resumes only where it was started.
   */
  baseUrl?: string;
}

export interface BatchManagerOptions {
  dataDir: string;
  /** Epoch ms (start and finish times). */
  now: () => number;
  /** The active environment's connection, at start and on resume. */
  activeTarget: () => Promise<Result<BatchTarget>>;
  emit: (summary: BatchSummary) => void;
  /** Answered rows, a page at a time and once more when the batch stops (the record index). */
  observe?: (environmentId: string, kind: BatchKind, rows: readonly BatchRow[]) => void;
  /** A deposit's currency as the record index knows it, for refund rows (undefined: unknown). */
  depositCurrency?: (environmentId: string, depositId: number) => Promise<string | undefined>;
  /**
   * Keep the user's batches with ids left in the data folder and bring them back stopped after a
   * restart (saved-runs.ts). The app and the browser build do; a CLI command lives for one batch.
   */
  keepUnfinished?: boolean;
}
