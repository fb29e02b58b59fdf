import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WATCH_LIMITS, type WatchListView } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { Section } from '../../components/Section';
import { intervalParts, WATCH_INTERVAL_CHOICES } from './watchlist-view';
import { usePollNow, useSetInterval } from './use-watchlist';

/** How often main reads the pinned objects again, when it last did and when it will next. */
export function PollingPanel({ view }: { view: WatchListView }) {
  const { t } = useTranslation('watchlist');
  const format = useFormat();
  const changeInterval = useSetInterval();
  const pollNow = usePollNow();
  const intervalLabel = (seconds: number) => {
    const { unit, count } = intervalParts(seconds);
    return t(`polling.every.${unit}`, { count });
  };
  const choices = WATCH_INTERVAL_CHOICES.includes(view.intervalSeconds)
    ? WATCH_INTERVAL_CHOICES
    : [...WATCH_INTERVAL_CHOICES, view.intervalSeconds].sort((a, b) => a - b);

  return (
    <Section title={t('polling.title')} testId="watch-polling">
      <Stack gap="sm">
        {view.recoveredFrom !== undefined && (
          <Alert color="orange" variant="light" title={t('polling.recoveredTitle')}>
            {t('polling.recovered', { path: view.recoveredFrom })}
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('polling.interval')}
            description={t('polling.intervalHint', {
              min: intervalLabel(WATCH_LIMITS.minIntervalSeconds),
              max: intervalLabel(WATCH_LIMITS.maxIntervalSeconds),
            })}
            value={String(view.intervalSeconds)}
            data={choices.map((seconds) => ({ value: String(seconds), label: intervalLabel(seconds) }))}
            onChange={(event) => changeInterval.mutate(Number(event.currentTarget.value))}
            disabled={changeInterval.isPending}
            w={260}
            data-testid="watch-interval"
          />
          <Button
            variant="default"
            onClick={() => pollNow.mutate({})}
            loading={pollNow.isPending}
            disabled={view.items.length === 0}
            data-testid="watch-poll-now"
          >
            {t('polling.now')}
          </Button>
        </Group>
        <Text size="sm" data-testid="watch-poll-times">
          {[
            view.lastPollAt
              ? t('polling.last', { time: format.dateTime(view.lastPollAt) })
              : t('polling.never'),
            view.polling && view.nextPollAt
              ? t('polling.next', { time: format.dateTime(view.nextPollAt) })
              : view.items.length === 0
                ? t('polling.idleEmpty')
                : t('polling.idle'),
          ].join(' ')}
        </Text>
        {changeInterval.error && <ErrorNotice error={changeInterval.error} />}
        {pollNow.error && <ErrorNotice error={pollNow.error} />}
      </Stack>
    </Section>
  );
}
