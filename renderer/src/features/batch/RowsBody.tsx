import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useState } from 'react';
import type { BatchKind, BatchRowFilter } from '../../../../shared/contract';
import {
  BATCH_PAGE_SIZE,
  BATCH_ROW_HEIGHT,
  isFlying,
  pagesInRange,
  pagesToRead,
  type BatchColumn,
  type ShownWindow,
} from './batch-view';
import { useCachedBatchRows } from './use-batch';
import { SPACER } from './batch-cells';
import type { RowWords } from './row-words';
import { PageReader } from './PageReader';
import { PlaceholderRow } from './PlaceholderRow';
import { FlyingRow } from './FlyingRow';
import { BatchRowView } from './BatchRowView';

/**
 * Rows rendered beyond the visible ones on each side: a wheel notch or an arrow key moves fewer,
 * so those steps show rows already there. Not more: a fast scroll renders the whole window anew
 * in every frame, and each row more is work in every one of them.
 */
const OVERSCAN = 4;

/**
 * The rows in view, and the pages read for them. The only part that renders again while the table
 * scrolls (the virtualizer re-renders the component that holds it): no hook of the language, the
 * query of the first page or the box runs per scroll step. Memoised: when the first page's answer
 * re-renders the box, the rows (rendered already by that answer, useCachedBatchRows) are not
 * rendered a second time.
 */
export const RowsBody = memo(function RowsBody({
  scrollElement,
  count,
  batchId,
  kind,
  filter,
  columns,
  words,
}: {
  scrollElement: HTMLDivElement;
  count: number;
  batchId: string;
  kind: BatchKind;
  filter: BatchRowFilter;
  columns: readonly BatchColumn[];
  words: RowWords;
}) {
  // The virtualizer's functions are read in this render only, never memoised.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => BATCH_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const firstItem = items[0];
  const lastItem = items[items.length - 1];
  const paddingTop = firstItem?.start ?? 0;
  const paddingBottom = lastItem ? virtualizer.getTotalSize() - lastItem.end : 0;
  const shownFrom = firstItem?.index ?? 0;
  const shownTo = lastItem?.index ?? -1;
  // The window of the render before, kept as state (React's pattern for a value from the previous
  // render): setting it here renders again at once, before anything below it renders.
  const scrolling = virtualizer.isScrolling;
  const [pace, setPace] = useState<{ shown: ShownWindow; flying: boolean }>({
    shown: { from: shownFrom, to: shownTo, scrolling },
    flying: false,
  });
  if (pace.shown.from !== shownFrom || pace.shown.to !== shownTo || pace.shown.scrolling !== scrolling) {
    const shown = { from: shownFrom, to: shownTo, scrolling };
    setPace({ shown, flying: isFlying(pace.shown, shown) });
  }
  const flying = pace.flying;
  const pages = flying ? [] : pagesToRead(shownFrom, shownTo, count, virtualizer.scrollDirection);
  // The window where the table is scrolled to now, which the render that follows a scroll shows
  // even before it has run (range is the virtualizer's latest, overscan not included).
  const isShown = useCallback(
    (page: number) => {
      const range = virtualizer.range;
      if (!range) return true;
      return pagesInRange(Math.max(0, range.startIndex - OVERSCAN), range.endIndex + OVERSCAN).includes(page);
    },
    [virtualizer],
  );
  const cachedPage = useCachedBatchRows(batchId, filter, isShown);
  return (
    <tbody>
      {paddingTop > 0 && (
        <tr aria-hidden="true">
          <td colSpan={columns.length} className={SPACER} style={{ height: paddingTop }} />
        </tr>
      )}
      {items.map(({ index }) => {
        // Keyed by place in the window, not by row: each scroll step gives the same elements
        // other rows' text (a fast scroll would otherwise build and insert a whole new window
        // of rows every frame, and keys that move would move the rows in the DOM).
        const key = index - shownFrom;
        if (flying) return <FlyingRow key={key} position={index} columns={columns.length} />;
        const page = Math.floor(index / BATCH_PAGE_SIZE);
        const row = cachedPage(page)?.rows[index - page * BATCH_PAGE_SIZE];
        return row ? (
          <BatchRowView key={key} position={index} row={row} kind={kind} columns={columns} words={words} />
        ) : (
          <PlaceholderRow key={key} position={index} columns={columns.length} text={words.loading} />
        );
      })}
      {paddingBottom > 0 && (
        <tr aria-hidden="true">
          <td colSpan={columns.length} className={SPACER} style={{ height: paddingBottom }} />
        </tr>
      )}
      {pages.map((page) => (
        <PageReader key={page} batchId={batchId} filter={filter} page={page} />
      ))}
    </tbody>
  );
});
