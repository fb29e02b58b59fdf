import { ColorSwatch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_COLOR, type EnvironmentProfile } from '../../../shared/contract';
import { SolidBadge, isBadgeColor } from './SolidBadge';

/** The colour an environment is drawn in: production is always PRODUCTION_COLOR. */
export function environmentColor(environment: Pick<EnvironmentProfile, 'kind' | 'color'>): string {
  return environment.kind === 'production' ? PRODUCTION_COLOR : environment.color;
}

function badgeColorOf(color: string) {
  return isBadgeColor(color) ? color : 'gray';
}

export function EnvironmentSwatch({
  environment,
}: {
  environment: Pick<EnvironmentProfile, 'kind' | 'color'>;
}) {
  return (
    <ColorSwatch
      component="span"
      color={`var(--mantine-color-${environmentColor(environment)}-filled)`}
      size={14}
      aria-hidden="true"
    />
  );
}

/** "Production" / "Testing" / "Local sandbox" in the environment's colour. */
export function KindBadge({ environment }: { environment: Pick<EnvironmentProfile, 'kind' | 'color'> }) {
  const { t } = useTranslation('shell');
  return (
    <SolidBadge color={badgeColorOf(environmentColor(environment))} data-kind={environment.kind}>
      {t(`kind.${environment.kind}`)}
    </SolidBadge>
  );
}
