import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReconcileProgress } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { Section } from '../../components/Section';
import { isRunning, progressPercent } from './reconcile-view';
import { useExportRun, useReconcileRun, useRunControl } from './use-reconcile';
import { RunResult } from './RunResult';

/** The run being looked at: progress while it goes, then the picture and the differences. */
export function RunPanel({ runId, progress }: { runId: string; progress: ReconcileProgress | undefined }) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  const running = isRunning(progress);
  const run = useReconcileRun(runId, !running);
  const cancel = useRunControl('cancel');
  const resume = useRunControl('resume');
  const exportCsv = useExportRun();
  const view = run.data;
  const summary = view?.summary;

  return (
    <Section title={t('run.title')} testId="reconcile-run">
      <Stack
        gap="sm"
        data-testid="reconcile-run"
        data-run-id={runId}
        data-state={running ? 'running' : summary?.state}
      >
        {progress && (running || !summary) && (
          <Stack gap={4}>
            <Progress
              value={progressPercent(progress)}
              size="lg"
              animated={running}
              striped={running}
              aria-label={t('progress.label', { percent: progressPercent(progress) })}
              data-testid="reconcile-progress"
            />
            <Text
              size="sm"
              data-testid="reconcile-progress-text"
              data-done={progress.done}
              data-total={progress.total}
            >
              {t('progress.withPhase', { phase: t(`phase.${progress.phase}`) })}
              {t('progress.text', {
                done: format.number(progress.done),
                total: format.number(progress.total),
                failed: format.number(progress.failed),
                rate: format.number(progress.ratePerSecond),
              })}
            </Text>
          </Stack>
        )}
        <Group gap="sm">
          {running && (
            <Button
              variant="default"
              onClick={() => cancel.mutate(runId)}
              loading={cancel.isPending}
              data-testid="reconcile-cancel"
            >
              {t('action.cancel')}
            </Button>
          )}
          {!running && summary && (summary.state === 'cancelled' || summary.state === 'failed') && (
            <Button
              variant="default"
              onClick={() => resume.mutate(runId)}
              loading={resume.isPending}
              data-testid="reconcile-resume"
            >
              {t('action.resume')}
            </Button>
          )}
          {!running && summary && (
            <>
              <Button
                variant="default"
                onClick={() => exportCsv.mutate({ runId, which: 'differences' })}
                loading={exportCsv.isPending && exportCsv.variables.which === 'differences'}
                data-testid="reconcile-export-differences"
              >
                {t('action.exportDifferences')}
              </Button>
              <Button
                variant="default"
                onClick={() => exportCsv.mutate({ runId, which: 'all' })}
                loading={exportCsv.isPending && exportCsv.variables.which === 'all'}
                data-testid="reconcile-export-all"
              >
                {t('action.exportAll')}
              </Button>
            </>
          )}
        </Group>
        {cancel.error && <ErrorNotice error={cancel.error} />}
        {resume.error && <ErrorNotice error={resume.error} />}
        {exportCsv.error && <ErrorNotice error={exportCsv.error} />}
        {!running && run.error && <ErrorNotice error={run.error} />}
        {!running && summary && (
          <RunResult summary={summary} badRows={view?.badRows ?? []} badRowCount={view?.badRowCount ?? 0} />
        )}
      </Stack>
    </Section>
  );
}
