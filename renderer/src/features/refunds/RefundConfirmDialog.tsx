import { Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MutationTarget, reasonMeta } from '../../components/MutationGate';
import type { RefundFormState } from './use-refund-form';

/** The refund's confirmation: how much, from which deposit, to which account, where. */
export function RefundConfirmDialog({ refund }: { refund: RefundFormState }) {
  const {
    t,
    depositId,
    preflight,
    gate,
    target,
    where,
    confirming,
    setConfirming,
    create,
    send,
    body,
    reason,
    everythingLeft,
    withBankAccount,
    money,
  } = refund;
  return (
    <ConfirmDialog
      opened={confirming}
      title={t('confirm.title', { id: depositId })}
      confirmLabel={t('confirm.confirm')}
      cancelLabel={t('confirm.dismiss')}
      confirmColor={gate.production ? 'red' : 'blue'}
      busy={create.isPending}
      onConfirm={() => send({ body, ...reasonMeta(reason) })}
      onClose={() => setConfirming(false)}
    >
      <Stack gap="xs">
        {target && <MutationTarget environment={target} />}
        <Text size="sm" data-testid="refund-confirm-summary">
          {everythingLeft
            ? t('confirm.everything', {
                id: depositId,
                remaining: money(body.amount ?? preflight.remaining),
                environment: where,
              })
            : t('confirm.amount', {
                id: depositId,
                amount: money(body.amount ?? null),
                environment: where,
              })}
        </Text>
        {withBankAccount && body.bank_account && (
          <Text size="sm">
            {t('confirm.toAccount', {
              beneficiary: body.bank_account.beneficiary ?? '—',
              account: body.bank_account.account_number ?? '—',
              bank: body.bank_account.bank_code ?? '—',
            })}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
