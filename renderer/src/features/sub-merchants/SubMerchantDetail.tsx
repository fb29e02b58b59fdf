import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fetched, SubMerchant } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JsonView } from '../../components/JsonView';
import { Money } from '../../components/Money';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { MarkupFee, SubMerchantStatus } from './parts';
import { useSubMerchant, type useWatchToggle } from './use-sub-merchants';
import { Section } from '../../components/Section';

export function SubMerchantDetail({
  subMerchantId,
  watched,
  toggle,
}: {
  subMerchantId: number;
  watched: boolean;
  toggle: ReturnType<typeof useWatchToggle>;
}) {
  const { t } = useTranslation('sub-merchants');
  const query = useSubMerchant(subMerchantId);
  const togglingThis = toggle.variables?.subMerchantId === subMerchantId;
  return (
    <Stack>
      <QueryState
        query={query}
        label={t('detail.loading', { id: subMerchantId })}
        skeleton={<SkeletonCard lines={10} />}
      >
        {(fetched) => (
          <SubMerchantRecord
            fetched={fetched}
            refreshing={query.isFetching}
            onRefresh={() => void query.refetch()}
            watchButton={
              <Button
                variant={watched ? 'default' : 'filled'}
                onClick={() => toggle.mutate({ subMerchantId, watch: !watched })}
                loading={toggle.isPending && togglingThis}
                data-testid="sub-merchant-watch"
                data-watched={watched}
              >
                {watched ? t('detail.unwatch') : t('detail.watch')}
              </Button>
            }
          />
        )}
      </QueryState>
      {toggle.error && togglingThis && <ErrorNotice error={toggle.error} />}
    </Stack>
  );
}

function SubMerchantRecord({
  fetched,
  refreshing,
  onRefresh,
  watchButton,
}: {
  fetched: Fetched<SubMerchant>;
  refreshing: boolean;
  onRefresh: () => void;
  watchButton: ReactNode;
}) {
  const { t } = useTranslation('sub-merchants');
  const record = fetched.record;
  const balance = record.balance;
  return (
    <Stack data-testid="sub-merchant-detail" data-sub-merchant-id={record.sub_merchant_id}>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3} size="h3" data-copy-id={String(record.sub_merchant_id)}>
            {t('detail.heading', { id: record.sub_merchant_id })}
          </Title>
          <CopyButton value={String(record.sub_merchant_id)} label={t('detail.copyId')} />
          <SubMerchantStatus status={record.status} />
        </Group>
        <Group gap="xs">
          <CopyLinkButton target={{ kind: 'sub-merchant', subMerchantId: record.sub_merchant_id }} />
          <Button
            variant="default"
            onClick={onRefresh}
            loading={refreshing}
            data-testid="sub-merchant-refresh"
          >
            {t('refresh')}
          </Button>
          {watchButton}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('section.summary')} testId="summary">
          <DetailList>
            <DetailRow
              label={t('field.sub_merchant_id')}
              field="sub_merchant_id"
              copyId={String(record.sub_merchant_id)}
            >
              <Value value={String(record.sub_merchant_id)} />
            </DetailRow>
            <DetailRow label={t('field.sub_merchant_name')} field="sub_merchant_name">
              <Value value={record.sub_merchant_name} />
            </DetailRow>
            <DetailRow label={t('field.status')} field="status">
              <Value value={record.status} />
            </DetailRow>
            <DetailRow label={t('field.markup_fee')} field="markup_fee">
              <MarkupFee value={record.markup_fee} />
            </DetailRow>
            <DetailRow label={t('field.email')} field="email">
              <Value value={record.email} />
            </DetailRow>
            <DetailRow
              label={t('field.external_submerchant_id')}
              field="external_submerchant_id"
              copyId={record.external_submerchant_id}
            >
              <Value value={record.external_submerchant_id} />
            </DetailRow>
          </DetailList>
        </Section>

        <Section title={t('section.balance')} testId="balance">
          <DetailList>
            <DetailRow label={t('field.balance.currency')} field="balance.currency">
              <Value value={balance?.currency} />
            </DetailRow>
            <DetailRow label={t('field.balance.total')} field="balance.total">
              <Money amount={balance?.total} currency={balance?.currency} />
            </DetailRow>
            <DetailRow label={t('field.balance.usable')} field="balance.usable">
              <Money amount={balance?.usable} currency={balance?.currency} />
            </DetailRow>
            <DetailRow label={t('field.balance.available')} field="balance.available">
              <Money amount={balance?.available} currency={balance?.currency} />
            </DetailRow>
          </DetailList>
        </Section>
      </SimpleGrid>

      <Section title={t('section.raw')} testId="raw">
        <JsonView raw={fetched.raw} unknownFields={fetched.unknownFields} />
      </Section>
    </Stack>
  );
}
