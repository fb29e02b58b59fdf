import type { ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOverlays } from './overlays';

/**
 * THE modal: Mantine's Modal with a labelled close button (axe `button-name`). Its code comes
 * after the first paint (overlays.tsx); one opened before that shows as soon as it is in.
 */
export function Dialog(props: ModalProps) {
  const { t } = useTranslation('common');
  const overlays = useOverlays();
  if (!overlays) return null;
  const { Modal } = overlays;
  return (
    <Modal {...props} closeButtonProps={{ 'aria-label': t('dialog.close'), ...props.closeButtonProps }} />
  );
}
