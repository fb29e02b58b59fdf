import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SolidBadge, type BadgeColor } from './SolidBadge';
import { canonicalStatus, statusTone, type StatusEntity, type StatusTone } from '../lib/status';

const TONE_COLORS: Record<StatusTone, BadgeColor> = {
  neutral: 'gray',
  waiting: 'yellow',
  progress: 'blue',
  success: 'green',
  attention: 'orange',
  failure: 'red',
  unknown: 'dark',
};

/**
 * A status's word in the active language; a status this version does not know is shown exactly
 * as it came (D9). Shared by the badge and the places that show a status as plain text.
 */
export function statusLabel(t: TFunction<'common'>, entity: StatusEntity, status: string): string {
  const canonical = canonicalStatus(entity, status);
  return canonical === null ? status : t(`status.${entity}.${canonical}` as 'status.deposit.PENDING');
}

/**
 * A deposit, refund or cashout status: a translated label in a colour per meaning. An unknown
 * status is shown exactly as it came (D9). `data-status` always holds the service's value.
 */
export function StatusBadge({ entity, status }: { entity: StatusEntity; status: string }) {
  const { t } = useTranslation('common');
  const canonical = canonicalStatus(entity, status);
  const tone = statusTone(entity, status);
  const label = statusLabel(t, entity, status);
  return (
    <SolidBadge
      color={TONE_COLORS[tone]}
      size="lg"
      data-status={status}
      data-tone={tone}
      title={canonical === null ? t('status.unknown') : status}
    >
      {label}
    </SolidBadge>
  );
}
