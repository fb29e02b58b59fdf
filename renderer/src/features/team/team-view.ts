import type { ErrorKind, TeamPerson, TeamSendingView } from '../../../../shared/contract';
import type { BadgeColor } from '../../components/SolidBadge';

/**
 * How the Team screen says what main answered (docs/architecture.md, "Team mode"): the command a
 * desk joins with, and why its database did not answer, in the user's words.
 */

/**
 * The command that joins this environment to a team (main/cli/team-commands.ts): joining is done
 * at the command line, where the password is typed hidden and never crosses to the page.
 */
export function joinCommand(environmentId: string): string {
  return `paydesk --env ${environmentId} team join --host <host> --port <port> --database <database> --person <you> --ca <team-ca.pem>`;
}

/** The reasons the screen has words for; anything else is said as `other`, with main's detail. */
export const UNREACHABLE_REASONS = [
  'network',
  'tls',
  'timeout',
  'auth',
  'not_found',
  'credentials_missing',
  'keychain_unavailable',
  'other',
] as const;
type UnreachableReason = (typeof UNREACHABLE_REASONS)[number];

export function unreachableReason(kind: ErrorKind): UnreachableReason {
  return (UNREACHABLE_REASONS as readonly string[]).includes(kind) ? (kind as UnreachableReason) : 'other';
}

/** You first, then the active people, then the removed ones, each by name. */
export function rosterOrder(people: readonly TeamPerson[]): TeamPerson[] {
  const rank = (person: TeamPerson) => (person.isYou ? 0 : person.canLogin ? 1 : 2);
  return [...people].sort((a, b) => rank(a) - rank(b) || a.person.localeCompare(b.person));
}

/** The badge of who sends: red when nothing will be sent (no executor, or a silent one). */
export const SENDING_COLOR: Record<TeamSendingView['health'], BadgeColor> = {
  desk: 'blue',
  healthy: 'green',
  silent: 'red',
  none: 'red',
};
