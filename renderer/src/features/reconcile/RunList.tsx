import { Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReconcileSummary } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { RunTable } from '../../components/RunTable';
import { CHART_CLASSES } from './reconcile-view';

export function RunList({
  runs,
  selectedId,
  onSelect,
}: {
  runs: readonly ReconcileSummary[];
  selectedId: string | null;
  onSelect: (runId: string) => void;
}) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  return (
    <RunTable
      testId="reconcile-run-list"
      headers={[
        t('runs.ledger'),
        t('runs.kind'),
        t('runs.state'),
        t('runs.differences'),
        t('runs.startedAt'),
        t('runs.actions'),
      ]}
      runs={runs}
      idOf={(run) => run.runId}
      idAttribute="data-run-id"
      stateOf={(run) => run.state}
      selectedId={selectedId}
      cells={(run) => {
        const differing = CHART_CLASSES.reduce((sum, name) => sum + run.counts[name], 0);
        return (
          <>
            <Table.Td>{run.ledgerName}</Table.Td>
            <Table.Td>{t(`kind.${run.kind}`)}</Table.Td>
            <Table.Td>{t(`state.${run.state}`)}</Table.Td>
            <Table.Td>{format.number(differing)}</Table.Td>
            <Table.Td>{format.dateTime(run.startedAt)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                onClick={() => onSelect(run.runId)}
                disabled={run.runId === selectedId}
                aria-label={t('runs.openLabel', {
                  name: run.ledgerName,
                  time: format.dateTime(run.startedAt),
                })}
                data-testid="reconcile-open"
              >
                {t('runs.open')}
              </Button>
            </Table.Td>
          </>
        );
      }}
    />
  );
}
