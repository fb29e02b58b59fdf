import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CashoutRef } from '../../../../shared/contract';
import type { DraftHandle } from '../../api/drafts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  MutationTarget,
  reasonMeta,
  type MutationGate,
  type TargetEnvironment,
} from '../../components/MutationGate';
import { CancelConsequenceText } from './CancelConsequenceText';
import type { CashoutCancelVariables } from './use-cashouts';

/** The cancel's confirmation: which cashout, where, what it would do (in production, typed). */
export function CancelConfirmDialog({
  cashoutRef,
  confirming,
  gate,
  target,
  phrase,
  reason,
  busy,
  draft,
  onConfirming,
  onCancel,
}: {
  cashoutRef: CashoutRef;
  confirming: boolean;
  gate: MutationGate;
  target: TargetEnvironment | null;
  phrase: (environment: TargetEnvironment) => string;
  reason: string;
  busy: boolean;
  draft: DraftHandle;
  onConfirming: (open: boolean) => void;
  onCancel: (variables: CashoutCancelVariables) => void;
}) {
  const { t } = useTranslation('cashouts');
  return (
    <ConfirmDialog
      opened={confirming}
      title={t('cancel.confirmTitle', { id: cashoutRef.cashoutId })}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      confirmColor="red"
      typeToConfirm={gate.production ? String(cashoutRef.cashoutId) : undefined}
      busy={busy}
      onConfirm={(typed) => {
        draft.beforeSend();
        onCancel({
          cashoutId: cashoutRef.cashoutId ?? 0,
          externalId: cashoutRef.externalId ?? '',
          ...(gate.production && { typedConfirmation: typed }),
          ...reasonMeta(reason),
        });
      }}
      onClose={() => onConfirming(false)}
    >
      <Stack gap="xs">
        {target && <MutationTarget environment={target} />}
        <Text size="sm" data-testid="cancel-confirm-summary">
          {t('cancel.confirmSummary', {
            id: cashoutRef.cashoutId,
            externalId: cashoutRef.externalId,
            environment: target ? phrase(target) : '—',
          })}
        </Text>
        <CancelConsequenceText cashoutRef={cashoutRef} />
        <Text size="sm">{t('cancel.confirmGuard')}</Text>
        {gate.production && (
          <Text size="sm" fw={700}>
            {t('cancel.confirmProduction')}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
