import type { TeamChangedEvent } from '../../../shared/contract';
import { openTeam } from '../team/client';
import { teamIdentity } from '../team/desk-sessions';
import { listenToTeam } from '../team/live';
import { personConnection } from '../team/membership';
import type { ConsoleContext } from './context';

/**
 * Live word of the active environment's team (docs/architecture.md, "Team mode: money moves"):
 * while the active environment is in a team, one LISTEN connection as its person, each hint
 * forwarded to the page as `teamChanged`, so what another desk did shows within a second (the
 * page reads again the journal, the refund form and the team). A hint is never data: the page
 * only reads again.
 */

interface TeamFollower {
  /** Follows the team of the environment now active (none, the same, or another). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

type Following = { environmentId: string; identity: string; live: ReturnType<typeof listenToTeam> };

export function followActiveTeam(
  context: Pick<ConsoleContext, 'environments' | 'events' | 'activeEnvironmentId'>,
  timing: { retryMs?: { first: number; max: number }; heartbeatMs?: number } = {},
): TeamFollower {
  let following: Following | null = null;
  let closed = false;
  // Refreshes one after another: two environment changes in a row must not leave two listeners.
  let queue: Promise<void> = Promise.resolve();

  const start = (environmentId: string, team: Parameters<typeof teamIdentity>[0]): Following => {
    let connection: TeamChangedEvent['connection'] = 'connecting';
    const emit = (change: Pick<TeamChangedEvent, 'operation' | 'request'> = {}): void =>
      context.events.emit('teamChanged', { environmentId, connection, ...change });
    const live = listenToTeam({
      async connect() {
        const options = await personConnection(context.environments, environmentId, team);
        return options.ok ? openTeam(options.data) : options;
      },
      onChange: (change) =>
        emit(
          change.kind === 'operation'
            ? { operation: { id: change.operationId, state: change.state } }
            : change.kind === 'request'
              ? { request: { id: change.requestId, state: change.state } }
              : {},
        ),
      onState(state) {
        connection = state;
        // `live` is followed at once by a resync, which says it.
        if (state !== 'live') emit();
      },
      ...timing,
    });
    return { environmentId, identity: teamIdentity(team), live };
  };

  const refreshNow = async (): Promise<void> => {
    if (closed) return;
    const active = await context.activeEnvironmentId();
    const found = active.ok ? await context.environments.teamOf(active.data) : null;
    const team = found?.ok ? found.data.team : null;
    const wanted = active.ok && team ? { environmentId: active.data, identity: teamIdentity(team) } : null;
    if (
      following &&
      wanted &&
      following.environmentId === wanted.environmentId &&
      following.identity === wanted.identity
    ) {
      return;
    }
    const stopping = following;
    following = null;
    await stopping?.live.close();
    if (closed || !wanted || !team) return;
    following = start(wanted.environmentId, team);
  };

  return {
    refresh() {
      queue = queue.then(refreshNow, refreshNow);
      return queue;
    },
    async close() {
      closed = true;
      await queue.catch(() => undefined);
      const stopping = following;
      following = null;
      await stopping?.live.close();
    },
  };
}
