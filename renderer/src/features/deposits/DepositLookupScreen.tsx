import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice';
import { parsePositiveId } from '../../lib/jump-parser';
import { links } from '../../shell/links';
import { DepositDetail } from './DepositDetail';
import { IdForm } from '../../components/IdForm';

/** /deposits (a lookup form) and /deposits/:depositId (the form and the record). */
export default function DepositLookupScreen() {
  const { t } = useTranslation('deposits');
  const params = useParams<{ depositId: string }>();
  const routeId = params.depositId === undefined ? null : parsePositiveId(params.depositId);

  return (
    <Stack>
      <Title order={2}>{t('lookup.title')}</Title>
      <DepositIdForm key={params.depositId ?? ''} initial={params.depositId ?? ''} />
      {params.depositId !== undefined && routeId === null && (
        <ErrorNotice
          error={{
            kind: 'validation',
            field: 'depositId',
            message: t('lookup.badRouteId', { value: params.depositId }),
          }}
        />
      )}
      {routeId !== null && <DepositDetail depositId={routeId} />}
    </Stack>
  );
}

function DepositIdForm({ initial }: { initial: string }) {
  const { t } = useTranslation('deposits');
  const navigate = useNavigate();
  return (
    <IdForm
      initial={initial}
      text={{
        formLabel: t('lookup.formLabel'),
        label: t('lookup.idLabel'),
        hint: t('lookup.idHint'),
        invalid: t('lookup.invalidId'),
        submit: t('lookup.submit'),
      }}
      testIds={{ input: 'deposit-id-input', submit: 'deposit-lookup-submit' }}
      onId={(id) => void navigate(links.deposit(id))}
    />
  );
}
