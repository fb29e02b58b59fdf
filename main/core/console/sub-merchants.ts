import { z } from 'zod';
import type { SubMerchantsApi, WatchedSubMerchant } from '../../../shared/contract';
import { mapLimited } from '../batch';
import { idSchema } from '../payments';
import { none } from './arg-parts';
import { onActive } from './context';
import { signedRead } from './executor-reads';
import type { ConsoleMethods } from './method';
import { lookedUp, seenNow, subMerchantObservation } from './observations';

/** Watched sub-merchants read at once. */
const WATCH_CONCURRENCY = 4;

export const SUB_MERCHANT_HANDLERS: ConsoleMethods<keyof SubMerchantsApi> = {
  getSubMerchant: {
    arg: z.strictObject({ subMerchantId: idSchema }),
    handle: (context, arg) =>
      onActive(context, async (connection) => {
        const read = await signedRead(context, connection, 'sub-merchant', arg.subMerchantId);
        if (read.ok)
          context.records.observe([subMerchantObservation(lookedUp(context, connection), read.data.record)]);
        return read;
      }),
  },

  listWatchedSubMerchants: {
    arg: none,
    handle: (context) =>
      onActive(context, async (connection) => {
        const ids = await context.watchlist.subMerchantIds(connection.profile.id);
        if (!ids.ok) return ids;
        const watched = await mapLimited(
          ids.data,
          WATCH_CONCURRENCY,
          async (subMerchantId): Promise<WatchedSubMerchant> => ({
            subMerchantId,
            result: await signedRead(context, connection, 'sub-merchant', subMerchantId),
          }),
        );
        const seen = seenNow(connection.profile.id, 'watch', context.now());
        context.records.observe(
          watched.map(({ result }) => (result.ok ? subMerchantObservation(seen, result.data.record) : null)),
        );
        return { ok: true, data: watched };
      }),
  },
};
