import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { IdForm } from '../../components/IdForm';
import { links } from '../../shell/links';
import { SubMerchantDetail } from './SubMerchantDetail';
import {
  useWatchedIds,
  useWatchedSubMerchants,
  useWatchToggle,
  type WatchRefreshSeconds,
} from './use-sub-merchants';
import { WatchedSubMerchants } from './WatchedSubMerchants';

/**
 * /sub-merchants (a lookup form and the watched list) and /sub-merchants/:subMerchantId (the
 * record too, with watch/unwatch). The watched list is the active environment's (per profile).
 */
export default function SubMerchantsScreen() {
  const { t } = useTranslation('sub-merchants');
  const params = useParams<{ subMerchantId: string }>();
  const navigate = useNavigate();
  const [refreshSeconds, setRefreshSeconds] = useState<WatchRefreshSeconds>(0);
  const watched = useWatchedSubMerchants(refreshSeconds);
  const toggle = useWatchToggle();
  const watchedIds = useWatchedIds(watched, toggle);

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <IdForm
        value={params.subMerchantId ?? null}
        field="subMerchantId"
        text={{
          formLabel: t('lookup.formLabel'),
          label: t('lookup.idLabel'),
          hint: t('lookup.idHint'),
          invalid: t('lookup.invalidId'),
          submit: t('lookup.submit'),
          badValue: (value) => t('lookup.badRouteId', { value }),
        }}
        testIds={{ input: 'sub-merchant-id-input', submit: 'sub-merchant-lookup-submit' }}
        onId={(id) => void navigate(links.subMerchant(id))}
      >
        {(id) => <SubMerchantDetail subMerchantId={id} watched={watchedIds.has(id)} toggle={toggle} />}
      </IdForm>
      <WatchedSubMerchants
        query={watched}
        toggle={toggle}
        refreshSeconds={refreshSeconds}
        onRefreshSecondsChange={setRefreshSeconds}
      />
    </Stack>
  );
}
