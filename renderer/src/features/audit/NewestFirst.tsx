import { Group, Stack, Table } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '../../../../shared/contract';
import { ColumnsMenu, useTableColumns } from '../../components/ColumnsMenu';
import { STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { AUDIT_COLUMNS_SPEC, countryOfIntent } from './audit-view';
import { EntryRow } from './EntryRow';

export function NewestFirst({ entries, shown }: { entries: AuditEntryView[]; shown: number }) {
  const { t } = useTranslation('audit');
  const rows = useMemo(() => entries.slice(-shown).reverse(), [entries, shown]);
  const countries = useMemo(() => countryOfIntent(entries), [entries]);
  const columns = useTableColumns('audit', AUDIT_COLUMNS_SPEC);
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <ColumnsMenu
          spec={AUDIT_COLUMNS_SPEC}
          shown={columns.shown}
          onChoose={columns.choose}
          label={(column) => t(`column.${column}`)}
          testId="audit-columns"
        />
      </Group>
      <TableRegion label={t('entries.regionLabel')} testId="audit-table-box">
        <Table
          striped
          withTableBorder
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="sm"
          data-testid="audit-table"
        >
          <Table.Caption style={{ textAlign: 'left' }}>
            {t('entries.caption', { shown: rows.length, count: entries.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.shown.map((column) => (
                <Table.Th
                  key={column}
                  scope="col"
                  data-column={column}
                  style={column === 'ids' ? STICKY_HEADER_CELL : undefined}
                >
                  {t(`column.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <EntryRow
                key={`${entry.chain ?? 'desk'}:${entry.seq}`}
                entry={entry}
                columns={columns.shown}
                country={entry.intentId === undefined ? undefined : countries.get(entry.intentId)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </TableRegion>
    </Stack>
  );
}
