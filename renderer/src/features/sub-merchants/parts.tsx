import { useTranslation } from 'react-i18next';
import { Absent } from '../../components/Value';
import { SolidBadge } from '../../components/SolidBadge';
import { useFormat } from '../../components/format-context';

/**
 * A sub-merchant's status: the spec shows `ACTIVE` and says the other state is inactive; only an
 * active one can process transactions. Anything else is shown as it came. `data-status` holds the
 * service's value.
 */
export function SubMerchantStatus({ status }: { status: string | undefined }) {
  const { t } = useTranslation('sub-merchants');
  if (status === undefined || status === '') return <Absent />;
  const upper = status.trim().toUpperCase();
  if (upper === 'ACTIVE') {
    return (
      <SolidBadge color="green" data-status={status} title={status}>
        {t('status.active')}
      </SolidBadge>
    );
  }
  if (upper === 'INACTIVE') {
    return (
      <SolidBadge color="gray" data-status={status} title={status}>
        {t('status.inactive')}
      </SolidBadge>
    );
  }
  return (
    <SolidBadge color="dark" data-status={status} title={t('status.unknown')}>
      {status}
    </SolidBadge>
  );
}

/** `markup_fee` is a percentage written as a plain number: 2.00 means 2.00 % (spec). */
export function MarkupFee({ value }: { value: number | undefined }) {
  const format = useFormat();
  if (value === undefined || value === null) return <Absent />;
  return <span data-markup-fee={value}>{format.percentPoints(value)}</span>;
}
