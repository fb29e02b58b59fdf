import type { Result, WatchRef } from '../../../shared/contract';
import type { TeamClient } from '../team/client';
import { pinForTeam, teamPins, unpinForTeam } from '../team/watch-pins';
import { activeConnection, type ConsoleContext } from './context';
import { accountScope } from './guarded';

/**
 * The active environment's watchlist shared with its team (team/watch-pins.ts): a pin or an unpin
 * here goes to the team too, and the list takes in what other desks pinned and took off. The local
 * watchlist stays the one that polls and keeps timelines; the team's pins are best effort, so a
 * database that does not answer leaves the desk's own watchlist working as it was.
 */

/** How long a list waits for the team's pins before answering with what this desk has. */
const SYNC_BUDGET_MS = 2_000;

async function activeTeam(context: ConsoleContext): Promise<{ client: TeamClient; account: string } | null> {
  const connection = await activeConnection(context);
  if (!connection.ok) return null;
  const session = await context.teamSessions.of(connection.data.profile.id);
  if (!session.ok || session.data === null) return null;
  // Pins are the account's (D19) whatever their kind: the deposits' account names it.
  const scope = await accountScope(connection.data, 'refund.create');
  return scope.ok ? { client: session.data.client, account: scope.data.account } : null;
}

const same = (a: WatchRef, b: WatchRef): boolean => a.kind === b.kind && a.id === b.id;

/** Brings this desk's pins of the active environment and the team's into step. */
async function syncWithTeam(context: ConsoleContext): Promise<void> {
  const team = await activeTeam(context);
  if (!team) return;
  const pins = await teamPins(team.client, team.account);
  const view = await context.watchlist.list();
  if (!pins.ok || !view.ok) return;
  const local = view.data.items;
  for (const pin of pins.data) {
    const here = local.find((item) => same(item, pin));
    if (pin.removed_at === null) {
      if (!here) await context.watchlist.pin({ kind: pin.kind, id: pin.id });
    } else if (here && pin.removed_at.getTime() > Date.parse(here.pinnedAt)) {
      await context.watchlist.unpin({ kind: pin.kind, id: pin.id });
    } else if (here) {
      // Pinned here again after another desk took it off: the later word stands.
      await pinForTeam(team.client, team.account, here);
    }
  }
  for (const item of local) {
    if (!pins.data.some((pin) => same(pin, item))) await pinForTeam(team.client, team.account, item);
  }
}

export async function listSharedWatchlist(
  context: ConsoleContext,
): ReturnType<ConsoleContext['watchlist']['list']> {
  const synced = syncWithTeam(context).catch(() => undefined);
  await Promise.race([synced, new Promise((resolve) => setTimeout(resolve, SYNC_BUDGET_MS).unref())]);
  return context.watchlist.list();
}

/** Pins here, then for the team (best effort: the next list hands it over if this fails). */
export async function pinShared(
  context: ConsoleContext,
  ref: WatchRef,
): ReturnType<ConsoleContext['watchlist']['pin']> {
  const pinned = await context.watchlist.pin(ref);
  if (pinned.ok) await withTeam(context, (client, account) => pinForTeam(client, account, ref));
  return pinned;
}

export async function unpinShared(
  context: ConsoleContext,
  ref: WatchRef,
): ReturnType<ConsoleContext['watchlist']['unpin']> {
  const unpinned = await context.watchlist.unpin(ref);
  if (unpinned.ok) await withTeam(context, (client, account) => unpinForTeam(client, account, ref));
  return unpinned;
}

async function withTeam(
  context: ConsoleContext,
  task: (client: TeamClient, account: string) => Promise<Result<void>>,
): Promise<void> {
  const team = await activeTeam(context);
  if (team) await task(team.client, team.account);
}
