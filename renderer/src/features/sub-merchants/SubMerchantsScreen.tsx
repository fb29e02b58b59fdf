import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice';
import { parsePositiveId } from '../../lib/jump-parser';
import { links } from '../../shell/links';
import { SubMerchantDetail } from './SubMerchantDetail';
import {
  useWatchedIds,
  useWatchedSubMerchants,
  useWatchToggle,
  type WatchRefreshSeconds,
} from './use-sub-merchants';
import { WatchedSubMerchants } from './WatchedSubMerchants';
import { IdForm } from '../../components/IdForm';

/**
 * /sub-merchants (a lookup form and the watched list) and /sub-merchants/:subMerchantId (the
 * record too, with watch/unwatch). The watched list is the active environment's (per profile).
 */
export default function SubMerchantsScreen() {
  const { t } = useTranslation('sub-merchants');
  const params = useParams<{ subMerchantId: string }>();
  const routeId = params.subMerchantId === undefined ? null : parsePositiveId(params.subMerchantId);
  const [refreshSeconds, setRefreshSeconds] = useState<WatchRefreshSeconds>(0);
  const watched = useWatchedSubMerchants(refreshSeconds);
  const toggle = useWatchToggle();
  const watchedIds = useWatchedIds(watched, toggle);

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <SubMerchantIdForm key={params.subMerchantId ?? ''} initial={params.subMerchantId ?? ''} />
      {params.subMerchantId !== undefined && routeId === null && (
        <ErrorNotice
          error={{
            kind: 'validation',
            field: 'subMerchantId',
            message: t('lookup.badRouteId', { value: params.subMerchantId }),
          }}
        />
      )}
      {routeId !== null && (
        <SubMerchantDetail subMerchantId={routeId} watched={watchedIds.has(routeId)} toggle={toggle} />
      )}
      <WatchedSubMerchants
        query={watched}
        toggle={toggle}
        refreshSeconds={refreshSeconds}
        onRefreshSecondsChange={setRefreshSeconds}
      />
    </Stack>
  );
}

function SubMerchantIdForm({ initial }: { initial: string }) {
  const { t } = useTranslation('sub-merchants');
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
      testIds={{ input: 'sub-merchant-id-input', submit: 'sub-merchant-lookup-submit' }}
      onId={(id) => void navigate(links.subMerchant(id))}
    />
  );
}
