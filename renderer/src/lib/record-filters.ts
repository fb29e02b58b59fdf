import {
  CASHOUT_STATUS_CODES,
  DEPOSIT_STATUSES,
  RECORD_LIMITS,
  REFUND_STATUSES,
  type RecentRecordsQuery,
  type RecordKind,
  type RecordSort,
} from '../../../shared/contract';
import { parseMoneyInput, type MoneyInputProblem } from './money-input';

/**
 * A recent list's filters as typed (record index), and the query they make. Pure: no
 * DOM, no React, so it is unit-tested in Node. Main refuses a malformed query; this says what is
 * wrong next to the field before anything is asked.
 */

/** Rows read per call; the list reads the pages it shows. */
export const RECORD_PAGE_SIZE = 50;
/** Matches the jump box lists under the typed text. */
export const JUMP_MATCHES = 8;
/** Matches a lookup screen's search lists. */
export const SEARCH_MATCHES = 50;
/** Row height of the recent list, in px (the virtualizer's estimate and the CSS). */
export const RECORD_ROW_HEIGHT = 40;

export interface RecordFilters {
  status: string;
  /** Days as a date input gives them (`2024-05-31`), in the user's time zone; '' for none. */
  fromDay: string;
  toDay: string;
  /** As typed; '' for none. */
  minAmount: string;
  maxAmount: string;
  currency: string;
  sort: RecordSort;
}

export const NO_FILTERS: RecordFilters = {
  status: '',
  fromDay: '',
  toDay: '',
  minAmount: '',
  maxAmount: '',
  currency: '',
  sort: 'newest',
};

export type FilterField = 'fromDay' | 'toDay' | 'minAmount' | 'maxAmount' | 'currency';
/** An amount that cannot be read is named as every amount input names it (lib/money-input). */
type FilterProblem = 'notADay' | 'toBeforeFrom' | MoneyInputProblem | 'minAboveMax' | 'notACurrency';

type FilterQuery =
  | { ok: true; query: Omit<RecentRecordsQuery, 'offset' | 'limit'> }
  | { ok: false; problems: Partial<Record<FilterField, FilterProblem>> };

/** The statuses a kind's records may carry, for the status filter (an unknown one still lists). */
export function statusesOf(kind: RecordKind): readonly string[] {
  switch (kind) {
    case 'deposit':
      return DEPOSIT_STATUSES;
    case 'refund':
      return REFUND_STATUSES;
    case 'cashout':
      return Object.values(CASHOUT_STATUS_CODES);
    case 'sub_merchant':
      return [];
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Za-z]{3}$/;

/** Local midnight of `day` (plus `addDays`) as ISO, or null when `day` is not a calendar day. */
export function localDayStart(day: string, addDays = 0): string | null {
  const parts = DAY.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const start = new Date(year, month - 1, date);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  start.setDate(start.getDate() + addDays);
  return start.toISOString();
}

/** A bound as typed in the reader's language: undefined when empty; 0 is a bound like any other. */
function amountOf(text: string, locale: string): number | undefined | { problem: MoneyInputProblem } {
  const read = parseMoneyInput(text, locale, { allowZero: true });
  if (read === null) return undefined;
  return read.ok ? read.value : { problem: read.problem };
}

/**
 * The query the filters make, or what is wrong with them. `to` is the whole day: a list "to 31
 * May" includes what was seen on the 31st.
 */
export function recentQueryOf(kind: RecordKind, filters: RecordFilters, locale: string): FilterQuery {
  const problems: Partial<Record<FilterField, FilterProblem>> = {};
  const from = filters.fromDay === '' ? undefined : localDayStart(filters.fromDay);
  const to = filters.toDay === '' ? undefined : localDayStart(filters.toDay, 1);
  if (from === null) problems.fromDay = 'notADay';
  if (to === null) problems.toDay = 'notADay';
  if (from && to && from >= to) problems.toDay = 'toBeforeFrom';
  const minAmount = amountOf(filters.minAmount, locale);
  const maxAmount = amountOf(filters.maxAmount, locale);
  if (typeof minAmount === 'object') problems.minAmount = minAmount.problem;
  if (typeof maxAmount === 'object') problems.maxAmount = maxAmount.problem;
  if (typeof minAmount === 'number' && typeof maxAmount === 'number' && minAmount > maxAmount)
    problems.minAmount = 'minAboveMax';
  const currency = filters.currency.trim();
  if (currency !== '' && !CURRENCY.test(currency)) problems.currency = 'notACurrency';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    query: {
      kind,
      sort: filters.sort,
      ...(filters.status !== '' && { status: filters.status }),
      ...(from && { from }),
      ...(to && { to }),
      ...(typeof minAmount === 'number' && { minAmount }),
      ...(typeof maxAmount === 'number' && { maxAmount }),
      ...(currency !== '' && { currency: currency.toUpperCase() }),
    },
  };
}

/** Whether any filter narrows the list (the empty state then says "no match", not "none yet"). */
export function filtersNarrow(filters: RecordFilters): boolean {
  return (
    filters.status !== '' ||
    filters.fromDay !== '' ||
    filters.toDay !== '' ||
    filters.minAmount.trim() !== '' ||
    filters.maxAmount.trim() !== '' ||
    filters.currency.trim() !== ''
  );
}

/** The text a search sends, or null when there is nothing to search (main refuses blank text). */
export function searchTextOf(typed: string): string | null {
  const text = typed.trim();
  return text === '' ? null : text.slice(0, RECORD_LIMITS.maxSearchText);
}

/** The recent list's columns a header click sorts by. */
export type SortableColumn = 'amount' | 'lastSeen';

const COLUMN_SORTS: Record<SortableColumn, { descending: RecordSort; ascending: RecordSort }> = {
  amount: { descending: 'amount_desc', ascending: 'amount_asc' },
  lastSeen: { descending: 'newest', ascending: 'oldest' },
};

/** The sort a click on a column's header asks for: largest / newest first, then the other way. */
export function sortOnHeader(current: RecordSort, column: SortableColumn): RecordSort {
  const { descending, ascending } = COLUMN_SORTS[column];
  return current === descending ? ascending : descending;
}

/** The column header's `aria-sort` under a sort. */
export function ariaSortOf(current: RecordSort, column: SortableColumn): 'ascending' | 'descending' | 'none' {
  const { descending, ascending } = COLUMN_SORTS[column];
  return current === descending ? 'descending' : current === ascending ? 'ascending' : 'none';
}
