import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DepositCreateOutcome } from '../../../../shared/contract';
import { useClockStatus } from '../../api/guard';
import { CopyButton } from '../../components/CopyButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { JsonView } from '../../components/JsonView';
import { SolidBadge } from '../../components/SolidBadge';
import { Value } from '../../components/Value';
import { links } from '../../shell/links';
import { Section } from '../../components/Section';
import {
  PaymentInfoList,
  PaymentInstructionSections,
  useDepositPayability,
} from '../deposits/PaymentDetails';
import { withoutPayableFields } from '../deposits/payability';
import { useDeposit } from '../deposits/use-deposit';

/** The service's answer to a created deposit: what to show the payer, and where the deposit lives. */
export function DepositAnswer({
  outcome,
  onBackToForm,
  onNewDeposit,
}: {
  outcome: DepositCreateOutcome;
  onBackToForm: () => void;
  onNewDeposit: () => void;
}) {
  const { t } = useTranslation('depositCreate');
  const clock = useClockStatus();
  const offsetMs = clock.data?.offsetMs ?? null;
  const created = outcome.created.record;
  const info = created.payment_info;
  // The same rule as the deposit's page: once expired, cancelled or paid, nothing payable is shown.
  const status = useDeposit(created.deposit_id).data?.record.status;
  const payability = useDepositPayability({ expirationDate: info?.expiration_date, status, offsetMs });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack
      data-testid="deposit-answer"
      data-deposit-id={created.deposit_id}
      data-checkout-type={created.checkout_type}
    >
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3} size="h3" ref={heading} tabIndex={-1}>
            {t('answer.heading', { id: created.deposit_id })}
          </Title>
          <SolidBadge
            color={created.checkout_type === 'ONE_SHOT' ? 'teal' : 'indigo'}
            size="lg"
            data-testid="checkout-type"
          >
            {created.checkout_type}
          </SolidBadge>
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={links.deposit(created.deposit_id)}
            variant="default"
            data-testid="open-deposit"
          >
            {t('answer.openDeposit')}
          </Button>
          <Button variant="default" onClick={onBackToForm} data-testid="back-to-form">
            {t('answer.backToForm')}
          </Button>
          <Button onClick={onNewDeposit} data-testid="new-deposit">
            {t('answer.newDeposit')}
          </Button>
        </Group>
      </Group>
      <Text size="sm">
        {created.checkout_type === 'ONE_SHOT' ? t('answer.explainOneShot') : t('answer.explainHosted')}
      </Text>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section order={4} title={t('answer.section.deposit')} testId="answer-deposit">
          <DetailList>
            <DetailRow
              label={t('answer.field.deposit_id')}
              field="deposit_id"
              copyId={String(created.deposit_id)}
            >
              <Group gap={4} wrap="nowrap">
                <Anchor component={Link} to={links.deposit(created.deposit_id)}>
                  {String(created.deposit_id)}
                </Anchor>
                <CopyButton value={String(created.deposit_id)} label={t('answer.field.deposit_id')} />
              </Group>
            </DetailRow>
            <DetailRow label={t('answer.field.checkout_type')} field="checkout_type">
              <Value value={created.checkout_type} />
            </DetailRow>
            <DetailRow
              label={t('answer.field.merchant_invoice_id')}
              field="merchant_invoice_id"
              copyId={created.merchant_invoice_id}
            >
              <Value value={created.merchant_invoice_id} />
            </DetailRow>
            <DetailRow label={t('answer.field.user_id')} field="user_id">
              <Value value={created.user_id} />
            </DetailRow>
            <DetailRow label={t('answer.field.iframe')} field="iframe">
              <Value value={created.iframe} />
            </DetailRow>
            <DetailRow label={t('answer.field.idempotencyKey')} field="idempotencyKey">
              <Text span ff="monospace" size="sm">
                {outcome.idempotencyKey}
              </Text>
            </DetailRow>
          </DetailList>
        </Section>

        <Section order={4} title={t('answer.section.payment')} testId="answer-payment">
          <PaymentInfoList info={info} offsetMs={offsetMs} payability={payability} />
        </Section>
      </SimpleGrid>

      <PaymentInstructionSections
        info={info}
        redirectUrl={created.redirect_url}
        depositId={created.deposit_id}
        offsetMs={offsetMs}
        payability={payability}
      />

      <Section order={4} title={t('answer.section.raw')} testId="answer-raw">
        <JsonView
          raw={payability.payable ? outcome.created.raw : withoutPayableFields(outcome.created.raw)}
          unknownFields={outcome.created.unknownFields}
        />
      </Section>
    </Stack>
  );
}
