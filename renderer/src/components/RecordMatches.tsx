import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordKind } from '../../../shared/contract';
import { useRecordSearch } from '../api/records';
import { SEARCH_MATCHES } from '../lib/record-filters';
import { MatchList } from './MatchList';
import { QueryState } from './QueryState';

/**
 * A lookup screen's search: the records of `kinds` whose id, invoice id or external id is or
 * starts with `text`, each a link to its page.
 */
export function RecordMatches({ text, kinds }: { text: string; kinds: RecordKind[] }) {
  const { t } = useTranslation('records');
  const query = useRecordSearch(text, kinds, SEARCH_MATCHES);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('search.title', { text })}
      data-section="matches"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('search.title', { text })}
        </Title>
        <QueryState
          query={query}
          label={t('search.loading', { text })}
          isEmpty={(found) => found.length === 0}
          empty={
            <Text size="sm" c="dimmed" data-testid="matches-empty">
              {t('search.none', { text })}
            </Text>
          }
        >
          {(found) => <MatchList records={found} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}
