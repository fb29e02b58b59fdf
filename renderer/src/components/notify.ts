import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/**
 * THE toast: a short message that something happened (saved, switched, failed to save). Its close
 * button is labelled (axe `button-name`). Errors that need reading stay on the page (ErrorNotice).
 */
export function notify({
  color,
  title,
  message,
}: {
  color: 'green' | 'orange' | 'red' | 'blue';
  title?: string;
  message: string;
}): void {
  notifications.show({
    color,
    ...(title !== undefined ? { title } : {}),
    message,
    closeButtonProps: { 'aria-label': i18next.t('common:dialog.close') },
  });
}
