import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WatchItem, WatchRef } from '../../../../shared/contract';
import { STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { refKey, sortedItems } from './watchlist-view';
import { WatchItemRow } from './WatchItemRow';

/** The pinned objects, alarms first, each with its timeline and unpin buttons. */
export function ItemsTable({
  items,
  timelineOf,
  onTimeline,
  onUnpin,
  unpinning,
}: {
  items: readonly WatchItem[];
  timelineOf: WatchRef | null;
  onTimeline: (ref: WatchRef) => void;
  onUnpin: (ref: WatchRef) => void;
  unpinning: WatchRef | null;
}) {
  const { t } = useTranslation(['watchlist', 'errors']);
  return (
    <TableRegion label={t('list.regionLabel')} testId="watch-table-box">
      <Table verticalSpacing="xs" data-testid="watch-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_HEADER_CELL} data-column="object">
              {t('list.column.object')}
            </Table.Th>
            <Table.Th scope="col" data-column="status">
              {t('list.column.status')}
            </Table.Th>
            <Table.Th scope="col" data-column="amount">
              {t('list.column.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('list.column.lastChecked')}</Table.Th>
            <Table.Th scope="col">{t('list.column.lastChange')}</Table.Th>
            <Table.Th scope="col">{t('list.column.changes')}</Table.Th>
            <Table.Th scope="col">{t('list.column.problem')}</Table.Th>
            <Table.Th scope="col" data-column="actions">
              {t('list.column.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortedItems(items).map((item) => (
            <WatchItemRow
              key={refKey(item)}
              item={item}
              timelineOf={timelineOf}
              onTimeline={onTimeline}
              onUnpin={onUnpin}
              unpinning={unpinning}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
