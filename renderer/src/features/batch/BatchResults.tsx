import { Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { memo, useCallback, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BATCH_ROW_FILTERS,
  BATCH_ROW_STATES,
  type BatchKind,
  type BatchRow,
  type BatchRowFilter,
  type BatchRowState,
  type BatchSummary,
  type ErrorKind,
} from '../../../../shared/contract';
import { ColumnsMenu, useTableColumns } from '../../components/ColumnsMenu';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { statusLabel } from '../../components/StatusBadge';
import {
  BATCH_PAGE_SIZE,
  BATCH_STATUS_ENTITY,
  BATCH_ROW_HEIGHT,
  batchColumnsSpec,
  changeMark,
  type ChangeMark,
  COLUMN_WIDTHS,
  filterCounts,
  isFlying,
  pagesInRange,
  pagesToRead,
  tableWidth,
  type BatchColumn,
  type ShownWindow,
} from './batch-view';
import './batch-table.css';
import { useBatchRowsPage, useCachedBatchRows, useKeepBatchRowsPageRead } from './use-batch';

/** Visible height of the scrolled table at most (a short list takes only its rows' height). */
const VIEWPORT_HEIGHT = 480;
/** Room for the empty-list sentence. */
const EMPTY_HEIGHT = 64;
/**
 * Rows rendered beyond the visible ones on each side: a wheel notch or an arrow key moves fewer,
 * so those steps show rows already there. Not more: a fast scroll renders the whole window anew
 * in every frame, and each row more is work in every one of them.
 */
const OVERSCAN = 4;

/*
 * A scroll can show a new window of rows in every frame. Past a screenful a frame (issue 7:
 * 10,000 rows top to bottom in 2 s is ~85 rows a frame) the rows are drawn empty (FlyingRow);
 * slower, every frame renders rows with their text, so a row is plain cells: no hooks (the words
 * and the number format are looked up once per table, RowWords), classes rather than inline
 * styles (batch-table.css), and memoised on props that stay the same while the table scrolls.
 */
const CELL = 'paydesk-batch-cell';
const HEADER_CELL = `${CELL} paydesk-batch-header`;
const MONO = `${CELL} paydesk-batch-mono`;
const CHANGED_CELL = `${CELL} paydesk-batch-changed`;
const NEW_CELL = `${CELL} paydesk-batch-new`;
const FAILED_CELL = `${CELL} paydesk-batch-failed`;
const LOADING_CELL = `${CELL} paydesk-batch-loading`;
const CHANGED_ROW = 'paydesk-batch-changed-row';
const SPACER = 'paydesk-batch-spacer';
/* The id stays in view when the table scrolls sideways (after the row number, when shown). */
const STICKY = 'paydesk-batch-sticky';
const STICKY_AFTER_INDEX = 'paydesk-batch-sticky paydesk-batch-sticky-after-index';

/** The cell classes of a column that stays in view, none for the others. */
function stickyClass(column: BatchColumn, columns: readonly BatchColumn[]): string | undefined {
  if (column === 'index') return STICKY;
  if (column === 'id') return columns[0] === 'index' ? STICKY_AFTER_INDEX : STICKY;
  return undefined;
}

/**
 * The rows' copy buttons (one listener for the table, no hook per row): copies the button's
 * value and shows a check for a moment.
 */
function copyFromTable(event: MouseEvent<HTMLElement>): void {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-copy]');
  const value = button?.dataset.copy;
  if (!button || value === undefined) return;
  void navigator.clipboard.writeText(value).then(() => {
    button.dataset.copied = 'true';
    window.setTimeout(() => delete button.dataset.copied, 1500);
  });
}

export function BatchResults({ summary }: { summary: BatchSummary }) {
  const { t } = useTranslation('batch');
  const [filter, setFilter] = useState<BatchRowFilter>('all');
  const counts = filterCounts(summary);
  const spec = batchColumnsSpec(summary.kind);
  const { shown, choose } = useTableColumns(`batch-${summary.kind}`, spec);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <SegmentedControl
          value={filter}
          onChange={(value) => setFilter(value as BatchRowFilter)}
          data={BATCH_ROW_FILTERS.map((value) => ({
            value,
            label: t('filter.label', { filter: t(`filter.${value}`), count: counts[value] }),
          }))}
          aria-label={t('filter.groupLabel')}
          data-testid="batch-filter"
          fullWidth
          style={{ maxWidth: 900, flex: 1 }}
        />
        <ColumnsMenu
          spec={spec}
          shown={shown}
          onChoose={choose}
          label={(column) => t(`column.${column}`)}
          testId="batch-columns"
        />
      </Group>
      {/* Keyed by filter: another filter is another list, scrolled from its top. */}
      <VirtualRows key={`${summary.batchId}:${filter}`} summary={summary} filter={filter} columns={shown} />
    </Stack>
  );
}

/**
 * What rows show besides their data, in the active language: looked up once per table (and each
 * text once), so a row renders without a hook of its own.
 */
interface RowWords {
  loading: string;
  copyId: string;
  state: Record<BatchRowState, string>;
  /** A status's word (the service's code when this version does not know it). */
  status(status: string): string;
  change(mark: ChangeMark): string;
  errorTitle(kind: ErrorKind): string;
  money(amount: number, currency?: string): string;
  /** For an amount whose currency the console does not know (a refund of an unseen deposit). */
  currencyUnknown: string;
  currencyUnknownHint: string;
}

function rowWords(
  t: TFunction<['batch', 'errors']>,
  tCommon: TFunction<'common'>,
  kind: BatchKind,
  money: RowWords['money'],
): RowWords {
  const state = Object.fromEntries(
    BATCH_ROW_STATES.map((rowState) => [rowState, t(`batch:rowState.${rowState}`)]),
  ) as Record<BatchRowState, string>;
  const marks = { new: t('batch:change.new'), same: t('batch:change.same') };
  const changed = new Map<string, string>();
  const errorTitles = new Map<ErrorKind, string>();
  const statuses = new Map<string, string>();
  const status = (code: string) => {
    let word = statuses.get(code);
    if (word === undefined) {
      word = statusLabel(tCommon, BATCH_STATUS_ENTITY[kind], code);
      statuses.set(code, word);
    }
    return word;
  };
  return {
    loading: t('batch:results.rowLoading'),
    copyId: t('batch:results.copyId'),
    state,
    status,
    change(mark) {
      if (mark.mark === 'none') return '—';
      if (mark.mark !== 'changed') return marks[mark.mark];
      const previous = mark.previous === null ? t('batch:change.notFoundBefore') : status(mark.previous);
      let text = changed.get(previous);
      if (text === undefined) {
        text = t('batch:change.changed', { previous });
        changed.set(previous, text);
      }
      return text;
    },
    errorTitle(kind) {
      let title = errorTitles.get(kind);
      if (title === undefined) {
        title = t(`errors:kind.${kind}.title`);
        errorTitles.set(kind, title);
      }
      return title;
    },
    money,
    currencyUnknown: tCommon('amount.currencyUnknown'),
    currencyUnknownHint: tCommon('amount.currencyUnknownHint'),
  };
}

function VirtualRows({
  summary,
  filter,
  columns,
}: {
  summary: BatchSummary;
  filter: BatchRowFilter;
  columns: readonly BatchColumn[];
}) {
  const { t } = useTranslation(['batch', 'errors']);
  const { t: tCommon } = useTranslation('common');
  const format = useFormat();
  const words = useMemo(
    () => rowWords(t, tCommon, summary.kind, format.money),
    [t, tCommon, summary.kind, format],
  );
  // State, not a ref: the rows' virtualizer needs the element when it mounts (see RowsBody).
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // The first page always answers the filter's exact total (the list's length), also when scrolled away.
  const first = useBatchRowsPage(summary.batchId, filter, 0);
  const count = first.data?.total ?? filterCounts(summary)[filter];

  if (first.error) return <ErrorNotice error={first.error} onRetry={() => void first.refetch()} />;
  return (
    <Box
      ref={setScrollElement}
      role="region"
      aria-label={t('results.regionLabel')}
      tabIndex={0}
      data-testid="batch-results"
      data-count={count}
      onClick={copyFromTable}
      style={{
        height: viewportHeight(count),
        overflow: 'auto',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        contain: 'strict',
      }}
    >
      {count === 0 ? (
        <Text size="sm" c="dimmed" p="md" data-testid="batch-results-empty">
          {first.isPending ? t('results.loading') : t(`results.empty.${filter}`)}
        </Text>
      ) : (
        <table
          aria-rowcount={count + 1}
          style={{
            tableLayout: 'fixed',
            borderCollapse: 'separate',
            borderSpacing: 0,
            width: tableWidth(columns),
            minWidth: '100%',
          }}
        >
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('results.caption', { count })}
          </caption>
          <colgroup>
            {columns.map((column) => (
              <col key={column} style={{ width: COLUMN_WIDTHS[column] }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={`${HEADER_CELL} ${stickyClass(column, columns) ?? ''}`}
                  data-column={column}
                >
                  {t(`column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          {scrollElement && (
            <RowsBody
              scrollElement={scrollElement}
              count={count}
              batchId={summary.batchId}
              kind={summary.kind}
              filter={filter}
              columns={columns}
              words={words}
            />
          )}
        </table>
      )}
    </Box>
  );
}

/**
 * The rows in view, and the pages read for them. The only part that renders again while the table
 * scrolls (the virtualizer re-renders the component that holds it): no hook of the language, the
 * query of the first page or the box runs per scroll step. Memoised: when the first page's answer
 * re-renders the box, the rows (rendered already by that answer, useCachedBatchRows) are not
 * rendered a second time.
 */
const RowsBody = memo(function RowsBody({
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
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read in this render only, never memoised
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

/** Header row + rows + a scroll bar, up to VIEWPORT_HEIGHT: the box never measures its content. */
function viewportHeight(count: number): number {
  if (count === 0) return EMPTY_HEIGHT;
  // + a horizontal scroll bar's height: the kinds' columns are wider than a narrow window.
  return Math.min(VIEWPORT_HEIGHT, (count + 1) * BATCH_ROW_HEIGHT + 18);
}

/**
 * Reads one page of rows (and keeps it read while the batch runs) for the rows the table shows
 * or is about to show; renders nothing: the table takes the page from the cache.
 */
function PageReader({ batchId, filter, page }: { batchId: string; filter: BatchRowFilter; page: number }) {
  useKeepBatchRowsPageRead(batchId, filter, page);
  return null;
}

const PlaceholderRow = memo(function PlaceholderRow({
  position,
  columns,
  text,
}: {
  position: number;
  columns: number;
  text: string;
}) {
  return (
    <tr aria-rowindex={position + 2} aria-busy="true" data-testid="batch-row-loading">
      <td colSpan={columns} className={LOADING_CELL}>
        {text}
      </td>
    </tr>
  );
});

/**
 * A row going by in a fast scroll (isFlying): an empty line of the table, the rows' text only
 * once the scroll slows (and their pages are read then: those passed by would be read for nothing).
 */
const FlyingRow = memo(function FlyingRow({ position, columns }: { position: number; columns: number }) {
  return (
    <tr aria-rowindex={position + 2} aria-busy="true" data-testid="batch-row-flying">
      <td colSpan={columns} className={CELL} />
    </tr>
  );
});

const BatchRowView = memo(function BatchRowView({
  position,
  row,
  kind,
  columns,
  words,
}: {
  position: number;
  row: BatchRow;
  kind: BatchKind;
  columns: readonly BatchColumn[];
  words: RowWords;
}) {
  const mark = changeMark(row);

  const cell = (column: BatchColumn) => {
    switch (column) {
      case 'index':
        return (
          <td key={column} className={`${CELL} ${STICKY}`}>
            {row.index + 1}
          </td>
        );
      case 'id':
        return (
          <td
            key={column}
            className={`${MONO} ${stickyClass(column, columns) ?? ''}`}
            title={row.id}
            data-copy-id={row.id}
          >
            <button
              type="button"
              className="paydesk-batch-copy"
              data-copy={row.id}
              aria-label={words.copyId}
            />
            {row.id}
          </td>
        );
      case 'state':
        return (
          <td key={column} className={row.state === 'failed' ? FAILED_CELL : CELL}>
            {words.state[row.state]}
          </td>
        );
      case 'status':
        return (
          <td key={column} className={CELL} data-status={row.status} title={row.status}>
            {row.status === undefined ? '—' : words.status(row.status)}
          </td>
        );
      case 'change': {
        const text = words.change(mark);
        return (
          <td
            key={column}
            className={mark.mark === 'changed' ? CHANGED_CELL : mark.mark === 'new' ? NEW_CELL : CELL}
            title={text}
          >
            {text}
          </td>
        );
      }
      case 'amount':
        if (row.amount !== undefined && row.currency === undefined) {
          const amount = words.money(row.amount);
          return (
            <td
              key={column}
              className={CELL}
              data-currency=""
              title={`${amount} ${words.currencyUnknown}: ${words.currencyUnknownHint}`}
            >
              {amount} <span className="paydesk-batch-dimmed">{words.currencyUnknown}</span>
            </td>
          );
        }
        return (
          <td key={column} className={CELL} data-currency={row.currency}>
            {row.amount === undefined ? '—' : words.money(row.amount, row.currency)}
          </td>
        );
      case 'usdAmount':
        return (
          <td key={column} className={CELL}>
            {row.usdAmount === undefined ? '—' : words.money(row.usdAmount, 'USD')}
          </td>
        );
      case 'invoiceId':
        return (
          <td key={column} className={CELL} title={row.invoiceId}>
            {row.invoiceId ?? '—'}
          </td>
        );
      case 'depositId':
        return (
          <td key={column} className={MONO}>
            {row.depositId === undefined ? '—' : String(row.depositId)}
          </td>
        );
      case 'country':
        return (
          <td key={column} className={CELL}>
            {row.country ?? '—'}
          </td>
        );
      case 'paymentMethod':
        return (
          <td key={column} className={CELL}>
            {row.paymentMethod ?? '—'}
          </td>
        );
      case 'rejection': {
        const text =
          row.rejectionCode === undefined && row.rejectionReason === undefined
            ? '—'
            : [row.rejectionCode, row.rejectionReason].filter((part) => part !== undefined).join(' · ');
        return (
          <td key={column} className={CELL} title={text}>
            {text}
          </td>
        );
      }
      case 'error': {
        if (!row.errorKind) {
          return (
            <td key={column} className={CELL}>
              —
            </td>
          );
        }
        const code = row.errorCode ?? row.httpStatus;
        const text = `${words.errorTitle(row.errorKind)}${code === undefined ? '' : ` (${code})`}`;
        return (
          <td
            key={column}
            className={FAILED_CELL}
            title={row.errorMessage ?? text}
            data-error-kind={row.errorKind}
          >
            {text}
          </td>
        );
      }
    }
  };

  return (
    <tr
      aria-rowindex={position + 2}
      data-testid="batch-row"
      data-id={row.id}
      data-state={row.state}
      data-status={row.status}
      data-change={mark.mark}
      data-kind={kind}
      className={mark.mark === 'changed' ? CHANGED_ROW : undefined}
    >
      {columns.map(cell)}
    </tr>
  );
});
