import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlockingIntent } from '../../../../shared/contract';
import { Dialog } from '../../components/Dialog';
import { useFormat } from '../../components/format-context';
import { links } from '../../shell/links';
import { MutationTarget } from '../../components/MutationGate';

/**
 * Main refused a deposit because one with the same invoice id was already created here
 * (`duplicate_invoice`). The user chooses: the same request again under the earlier key (the
 * service answers with that deposit: the default when the content is the same), a second deposit
 * on purpose (`confirmedDuplicateOf`), or back to the form with everything typed kept.
 */
export function DuplicateInvoiceDialog({
  blocking,
  opened,
  onResend,
  onCreateSecond,
  onBack,
}: {
  blocking: BlockingIntent;
  opened: boolean;
  onResend: () => void;
  onCreateSecond: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const depositId = blocking.ids.deposit_id;
  const invoice = blocking.ids.invoice_id ?? '—';
  // Resending under the earlier key makes nothing new only when the content is the same (D6).
  const canResend = blocking.sameRequest && blocking.idempotencyKey !== null;
  const values = { time: format.dateTime(blocking.time), intent: blocking.intentId, invoice };
  return (
    <Dialog opened={opened} onClose={onBack} title={t('duplicate.title', { invoice })} size="lg" centered>
      <Stack data-testid="duplicate-invoice" data-same-request={blocking.sameRequest}>
        <MutationTarget environment={blocking.environment} />
        <Text size="sm" data-testid="duplicate-earlier">
          {depositId === undefined ? (
            t('duplicate.earlierNoId', values)
          ) : (
            <>
              <Anchor component={Link} to={links.deposit(depositId)} data-testid="duplicate-earlier-link">
                {t('duplicate.earlierDeposit', { id: depositId })}
              </Anchor>{' '}
              {t('duplicate.earlier', values)}
            </>
          )}
        </Text>
        <Text size="sm">{canResend ? t('duplicate.sameRequest') : t('duplicate.otherRequest')}</Text>
        <Text size="sm">{t('duplicate.second')}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={onBack}
            data-autofocus={!canResend || undefined}
            data-testid="duplicate-back"
          >
            {t('duplicate.back')}
          </Button>
          <Button variant="default" onClick={onCreateSecond} data-testid="duplicate-second">
            {t('duplicate.createSecond')}
          </Button>
          {canResend && (
            <Button onClick={onResend} data-autofocus data-testid="duplicate-resend">
              {t('duplicate.resend')}
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
