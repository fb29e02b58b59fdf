import { useQueryClient } from '@tanstack/react-query';
import { useActiveEnvironmentId, useEnvironments } from '../../api/environment';
import { useConsoleEvent } from '../../api/events';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

/** What this desk's receivers took (main/core/console/notifications.ts), read again on each arrival. */
export function useReceivedNotifications() {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  useConsoleEvent('notificationReceived', () => {
    if (keys) void queryClient.invalidateQueries({ queryKey: keys.receivedNotifications() });
  });
  return useEnvironmentQuery(
    environmentQuery(useActiveEnvironmentId(), {
      key: (environmentKeys) => environmentKeys.receivedNotifications(),
      call: (api) => api.listReceivedNotifications({}),
    }),
  );
}

/** Checks a pasted notification; main judges it, the screen only shows the verdict. */
export function useVerifyNotification() {
  return useConsoleMutation({
    call: (api, text: string) => api.verifyNotification({ text }),
  });
}
