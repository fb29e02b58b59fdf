import { useActiveEnvironmentId } from '../../api/environment';
import { environmentQuery, useConsoleMutation, useEnvironmentQuery } from '../../api/queries';

/** What this desk's receivers took (main/core/console/notifications.ts), read again on each arrival (shell/NotificationLive.tsx). */
export function useReceivedNotifications() {
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
