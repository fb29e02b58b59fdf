import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../../../../shared/contract';
import { QueryState } from '../../components/QueryState';
import { useAuditEntries } from './use-audit';
import { NewestFirst } from './NewestFirst';

/** Lines shown at first (newest first); "Show more" adds as many again. */
const SHOWN_STEP = 200;

export function EntriesTable({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  const query = useAuditEntries(filter);
  const [shown, setShown] = useState(SHOWN_STEP);
  return (
    <QueryState
      query={query}
      label={t('entries.loading')}
      isEmpty={(entries) => entries.length === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="audit-empty">
          {Object.keys(filter).length === 0 ? t('entries.emptyJournal') : t('entries.emptyFilter')}
        </Text>
      }
    >
      {(entries) => (
        <Stack gap="xs">
          <NewestFirst entries={entries} shown={shown} />
          {entries.length > shown && (
            <Group>
              <Button variant="default" onClick={() => setShown(shown + SHOWN_STEP)}>
                {t('entries.showMore', { count: Math.min(SHOWN_STEP, entries.length - shown) })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
