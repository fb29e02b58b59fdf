import { Paper, SimpleGrid, TextInput, Textarea, Title } from '@mantine/core';
import { MoneyInput } from '../../components/MoneyInput';
import type { RefundFormState } from './use-refund-form';

/** The refund itself: its deposit, invoice id, amount, notification address and comments. */
export function RefundDetailsSection({ refund }: { refund: RefundFormState }) {
  const { t, depositId, preflight, values, set, errorOf, money } = refund;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('section.refund')}>
      <Title order={3} size="h5" mb="sm">
        {t('section.refund')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('field.deposit_id')} value={String(depositId)} readOnly />
        <TextInput
          label={t('field.invoice_id')}
          description={t('create.invoiceHint')}
          required
          value={values.invoiceId}
          onChange={(event) => set('invoiceId')(event.currentTarget.value)}
          error={errorOf('invoiceId')}
          autoComplete="off"
          data-testid="refund-invoice"
        />
        <MoneyInput
          label={t('field.amountToRefund')}
          description={
            preflight.remaining === null
              ? t('create.amountHintUnknown')
              : preflight.remainingUncertain
                ? t('create.amountHintUncertain', { remaining: money(preflight.remaining) })
                : t('create.amountHint', { remaining: money(preflight.remaining) })
          }
          currency={preflight.currency}
          value={values.amount}
          onChange={set('amount')}
          error={errorOf('amount')}
          data-testid="refund-amount"
        />
        <TextInput
          label={t('field.notification_url')}
          type="url"
          value={values.notificationUrl}
          onChange={(event) => set('notificationUrl')(event.currentTarget.value)}
          error={errorOf('notificationUrl')}
          autoComplete="off"
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('field.comments')}
        value={values.comments}
        onChange={(event) => set('comments')(event.currentTarget.value)}
        error={errorOf('comments')}
        autosize
        minRows={2}
        maxRows={6}
      />
    </Paper>
  );
}
