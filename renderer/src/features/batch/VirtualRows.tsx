import { Box, Text } from '@mantine/core';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchRowFilter, BatchSummary } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { BATCH_ROW_HEIGHT, COLUMN_WIDTHS, filterCounts, tableWidth, type BatchColumn } from './batch-view';
import { useBatchRowsPage } from './use-batch';
import { HEADER_CELL, stickyClass } from './batch-cells';
import { rowWords } from './row-words';
import { RowsBody } from './RowsBody';

/** Visible height of the scrolled table at most (a short list takes only its rows' height). */
const VIEWPORT_HEIGHT = 480;
/** Room for the empty-list sentence. */
const EMPTY_HEIGHT = 64;

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

export function VirtualRows({
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

/** Header row + rows + a scroll bar, up to VIEWPORT_HEIGHT: the box never measures its content. */
function viewportHeight(count: number): number {
  if (count === 0) return EMPTY_HEIGHT;
  // + a horizontal scroll bar's height: the kinds' columns are wider than a narrow window.
  return Math.min(VIEWPORT_HEIGHT, (count + 1) * BATCH_ROW_HEIGHT + 18);
}
