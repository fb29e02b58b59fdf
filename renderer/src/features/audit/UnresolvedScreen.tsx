import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEntryView, AuditUnresolvedView } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { notify } from '../../components/notify';
import { links } from '../../shell/links';
import { useEnvironmentPhrase } from '../../components/MutationGate';
import { RetryIntentDialog, SettleIntentDialog } from './UnknownOutcome';
import { auditIdPairs, onlyRetryCanSettle } from './audit-view';
import { useSettleIntent, useUnresolvedIntents } from './use-audit';

/**
 * /audit/unresolved: every intent whose outcome nobody knows (the console stopped before the
 * answer, or the answer was lost), each with the ways to settle it: read the status again, send
 * the SAME request again under its ORIGINAL idempotency key (D6: the service answers a repeat
 * with its first answer), or settle it by hand after checking (main journals who and the note).
 * A new key is never offered.
 */
export default function UnresolvedScreen() {
  const { t } = useTranslation('audit');
  const query = useUnresolvedIntents();
  return (
    <Stack>
      <Title order={2}>{t('unresolved.title')}</Title>
      <Text size="sm">{t('unresolved.intro')}</Text>
      <QueryState
        query={query}
        label={t('unresolved.loading')}
        isEmpty={(intents) => intents.length === 0}
        empty={
          <Alert color="green" title={t('unresolved.noneTitle')} data-testid="unresolved-none">
            <Text size="sm">
              {t('unresolved.noneBody')}{' '}
              <Anchor component={Link} to={links.audit()}>
                {t('unresolved.backToJournal')}
              </Anchor>
            </Text>
          </Alert>
        }
      >
        {(intents) => (
          <Stack>
            {intents.map((intent) => (
              <UnresolvedIntent key={intent.intentId} intent={intent} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function UnresolvedIntent({ intent }: { intent: AuditUnresolvedView }) {
  const { t } = useTranslation('audit');
  const phrase = useEnvironmentPhrase();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [settlingByHand, setSettlingByHand] = useState(false);
  const settled = (entry: AuditEntryView) =>
    notify({
      color: entry.result === 'ok' ? 'green' : 'orange',
      title: t('unresolved.settledTitle', { action: t(`action.${intent.action}`) }),
      message: [
        t(`unresolved.settled.${entry.result ?? 'ok'}`),
        entry.status === undefined ? '' : t('unresolved.settledStatus', { status: entry.status }),
      ]
        .join(' ')
        .trim(),
    });

  const reread = useSettleIntent('reread', settled);
  const retry = useSettleIntent('retry', (entry) => {
    setConfirming(false);
    settled(entry);
  });
  const retryOnly = onlyRetryCanSettle(intent);
  // A cashout cancel is a DELETE and carries no key (D6): main checks the status and cancels
  // again only while the cashout is still pending.
  const keyless = intent.idempotencyKey === null;
  // D18: past 23 h the key is never sent again (main's clock decides, not this screen's).
  const keyExpired = intent.resendExpired;
  const busy = reread.isPending || retry.isPending;
  const headingId = `intent-${intent.intentId}`;

  const summary = Object.entries(intent.summary);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="unresolved-intent"
      data-intent-id={intent.intentId}
      data-action={intent.action}
      data-cause={intent.cause}
      style={{ borderLeft: '6px solid var(--mantine-color-orange-6)' }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {t('unresolved.heading', {
            action: t(`action.${intent.action}`),
            environment: intent.environment.name,
          })}
        </Title>
        <Text size="sm" fw={600} data-testid="unresolved-cause">
          {t(`cause.${intent.cause}`)}
        </Text>
        {intent.canRetry && intent.resendUntil !== null && (
          <Text size="sm" data-testid="unresolved-resend-until">
            {t('unresolved.resendUntil', { time: format.dateTime(intent.resendUntil) })}
          </Text>
        )}
        <DetailList>
          <DetailRow label={t('column.time')} field="time">
            {format.dateTime(intent.time)}
          </DetailRow>
          <DetailRow label={t('column.environment')} field="environment">
            {phrase(intent.environment)}
          </DetailRow>
          <DetailRow label={t('column.user')} field="osUser">
            <Value value={intent.osUser} />
          </DetailRow>
          <DetailRow label={t('column.ids')} field="ids">
            {auditIdPairs(intent.ids).length === 0 ? (
              <Value value={null} />
            ) : (
              auditIdPairs(intent.ids)
                .map(([field, text]) => `${t(`ids.${field}`)}: ${text}`)
                .join(' · ')
            )}
          </DetailRow>
          <DetailRow label={t('unresolved.originalKey')} field="idempotencyKey">
            {intent.idempotencyKey ? (
              <Group gap={4} wrap="nowrap">
                <Text span ff="monospace" size="sm" data-testid="unresolved-key">
                  {intent.idempotencyKey}
                </Text>
                <CopyButton value={intent.idempotencyKey} label={t('unresolved.copyKey')} />
              </Group>
            ) : (
              <Value value={null} />
            )}
          </DetailRow>
          <DetailRow label={t('column.reason')} field="reason">
            <Value value={intent.reason} />
          </DetailRow>
          <DetailRow label={t('unresolved.request')} field="summary">
            {summary.length === 0 ? (
              <Value value={null} />
            ) : (
              summary.map(([key, value]) => `${key}: ${String(value)}`).join(' · ')
            )}
          </DetailRow>
        </DetailList>

        {retryOnly && (
          <Text size="sm" data-testid="unresolved-retry-only">
            {t('unresolved.retryOnly')}
          </Text>
        )}
        {intent.environment.kind === 'production' && (
          <Text size="sm" data-testid="unresolved-production">
            {t('unresolved.productionRules')}
          </Text>
        )}

        <Group>
          <Button
            variant="default"
            loading={reread.isPending}
            disabled={busy}
            onClick={() => {
              retry.reset();
              reread.mutate(intent.intentId);
            }}
            data-testid="unresolved-reread"
          >
            {t('unresolved.reread')}
          </Button>
          {intent.canRetry ? (
            <Button
              color="orange"
              c="black"
              disabled={busy}
              onClick={() => {
                reread.reset();
                retry.reset();
                setConfirming(true);
              }}
              data-testid="unresolved-retry"
            >
              {keyless ? t('unresolved.retryCancel') : t('unresolved.retry')}
            </Button>
          ) : (
            <Text size="sm" data-testid="unresolved-no-retry" data-key-expired={keyExpired}>
              {keyExpired
                ? t('unresolved.keyExpired', { time: format.dateTime(intent.time) })
                : t('unresolved.cannotRetry')}
            </Text>
          )}
          <Button
            variant="default"
            disabled={busy}
            onClick={() => {
              reread.reset();
              retry.reset();
              setSettlingByHand(true);
            }}
            data-testid="unresolved-settle"
          >
            {t('unresolved.settleByHand')}
          </Button>
        </Group>

        {reread.error && (
          <Stack gap="xs" data-testid="unresolved-reread-error">
            {reread.error.error.kind === 'validation' && retryOnly && (
              <Text size="sm" fw={600}>
                {intent.canRetry ? t('unresolved.rereadImpossible') : t('unresolved.rereadImpossibleNoRetry')}
              </Text>
            )}
            <ErrorNotice error={reread.error} />
          </Stack>
        )}
        {retry.error && !confirming && <ErrorNotice error={retry.error} />}
      </Stack>

      <RetryIntentDialog
        intent={intent}
        opened={confirming}
        busy={retry.isPending}
        error={retry.error}
        onConfirm={() => retry.mutate(intent.intentId)}
        onClose={() => setConfirming(false)}
      />
      <SettleIntentDialog
        intent={intent}
        opened={settlingByHand}
        onClose={() => setSettlingByHand(false)}
        onSettled={settled}
      />
    </Paper>
  );
}
