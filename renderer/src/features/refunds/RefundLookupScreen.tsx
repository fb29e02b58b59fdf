import { Anchor, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Fetched, RefundStatus } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { IdForm } from '../../components/IdForm';
import { RecordsUnderLookup, useLookupNumber } from '../../components/RecordList';
import { searchTextOf } from '../../lib/record-filters';
import { DetailList, DetailRow } from '../../components/DetailList';
import { JsonView } from '../../components/JsonView';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { Value } from '../../components/Value';
import { Money } from '../../components/Money';
import { useRecordGet } from '../../api/records';
import { useDeposit } from '../deposits/use-deposit';
import { links } from '../../shell/links';
import { useRefund } from './use-refunds';
import { Section } from '../../components/Section';

/**
 * /refunds (the lookup form and the recent list), /refunds?q=… (the records the index matches to a
 * text that is not an id) and /refunds/:refundId (the form and the refund's status).
 */
export default function RefundLookupScreen() {
  const { t } = useTranslation('refunds');
  const { t: tRecords } = useTranslation('records');
  const params = useParams<{ refundId: string }>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const openNumber = useLookupNumber('refund', { open: links.refund, search: links.refundsSearch });
  const searchText = params.refundId === undefined ? searchTextOf(search.get('q') ?? '') : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('lookup.title')}</Title>
        <Button component={Link} to={links.refundCreateBlank()} variant="default" data-testid="refund-new">
          {t('lookup.newRefund')}
        </Button>
      </Group>
      <IdForm
        value={params.refundId ?? null}
        searchText={searchText}
        field="refundId"
        text={{
          formLabel: t('lookup.formLabel'),
          label: t('lookup.idLabel'),
          hint: tRecords('lookupHint.refund'),
          invalid: t('lookup.invalidId'),
          submit: t('lookup.submit'),
          badValue: (value) => t('lookup.badRouteId', { value }),
        }}
        testIds={{ input: 'refund-id-input', submit: 'refund-lookup-submit' }}
        onId={(id) => void openNumber(id)}
        onText={(text) => void navigate(links.refundsSearch(text))}
      >
        {(id) => <RefundDetail refundId={id} />}
      </IdForm>
      {params.refundId === undefined && (
        <RecordsUnderLookup kind="refund" searchText={searchText} recentHref={links.refunds()} />
      )}
    </Stack>
  );
}

export function RefundDetail({ refundId }: { refundId: number }) {
  const { t } = useTranslation('refunds');
  const query = useRefund(refundId);
  return (
    <QueryState
      query={query}
      label={t('detail.loading', { id: refundId })}
      skeleton={<SkeletonCard lines={5} />}
    >
      {(fetched) => (
        <RefundRecord
          refundId={refundId}
          fetched={fetched}
          refreshing={query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      )}
    </QueryState>
  );
}

function RefundRecord({
  refundId,
  fetched,
  refreshing,
  onRefresh,
}: {
  refundId: number;
  fetched: Fetched<RefundStatus>;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('refunds');
  const refund = fetched.record;
  const currency = useDepositCurrency(refund.deposit_id);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a lookup or a create, the reader lands on the record.
  useEffect(() => heading.current?.focus(), [refundId]);
  return (
    <Stack data-testid="refund-detail" data-refund-id={refundId}>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3} size="h3" ref={heading} tabIndex={-1} data-copy-id={String(refundId)}>
            {t('detail.heading', { id: refundId })}
          </Title>
          <CopyButton value={String(refundId)} label={t('detail.copyId')} />
          <StatusBadge entity="refund" status={refund.status} />
        </Group>
        <Group gap="xs">
          <CopyLinkButton target={{ kind: 'refund', refundId }} />
          <Button variant="default" onClick={onRefresh} loading={refreshing} data-testid="refund-refresh">
            {t('detail.refresh')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('section.refund')} testId="refund">
          <DetailList>
            <DetailRow label={t('field.status')} field="status">
              <Value value={refund.status} />
            </DetailRow>
            <DetailRow label={t('field.deposit_id')} field="deposit_id" copyId={String(refund.deposit_id)}>
              <Group gap={4} wrap="nowrap">
                <Anchor
                  component={Link}
                  to={links.deposit(refund.deposit_id)}
                  data-testid="refund-deposit-link"
                >
                  {String(refund.deposit_id)}
                </Anchor>
                <CopyButton value={String(refund.deposit_id)} label={t('field.deposit_id')} />
              </Group>
            </DetailRow>
            <DetailRow
              label={t('field.merchant_invoice_id')}
              field="merchant_invoice_id"
              copyId={refund.merchant_invoice_id}
            >
              <Value value={refund.merchant_invoice_id} />
            </DetailRow>
            <DetailRow label={t('field.amount')} field="amount">
              <Money amount={refund.amount} currency={currency} />
            </DetailRow>
          </DetailList>
        </Section>
        <Section title={t('section.raw')} testId="raw">
          <JsonView raw={fetched.raw} unknownFields={fetched.unknownFields} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A refund is in its deposit's currency (D8) and its record does not say which: the record index
 * tells when it knows the deposit, else the deposit's status is read.
 */
function useDepositCurrency(depositId: number): string | null {
  const indexed = useRecordGet('deposit', String(depositId));
  const known = indexed.data?.currency;
  const deposit = useDeposit(indexed.isSuccess && known === undefined ? depositId : null);
  return known ?? deposit.data?.record.currency ?? null;
}
