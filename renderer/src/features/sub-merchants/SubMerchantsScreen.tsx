import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
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
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  return (
    <Paper withBorder p="md" maw={560}>
      <form
        role="search"
        aria-label={t('lookup.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          const id = parsePositiveId(text.trim());
          if (id === null) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          void navigate(links.subMerchant(id));
        }}
      >
        <TextInput
          label={t('lookup.idLabel')}
          description={t('lookup.idHint')}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          autoFocus={initial === ''}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setInvalid(false);
          }}
          error={invalid ? t('lookup.invalidId') : undefined}
          data-testid="sub-merchant-id-input"
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" data-testid="sub-merchant-lookup-submit">
                {t('lookup.submit')}
              </Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}
