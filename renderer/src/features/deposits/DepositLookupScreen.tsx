import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { IdForm } from '../../components/IdForm';
import { links } from '../../shell/links';
import { DepositDetail } from './DepositDetail';

/** /deposits (a lookup form) and /deposits/:depositId (the form and the record). */
export default function DepositLookupScreen() {
  const { t } = useTranslation('deposits');
  const params = useParams<{ depositId: string }>();
  const navigate = useNavigate();

  return (
    <Stack>
      <Title order={2}>{t('lookup.title')}</Title>
      <IdForm
        value={params.depositId ?? null}
        field="depositId"
        text={{
          formLabel: t('lookup.formLabel'),
          label: t('lookup.idLabel'),
          hint: t('lookup.idHint'),
          invalid: t('lookup.invalidId'),
          submit: t('lookup.submit'),
          badValue: (value) => t('lookup.badRouteId', { value }),
        }}
        testIds={{ input: 'deposit-id-input', submit: 'deposit-lookup-submit' }}
        onId={(id) => void navigate(links.deposit(id))}
      >
        {(id) => <DepositDetail depositId={id} />}
      </IdForm>
    </Stack>
  );
}
