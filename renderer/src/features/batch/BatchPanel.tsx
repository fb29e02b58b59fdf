import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BatchSummary } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import { Section } from '../../components/Section';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { BatchResults } from './BatchResults';
import { progressPercent } from './batch-view';
import { useBatchControl, useExportBatch } from './use-batch';

const STATE_COLORS: Record<BatchSummary['state'], BadgeColor> = {
  running: 'blue',
  done: 'green',
  cancelled: 'orange',
  failed: 'red',
};

/** The batch being looked at: progress, what to do with it, its rows. */
export function BatchPanel({ summary }: { summary: BatchSummary }) {
  const { t } = useTranslation('batch');
  const format = useFormat();
  const cancel = useBatchControl('cancel');
  const resume = useBatchControl('resume');
  const exportCsv = useExportBatch();
  const percent = progressPercent(summary);
  const running = summary.state === 'running';

  return (
    <Section title={t('current.title', { kind: t(`kind.${summary.kind}`) })} testId="batch-current">
      <Stack gap="sm" data-testid="batch-current" data-batch-id={summary.batchId} data-state={summary.state}>
        <Group gap="sm">
          <SolidBadge
            color={STATE_COLORS[summary.state]}
            data-testid="batch-state"
            data-state={summary.state}
          >
            {t(`state.${summary.state}`)}
          </SolidBadge>
          <Text size="sm">{t('current.startedAt', { time: format.dateTime(summary.startedAt) })}</Text>
        </Group>
        <Progress
          value={percent}
          size="lg"
          animated={running}
          striped={running}
          aria-label={t('progress.label', { percent })}
          data-testid="batch-progress"
        />
        <Text size="sm" data-testid="batch-progress-text" data-done={summary.done} data-total={summary.total}>
          {t('progress.text', {
            done: format.number(summary.done),
            total: format.number(summary.total),
            failed: format.number(summary.failed),
            rate: format.number(summary.ratePerSecond),
          })}
        </Text>
        <Text size="sm" data-testid="batch-compared">
          {summary.previousRunAt
            ? t('current.comparedWith', {
                time: format.dateTime(summary.previousRunAt),
                changed: format.number(summary.changed),
                new: format.number(summary.new),
              })
            : t('current.firstRun')}
        </Text>
        {summary.previousRunSetAside && (
          <Text size="sm" data-testid="batch-previous-set-aside">
            {sayText(t, format.locale, summary.previousRunSetAside)}
          </Text>
        )}
        {summary.state === 'cancelled' && summary.cancelReason && (
          <Text size="sm" data-testid="batch-cancel-reason">
            {t(`current.cancelled.${summary.cancelReason}`)}
          </Text>
        )}
        {summary.state === 'failed' && summary.error && <ErrorNotice error={summary.error} />}
        <Group gap="sm">
          {running && (
            <Button
              variant="default"
              onClick={() => cancel.mutate(summary.batchId)}
              loading={cancel.isPending}
              data-testid="batch-cancel"
            >
              {t('action.cancel')}
            </Button>
          )}
          {!running && summary.resumable && (
            <Button
              variant="default"
              onClick={() => resume.mutate(summary.batchId)}
              loading={resume.isPending}
              data-testid="batch-resume"
            >
              {t('action.resume')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => exportCsv.mutate(summary.batchId)}
            loading={exportCsv.isPending}
            data-testid="batch-export"
          >
            {t('action.export')}
          </Button>
        </Group>
        {cancel.error && <ErrorNotice error={cancel.error} />}
        {resume.error && <ErrorNotice error={resume.error} />}
        {exportCsv.error && <ErrorNotice error={exportCsv.error} />}
        <BatchResults summary={summary} />
      </Stack>
    </Section>
  );
}
