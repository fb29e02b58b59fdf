import { Box, Stack, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IndexedRecordView } from '../../../shared/contract';
import { useActiveEnvironmentId } from '../api/environment';
import { recordQueries, type RecentFilterQuery } from '../api/records';
import { RECORD_PAGE_SIZE, RECORD_ROW_HEIGHT, type SortableColumn } from '../lib/record-filters';
import { ErrorNotice } from './ErrorNotice';
import type { ListedKind } from './listed-kind';
import { RecordRow } from './RecordRow';
import { SortableHeader } from './SortableHeader';

/** Visible height of the list at most; a short list takes only its rows' height. */
const VIEWPORT_HEIGHT = 440;
const OVERSCAN = 6;

/** The recent list's table: only the rows in view are drawn, their pages read as they scroll in. */
export function VirtualRows({
  kind,
  query,
  total,
  onSort,
}: {
  kind: ListedKind;
  query: RecentFilterQuery;
  total: number;
  onSort: (column: SortableColumn) => void;
}) {
  const { t } = useTranslation('records');
  const environmentId = useActiveEnvironmentId();
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read in this render only, never memoised
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollElement,
    estimateSize: () => RECORD_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const firstPage = Math.floor((items[0]?.index ?? 0) / RECORD_PAGE_SIZE);
  const lastPage = Math.floor((items[items.length - 1]?.index ?? 0) / RECORD_PAGE_SIZE);
  const pageNumbers = Array.from({ length: lastPage - firstPage + 1 }, (_, offset) => firstPage + offset);
  const pages = useQueries({
    queries: pageNumbers.map((page) => recordQueries.recentPage(environmentId, query, page)),
  });
  const failed = pages.find((page) => page.isError);
  const rowAt = (index: number): IndexedRecordView | undefined => {
    const page = Math.floor(index / RECORD_PAGE_SIZE);
    return pages[page - firstPage]?.data?.records[index - page * RECORD_PAGE_SIZE];
  };
  const paddingTop = items[0]?.start ?? 0;
  const last = items[items.length - 1];
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const height = Math.min(VIEWPORT_HEIGHT, (total + 1) * RECORD_ROW_HEIGHT + 18);

  return (
    <Stack gap="xs">
      {failed?.error && <ErrorNotice error={failed.error} onRetry={() => void failed.refetch()} />}
      <Box
        ref={setScrollElement}
        role="region"
        aria-label={t(`recent.regionLabel.${kind}`)}
        tabIndex={0}
        data-testid="recent-list"
        data-count={total}
        style={{
          height,
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Table
          stickyHeader
          highlightOnHover
          verticalSpacing={4}
          aria-rowcount={total + 1}
          style={{ minWidth: 760 }}
        >
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('recent.caption', { count: total })}
          </caption>
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              <Table.Th scope="col">{t('column.id')}</Table.Th>
              <Table.Th scope="col">{t(`column.otherId.${kind}`)}</Table.Th>
              <Table.Th scope="col">{t('column.status')}</Table.Th>
              <SortableHeader column="amount" label={t('column.amount')} sort={query.sort} onSort={onSort} />
              <SortableHeader
                column="lastSeen"
                label={t('column.lastSeen')}
                sort={query.sort}
                onSort={onSort}
              />
              <Table.Th scope="col">{t('column.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paddingTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={6} style={{ height: paddingTop, padding: 0, border: 0 }} />
              </tr>
            )}
            {items.map(({ index }) => {
              const record = rowAt(index);
              return record ? (
                <RecordRow key={`${record.kind}:${record.id}`} position={index} record={record} />
              ) : (
                <tr
                  key={`loading:${index}`}
                  aria-rowindex={index + 2}
                  aria-busy="true"
                  style={{ height: RECORD_ROW_HEIGHT }}
                >
                  <td colSpan={6}>
                    <Text size="sm" c="dimmed">
                      {t('recent.rowLoading')}
                    </Text>
                  </td>
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={6} style={{ height: paddingBottom, padding: 0, border: 0 }} />
              </tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}
