import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parsePositiveId } from '../lib/jump-parser';
import type { ListedKind } from './listed-kind';
import { RecentRecords } from './RecentRecords';
import { RecordMatches } from './RecordMatches';
import { recordHref } from './record-href';

// The lookup screens take the record lists' pieces from here.
export { RecordSearchForm } from './RecordSearchForm';
export { useLookupNumber } from './use-lookup-number';

/**
 * What a lookup screen shows under its form when no record is open: the matches of the text the
 * address searches for (with a way back), else the recent list.
 */
export function RecordsUnderLookup({
  kind,
  searchText,
  recentHref,
}: {
  kind: ListedKind;
  searchText: string | null;
  recentHref: string;
}) {
  const { t } = useTranslation('records');
  if (searchText === null) return <RecentRecords kind={kind} />;
  // A number the index knows only as the start of ids (or another record's invoice id) may still
  // be a whole id it has not seen: the service can be asked for it from here.
  const number = parsePositiveId(searchText);
  const asked = number === null ? null : recordHref({ kind, id: String(number) });
  return (
    <Stack gap="xs">
      <RecordMatches text={searchText} kinds={[]} />
      {asked !== null && number !== null && (
        <Anchor component={Link} to={asked} size="sm" data-testid="matches-ask-service">
          {t(`search.askService.${kind}`, { id: number })}
        </Anchor>
      )}
      <Anchor component={Link} to={recentHref} size="sm" data-testid="matches-back">
        {t('search.back')}
      </Anchor>
    </Stack>
  );
}
