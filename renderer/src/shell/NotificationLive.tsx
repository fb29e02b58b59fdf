import { useQueryClient } from '@tanstack/react-query';
import { useEnvironments } from '../api/environment';
import { useConsoleEvent } from '../api/events';
import { staleAfterNotification } from './notification-live';

/**
 * Renders nothing: mounted once by the layout, it has the page read again what a received
 * notification changed (notification-live.ts), on whatever screen is open.
 */
export function NotificationLive() {
  const queryClient = useQueryClient();
  const { keys, active } = useEnvironments();
  useConsoleEvent('notificationReceived', (received) => {
    if (!keys || !active) return;
    for (const queryKey of staleAfterNotification(received, keys, active.id)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
  return null;
}
