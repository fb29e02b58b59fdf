import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClockStatus } from '../../../../shared/contract';
import { useClockStatus } from '../../api/guard';
import { useFormat } from '../../components/format-context';

/** One line: the clock offset of an environment and what it means. */
export function ClockSummary({ clock }: { clock: ClockStatus }) {
  const { t } = useTranslation(['environments', 'shell']);
  const format = useFormat();
  const offset =
    clock.offsetMs === null
      ? t('environments:clock.noSample')
      : t('environments:clock.offset', {
          offset: format.offset(clock.offsetMs),
          uncertainty: clock.uncertaintyMs === null ? '?' : format.seconds(clock.uncertaintyMs),
        });
  return (
    <Text size="sm" data-testid="clock-summary" data-clock-state={clock.state}>
      {offset}
      {clock.state !== 'unmeasured' && ` · ${t(`shell:clock.state.${clock.state}`, { offset: '' }).trim()}`}
      {clock.blocksMutations && (
        <Text span fw={700} c="var(--mantine-color-error)">
          {' '}
          · {t('environments:clock.blocks')}
        </Text>
      )}
    </Text>
  );
}

export function EnvironmentClock({ environmentId }: { environmentId: string }) {
  const clock = useClockStatus(environmentId);
  if (!clock.data) return null;
  return <ClockSummary clock={clock.data} />;
}
