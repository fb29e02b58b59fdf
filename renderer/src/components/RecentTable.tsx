import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveEnvironmentId } from '../api/environment';
import { recordQueries, type RecentFilterQuery } from '../api/records';
import { useEnvironmentQuery } from '../api/queries';
import type { SortableColumn } from '../lib/record-filters';
import type { ListedKind } from './listed-kind';
import { QueryState, SkeletonLines } from './QueryState';
import { VirtualRows } from './VirtualRows';

/** The recent list for one query: its first page says how many rows there are, or that there are none. */
export function RecentTable({
  kind,
  query,
  narrowed,
  onSort,
}: {
  kind: ListedKind;
  query: RecentFilterQuery;
  narrowed: boolean;
  onSort: (column: SortableColumn) => void;
}) {
  const { t } = useTranslation('records');
  const environmentId = useActiveEnvironmentId();
  const first = useEnvironmentQuery(recordQueries.recentPage(environmentId, query, 0));
  return (
    <QueryState
      query={first}
      label={t('recent.loading')}
      skeleton={<SkeletonLines lines={5} />}
      isEmpty={(page) => page.total === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="recent-empty">
          {narrowed ? t(`recent.noMatch.${kind}`) : t(`recent.empty.${kind}`)}
        </Text>
      }
    >
      {(page) => <VirtualRows kind={kind} query={query} total={page.total} onSort={onSort} />}
    </QueryState>
  );
}
