import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useReconcileList, useReconcileProgress } from './use-reconcile';
import { LedgerForm } from './LedgerForm';
import { RunPanel } from './RunPanel';
import { RunList } from './RunList';

/**
 * /reconcile: the merchant's ledger against the service. The ledger is read in main
 * (uploadLedger) and its mapping, kind and bad rows shown before anything is looked up; the run
 * goes on in main (startReconcile, reconcileProgress events); its result is a picture first
 * (counts and money per class and currency), then the differences, page by page.
 */
export default function ReconcileScreen() {
  const { t } = useTranslation('reconcile');
  const progress = useReconcileProgress();
  const list = useReconcileList();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <LedgerForm onStarted={setSelectedId} />
      {selectedId && <RunPanel key={selectedId} runId={selectedId} progress={progress[selectedId]} />}
      <Section title={t('runs.title')} testId="reconcile-runs">
        <QueryState
          query={list}
          label={t('runs.loading')}
          skeleton={<SkeletonLines lines={3} />}
          isEmpty={(runs) => runs.length === 0}
          empty={<Text size="sm">{t('runs.empty')}</Text>}
        >
          {(runs) => <RunList runs={runs} selectedId={selectedId} onSelect={setSelectedId} />}
        </QueryState>
      </Section>
    </Stack>
  );
}
