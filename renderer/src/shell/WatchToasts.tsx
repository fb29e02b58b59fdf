import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnvironments } from '../api/environment';
import { useConsoleEvent } from '../api/events';
import { watchToast } from '../features/watchlist/watchlist-view';

/**
 * Renders nothing: mounted once by the layout, it turns every `watchChanged` into a toast (the
 * browser build's stand-in for the desktop notification main shows in Electron) on whatever
 * screen is open, and has the watchlist read again. An alarm (COMPLETED → REJECTED of a refund or
 * cashout) is red and stays until dismissed; other changes go by themselves.
 */
export function WatchToasts() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  useConsoleEvent('watchChanged', (event) => {
    if (keys) void queryClient.invalidateQueries({ queryKey: keys.watchlist() });
    const toast = watchToast(event);
    const object = t(`watchToast.kind.${toast.kind}`);
    notifications.show({
      id: toast.id,
      // Not over the header's menus (top right): an alarm stays there until dismissed.
      position: 'bottom-right',
      color: toast.color,
      autoClose: toast.autoClose,
      title: toast.alarm ? t('watchToast.alarmTitle') : t('watchToast.title'),
      message:
        toast.from === null
          ? t('watchToast.firstSeen', { object, id: toast.objectId, to: toast.to })
          : t('watchToast.message', { object, id: toast.objectId, from: toast.from, to: toast.to }),
      closeButtonProps: { 'aria-label': t('watchToast.dismiss') },
      // Mantine dims the text under a title below 4.5:1 (axe color-contrast): body text colour instead.
      styles: {
        description: { color: 'var(--mantine-color-text)' },
        ...(toast.alarm && { root: { border: '2px solid var(--mantine-color-red-filled)' } }),
      },
      'data-testid': 'watch-toast',
      'data-severity': event.severity,
      'data-kind': toast.kind,
      'data-id': toast.objectId,
    });
  });
  return null;
}
