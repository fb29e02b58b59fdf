import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadDraft } from '../../api/drafts';
import { IdForm } from '../../components/IdForm';
import { DepositToRefund } from './DepositToRefund';
import { depositOfRefundDraft } from './refund-form';

/** The deposit to refund, asked for by id (or taken from a refund draft), then its refund form. */
export function RefundCreate({ environmentId }: { environmentId: string | null }) {
  const { t } = useTranslation('refunds');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('depositId');
  // Opened without a deposit: the deposit of a refund draft, if there is one.
  useEffect(() => {
    if (asked !== null || environmentId === null) return;
    let live = true;
    void loadDraft(environmentId, 'refund-create').then((loaded) => {
      const depositId =
        loaded.ok && loaded.data.draft ? depositOfRefundDraft(loaded.data.draft.values) : null;
      if (live && depositId !== null) setSearch({ depositId: String(depositId) }, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [asked, environmentId, setSearch]);

  return (
    <Stack maw={1000}>
      <Title order={2}>{t('create.title')}</Title>
      <IdForm
        value={search.get('depositId')}
        field="depositId"
        search={false}
        submitVariant="default"
        text={{
          formLabel: t('create.depositFormLabel'),
          label: t('create.depositIdLabel'),
          hint: t('create.depositIdHint'),
          invalid: t('create.invalidDepositId'),
          submit: t('create.depositSubmit'),
          badValue: (value) => t('create.badDepositId', { value }),
        }}
        testIds={{ input: 'refund-deposit-input', submit: 'refund-deposit-submit' }}
        onId={(id) => setSearch({ depositId: String(id) })}
      >
        {(depositId) => <DepositToRefund depositId={depositId} environmentId={environmentId} />}
      </IdForm>
    </Stack>
  );
}
