import { Alert, Anchor, Button, Group, List, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  AuditAction,
  AuditEntryView,
  AuditIds,
  AuditSettleInput,
  BlockingIntent,
} from '../../../../shared/contract';
import type { ConsoleFailure } from '../../api/console-failure';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { links } from '../../shell/links';
import { MutationTarget, useEnvironmentPhrase } from '../../components/MutationGate';
import { auditIdPairs } from './audit-view';
import { useSettleByHand, useSettleIntent } from './use-audit';

/**
 * "This record has an unknown outcome": what is unknown, and the two ways out main offers (a
 * resend under the ORIGINAL key, or a settlement by hand after checking, journaled with who and
 * why). Main enforces the rule; the money screens and the Unresolved screen only show
 * it, all through the parts of this file.
 */

/** What a retry or a settlement needs to know of an intent (a BlockingIntent or an AuditUnresolvedView). */
type IntentToSettle = Pick<
  BlockingIntent,
  'intentId' | 'action' | 'environment' | 'time' | 'idempotencyKey' | 'ids' | 'canRetry'
>;

/** `The refund of deposit 300000002`: what the intent acted on, from its ids. */
function useIntentTarget(): (action: AuditAction, ids: AuditIds) => string {
  const { t } = useTranslation('audit');
  return (action, ids) =>
    t(`blocking.what.${action}`, {
      deposit: ids.deposit_id ?? '—',
      invoice: ids.invoice_id ?? '—',
      cashout: ids.cashout_id ?? ids.external_id ?? '—',
    });
}

/**
 * The panel a money screen shows next to its disabled action while an earlier intent on the same
 * record has an unknown outcome. `onSettled` gets the resolution (the panel goes away with the
 * blocking intent, so the screen shows what became of it).
 */
export function UnknownOutcomePanel({
  blocking,
  onSettled,
}: {
  blocking: IntentToSettle;
  onSettled: (resolution: AuditEntryView) => void;
}) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const target = useIntentTarget();
  const [confirming, setConfirming] = useState(false);
  const [settling, setSettling] = useState(false);
  const retry = useSettleIntent('retry', (entry) => {
    setConfirming(false);
    onSettled(entry);
  });
  // A cashout cancel is a DELETE without a key (D6): main checks the status before cancelling again.
  const keyless = blocking.idempotencyKey === null;
  const ids = auditIdPairs(blocking.ids);
  return (
    <Alert
      color="orange"
      title={t('blocking.title')}
      data-testid="unknown-outcome"
      data-intent-id={blocking.intentId}
      data-action={blocking.action}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" data-testid="unknown-outcome-explain">
          {t('blocking.explain', {
            what: target(blocking.action, blocking.ids),
            time: format.dateTime(blocking.time),
          })}
        </Text>
        <DetailList>
          <DetailRow label={t('blocking.time')} field="time">
            {format.dateTime(blocking.time)}
          </DetailRow>
          <DetailRow label={t('blocking.key')} field="idempotencyKey">
            {blocking.idempotencyKey ? (
              <Group gap={4} wrap="nowrap">
                <Text span ff="monospace" size="sm" data-testid="unknown-outcome-key">
                  {blocking.idempotencyKey}
                </Text>
                <CopyButton value={blocking.idempotencyKey} label={t('blocking.copyKey')} />
              </Group>
            ) : (
              <Value value={null} />
            )}
          </DetailRow>
          <DetailRow label={t('column.ids')} field="ids">
            {ids.length === 0 ? (
              <Value value={null} />
            ) : (
              ids.map(([field, text]) => `${t(`ids.${field}`)}: ${text}`).join(' · ')
            )}
          </DetailRow>
        </DetailList>
        <Text size="sm" fw={600}>
          {t('blocking.waysOut')}
        </Text>
        <List size="sm" type="ordered">
          <List.Item>
            {blocking.canRetry
              ? keyless
                ? t('blocking.wayRetryCancel')
                : t('blocking.wayRetry')
              : t('blocking.cannotRetry')}
          </List.Item>
          <List.Item>{t('blocking.waySettle')}</List.Item>
        </List>
        <Group>
          {blocking.canRetry && (
            <Button
              color="orange"
              c="black"
              disabled={retry.isPending}
              onClick={() => {
                retry.reset();
                setConfirming(true);
              }}
              data-testid="unknown-outcome-retry"
            >
              {keyless ? t('blocking.retryCancel') : t('blocking.retry')}
            </Button>
          )}
          <Button
            variant="default"
            disabled={retry.isPending}
            onClick={() => setSettling(true)}
            data-testid="unknown-outcome-settle"
          >
            {t('blocking.settle')}
          </Button>
        </Group>
        {retry.error && !confirming && <ErrorNotice error={retry.error} />}
      </Stack>
      {/* The dialogs' forms render in portals, but React bubbles their submit up this tree: keep it
          from reaching the screen's own form, which the panel sits in. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <RetryIntentDialog
          intent={blocking}
          opened={confirming}
          busy={retry.isPending}
          error={retry.error}
          onConfirm={() => retry.mutate(blocking.intentId)}
          onClose={() => setConfirming(false)}
        />
        <SettleIntentDialog
          intent={blocking}
          opened={settling}
          onClose={() => setSettling(false)}
          onSettled={onSettled}
        />
      </div>
    </Alert>
  );
}

/**
 * THE confirmation of a resend under the original key: the intent's own environment (which need
 * not be the active one) and the key that goes out again.
 */
export function RetryIntentDialog({
  intent,
  opened,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  intent: Pick<IntentToSettle, 'action' | 'environment' | 'idempotencyKey'>;
  opened: boolean;
  busy: boolean;
  error: ConsoleFailure | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('audit');
  const phrase = useEnvironmentPhrase();
  const production = intent.environment.kind === 'production';
  return (
    <ConfirmDialog
      opened={opened}
      title={t('unresolved.confirmTitle', { action: t(`action.${intent.action}`) })}
      confirmLabel={
        intent.idempotencyKey === null ? t('unresolved.confirmCancelButton') : t('unresolved.confirmButton')
      }
      cancelLabel={t('unresolved.confirmDismiss')}
      confirmColor={production ? 'red' : 'orange'}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        <MutationTarget environment={intent.environment} />
        {intent.idempotencyKey === null ? (
          <Text size="sm">{t('unresolved.confirmCancelNote')}</Text>
        ) : (
          <>
            <Text size="sm" data-testid="retry-confirm-summary">
              {t('unresolved.confirmBody', { environment: phrase(intent.environment) })}
            </Text>
            <Text size="sm">
              {t('unresolved.originalKey')}:{' '}
              <Text span ff="monospace" data-testid="retry-dialog-key">
                {intent.idempotencyKey}
              </Text>
            </Text>
          </>
        )}
        {production && <Text size="sm">{t('unresolved.productionRules')}</Text>}
      </Stack>
    </ConfirmDialog>
  );
}

type Verdict = AuditSettleInput['verdict'];

/**
 * Settles an unknown outcome on the operator's word: what they found and how they checked (a
 * required note). Main journals it with their OS user; nothing is sent to the service.
 */
export function SettleIntentDialog({
  intent,
  opened,
  onClose,
  onSettled,
}: {
  intent: Pick<IntentToSettle, 'intentId' | 'action' | 'environment' | 'ids'>;
  opened: boolean;
  onClose: () => void;
  onSettled: (resolution: AuditEntryView) => void;
}) {
  const { t } = useTranslation('audit');
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('settle.title', { action: t(`action.${intent.action}`) })}
      centered
    >
      {/* Mounted only while open: every settlement starts with nothing chosen. */}
      {opened && (
        <SettleForm
          intent={intent}
          onClose={onClose}
          onSettled={(entry) => {
            onClose();
            onSettled(entry);
          }}
        />
      )}
    </Dialog>
  );
}

function SettleForm({
  intent,
  onClose,
  onSettled,
}: {
  intent: Pick<IntentToSettle, 'intentId' | 'action' | 'environment' | 'ids'>;
  onClose: () => void;
  onSettled: (resolution: AuditEntryView) => void;
}) {
  const { t } = useTranslation(['audit', 'common']);
  const target = useIntentTarget();
  const settle = useSettleByHand(onSettled);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const verdictMissing = submitted && verdict === null;
  const noteMissing = submitted && note.trim() === '';
  return (
    <form
      noValidate
      data-testid="settle-form"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (verdict === null || note.trim() === '') {
          event.currentTarget
            .querySelector<HTMLElement>(verdict === null ? 'input[type="radio"]' : 'textarea')
            ?.focus();
          return;
        }
        if (!settle.isPending) settle.mutate({ intentId: intent.intentId, verdict, note: note.trim() });
      }}
    >
      <Stack>
        <MutationTarget environment={intent.environment} />
        <Text size="sm" data-testid="settle-what">
          {t('audit:settle.intro', { what: target(intent.action, intent.ids) })}
        </Text>
        <Radio.Group
          label={t('audit:settle.verdictLabel')}
          required
          value={verdict}
          onChange={(value) => setVerdict(value as Verdict)}
          error={verdictMissing ? t('audit:settle.verdictRequired') : undefined}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="happened" label={t('audit:settle.happened')} data-autofocus />
            <Radio value="did_not_happen" label={t('audit:settle.didNotHappen')} />
          </Stack>
        </Radio.Group>
        {verdict === 'did_not_happen' && (
          <Text size="sm" fw={600} data-testid="settle-warning">
            {t('audit:settle.didNotHappenWarning')}
          </Text>
        )}
        <Textarea
          label={t('audit:settle.noteLabel')}
          description={t('audit:settle.noteHint')}
          required
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={noteMissing ? t('audit:settle.noteRequired') : undefined}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
        />
        {settle.error && <ErrorNotice error={settle.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={settle.isPending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" color="orange" c="black" loading={settle.isPending}>
            {t('audit:settle.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * What became of a settled intent, in words, with a link to the record it produced (in the
 * alert's own text colour, underlined: the theme's link blue is too faint on the alert's tint).
 */
export function IntentSettledNotice({ resolution }: { resolution: AuditEntryView }) {
  const { t } = useTranslation('audit');
  const action = resolution.action;
  const result = resolution.result ?? 'ok';
  const ids = resolution.ids ?? {};
  const record =
    ids.refund_id !== undefined ? (
      <Anchor component={Link} to={links.refund(ids.refund_id)} c="inherit" underline="always">
        {t('settled.refund', { id: ids.refund_id })}
      </Anchor>
    ) : ids.deposit_id !== undefined && action === 'deposit.create' ? (
      <Anchor component={Link} to={links.deposit(ids.deposit_id)} c="inherit" underline="always">
        {t('settled.deposit', { id: ids.deposit_id })}
      </Anchor>
    ) : null;
  return (
    <Alert
      color={result === 'ok' ? 'green' : 'orange'}
      title={action ? t('unresolved.settledTitle', { action: t(`action.${action}`) }) : undefined}
      role="status"
      data-testid="intent-settled"
      data-result={result}
      data-method={resolution.resolutionMethod}
    >
      <Stack gap={4}>
        <Text size="sm">
          {[
            t(`unresolved.settled.${result}`),
            resolution.status === undefined
              ? ''
              : t('unresolved.settledStatus', { status: resolution.status }),
            resolution.resolutionMethod
              ? t('settled.how', { how: t(`method.${resolution.resolutionMethod}`) })
              : '',
          ]
            .join(' ')
            .trim()}
        </Text>
        {result === 'ok' && record && <Text size="sm">{record}</Text>}
        {result !== 'ok' && <Text size="sm">{t('settled.mayStartAgain')}</Text>}
      </Stack>
    </Alert>
  );
}
