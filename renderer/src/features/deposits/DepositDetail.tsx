import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DepositStatus, Fetched } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { JsonView } from '../../components/JsonView';
import { Money } from '../../components/Money';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { SolidBadge } from '../../components/SolidBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { Absent, Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { explainPayerVerification } from '../../lib/payer-verification';
import { links } from '../../shell/links';
import { isScreenRegistered } from '../../shell/screens';
import { useRefundPreflight } from '../refunds/use-refunds';
import { DepositInstructions } from './DepositInstructions';
import { DepositRefunds } from './DepositRefunds';
import { useDeposit, useRefreshDeposit } from './use-deposit';
import { Section } from '../../components/Section';

/**
 * "Refund this deposit" only where main's refund preflight sees nothing in the way; otherwise
 * its reason (a cancelled deposit, nothing left). Nothing while the preflight is read.
 */
function RefundOffer({ depositId }: { depositId: number }) {
  const { t } = useTranslation('deposits');
  const preflight = useRefundPreflight(depositId);
  const blockers = preflight.data?.blockers;
  if (blockers === undefined) return null;
  if (blockers.length > 0) {
    return (
      <Text size="sm" c="dimmed" maw={360} data-testid="deposit-refund-blocked">
        {t('detail.noRefund', { reason: blockers.join(' ') })}
      </Text>
    );
  }
  return (
    <Button component={Link} to={links.refundCreate(depositId)} data-testid="deposit-refund">
      {t('detail.refund')}
    </Button>
  );
}

export function DepositDetail({ depositId }: { depositId: number }) {
  const { t } = useTranslation('deposits');
  const query = useDeposit(depositId);
  const refreshAll = useRefreshDeposit(depositId);
  return (
    <QueryState
      query={query}
      label={t('detail.loading', { id: depositId })}
      skeleton={<SkeletonCard lines={10} />}
    >
      {(fetched) => <DepositRecord fetched={fetched} refreshing={query.isFetching} onRefresh={refreshAll} />}
    </QueryState>
  );
}

function DepositRecord({
  fetched,
  refreshing,
  onRefresh,
}: {
  fetched: Fetched<DepositStatus>;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('deposits');
  const format = useFormat();
  const deposit = fetched.record;
  const payer = deposit.payer;
  const address = payer?.address;
  const card = deposit.card_detail;

  return (
    <Stack data-testid="deposit-detail" data-deposit-id={deposit.deposit_id}>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3} size="h3" data-copy-id={String(deposit.deposit_id)}>
            {t('detail.heading', { id: deposit.deposit_id })}
          </Title>
          <CopyButton value={String(deposit.deposit_id)} label={t('detail.copyId')} />
          <StatusBadge entity="deposit" status={deposit.status} />
          {deposit.refunded === true && (
            <SolidBadge color="grape" size="lg">
              {t('detail.refundedBadge')}
            </SolidBadge>
          )}
        </Group>
        <Group gap="xs">
          <CopyLinkButton target={{ kind: 'deposit', depositId: deposit.deposit_id }} />
          <Button variant="default" onClick={onRefresh} loading={refreshing} data-testid="deposit-refresh">
            {t('detail.refresh')}
          </Button>
          {isScreenRegistered('refund-create') && <RefundOffer depositId={deposit.deposit_id} />}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('section.summary')} testId="summary">
          <DetailList>
            <DetailRow label={t('field.deposit_id')} field="deposit_id" copyId={String(deposit.deposit_id)}>
              <Value value={String(deposit.deposit_id)} />
            </DetailRow>
            <DetailRow label={t('field.status')} field="status">
              <Value value={deposit.status} />
            </DetailRow>
            <DetailRow label={t('field.invoice_id')} field="invoice_id" copyId={deposit.invoice_id}>
              <Value value={deposit.invoice_id} />
            </DetailRow>
            <DetailRow label={t('field.user_id')} field="user_id">
              <Value value={deposit.user_id} />
            </DetailRow>
            <DetailRow label={t('field.country')} field="country">
              <Value value={deposit.country} />
            </DetailRow>
            <DetailRow label={t('field.currency')} field="currency">
              <Value value={deposit.currency} />
            </DetailRow>
            <DetailRow label={t('field.payment_method')} field="payment_method">
              <Value value={deposit.payment_method} />
            </DetailRow>
            <DetailRow label={t('field.payment_type')} field="payment_type">
              <Value value={deposit.payment_type} />
            </DetailRow>
            <DetailRow label={t('field.refunded')} field="refunded">
              <Value value={deposit.refunded} />
            </DetailRow>
          </DetailList>
        </Section>

        <Section title={t('section.amounts')} testId="amounts">
          <DetailList>
            <DetailRow label={t('field.local_amount')} field="local_amount">
              <Money amount={deposit.local_amount} currency={deposit.currency} />
            </DetailRow>
            <DetailRow label={t('field.amount')} field="amount">
              <Money amount={deposit.amount} currency={deposit.currency} />
            </DetailRow>
            <DetailRow label={t('field.usd_amount')} field="usd_amount">
              <Money amount={deposit.usd_amount} currency="USD" />
            </DetailRow>
            <DetailRow label={t('field.fee_amount')} field="fee_amount">
              <Money amount={deposit.fee_amount} currency={deposit.fee_currency} />
            </DetailRow>
            <DetailRow label={t('field.fee_currency')} field="fee_currency">
              <Value value={deposit.fee_currency} />
            </DetailRow>
            <DetailRow label={t('field.bonus_amount')} field="bonus_amount">
              {deposit.bonus_amount === undefined || deposit.bonus_amount === null ? (
                <Absent />
              ) : deposit.bonus_relative === true ? (
                t('bonus.relativeValue', { value: format.number(deposit.bonus_amount) })
              ) : (
                <Money amount={deposit.bonus_amount} currency={deposit.currency} />
              )}
            </DetailRow>
            <DetailRow label={t('field.bonus_relative')} field="bonus_relative">
              <Value value={deposit.bonus_relative}>
                {deposit.bonus_relative ? t('bonus.relative') : t('bonus.absolute')}
              </Value>
            </DetailRow>
          </DetailList>
          {deposit.local_amount === undefined && deposit.amount !== undefined && (
            <Text size="xs" c="dimmed" mt="sm">
              {t('amounts.notFinal')}
            </Text>
          )}
        </Section>

        <Section title={t('section.payer')} testId="payer">
          <DetailList>
            <DetailRow label={t('field.payer.first_name')} field="payer.first_name">
              <Value value={payer?.first_name} />
            </DetailRow>
            <DetailRow label={t('field.payer.last_name')} field="payer.last_name">
              <Value value={payer?.last_name} />
            </DetailRow>
            <DetailRow label={t('field.payer.document_type')} field="payer.document_type">
              <Value value={payer?.document_type} />
            </DetailRow>
            <DetailRow label={t('field.payer.document')} field="payer.document">
              <Value value={payer?.document} />
            </DetailRow>
            <DetailRow label={t('field.payer.email')} field="payer.email">
              <Value value={payer?.email} />
            </DetailRow>
            <DetailRow label={t('field.payer.address.street')} field="payer.address.street">
              <Value value={address?.street} />
            </DetailRow>
            <DetailRow label={t('field.payer.address.city')} field="payer.address.city">
              <Value value={address?.city} />
            </DetailRow>
            <DetailRow label={t('field.payer.address.state')} field="payer.address.state">
              <Value value={address?.state} />
            </DetailRow>
            <DetailRow label={t('field.payer.address.zip_code')} field="payer.address.zip_code">
              <Value value={address?.zip_code} />
            </DetailRow>
          </DetailList>
        </Section>

        <Section title={t('section.card')} testId="card">
          <DetailList>
            <DetailRow label={t('field.card_detail.card_holder')} field="card_detail.card_holder">
              <Value value={card?.card_holder} />
            </DetailRow>
            <DetailRow label={t('field.card_detail.brand')} field="card_detail.brand">
              <Value value={card?.brand} />
            </DetailRow>
            <DetailRow label={t('field.card_detail.masked_card')} field="card_detail.masked_card">
              <Value value={card?.masked_card} />
            </DetailRow>
            <DetailRow label={t('field.card_detail.expiration')} field="card_detail.expiration">
              <Value value={card?.expiration} />
            </DetailRow>
            <DetailRow label={t('field.card_detail.card_type')} field="card_detail.card_type">
              <Value value={card?.card_type} />
            </DetailRow>
            <DetailRow
              label={t('field.card_detail.transaction_result')}
              field="card_detail.transaction_result"
            >
              <Value value={card?.transaction_result} />
            </DetailRow>
          </DetailList>
        </Section>

        <Section title={t('section.verification')} testId="verification">
          <PayerVerification value={deposit.current_payer_verification} />
        </Section>
      </SimpleGrid>

      <DepositRefunds deposit={deposit} />
      <DepositInstructions depositId={deposit.deposit_id} status={deposit.status} />

      <Section title={t('section.raw')} testId="raw">
        <JsonView raw={fetched.raw} unknownFields={fetched.unknownFields} />
      </Section>
    </Stack>
  );
}

function PayerVerification({ value }: { value: string | undefined }) {
  const { t } = useTranslation('deposits');
  if (value === undefined || value === '') {
    return (
      <DetailList>
        <DetailRow label={t('field.current_payer_verification')} field="current_payer_verification">
          <Absent />
        </DetailRow>
      </DetailList>
    );
  }
  const meaning = explainPayerVerification(value);
  return (
    <Stack gap="xs">
      <DetailList>
        <DetailRow label={t('field.current_payer_verification')} field="current_payer_verification">
          <Text span ff="monospace" size="sm">
            {value}
          </Text>
        </DetailRow>
      </DetailList>
      <Text size="sm" data-verification-meaning={meaning} fw={meaning === 'differs' ? 700 : undefined}>
        {t(`verification.${meaning}`, { value })}
      </Text>
      {meaning === 'differs' && (
        <Text size="sm" c="var(--mantine-color-error)" fw={600}>
          {t('verification.differsAdvice')}
        </Text>
      )}
    </Stack>
  );
}
