import { useTranslation } from 'react-i18next';
import type { CashoutRef } from '../../../../shared/contract';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { refLabel } from './cashout-ref-label';
import { CashoutRecord } from './CashoutRecord';
import { useCashoutStatus } from './use-cashouts';

/** The status of the cashout the address names, read by the ids it gives. */
export function CashoutStatusPanel({
  cashoutRef,
  knownExternalId,
}: {
  cashoutRef: CashoutRef;
  knownExternalId: string | null;
}) {
  const { t } = useTranslation('cashouts');
  const query = useCashoutStatus(cashoutRef);
  return (
    <QueryState
      query={query}
      label={t('status.loading', { ids: refLabel(cashoutRef) })}
      skeleton={<SkeletonCard lines={5} />}
    >
      {(fetched) => (
        <CashoutRecord
          cashoutRef={cashoutRef}
          knownExternalId={knownExternalId}
          fetched={fetched}
          refreshing={query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      )}
    </QueryState>
  );
}
