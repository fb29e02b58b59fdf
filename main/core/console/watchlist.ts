import { z } from 'zod';
import { WATCH_KINDS, WATCH_LIMITS, type WatchlistApi } from '../../../shared/contract';
import { between, none } from './arg-parts';
import type { ConsoleMethods } from './method';
import { listSharedWatchlist, pinShared, unpinShared } from './team-watch';

/** The id is checked for its kind by the watchlist, which says what is wrong with it. */
const watchRef = z.strictObject({ kind: z.enum(WATCH_KINDS), id: z.string().min(1).max(64) });

/** The watchlist and its poller (main/core/watchlist), shared with the team in team mode (team-watch.ts). */
export const WATCH_HANDLERS: ConsoleMethods<keyof WatchlistApi> = {
  listWatchlist: { arg: none, handle: (context) => listSharedWatchlist(context) },
  pinWatch: { arg: watchRef, handle: (context, arg) => pinShared(context, arg) },
  unpinWatch: { arg: watchRef, handle: (context, arg) => unpinShared(context, arg) },
  setWatchInterval: {
    arg: z.strictObject({
      seconds: between(WATCH_LIMITS.minIntervalSeconds, WATCH_LIMITS.maxIntervalSeconds),
    }),
    handle: (context, arg) => context.watchlist.setInterval(arg.seconds),
  },
  getWatchTimeline: { arg: watchRef, handle: (context, arg) => context.watchlist.timeline(arg) },
  pollWatchlistNow: { arg: none, handle: (context) => context.watchlist.pollNow() },
};
