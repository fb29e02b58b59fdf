import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { selectedBatch } from './batch-view';
import { useBatchList, useBatchProgress } from './use-batch';
import { IdsForm } from './IdsForm';
import { BatchPanel } from './BatchPanel';
import { RecentBatches } from './RecentBatches';

/**
 * /batch: many ids of one kind looked up at once. Ids come from pasted text or a CSV file (main
 * parses them: parseBatch), the run goes on in main (startBatch; progress arrives as
 * batchProgress events), and the rows are read back page by page into a virtualised table.
 */
export default function BatchScreen() {
  const { t } = useTranslation('batch');
  useBatchProgress();
  const list = useBatchList();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedBatch(list.data ?? [], selectedId);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <IdsForm onStarted={(summary) => setSelectedId(summary.batchId)} />
      {selected && <BatchPanel key={selected.batchId} summary={selected} />}
      <Section title={t('recent.title')} testId="batch-recent">
        <QueryState
          query={list}
          label={t('recent.loading')}
          skeleton={<SkeletonLines lines={3} />}
          isEmpty={(batches) => batches.length === 0}
          empty={<Text size="sm">{t('recent.empty')}</Text>}
        >
          {(batches) => (
            <RecentBatches
              batches={batches}
              selectedId={selected?.batchId ?? null}
              onSelect={setSelectedId}
            />
          )}
        </QueryState>
      </Section>
    </Stack>
  );
}
