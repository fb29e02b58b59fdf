import { useTranslation } from 'react-i18next';
import type { AuditState } from '../../../../shared/contract';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';

const STATE_COLORS: Record<AuditState, BadgeColor> = {
  ok: 'green',
  error: 'red',
  outcome_unknown: 'orange',
  pending: 'yellow',
};

/** Where an operation stands now; `data-state` holds main's value. */
export function AuditStateBadge({ state }: { state: AuditState }) {
  const { t } = useTranslation('audit');
  return (
    <SolidBadge color={STATE_COLORS[state]} data-state={state}>
      {t(`state.${state}`)}
    </SolidBadge>
  );
}
