import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** THE modal: Mantine's Modal with a labelled close button (axe `button-name`). */
export function Dialog(props: ModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal {...props} closeButtonProps={{ 'aria-label': t('dialog.close'), ...props.closeButtonProps }} />
  );
}
