import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BATCH_ROW_FILTERS,
  type BatchKind,
  type BatchRow,
  type BatchRowFilter,
  type BatchSummary,
} from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import {
  BATCH_PAGE_SIZE,
  BATCH_ROW_HEIGHT,
  batchColumns,
  changeMark,
  COLUMN_WIDTHS,
  filterCounts,
  pagesInRange,
  tableWidth,
  type BatchColumn,
} from './batch-view';
import { useBatchRowsPage } from './use-batch';

/** Visible height of the scrolled table at most (a short list takes only its rows' height). */
const VIEWPORT_HEIGHT = 480;
/** Room for the empty-list sentence. */
const EMPTY_HEIGHT = 64;
/** Rows rendered beyond the visible ones on each side (smooth keyboard and wheel scrolling). */
const OVERSCAN = 10;

/*
 * Styles are constants: a row renders plain cells with these, never a component per cell, so a
 * scroll step re-renders only the rows that come into view (memoised; react-query keeps unchanged
 * rows' objects when a page is read again).
 */
const CELL: CSSProperties = {
  height: BATCH_ROW_HEIGHT,
  padding: '0 8px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  borderBottom: '1px solid var(--mantine-color-default-border)',
  fontSize: 'var(--mantine-font-size-sm)',
};
const HEADER_CELL: CSSProperties = {
  ...CELL,
  position: 'sticky',
  top: 0,
  zIndex: 1,
  textAlign: 'left',
  fontWeight: 700,
  background: 'var(--mantine-color-body)',
};
const MONO: CSSProperties = { ...CELL, fontFamily: 'var(--mantine-font-family-monospace)' };
const CHANGED_CELL: CSSProperties = {
  ...CELL,
  fontWeight: 700,
  color: 'var(--mantine-color-orange-light-color)',
};
const NEW_CELL: CSSProperties = { ...CELL, fontWeight: 700, color: 'var(--mantine-color-blue-light-color)' };
const FAILED_CELL: CSSProperties = { ...CELL, color: 'var(--mantine-color-error)' };
const CHANGED_ROW: CSSProperties = { background: 'var(--mantine-color-orange-light)' };
const SPACER: CSSProperties = { height: 0, padding: 0, border: 0 };

export function BatchResults({ summary }: { summary: BatchSummary }) {
  const { t } = useTranslation('batch');
  const [filter, setFilter] = useState<BatchRowFilter>('all');
  const counts = filterCounts(summary);
  return (
    <Stack gap="xs">
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
        style={{ maxWidth: 900 }}
      />
      {/* Keyed by filter: another filter is another list, scrolled from its top. */}
      <VirtualRows key={`${summary.batchId}:${filter}`} summary={summary} filter={filter} />
    </Stack>
  );
}

function VirtualRows({ summary, filter }: { summary: BatchSummary; filter: BatchRowFilter }) {
  const { t } = useTranslation('batch');
  const scrollRef = useRef<HTMLDivElement>(null);
  // The first page always answers the filter's exact total (the list's length), also when scrolled away.
  const first = useBatchRowsPage(summary.batchId, filter, 0);
  const count = first.data?.total ?? filterCounts(summary)[filter];
  const columns = batchColumns(summary.kind);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read in this render only, never memoised
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BATCH_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const firstItem = items[0];
  const lastItem = items[items.length - 1];
  const paddingTop = firstItem?.start ?? 0;
  const paddingBottom = lastItem ? virtualizer.getTotalSize() - lastItem.end : 0;
  const pages = firstItem && lastItem ? pagesInRange(firstItem.index, lastItem.index) : [];

  if (first.error) return <ErrorNotice error={first.error} onRetry={() => void first.refetch()} />;
  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label={t('results.regionLabel')}
      tabIndex={0}
      data-testid="batch-results"
      data-count={count}
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
                <th key={column} scope="col" style={HEADER_CELL}>
                  {t(`column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columns.length} style={{ ...SPACER, height: paddingTop }} />
              </tr>
            )}
            {pages.map((page) => (
              <PageRows
                key={page}
                batchId={summary.batchId}
                kind={summary.kind}
                filter={filter}
                page={page}
                from={Math.max(firstItem?.index ?? 0, page * BATCH_PAGE_SIZE)}
                to={Math.min(lastItem?.index ?? 0, (page + 1) * BATCH_PAGE_SIZE - 1)}
                columns={columns}
              />
            ))}
            {paddingBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columns.length} style={{ ...SPACER, height: paddingBottom }} />
              </tr>
            )}
          </tbody>
        </table>
      )}
    </Box>
  );
}

/** Header row + rows + a scroll bar, up to VIEWPORT_HEIGHT: the box never measures its content. */
function viewportHeight(count: number): number {
  if (count === 0) return EMPTY_HEIGHT;
  // + a horizontal scroll bar's height: the kinds' columns are wider than a narrow window.
  return Math.min(VIEWPORT_HEIGHT, (count + 1) * BATCH_ROW_HEIGHT + 18);
}

/**
 * Rows `from`…`to` (list positions) of one page: the page's answer, or placeholders until it
 * comes. Memoised: a scroll step re-renders only the pages whose visible range moved.
 */
const PageRows = memo(function PageRows({
  batchId,
  kind,
  filter,
  page,
  from,
  to,
  columns,
}: {
  batchId: string;
  kind: BatchKind;
  filter: BatchRowFilter;
  page: number;
  from: number;
  to: number;
  columns: readonly BatchColumn[];
}) {
  const query = useBatchRowsPage(batchId, filter, page);
  const rows = query.data?.rows;
  const positions: number[] = [];
  for (let position = from; position <= to; position += 1) positions.push(position);
  return (
    <>
      {positions.map((position) => {
        const row = rows?.[position - page * BATCH_PAGE_SIZE];
        return row ? (
          <BatchRowView key={position} position={position} row={row} kind={kind} columns={columns} />
        ) : (
          <PlaceholderRow key={position} position={position} columns={columns.length} />
        );
      })}
    </>
  );
});

function PlaceholderRow({ position, columns }: { position: number; columns: number }) {
  const { t } = useTranslation('batch');
  return (
    <tr aria-rowindex={position + 2} aria-busy="true" data-testid="batch-row-loading">
      <td colSpan={columns} style={{ ...CELL, color: 'var(--mantine-color-dimmed)' }}>
        {t('results.rowLoading')}
      </td>
    </tr>
  );
}

const BatchRowView = memo(function BatchRowView({
  position,
  row,
  kind,
  columns,
}: {
  position: number;
  row: BatchRow;
  kind: BatchKind;
  columns: readonly BatchColumn[];
}) {
  const { t } = useTranslation(['batch', 'errors']);
  const format = useFormat();
  const mark = changeMark(row);

  const cell = (column: BatchColumn) => {
    switch (column) {
      case 'index':
        return (
          <td key={column} style={CELL}>
            {row.index + 1}
          </td>
        );
      case 'id':
        return (
          <td key={column} style={MONO} title={row.id}>
            {row.id}
          </td>
        );
      case 'state':
        return (
          <td key={column} style={row.state === 'failed' ? FAILED_CELL : CELL}>
            {t(`batch:rowState.${row.state}`)}
          </td>
        );
      case 'status':
        return (
          <td key={column} style={CELL} data-status={row.status} title={row.status}>
            {row.status ?? '—'}
          </td>
        );
      case 'change': {
        const text =
          mark.mark === 'changed'
            ? t('batch:change.changed', { previous: mark.previous ?? t('batch:change.notFoundBefore') })
            : mark.mark === 'none'
              ? '—'
              : t(`batch:change.${mark.mark}`);
        return (
          <td
            key={column}
            style={mark.mark === 'changed' ? CHANGED_CELL : mark.mark === 'new' ? NEW_CELL : CELL}
            title={text}
          >
            {text}
          </td>
        );
      }
      case 'amount':
        return (
          <td key={column} style={CELL}>
            {row.amount === undefined ? '—' : format.money(row.amount, row.currency)}
          </td>
        );
      case 'usdAmount':
        return (
          <td key={column} style={CELL}>
            {row.usdAmount === undefined ? '—' : format.money(row.usdAmount, 'USD')}
          </td>
        );
      case 'invoiceId':
        return (
          <td key={column} style={CELL} title={row.invoiceId}>
            {row.invoiceId ?? '—'}
          </td>
        );
      case 'depositId':
        return (
          <td key={column} style={MONO}>
            {row.depositId === undefined ? '—' : String(row.depositId)}
          </td>
        );
      case 'country':
        return (
          <td key={column} style={CELL}>
            {row.country ?? '—'}
          </td>
        );
      case 'paymentMethod':
        return (
          <td key={column} style={CELL}>
            {row.paymentMethod ?? '—'}
          </td>
        );
      case 'rejection': {
        const text =
          row.rejectionCode === undefined && row.rejectionReason === undefined
            ? '—'
            : [row.rejectionCode, row.rejectionReason].filter((part) => part !== undefined).join(' · ');
        return (
          <td key={column} style={CELL} title={text}>
            {text}
          </td>
        );
      }
      case 'error': {
        if (!row.errorKind) {
          return (
            <td key={column} style={CELL}>
              —
            </td>
          );
        }
        const code = row.errorCode ?? row.httpStatus;
        const text = `${t(`errors:kind.${row.errorKind}.title`)}${code === undefined ? '' : ` (${code})`}`;
        return (
          <td
            key={column}
            style={FAILED_CELL}
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
      style={mark.mark === 'changed' ? CHANGED_ROW : undefined}
    >
      {columns.map(cell)}
    </tr>
  );
});
