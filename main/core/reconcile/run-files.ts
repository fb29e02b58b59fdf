import { join } from 'node:path';
import { z } from 'zod';
import { RECONCILE_FOLDER_NAME } from './mapping-store';

/**
 * Runs are kept per environment in `<dataDir>/reconcile/runs/<environment>/`: `<runId>.json`
 * (the summary and the bad rows, written atomically last, so a run without it never finished
 * writing) and `<runId>.rows.jsonl` (one classified row a line, written as rows are classified and
 * read back a page at a time, so a run's rows are never held in memory). Both are checked with zod
 * on read. A run whose summary or any row fails its checks is never partly used (a row read wrongly
 * would relabel what changed since that run): both its files are moved aside as
 * `<name>.damaged-<time>` and the caller gets a note or a `storage` error saying so. A summary
 * written by a newer Paydesk is not damaged: it is skipped and left where it is.
 */

/** Runs kept per environment; the oldest go first. */
export const MAX_KEPT_RUNS = 50;

const safePart = (text: string): string => text.replace(/[^a-z0-9-]/gi, '_');
export const runIdSchema = z.string().regex(/^[0-9a-f-]{8,64}$/);

export const runsFolder = (dataDir: string, environmentId: string): string =>
  join(dataDir, RECONCILE_FOLDER_NAME, 'runs', safePart(environmentId));
export const summaryPath = (folder: string, runId: string): string => join(folder, `${runId}.json`);
export const rowsPath = (folder: string, runId: string): string => join(folder, `${runId}.rows.jsonl`);
