import {
  BATCH_LIMITS,
  type BatchKind,
  type BatchRow,
  type BatchRowFilter,
  type BatchSummary,
} from '../../../../shared/contract';
import type { StatusEntity } from '../../lib/status';
import type { TableColumnsSpec } from '../../lib/table-columns';

/**
 * The batch screen's pure parts (no DOM, no React; unit-tested in Node): which pages of rows a
 * scrolled window needs, the counts behind each filter, progress, the summary list kept current
 * from events, the columns of each kind and how a row compares with the last run.
 */

/** Rows fetched per getBatchRows call (main allows up to BATCH_LIMITS.maxPageRows). */
export const BATCH_PAGE_SIZE = 100;
/** Every row has this height (px): the virtual list never measures a row. */
export const BATCH_ROW_HEIGHT = 32;

/** The pages holding rows `first`…`last` (inclusive, 0-based), in order; none for an empty range. */
export function pagesInRange(first: number, last: number, pageSize = BATCH_PAGE_SIZE): number[] {
  if (last < first || first < 0) return [];
  const pages: number[] = [];
  for (let page = Math.floor(first / pageSize); page <= Math.floor(last / pageSize); page += 1)
    pages.push(page);
  return pages;
}

/** The rows one render of the table shows (`from`…`to`), and whether it was scrolling then. */
export interface ShownWindow {
  from: number;
  to: number;
  scrolling: boolean;
}

/**
 * Whether the rows of `next` go by too fast to be read: the table was scrolling at both renders
 * and they share no row (more than a screenful in one step; 10,000 rows in 2 s is ~85 a frame).
 * Such rows are drawn empty: their cells' text is most of a frame's work, read by nobody.
 * A single jump from rest (Home, End, a click on the scroll bar) is not flying: it shows rows.
 */
export function isFlying(previous: ShownWindow, next: ShownWindow): boolean {
  return previous.scrolling && next.scrolling && (next.from > previous.to || next.to < previous.from);
}

/** Pages read ahead of the rows shown, in the direction of the scroll (forward while still). */
export const PAGES_AHEAD = 3;
/** Pages kept behind them (read again only if they went stale). */
export const PAGES_BEHIND = 1;

/**
 * The pages to read for rows `first`…`last` shown of `count`: the pages holding them, PAGES_AHEAD
 * more in the direction of the scroll and PAGES_BEHIND the other way, within the list. A fast
 * scroll passes a page in about a frame; read only once shown, each page would first be shown as
 * placeholders, then again when its answer comes, a second render of the whole window.
 */
export function pagesToRead(
  first: number,
  last: number,
  count: number,
  direction: 'forward' | 'backward' | null,
  pageSize = BATCH_PAGE_SIZE,
): number[] {
  const shown = pagesInRange(first, Math.min(last, count - 1), pageSize);
  const firstShown = shown[0];
  const lastShown = shown[shown.length - 1];
  if (firstShown === undefined || lastShown === undefined) return [];
  const backward = direction === 'backward';
  const from = Math.max(0, firstShown - (backward ? PAGES_AHEAD : PAGES_BEHIND));
  const to = Math.min(
    Math.floor((count - 1) / pageSize),
    lastShown + (backward ? PAGES_BEHIND : PAGES_AHEAD),
  );
  const pages: number[] = [];
  for (let page = from; page <= to; page += 1) pages.push(page);
  return pages;
}

/** How many rows each filter shows, from the summary alone (the rows' own answer has the exact total). */
export function filterCounts(summary: BatchSummary): Record<BatchRowFilter, number> {
  return {
    all: summary.total,
    ok: summary.done - summary.failed,
    failed: summary.failed,
    pending: summary.total - summary.done,
    changed: summary.changed,
    new: summary.new,
  };
}

/** Done as a percentage, 0–100, rounded down so 100 means every id has an answer. */
export function progressPercent(summary: Pick<BatchSummary, 'done' | 'total'>): number {
  if (summary.total <= 0) return 100;
  return Math.min(100, Math.floor((summary.done / summary.total) * 100));
}

/**
 * The list with `summary` in place of the batch of the same id, or first when the list does not
 * hold it yet (listBatches answers newest first). Answers the same list when nothing changed.
 */
export function upsertSummary(list: readonly BatchSummary[], summary: BatchSummary): BatchSummary[] {
  const index = list.findIndex((batch) => batch.batchId === summary.batchId);
  if (index === -1) return [summary, ...list];
  const copy = [...list];
  copy[index] = summary;
  return copy;
}

export type BatchColumn =
  | 'index'
  | 'id'
  | 'state'
  | 'status'
  | 'change'
  | 'amount'
  | 'usdAmount'
  | 'invoiceId'
  | 'depositId'
  | 'country'
  | 'paymentMethod'
  | 'rejection'
  | 'error';

/** What the service tells of each kind (BatchRow's fields), in reading order. */
const COLUMNS: Record<BatchKind, readonly BatchColumn[]> = {
  deposits: [
    'index',
    'id',
    'state',
    'status',
    'change',
    'amount',
    'usdAmount',
    'invoiceId',
    'country',
    'paymentMethod',
    'error',
  ],
  refunds: ['index', 'id', 'state', 'status', 'change', 'amount', 'depositId', 'invoiceId', 'error'],
  cashouts: ['index', 'id', 'state', 'status', 'change', 'amount', 'rejection', 'error'],
};

/** Whose status a kind's rows carry (the status words are per entity: common's status.*). */
export const BATCH_STATUS_ENTITY: Record<BatchKind, StatusEntity> = {
  deposits: 'deposit',
  refunds: 'refund',
  cashouts: 'cashout',
};

export function batchColumns(kind: BatchKind): readonly BatchColumn[] {
  return COLUMNS[kind];
}

/**
 * Fixed widths (px) so every row lays out alike without measuring. The default columns of each
 * kind (batchColumnsSpec) fit the results box at 1280 × 800 (about 975 px inside its border
 * and scroll bar); long texts end in "…" with the whole text in the cell's tooltip.
 */
export const COLUMN_WIDTHS: Record<BatchColumn, number> = {
  index: 44,
  id: 125,
  state: 95,
  // The longest status word whole: "Liberado antecipadamente" (pt-BR) is 166 px in the 14 px font.
  status: 185,
  change: 115,
  amount: 120,
  usdAmount: 110,
  invoiceId: 120,
  depositId: 110,
  country: 64,
  paymentMethod: 100,
  rejection: 125,
  error: 140,
};

/** Columns shown until the user chooses: what matters first, within the box at 1280 px. */
const DEFAULT_HIDDEN: Record<BatchKind, readonly BatchColumn[]> = {
  deposits: ['usdAmount', 'country', 'paymentMethod'],
  refunds: ['invoiceId'],
  cashouts: [],
};

function specOf(kind: BatchKind): TableColumnsSpec<BatchColumn> {
  const all = COLUMNS[kind];
  return { all, defaults: all.filter((column) => !DEFAULT_HIDDEN[kind].includes(column)), always: ['id'] };
}

/** Built once: the table's memoised rows compare the shown columns by identity. */
const SPECS: Record<BatchKind, TableColumnsSpec<BatchColumn>> = {
  deposits: specOf('deposits'),
  refunds: specOf('refunds'),
  cashouts: specOf('cashouts'),
};

/** The kind's columns, those shown by default, and the one never hidden (the row's id). */
export function batchColumnsSpec(kind: BatchKind): TableColumnsSpec<BatchColumn> {
  return SPECS[kind];
}

export function tableWidth(columns: readonly BatchColumn[]): number {
  return columns.reduce((sum, column) => sum + COLUMN_WIDTHS[column], 0);
}

/**
 * How a row compares with the last finished run: new (the id was not in it), changed (with the
 * status it had then; null: not found then), same, or nothing to say (pending, or the lookup
 * failed for a reason other than not found).
 */
export type ChangeMark =
  { mark: 'new' } | { mark: 'changed'; previous: string | null } | { mark: 'same' } | { mark: 'none' };

export function changeMark(row: Pick<BatchRow, 'changed' | 'previousStatus'>): ChangeMark {
  switch (row.changed) {
    case 'new':
      return { mark: 'new' };
    case 'changed':
      return { mark: 'changed', previous: row.previousStatus ?? null };
    case 'same':
      return { mark: 'same' };
    default:
      return { mark: 'none' };
  }
}

/** Whole number from a number input, or the fallback when empty or not a number; clamped. */
export function wholeInRange(value: number | string, min: number, max: number, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.round(number)));
}

/**
 * The batch shown: the one chosen, else the newest (listBatches answers newest first); none when
 * the list is empty. A chosen batch that was discarded or evicted falls back to the newest.
 */
export function selectedBatch(
  list: readonly BatchSummary[],
  chosenId: string | null,
): BatchSummary | undefined {
  return list.find((batch) => batch.batchId === chosenId) ?? list[0];
}

/**
 * A file main would refuse for sure, known before reading it: a character is at most 4 bytes of
 * UTF-8, so more than 4 × BATCH_LIMITS.maxTextChars bytes is more characters than parseBatch reads.
 */
export function fileTooLong(bytes: number): boolean {
  return bytes > 4 * BATCH_LIMITS.maxTextChars;
}
