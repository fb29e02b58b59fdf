import { Box, Button, Code, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositCreated, JsonObject } from '../../../../shared/contract';
import { inDesktopApp } from '../../api/bridge';
import { useConsoleMutation } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { useServiceTimePassed } from '../../components/Countdown';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Section } from '../../components/Section';
import { Absent } from '../../components/Value';
import { notify } from '../../components/notify';
import { instructionRows, isKnownInstructionKey, type InstructionRow } from './payment-instructions';

/**
 * How a payable deposit's instructions are drawn (the QR, the lines to copy, the payer's link),
 * for the create answer and the deposit's page alike; whether they are shown at all is
 * deposits/PaymentDetails.tsx's call (deposits/payability.ts). Texts: depositCreate.
 */

export type PaymentInfo = NonNullable<DepositCreated['payment_info']>;

/**
 * The payer's instructions (metadata and secondary metadata, the QR hidden once the deposit has
 * expired on the service's clock) and the link to send the payer to.
 */
export function PaymentInstructionSections({
  info,
  redirectUrl,
  depositId,
  offsetMs,
  closed = false,
}: {
  info: PaymentInfo | undefined;
  redirectUrl: string | undefined;
  depositId: number;
  offsetMs: number | null;
  /** The deposit can no longer be paid (its status says so): shown as expired. */
  closed?: boolean;
}) {
  const { t } = useTranslation('depositCreate');
  const timePassed = useServiceTimePassed(info?.expiration_date, offsetMs);
  const expired = closed || timePassed;
  return (
    <>
      {info?.metadata !== undefined && (
        <Section order={4} title={t('answer.section.instructions')} testId="instructions">
          <Instructions metadata={info.metadata} expired={expired} depositId={depositId} />
        </Section>
      )}
      {info?.secondary_metadata !== undefined && (
        <Section order={4} title={t('answer.section.secondary')} testId="secondary-instructions">
          <Instructions metadata={info.secondary_metadata} expired={expired} depositId={depositId} />
        </Section>
      )}
      {redirectUrl !== undefined && <RedirectLink url={redirectUrl} />}
    </>
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
 * confirms; when it refuses (the local sandbox's http link) the link stays here as copyable text,
 * with main's reason. The browser build says at once that it opens no links and offers the copy
 * only: it has no system browser to hand the link to, and opening it in a tab from the page would
 * be a second way around main's list of links that may be opened (the desktop app's only way).
 */
function RedirectLink({ url }: { url: string }) {
  const { t } = useTranslation('depositCreate');
  const canOpen = inDesktopApp();
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
        {canOpen ? (
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
        ) : (
          <Text size="sm" data-testid="redirect-browser-build">
            {t('redirect.browserBuild')}
          </Text>
        )}
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
        cancelLabel={t('redirect.dismiss')}
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
