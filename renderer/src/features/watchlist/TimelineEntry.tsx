import { Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WatchTimelineEntry } from '../../../../shared/contract';
import { SolidBadge } from '../../components/SolidBadge';
import { useFormat } from '../../components/format-context';

export function TimelineEntry({ entry }: { entry: WatchTimelineEntry }) {
  const { t } = useTranslation('watchlist');
  const format = useFormat();
  const alarm = entry.severity === 'alarm';
  return (
    <List.Item
      data-testid="watch-timeline-entry"
      data-from={entry.from ?? ''}
      data-to={entry.to}
      data-severity={entry.severity}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" w={190}>
          {format.dateTime(entry.at)}
        </Text>
        <Text size="sm" fw={alarm ? 700 : undefined} data-testid="watch-timeline-text">
          {entry.from === null
            ? t('timeline.firstSeen', { status: entry.to })
            : t('timeline.change', { from: entry.from, to: entry.to })}
        </Text>
        {alarm && (
          <SolidBadge color="red" title={t('list.alarmHint')}>
            {t('list.alarm')}
          </SolidBadge>
        )}
      </Group>
    </List.Item>
  );
}
