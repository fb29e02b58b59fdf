import type { TeamChangedEvent } from '../../../shared/contract';
import type { environmentKeys } from '../api/query-keys';

/**
 * What another desk's operation may have changed on this page: the journal's blocking intents,
 * the refund form's pre-flight (every desk's refunds count), the Team screen, and the approval
 * requests when one was submitted or changed, or when the live word is heard again after a gap.
 * Only for the environment active here; an event of another is stale news.
 */
export function staleAfterTeamChange(
  event: TeamChangedEvent,
  keys: ReturnType<typeof environmentKeys>,
  activeEnvironmentId: string,
): ReadonlyArray<readonly unknown[]> {
  if (event.environmentId !== activeEnvironmentId) return [];
  if (event.request !== undefined) return [keys.approvals()];
  if (event.operation === undefined && event.connection !== 'live') return [keys.getTeamStatus()];
  return [keys.audit(), [...keys.refunds(), 'preflight'], keys.getTeamStatus(), keys.approvals()];
}
