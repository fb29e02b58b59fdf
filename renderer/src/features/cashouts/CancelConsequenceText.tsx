import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CashoutRef } from '../../../../shared/contract';
import { cancelConsequence } from './cashout-ref';
import { useCashoutStatus } from './use-cashouts';

/** What the cancel would do to this cashout, from its status as last read (by both ids). */
export function CancelConsequenceText({ cashoutRef }: { cashoutRef: CashoutRef }) {
  const { t } = useTranslation('cashouts');
  const status = useCashoutStatus(cashoutRef);
  const record = status.data?.record ?? null;
  const consequence = cancelConsequence(record);
  return (
    <Text size="sm" data-testid="cancel-confirm-consequence" data-consequence={consequence}>
      {t(`cancel.consequence.${consequence}`)}
    </Text>
  );
}
