import {
  Anchor,
  Box,
  Button,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DepositCreateOutcome, JsonObject } from '../../../../shared/contract';
import { useClockStatus } from '../../api/guard';
import { useConsoleMutation } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { Countdown, useServiceTimePassed } from '../../components/Countdown';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JsonView } from '../../components/JsonView';
import { Money } from '../../components/Money';
import { SolidBadge } from '../../components/SolidBadge';
import { Absent, Value } from '../../components/Value';
import { notify } from '../../components/notify';
import { links } from '../../shell/links';
import { instructionRows, isKnownInstructionKey, type InstructionRow } from './payment-instructions';
import { Section } from '../../components/Section';

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
  const expired = useServiceTimePassed(info?.expiration_date, offsetMs);
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
          {info === undefined ? (
            <Text size="sm" c="dimmed">
              {t('answer.noPaymentInfo')}
            </Text>
          ) : (
            <DetailList>
              <DetailRow label={t('answer.field.payment_method')} field="payment_info.payment_method">
                <Value value={info.payment_method}>
                  {info.payment_method_name
                    ? `${info.payment_method_name} (${info.payment_method})`
                    : info.payment_method}
                </Value>
              </DetailRow>
              <DetailRow label={t('answer.field.type')} field="payment_info.type">
                <Value value={info.type} />
              </DetailRow>
              <DetailRow label={t('answer.field.amount')} field="payment_info.amount">
                <Money amount={info.amount} currency={info.currency} />
              </DetailRow>
              <DetailRow label={t('answer.field.created_at')} field="payment_info.created_at">
                <Value value={info.created_at} />
              </DetailRow>
              <DetailRow label={t('answer.field.expiration_date')} field="payment_info.expiration_date">
                <Value value={info.expiration_date}>
                  {t('answer.serviceTime', { time: info.expiration_date })}
                </Value>
              </DetailRow>
              <DetailRow label={t('answer.field.timeLeft')} field="timeLeft">
                {info.expiration_date ? (
                  <Countdown to={info.expiration_date} offsetMs={offsetMs} />
                ) : (
                  <Absent />
                )}
              </DetailRow>
            </DetailList>
          )}
        </Section>
      </SimpleGrid>

      {info?.metadata !== undefined && (
        <Section order={4} title={t('answer.section.instructions')} testId="instructions">
          <Instructions metadata={info.metadata} expired={expired} depositId={created.deposit_id} />
        </Section>
      )}
      {info?.secondary_metadata !== undefined && (
        <Section order={4} title={t('answer.section.secondary')} testId="secondary-instructions">
          <Instructions metadata={info.secondary_metadata} expired={expired} depositId={created.deposit_id} />
        </Section>
      )}

      {created.redirect_url !== undefined && <RedirectLink url={created.redirect_url} />}

      <Section order={4} title={t('answer.section.raw')} testId="answer-raw">
        <JsonView raw={outcome.created.raw} unknownFields={outcome.created.unknownFields} />
      </Section>
    </Stack>
  );
}

function Instructions({
  metadata,
  expired,
  depositId,
}: {
  metadata: JsonObject;
  expired: boolean;
  depositId: number;
}) {
  const { t } = useTranslation('depositCreate');
  const rows = instructionRows(metadata);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('answer.noInstructions')}
      </Text>
    );
  }
  return (
    <DetailList>
      {rows.map((row) => (
        <DetailRow key={row.key} label={<InstructionLabel row={row} />} field={row.key}>
          <InstructionValue row={row} expired={expired} depositId={depositId} />
        </DetailRow>
      ))}
    </DetailList>
  );
}

function InstructionLabel({ row }: { row: InstructionRow }) {
  const { t } = useTranslation('depositCreate');
  if (!isKnownInstructionKey(row.key)) {
    return (
      <Text span ff="monospace" size="sm" fw={600} data-unknown-key={row.key} title={t('answer.unknownKey')}>
        {row.key}
      </Text>
    );
  }
  return <>{t(`metadataKey.${row.key}`)}</>;
}

function InstructionValue({
  row,
  expired,
  depositId,
}: {
  row: InstructionRow;
  expired: boolean;
  depositId: number;
}) {
  const { t } = useTranslation('depositCreate');
  const label = isKnownInstructionKey(row.key) ? t(`metadataKey.${row.key}`) : row.key;
  switch (row.kind) {
    case 'absent':
      return <Absent />;
    case 'image':
      // The spec: the payer must not see a QR code after expiration_date (service time).
      return expired ? (
        <Text size="sm" fw={600} data-testid="qr-hidden">
          {t('answer.qrHidden')}
        </Text>
      ) : (
        <Box>
          <Image
            src={row.value}
            alt={t('answer.qrAlt', { what: label, id: depositId })}
            w={200}
            h={200}
            fit="contain"
            data-testid="qr-code"
            style={{ background: 'white' }}
          />
        </Box>
      );
    case 'json':
      return (
        <Code block data-testid="instruction-json">
          {row.value}
        </Code>
      );
    case 'text':
      return (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.value}
          </Text>
          {row.copy && <CopyButton value={row.value} label={label} />}
        </Group>
      );
  }
}

/**
 * The link to send the payer to. Main opens only https links the service sent, after the user
 * confirms; when it refuses (the local sandbox's http link, a build that cannot open a browser)
 * the link stays here as copyable text, with main's reason.
 */
function RedirectLink({ url }: { url: string }) {
  const { t } = useTranslation('depositCreate');
  const [confirming, setConfirming] = useState(false);
  const open = useConsoleMutation({
    // window.paydesk, not Electron's shell: Electronegativity's OPEN_EXTERNAL_JS_CHECK matches
    // the name; accepted in .ci/electronegativity/accepted.mjs (main allow-lists the URL).
    call: (api, target: string) => api.openExternal({ url: target }),
    onSuccess: (result) => {
      setConfirming(false);
      if (result.opened) notify({ color: 'green', message: t('redirect.opened') });
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-label={t('redirect.title')} data-section="redirect">
      <Stack gap="sm">
        <Title order={4} size="h5">
          {t('redirect.title')}
        </Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code data-testid="redirect-url" style={{ overflowWrap: 'anywhere' }}>
            {url}
          </Code>
          <CopyButton value={url} label={t('redirect.copyLabel')} />
        </Group>
        <Group>
          <Button
            variant="default"
            onClick={() => {
              open.reset();
              setConfirming(true);
            }}
            data-testid="open-redirect"
          >
            {t('redirect.open')}
          </Button>
        </Group>
        {open.data?.opened === false && (
          <Text size="sm" data-testid="redirect-not-opened">
            {t('redirect.notOpened')}
          </Text>
        )}
        {open.error && (
          <Stack gap="xs" data-testid="redirect-refused">
            <Text size="sm">{t('redirect.refused')}</Text>
            <ErrorNotice error={open.error} />
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming && !open.isError}
        title={t('redirect.confirmTitle')}
        confirmLabel={t('redirect.confirm')}
        busy={open.isPending}
        onConfirm={() => open.mutate(url)}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="xs">
          <Text size="sm">{t('redirect.confirmBody')}</Text>
          <Code block style={{ overflowWrap: 'anywhere' }}>
            {url}
          </Code>
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
