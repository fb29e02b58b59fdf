import { Button, Group, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BatchSummary } from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { RunTable } from '../../components/RunTable';
import { useDiscardBatch } from './use-batch';

export function RecentBatches({
  batches,
  selectedId,
  onSelect,
}: {
  batches: readonly BatchSummary[];
  selectedId: string | null;
  onSelect: (batchId: string | null) => void;
}) {
  const { t } = useTranslation('batch');
  const format = useFormat();
  const { list } = useEnvironments();
  const discard = useDiscardBatch((batchId) => {
    if (batchId === selectedId) onSelect(null);
  });
  const environmentName = (environmentId: string) =>
    list?.environments.find((profile) => profile.id === environmentId)?.name ?? environmentId;

  return (
    <Stack gap="xs">
      {discard.error && <ErrorNotice error={discard.error} />}
      <RunTable
        testId="batch-list"
        headers={[
          t('recent.column.kind'),
          t('recent.column.environment'),
          t('recent.column.state'),
          t('recent.column.progress'),
          t('recent.column.startedAt'),
          t('recent.column.actions'),
        ]}
        runs={batches}
        idOf={(batch) => batch.batchId}
        idAttribute="data-batch-id"
        stateOf={(batch) => batch.state}
        selectedId={selectedId}
        cells={(batch) => {
          const label = t('recent.batchLabel', {
            kind: t(`kind.${batch.kind}`),
            time: format.dateTime(batch.startedAt),
          });
          return (
            <>
              <Table.Td>{t(`kind.${batch.kind}`)}</Table.Td>
              <Table.Td>{environmentName(batch.environmentId)}</Table.Td>
              <Table.Td>{t(`state.${batch.state}`)}</Table.Td>
              <Table.Td>
                {t('recent.progress', {
                  done: format.number(batch.done),
                  total: format.number(batch.total),
                  failed: format.number(batch.failed),
                })}
              </Table.Td>
              <Table.Td>{format.dateTime(batch.startedAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onSelect(batch.batchId)}
                    disabled={batch.batchId === selectedId}
                    aria-label={t('recent.showLabel', { batch: label })}
                    data-testid="batch-show"
                  >
                    {t('recent.show')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => discard.mutate(batch.batchId)}
                    loading={discard.isPending && discard.variables === batch.batchId}
                    aria-label={t('recent.discardLabel', { batch: label })}
                    data-testid="batch-discard"
                  >
                    {t('recent.discard')}
                  </Button>
                </Group>
              </Table.Td>
            </>
          );
        }}
      />
    </Stack>
  );
}
