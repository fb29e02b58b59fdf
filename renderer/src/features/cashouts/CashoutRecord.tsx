import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CashoutRef, CashoutStatus, Fetched } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { JsonView } from '../../components/JsonView';
import { Section } from '../../components/Section';
import { StatusBadge } from '../../components/StatusBadge';
import { Value } from '../../components/Value';
import { refLabel } from './cashout-ref-label';
import { cashoutLinkTarget, cashoutStatusName } from './cashout-ref';

/** A cashout's status as read, its ids and the raw answer, with a way to read it again. */
export function CashoutRecord({
  cashoutRef,
  knownExternalId,
  fetched,
  refreshing,
  onRefresh,
}: {
  cashoutRef: CashoutRef;
  knownExternalId: string | null;
  fetched: Fetched<CashoutStatus>;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('cashouts');
  const status = fetched.record;
  const name = cashoutStatusName(status);
  const linkTarget = cashoutLinkTarget(cashoutRef);
  return (
    <Stack data-testid="cashout-status" data-status-code={status.cashout_status}>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3} size="h3">
            {t('status.heading', { ids: refLabel(cashoutRef) })}
          </Title>
          <StatusBadge entity="cashout" status={name} />
        </Group>
        <Group gap="xs">
          {linkTarget && <CopyLinkButton target={linkTarget} />}
          <Button variant="default" onClick={onRefresh} loading={refreshing} data-testid="cashout-refresh">
            {t('status.refresh')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('section.status')} testId="status">
          <DetailList>
            <DetailRow
              label={t('field.cashout_id')}
              field="cashout_id"
              copyId={cashoutRef.cashoutId === undefined ? undefined : String(cashoutRef.cashoutId)}
            >
              <Value value={cashoutRef.cashoutId === undefined ? undefined : String(cashoutRef.cashoutId)}>
                <Group gap={4} wrap="nowrap" component="span">
                  {String(cashoutRef.cashoutId)}
                  <CopyButton value={String(cashoutRef.cashoutId)} label={t('field.cashout_id')} />
                </Group>
              </Value>
            </DetailRow>
            <DetailRow
              label={t('field.external_id')}
              field="external_id"
              copyId={cashoutRef.externalId ?? knownExternalId ?? undefined}
            >
              {cashoutRef.externalId === undefined && knownExternalId !== null ? (
                <Text span size="sm" data-from-records="true">
                  {t('status.externalIdFromRecords', { externalId: knownExternalId })}
                </Text>
              ) : (
                <Value value={cashoutRef.externalId} />
              )}
            </DetailRow>
            <DetailRow label={t('field.cashout_status')} field="cashout_status">
              <Value value={String(status.cashout_status)} />
            </DetailRow>
            <DetailRow label={t('field.cashout_status_description')} field="cashout_status_description">
              <Value value={status.cashout_status_description} />
            </DetailRow>
            <DetailRow label={t('field.rejection_code')} field="rejection_code">
              <Value
                value={status.rejection_code === undefined ? undefined : String(status.rejection_code)}
              />
            </DetailRow>
            <DetailRow label={t('field.rejection_reason')} field="rejection_reason">
              <Value value={status.rejection_reason} />
            </DetailRow>
          </DetailList>
          {name === 'PENDING' && (
            <Text size="sm" mt="sm" data-testid="cancellable">
              {t('status.cancellable')}
            </Text>
          )}
        </Section>
        <Section title={t('section.raw')} testId="raw">
          <JsonView raw={fetched.raw} unknownFields={fetched.unknownFields} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
