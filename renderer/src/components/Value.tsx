import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format-context';

type Displayable = string | number | boolean | null | undefined;

export function isAbsent(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** The one way an absent value looks: "—" (never a made-up value, D12). */
export function Absent() {
  const { t } = useTranslation('common');
  return (
    <span data-absent="true" title={t('value.absent')}>
      —
    </span>
  );
}

/**
 * A field value as the service sent it: "—" when absent, Yes/No for booleans, locale digits
 * for numbers (every decimal kept), strings as they came. Pass ids as strings (`String(id)`):
 * an id is a name, not a quantity, and must not get thousands separators. `children` replaces the plain
 * rendering when the value is present.
 */
export function Value({ value, children }: { value: Displayable; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  if (isAbsent(value)) return <Absent />;
  if (children !== undefined) return <>{children}</>;
  if (typeof value === 'boolean') return <>{value ? t('value.yes') : t('value.no')}</>;
  if (typeof value === 'number') return <>{format.number(value)}</>;
  return <>{value}</>;
}
