import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApprovalNotice } from '../../../shared/contract';
import { useConsoleEvent } from '../api/events';
import { links } from './links';

/**
 * Renders nothing: mounted once by the layout, it turns every `approvalNotice` (a request this
 * person should approve, or their own approved, rejected or expired; main/core/console/
 * approval-notices.ts) into a toast, the browser build's stand-in for the desktop notification
 * main shows in Electron, with a button that opens the request on the Approvals screen. A request
 * to approve stays until dismissed or opened; news of one's own goes by itself.
 */
export function ApprovalToasts() {
  // The shell's namespace is there from the start; the team's is loaded when a notice comes, so
  // the first screen never waits for it (its render stays in the app script's own task).
  const { i18n } = useTranslation('shell');
  const navigate = useNavigate();
  useConsoleEvent('approvalNotice', (notice) => {
    void i18n.loadNamespaces('team').then(() => showNotice(i18n.getFixedT(null, 'team'), notice, navigate));
  });
  return null;
}

type TeamT = ReturnType<typeof useTranslation<'team'>>['t'];

function showNotice(t: TeamT, notice: ApprovalNotice, navigate: ReturnType<typeof useNavigate>): void {
  const { request, kind } = notice;
  const id = `approval-${notice.environmentId}-${request.id}-${kind}`;
  const action = t(`approvals.action.${request.action}`);
  notifications.show({
    id,
    position: 'bottom-right',
    color: kind === 'approval_needed' ? 'orange' : kind === 'approved' ? 'blue' : 'red',
    autoClose: kind === 'approval_needed' ? false : 10_000,
    title: t(`approvals.toast.title.${kind}`, { action }),
    message: (
      <Stack gap={4}>
        <Text size="sm">{toastMessage(t, notice, action)}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            notifications.hide(id);
            void navigate(links.approval(request.id));
          }}
          data-testid="approval-toast-open"
        >
          {t('approvals.toast.open', { id: request.id })}
        </Anchor>
      </Stack>
    ),
    closeButtonProps: { 'aria-label': t('approvals.toast.dismiss') },
    // Mantine dims the text under a title below 4.5:1 (axe color-contrast): body text colour instead.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-testid': 'approval-toast',
    'data-kind': kind,
    'data-request': request.id,
  });
}

function toastMessage(t: TeamT, { kind, request }: ApprovalNotice, action: string): string {
  switch (kind) {
    case 'approval_needed':
      return t('approvals.toast.message.approval_needed', {
        id: request.id,
        maker: request.madeBy,
        reason: request.reason,
      });
    case 'approved':
      return t('approvals.toast.message.approved', {
        action,
        id: request.id,
        names: request.approvedBy.join(', '),
      });
    case 'rejected':
      return t('approvals.toast.message.rejected', {
        action,
        id: request.id,
        name: request.closedBy ?? '',
        note: request.closeNote ?? '',
      });
    case 'expired':
      return t('approvals.toast.message.expired', { action, id: request.id });
  }
}
