import { Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordSort } from '../../../shared/contract';
import { ariaSortOf, type SortableColumn } from '../lib/record-filters';

/** A column header that sorts the list by its column; `aria-sort` says how the list is sorted. */
export function SortableHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortableColumn;
  label: string;
  sort: RecordSort | undefined;
  onSort: (column: SortableColumn) => void;
}) {
  const { t } = useTranslation('records');
  const direction = ariaSortOf(sort ?? 'newest', column);
  return (
    <Table.Th scope="col" aria-sort={direction} data-sort-column={column}>
      <UnstyledButton
        onClick={() => onSort(column)}
        title={t('column.sortBy', { column: label })}
        style={{
          font: 'inherit',
          fontWeight: 'inherit',
          display: 'inline-flex',
          gap: 4,
          alignItems: 'center',
        }}
      >
        {label}
        <span aria-hidden="true">
          {direction === 'descending' ? '↓' : direction === 'ascending' ? '↑' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
