import { Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_ROW_FILTERS, type BatchRowFilter, type BatchSummary } from '../../../../shared/contract';
import { ColumnsMenu, useTableColumns } from '../../components/ColumnsMenu';
import { batchColumnsSpec, filterCounts } from './batch-view';
import { VirtualRows } from './VirtualRows';

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
