import { test, expect } from '@playwright/test';
import { BATCH_LIMITS, type BatchSummary } from '../../../../../shared/contract';
import {
  BATCH_PAGE_SIZE,
  batchColumns,
  changeMark,
  fileTooLong,
  filterCounts,
  isFlying,
  pagesInRange,
  pagesToRead,
  PAGES_AHEAD,
  PAGES_BEHIND,
  progressPercent,
  selectedBatch,
  tableWidth,
  upsertSummary,
  wholeInRange,
} from '../../../../../renderer/src/features/batch/batch-view';

/** The batch screen's pure parts: pages of a scrolled window, counts, progress, the shown batch. */

function summary(overrides: Partial<BatchSummary> = {}): BatchSummary {
  return {
    batchId: 'b1',
    kind: 'deposits',
    environmentId: 'env',
    state: 'running',
    total: 10,
    done: 4,
    failed: 1,
    ratePerSecond: 12.5,
    concurrency: 8,
    rateLimit: 50,
    changed: 2,
    new: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    cancelReason: null,
    error: null,
    resumable: true,
    previousRunAt: null,
    ...overrides,
  };
}

test('pagesInRange: the pages holding a window of rows, none for an empty or negative one', () => {
  expect(pagesInRange(0, 0)).toEqual([0]);
  expect(pagesInRange(0, BATCH_PAGE_SIZE - 1)).toEqual([0]);
  expect(pagesInRange(BATCH_PAGE_SIZE - 5, BATCH_PAGE_SIZE + 5)).toEqual([0, 1]);
  expect(pagesInRange(4_990, 5_030, 100)).toEqual([49, 50]);
  expect(pagesInRange(9_999, 9_999, 100)).toEqual([99]);
  expect(pagesInRange(5, 4)).toEqual([]);
  expect(pagesInRange(-1, 4)).toEqual([]);
});

test('pagesToRead: the pages shown, more ahead in the direction of the scroll, one behind, within the list', () => {
  expect(PAGES_AHEAD).toBeGreaterThan(PAGES_BEHIND);
  const ahead = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
  // Still at the top: reading ahead downwards, nothing before page 0.
  expect(pagesToRead(0, 20, 10_000, null, 100)).toEqual(ahead(0, 1 + PAGES_AHEAD));
  // Scrolling down through pages 49–50: PAGES_BEHIND before, PAGES_AHEAD after.
  expect(pagesToRead(4_990, 5_030, 10_000, 'forward', 100)).toEqual(
    ahead(49 - PAGES_BEHIND, 2 + PAGES_BEHIND + PAGES_AHEAD),
  );
  // Scrolling up: ahead is upwards.
  expect(pagesToRead(4_990, 5_030, 10_000, 'backward', 100)).toEqual(
    ahead(49 - PAGES_AHEAD, 2 + PAGES_BEHIND + PAGES_AHEAD),
  );
  // At the bottom: no page past the last row (page 99 holds rows 9,900–9,999).
  expect(pagesToRead(9_980, 9_999, 10_000, 'forward', 100)).toEqual(
    ahead(99 - PAGES_BEHIND, 1 + PAGES_BEHIND),
  );
  expect(pagesToRead(0, 3, 4, 'forward', 100)).toEqual([0]);
  // A window reaching past the list (a stale count) reads no page past it; an empty list none.
  expect(pagesToRead(90, 130, 100, 'forward', 100)).toEqual([0]);
  expect(pagesToRead(0, 0, 0, null, 100)).toEqual([]);
});

test('isFlying: only a scroll step that shares no row with the step before, both while scrolling', () => {
  const at = (from: number, scrolling = true) => ({ from, to: from + 22, scrolling });
  // ~85 rows a frame, either way: flying.
  expect(isFlying(at(0), at(85))).toBe(true);
  expect(isFlying(at(85), at(0))).toBe(true);
  // A step that keeps a row in view (a wheel notch, an arrow key, a page down): rows are shown.
  expect(isFlying(at(0), at(22))).toBe(false);
  expect(isFlying(at(22), at(0))).toBe(false);
  expect(isFlying(at(100), at(100))).toBe(false);
  // A jump from rest (Home, End, a click on the track), or the render when the scroll has stopped.
  expect(isFlying(at(0, false), at(5_000))).toBe(false);
  expect(isFlying(at(0), at(5_000, false))).toBe(false);
});

test('filterCounts: each filter from the summary (ok = done − failed, pending = total − done)', () => {
  expect(filterCounts(summary())).toEqual({ all: 10, ok: 3, failed: 1, pending: 6, changed: 2, new: 1 });
});

test('progressPercent: rounded down, 100 only when every id has an answer; an empty batch is complete', () => {
  expect(progressPercent({ done: 0, total: 10 })).toBe(0);
  expect(progressPercent({ done: 9_999, total: 10_000 })).toBe(99);
  expect(progressPercent({ done: 10_000, total: 10_000 })).toBe(100);
  expect(progressPercent({ done: 0, total: 0 })).toBe(100);
});

test('upsertSummary: replaces the batch of the same id in place, puts an unknown one first', () => {
  const a = summary({ batchId: 'a' });
  const b = summary({ batchId: 'b' });
  const newer = summary({ batchId: 'b', done: 10 });
  expect(upsertSummary([a, b], newer)).toEqual([a, newer]);
  const c = summary({ batchId: 'c' });
  expect(upsertSummary([a, b], c)).toEqual([c, a, b]);
});

test('selectedBatch: the chosen one, else the newest (first); a discarded choice falls back', () => {
  const a = summary({ batchId: 'a' });
  const b = summary({ batchId: 'b' });
  expect(selectedBatch([a, b], 'b')).toBe(b);
  expect(selectedBatch([a, b], null)).toBe(a);
  expect(selectedBatch([a, b], 'gone')).toBe(a);
  expect(selectedBatch([], 'a')).toBeUndefined();
});

test('changeMark: new, changed with the previous status (null: not found then), same, nothing yet', () => {
  expect(changeMark({ changed: 'new' })).toEqual({ mark: 'new' });
  expect(changeMark({ changed: 'changed', previousStatus: 'PENDING' })).toEqual({
    mark: 'changed',
    previous: 'PENDING',
  });
  expect(changeMark({ changed: 'changed', previousStatus: null })).toEqual({
    mark: 'changed',
    previous: null,
  });
  expect(changeMark({ changed: 'same' })).toEqual({ mark: 'same' });
  expect(changeMark({ changed: null })).toEqual({ mark: 'none' });
});

test('columns: each kind shows what its lookups answer; widths are fixed', () => {
  expect(batchColumns('deposits')).toContain('usdAmount');
  expect(batchColumns('refunds')).toContain('depositId');
  expect(batchColumns('cashouts')).toContain('rejection');
  expect(batchColumns('cashouts')).not.toContain('usdAmount');
  for (const kind of ['deposits', 'refunds', 'cashouts'] as const) {
    expect(batchColumns(kind).slice(0, 5)).toEqual(['index', 'id', 'state', 'status', 'change']);
    expect(tableWidth(batchColumns(kind))).toBeGreaterThan(0);
  }
});

test('wholeInRange: numbers and number text clamped and rounded; empty or junk gives the fallback', () => {
  expect(wholeInRange(8, 1, 32, 8)).toBe(8);
  expect(wholeInRange(99, 1, 32, 8)).toBe(32);
  expect(wholeInRange(0, 1, 32, 8)).toBe(1);
  expect(wholeInRange('12.6', 1, 32, 8)).toBe(13);
  expect(wholeInRange('', 1, 32, 8)).toBe(8);
  expect(wholeInRange('abc', 1, 32, 8)).toBe(8);
});

test('fileTooLong: only files that must hold more characters than parseBatch reads', () => {
  expect(fileTooLong(BATCH_LIMITS.maxTextChars)).toBe(false);
  // Up to 4 bytes per character: such a file may still be within the limit; main decides.
  expect(fileTooLong(4 * BATCH_LIMITS.maxTextChars)).toBe(false);
  expect(fileTooLong(4 * BATCH_LIMITS.maxTextChars + 1)).toBe(true);
});
