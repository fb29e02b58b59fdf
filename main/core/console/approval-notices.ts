import type { ApprovalNoticeKind, TeamChangedEvent } from '../../../shared/contract';
import { personApproves, requestById, type ApprovalRequest } from '../team/approvals';
import { asTeamPerson } from '../team/membership';
import { approvalRequestView } from './approvals';
import type { ConsoleContext } from './context';

/**
 * Tells this desk's person of the team's requests they should act on or hear of (the
 * `approvalNotice` event: a desktop notification in the app, a toast in the browser build), from
 * the team's live word (`teamChanged` naming a request, console/team-live.ts). The word is only a
 * hint: the request is read again, as the person, before anything is said (docs/architecture.md,
 * "Team mode: approvals").
 */

/** Who hears of a request in this state: pure, so the rule is tested on its own. */
export function approvalNoticeKind(
  request: Pick<ApprovalRequest, 'state' | 'made_by' | 'approvers_needed'>,
  person: { name: string; approves: boolean },
): ApprovalNoticeKind | null {
  const own = request.made_by === person.name;
  switch (request.state) {
    case 'waiting':
      // The maker never approves their own; a person who cannot approve has nothing to do.
      return !own && person.approves ? 'approval_needed' : null;
    case 'approved':
      // Handed to the executor with no approval asked: the maker was told so when submitting.
      return own && request.approvers_needed > 0 ? 'approved' : null;
    case 'rejected':
    case 'expired':
      return own ? request.state : null;
    case 'withdrawn':
    case 'claimed':
      return null;
  }
}

/** How many (request, state) pairs are remembered so that a repeated hint is not told twice. */
const TOLD_KEPT = 500;

interface ApprovalNotices {
  /** Stops listening and waits for the reads already under way. */
  close(): Promise<void>;
}

export function noticeApprovalRequests(
  context: Pick<ConsoleContext, 'environments' | 'events'>,
): ApprovalNotices {
  const told = new Set<string>();
  const reading = new Set<Promise<void>>();

  const tell = async (environmentId: string, requestId: string): Promise<void> => {
    const found = await context.environments.teamOf(environmentId);
    if (!found.ok || found.data.team === null) return;
    const person = found.data.team.person;
    const read = await asTeamPerson({ environments: context.environments }, environmentId, async (client) => {
      const request = await requestById(client, requestId);
      if (!request.ok) return request;
      const approves = await personApproves(client);
      return approves.ok ? { ok: true, data: { request: request.data, approves: approves.data } } : approves;
    });
    // A request this person may not read, or a database gone meanwhile: nothing to tell.
    if (!read.ok) return;
    const { request, approves } = read.data;
    // Said once per state it is in now (the hint may name a state already left).
    const key = `${environmentId}\n${request.id}\n${request.state}`;
    if (told.has(key)) return;
    const kind = approvalNoticeKind(request, { name: person, approves });
    if (kind === null) return;
    told.add(key);
    if (told.size > TOLD_KEPT) told.delete(told.values().next().value ?? key);
    context.events.emit('approvalNotice', {
      environmentId,
      kind,
      request: approvalRequestView(request, person),
    });
  };

  const stop = context.events.on('teamChanged', (event: TeamChangedEvent) => {
    if (event.request === undefined) return;
    // A notice is a courtesy: one that cannot be read is not told, and never fails anything else.
    const work = tell(event.environmentId, event.request.id)
      .catch(() => undefined)
      .finally(() => reading.delete(work));
    reading.add(work);
  });

  return {
    async close() {
      stop();
      await Promise.all(reading);
    },
  };
}
