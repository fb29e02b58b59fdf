import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DepositStatus, IndexedRecordView } from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { useEnvironmentQuery } from '../../api/queries';
import { useDepositRefunds } from '../../api/records';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Money } from '../../components/Money';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { StatusBadge } from '../../components/StatusBadge';
import { Absent } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { links } from '../../shell/links';
import { refundQueries } from '../refunds/use-refunds';

/**
 * The refunds the console knows of for a deposit (its record index: made or looked up here) and
 * what is left to refund. What is left is main's refund pre-flight figure, the same one the refund
 * form checks against (D8: cancelled and rejected refunds give their amount back); it is asked
 * only of a COMPLETED deposit, the only kind that can be refunded.
 */
export function DepositRefunds({ deposit }: { deposit: DepositStatus }) {
  const { t } = useTranslation('deposits');
  const refunds = useDepositRefunds(deposit.deposit_id);
  return (
    <Section title={t('section.refunds')} testId="refunds">
      <LeftToRefund deposit={deposit} />
      <QueryState
        query={refunds}
        label={t('refunds.loading', { id: deposit.deposit_id })}
        skeleton={<SkeletonLines lines={3} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <Text size="sm" mt="sm" data-testid="refunds-none">
            {t('refunds.none')}
          </Text>
        }
      >
        {(list) => <RefundTable refunds={list} currency={deposit.currency} />}
      </QueryState>
      <Text size="xs" c="dimmed" mt="sm" data-testid="refunds-elsewhere">
        {t('refunds.elsewhere')}
      </Text>
    </Section>
  );
}

function LeftToRefund({ deposit }: { deposit: DepositStatus }) {
  const { t } = useTranslation('deposits');
  const refundable = deposit.status === 'COMPLETED';
  // Read afresh like the refund list beside it: a refund's status read since may change it.
  const preflight = useEnvironmentQuery({
    ...refundQueries.preflight(useActiveEnvironmentId(), refundable ? deposit.deposit_id : null),
    staleTime: 0,
  });
  return (
    <DetailList>
      <DetailRow label={t('refunds.left')} field="left_to_refund">
        {!refundable ? (
          <Text span size="sm">
            {t('refunds.notRefundable', { status: deposit.status })}
          </Text>
        ) : preflight.isPending ? (
          <Skeleton height={16} width={120} role="status" aria-label={t('refunds.leftLoading')} />
        ) : preflight.isError ? (
          <ErrorNotice error={preflight.error} onRetry={() => void preflight.refetch()} />
        ) : (
          <Money amount={preflight.data.remaining} currency={preflight.data.currency} />
        )}
      </DetailRow>
    </DetailList>
  );
}

function RefundTable({ refunds, currency }: { refunds: IndexedRecordView[]; currency: string | undefined }) {
  const { t } = useTranslation('deposits');
  const format = useFormat();
  return (
    <Table mt="sm" striped withTableBorder data-testid="refunds-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('refunds.column.id')}</Table.Th>
          <Table.Th scope="col">{t('refunds.column.status')}</Table.Th>
          <Table.Th scope="col">{t('refunds.column.amount')}</Table.Th>
          <Table.Th scope="col">{t('refunds.column.firstSeen')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {refunds.map((refund) => (
          <Table.Tr key={refund.id} data-refund-id={refund.id}>
            <Table.Td>
              <Anchor component={Link} to={links.refund(Number(refund.id))}>
                {refund.id}
              </Anchor>
            </Table.Td>
            <Table.Td data-field="status">
              {refund.status === undefined ? (
                <Absent />
              ) : (
                <StatusBadge entity="refund" status={refund.status} />
              )}
            </Table.Td>
            <Table.Td data-field="amount">
              {/* A refund is in its deposit's currency (D8): the deposit on screen says which. */}
              <Money amount={refund.amount} currency={currency ?? refund.currency} />
            </Table.Td>
            <Table.Td data-field="first_seen">{format.dateTime(refund.firstSeen)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
