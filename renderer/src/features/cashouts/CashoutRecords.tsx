import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { RecordSearchForm, RecordsUnderLookup } from '../../components/RecordList';
import { searchTextOf } from '../../lib/record-filters';
import { links } from '../../shell/links';

/**
 * The Cashouts screen while no cashout is open: a search over the record index (the lookup form
 * above takes ids only) and the recent cashouts, or the matches of `/cashouts?q=…`.
 */
export function CashoutRecords({ query }: { query: string | null }) {
  const navigate = useNavigate();
  const searchText = searchTextOf(query ?? '');
  return (
    <Stack gap="sm">
      <RecordSearchForm
        key={searchText ?? ''}
        initial={searchText ?? ''}
        onSearch={(text) => void navigate(links.cashoutsSearch(text))}
      />
      <RecordsUnderLookup kind="cashout" searchText={searchText} recentHref={links.cashouts()} />
    </Stack>
  );
}
