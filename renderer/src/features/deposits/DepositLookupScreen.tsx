import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { IdForm } from '../../components/IdForm';
import { RecordsUnderLookup, useLookupNumber } from '../../components/RecordList';
import { searchTextOf } from '../../lib/record-filters';
import { links } from '../../shell/links';
import { DepositDetail } from './DepositDetail';

/**
 * /deposits (the lookup form and the recent list), /deposits?q=… (the records the index matches to
 * a text that is not an id) and /deposits/:depositId (the form and the record).
 */
export default function DepositLookupScreen() {
  const { t } = useTranslation('deposits');
  const params = useParams<{ depositId: string }>();
  const { t: tRecords } = useTranslation('records');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const openNumber = useLookupNumber('deposit', { open: links.deposit, search: links.depositsSearch });
  const searchText = params.depositId === undefined ? searchTextOf(search.get('q') ?? '') : null;

  return (
    <Stack>
      <Title order={2}>{t('lookup.title')}</Title>
      <IdForm
        value={params.depositId ?? null}
        searchText={searchText}
        field="depositId"
        text={{
          formLabel: t('lookup.formLabel'),
          label: t('lookup.idLabel'),
          hint: tRecords('lookupHint.deposit'),
          invalid: t('lookup.invalidId'),
          submit: t('lookup.submit'),
          badValue: (value) => t('lookup.badRouteId', { value }),
        }}
        testIds={{ input: 'deposit-id-input', submit: 'deposit-lookup-submit' }}
        onId={(id) => void openNumber(id)}
        onText={(text) => void navigate(links.depositsSearch(text))}
      >
        {(id) => <DepositDetail depositId={id} />}
      </IdForm>
      {params.depositId === undefined && (
        <RecordsUnderLookup kind="deposit" searchText={searchText} recentHref={links.deposits()} />
      )}
    </Stack>
  );
}
