import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChoosableTable } from '../../../shared/contract';
import { shownColumns, toggleColumn, type TableColumnsSpec } from '../lib/table-columns';
import { usePreferences } from '../shell/preferences';
import { DeferredPopover } from './overlays';

/** The columns `table` shows, and the user's choice of them (kept in the preferences). */
export function useTableColumns<C extends string>(
  table: ChoosableTable,
  spec: TableColumnsSpec<C>,
): { shown: C[]; choose: (column: C, show: boolean) => void } {
  const { preferences, setTableColumns } = usePreferences();
  const chosen = preferences.tableColumns?.[table];
  // The same array while nothing changes: tables memoise their rows on it.
  const shown = useMemo(() => shownColumns(spec, chosen), [spec, chosen]);
  return {
    shown,
    choose: (column, show) => void setTableColumns(table, toggleColumn(spec, shown, column, show)),
  };
}

/** "Columns": a checkbox per column; those that name a row cannot be unticked. */
export function ColumnsMenu<C extends string>({
  spec,
  shown,
  onChoose,
  label,
  testId,
}: {
  spec: TableColumnsSpec<C>;
  shown: readonly C[];
  onChoose: (column: C, show: boolean) => void;
  /** The column's header text. */
  label: (column: C) => string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <DeferredPopover
      position="bottom-end"
      shadow="md"
      withinPortal
      target={
        <Button variant="default" size="compact-sm" data-testid={testId}>
          {t('columns.button')}
        </Button>
      }
    >
      <Stack gap={6} role="group" aria-label={t('columns.label')} data-testid={`${testId}-list`}>
        <Text size="xs" c="dimmed">
          {t('columns.hint')}
        </Text>
        {spec.all.map((column) => (
          <Checkbox
            key={column}
            size="sm"
            label={label(column)}
            checked={shown.includes(column)}
            disabled={spec.always.includes(column)}
            onChange={(event) => onChoose(column, event.currentTarget.checked)}
            data-column={column}
          />
        ))}
      </Stack>
    </DeferredPopover>
  );
}
