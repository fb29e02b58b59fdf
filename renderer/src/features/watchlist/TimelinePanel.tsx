import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WatchRef } from '../../../../shared/contract';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { TimelineEntry } from './TimelineEntry';
import { useWatchTimeline } from './use-watchlist';

/** The statuses seen of one pinned object, newest first. */
export function TimelinePanel({ watchRef }: { watchRef: WatchRef }) {
  const { t } = useTranslation('watchlist');
  const timeline = useWatchTimeline(watchRef);
  const title = t('timeline.title', { object: t(`kindOne.${watchRef.kind}`), id: watchRef.id });
  return (
    <Section title={title} testId="watch-timeline">
      <QueryState
        query={timeline}
        label={t('timeline.loading', { id: watchRef.id })}
        isEmpty={(answer) => answer.entries.length === 0}
        empty={<Text size="sm">{t('timeline.empty')}</Text>}
      >
        {(answer) => (
          <List spacing={6} data-testid="watch-timeline-entries" listStyleType="none" ml={0} pl={0}>
            {/* Newest first: the latest change is what someone opening the timeline looks for. */}
            {[...answer.entries].reverse().map((entry, index) => (
              <TimelineEntry key={`${entry.at}:${index}`} entry={entry} />
            ))}
          </List>
        )}
      </QueryState>
    </Section>
  );
}
