import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { RefundForm } from './RefundForm';
import { useRefundPreflight } from './use-refunds';

/** Main's pre-flight of the deposit, then the form it allows. */
export function DepositToRefund({
  depositId,
  environmentId,
}: {
  depositId: number;
  environmentId: string | null;
}) {
  const { t } = useTranslation('refunds');
  const preflight = useRefundPreflight(depositId);
  return (
    <QueryState
      query={preflight}
      label={t('create.loading', { id: depositId })}
      skeleton={<SkeletonCard lines={8} />}
    >
      {(data) => (
        <RefundForm key={depositId} depositId={depositId} environmentId={environmentId} preflight={data} />
      )}
    </QueryState>
  );
}
