import { Anchor, Group, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RefundPreflight } from '../../../../shared/contract';
import { DetailList, DetailRow } from '../../components/DetailList';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { Value } from '../../components/Value';
import { links } from '../../shell/links';

/** The deposit being refunded: its ids, amounts, what is left and how it was paid. */
export function DepositSummary({ preflight }: { preflight: RefundPreflight }) {
  const { t } = useTranslation('refunds');
  const deposit = preflight.deposit.record;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('section.deposit')} data-section="deposit">
      <Group gap="sm" mb="sm">
        <Title order={3} size="h5">
          {t('section.deposit')}
        </Title>
        <StatusBadge entity="deposit" status={deposit.status} />
      </Group>
      <DetailList>
        <DetailRow label={t('field.deposit_id')} field="deposit_id">
          <Anchor component={Link} to={links.deposit(deposit.deposit_id)}>
            {String(deposit.deposit_id)}
          </Anchor>
        </DetailRow>
        <DetailRow label={t('field.depositAmount')} field="deposit_amount">
          <Money amount={deposit.local_amount ?? deposit.amount} currency={deposit.currency} />
        </DetailRow>
        <DetailRow label={t('field.remaining')} field="remaining">
          <Money amount={preflight.remaining} currency={preflight.currency} />
        </DetailRow>
        <DetailRow label={t('field.paidByCard')} field="paid_by_card">
          <Value value={preflight.paidByCard} />
        </DetailRow>
        <DetailRow label={t('field.payment_method')} field="payment_method">
          <Value value={deposit.payment_method} />
        </DetailRow>
        <DetailRow label={t('field.country')} field="country">
          <Value value={deposit.country} />
        </DetailRow>
        <DetailRow label={t('field.refunded')} field="refunded">
          <Value value={deposit.refunded} />
        </DetailRow>
      </DetailList>
    </Paper>
  );
}
