import { z } from 'zod';
import { WATCH_KINDS, type Result, type WatchRef } from '../../../shared/contract';
import type { TeamClient } from './client';
import { checkedRows, runStatement } from './rows';

/**
 * The team's watchlist (docs/architecture.md, "Team mode: the database"): what is pinned on a
 * merchant account, by whom. Anyone in the team pins and unpins; an unpin is kept as a tombstone
 * with its time, so a desk still holding the pin learns it was taken off.
 */

const pinRowSchema = z.object({
  kind: z.enum(WATCH_KINDS),
  id: z.string().min(1).max(64),
  pinned_by: z.string(),
  pinned_at: z.date(),
  removed_by: z.string().nullable(),
  removed_at: z.date().nullable(),
});
type TeamPin = z.infer<typeof pinRowSchema>;

export function teamPins(client: TeamClient, account: string): Promise<Result<TeamPin[]>> {
  return checkedRows(
    client,
    {
      text: 'SELECT kind, id, pinned_by, pinned_at, removed_by, removed_at FROM paydesk.watch_pins_view WHERE account = $1',
      values: [account],
    },
    pinRowSchema,
    'pin',
  );
}

/** Pins (or pins again after an unpin); a pin that is there stays as it was. */
export function pinForTeam(client: TeamClient, account: string, ref: WatchRef): Promise<Result<void>> {
  return runStatement(client, 'SELECT paydesk.pin_watch($1, $2, $3)', [account, ref.kind, ref.id]);
}

export function unpinForTeam(client: TeamClient, account: string, ref: WatchRef): Promise<Result<void>> {
  return runStatement(client, 'SELECT paydesk.unpin_watch($1, $2, $3)', [account, ref.kind, ref.id]);
}
