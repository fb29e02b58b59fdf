import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveEnvironment } from '../../api/environment';
import { SolidBadge } from '../../components/SolidBadge';
import { waitingCount } from './approvals-view';
import { useApprovals } from './use-approvals';

/**
 * The navbar's count of requests waiting for an approver, read with the Approvals screen's own
 * question (so one answer serves both) and read again when the team's live word names a request
 * (shell/team-live.ts). Nothing while none waits, or when the environment is in no team (main
 * refuses the question then; the local sandbox never joins one, so it is not asked).
 */
export function ApprovalsNavBadge() {
  const { t } = useTranslation('shell');
  const active = useActiveEnvironment();
  const approvals = useApprovals(false, active !== null && active.kind !== 'local-sandbox');
  const count = approvals.data ? waitingCount(approvals.data) : 0;
  if (approvals.isError || count === 0) return null;
  return (
    <SolidBadge size="sm" circle={count < 10} color="orange" data-testid="approvals-waiting">
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{t('nav.approvalsWaiting', { count })}</VisuallyHidden>
    </SolidBadge>
  );
}
