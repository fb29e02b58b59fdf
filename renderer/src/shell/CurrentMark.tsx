import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../components/icons';

/**
 * Marks the current choice of a header menu: a check you see, "(current)" a screen reader says.
 * (Mantine's Menu.Item is always role="menuitem", so aria-checked cannot be used.)
 */
export function CurrentMark({ current }: { current: boolean }) {
  const { t } = useTranslation('shell');
  if (!current) return <span style={{ display: 'inline-block', width: 16 }} aria-hidden="true" />;
  return (
    <>
      <CheckIcon />
      <VisuallyHidden>{t('menu.current')}</VisuallyHidden>
    </>
  );
}
