import type { ApprovalRequestState, ApprovalRequestView, JsonObject } from '../../../../shared/contract';

/**
 * How the Approvals screen orders and offers team approval requests (docs/architecture.md, "Team
 * mode: approvals"). What a person may do is the database's to decide; the screen only leaves out
 * buttons that could never work, so a refusal it shows is the database's word.
 */

/** The states still in the queue: an approver's work, or the sending that is left. */
const OPEN_STATES: ReadonlySet<ApprovalRequestState> = new Set(['waiting', 'approved']);

export const isOpen = (request: Pick<ApprovalRequestView, 'state'>): boolean =>
  OPEN_STATES.has(request.state);

/** Waiting and approved first, then the closed ones; newest first within each. */
export function queueOrder<T extends Pick<ApprovalRequestView, 'state' | 'createdAt' | 'id'>>(
  requests: readonly T[],
): T[] {
  return [...requests].sort(
    (a, b) =>
      Number(isOpen(b)) - Number(isOpen(a)) ||
      b.createdAt.localeCompare(a.createdAt) ||
      Number(b.id) - Number(a.id),
  );
}

/** The count the navbar shows: requests that wait for an approver. */
export function waitingCount(requests: ReadonlyArray<Pick<ApprovalRequestView, 'state'>>): number {
  return requests.filter((request) => request.state === 'waiting').length;
}

export type ApprovalAct = 'approve' | 'reject' | 'withdraw' | 'send';

/**
 * The buttons a request gets: a waiting request is approved or rejected by another person and
 * withdrawn by its maker; an approved one is sent. Whether this person is an approver, or may
 * send (an executor-signed environment), the database answers.
 */
export function actsOn(request: Pick<ApprovalRequestView, 'state' | 'madeByYou'>): ApprovalAct[] {
  switch (request.state) {
    case 'waiting':
      return request.madeByYou ? ['withdraw'] : ['approve', 'reject'];
    case 'approved':
      return ['send'];
    default:
      return [];
  }
}

/** The exact body, as the approver reads it: keys in the stored order, two-space indents. */
export function prettyBody(body: JsonObject | null): string | null {
  return body === null ? null : JSON.stringify(body, null, 2);
}
