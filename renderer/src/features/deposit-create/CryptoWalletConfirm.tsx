import { Code, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailList, DetailRow } from '../../components/DetailList';
import { reasonMeta } from '../../components/MutationGate';
import { SendTarget } from './SendTarget';
import type { DepositCreateForm } from './use-deposit-create-form';

/** Crypto sent to a wrong wallet or network is lost: both are shown once more before it is sent. */
export function CryptoWalletConfirm({ deposit }: { deposit: DepositCreateForm }) {
  const { t, reason, confirmingWallet, setConfirmingWallet, body, unreadMoney, send } = deposit;
  if (body.crypto === undefined) return null;
  return (
    <ConfirmDialog
      opened={confirmingWallet}
      title={t('cryptoConfirm.title')}
      confirmLabel={t('cryptoConfirm.confirm')}
      cancelLabel={t('cryptoConfirm.back')}
      onConfirm={() => {
        setConfirmingWallet(false);
        send({ body, ...reasonMeta(reason) });
      }}
      onClose={() => setConfirmingWallet(false)}
    >
      <Stack gap="sm" data-testid="crypto-confirm">
        <Text size="sm">{t('cryptoConfirm.body')}</Text>
        <DetailList>
          <DetailRow label={t('field.crypto.wallet')} field="crypto.wallet">
            <Code fz="md" style={{ overflowWrap: 'anywhere' }}>
              {body.crypto.wallet}
            </Code>
          </DetailRow>
          <DetailRow label={t('field.crypto.network')} field="crypto.network">
            <Text span fw={700}>
              {body.crypto.network}
            </Text>
          </DetailRow>
          <DetailRow label={t('field.crypto.currency')} field="crypto.currency">
            {body.crypto.currency}
          </DetailRow>
        </DetailList>
        <SendTarget body={body} amountRead={unreadMoney.amount === undefined} />
      </Stack>
    </ConfirmDialog>
  );
}
