import { z } from 'zod';
import {
  RECORD_KINDS,
  RECORD_LIMITS,
  RECORD_SORTS,
  type IndexedRecordView,
  type RecordsApi,
  type Result,
} from '../../../shared/contract';
import { currencySchema, idSchema } from '../payments';
import type { IndexedRecord, RecordIndex } from '../record-index/port';
import { between, finite, isoTime, recordKind } from './arg-parts';
import type { ConsoleContext } from './context';
import type { ConsoleMethods } from './method';

/**
 * The record index for the screens: the RecordsApi on the active environment. The
 * index's record is the contract's view plus its environment id, which is dropped here: the
 * screens only ever see the active environment's.
 */

const DEFAULT_SEARCH_LIMIT = 20;

function recordView(record: IndexedRecord): IndexedRecordView {
  const { environmentId: _environmentId, account: _account, ...view } = record;
  return view;
}

async function onActiveIndex<T>(
  context: ConsoleContext,
  task: (environmentId: string) => (index: RecordIndex) => Promise<T>,
): Promise<Result<T>> {
  const environmentId = await context.activeEnvironmentId();
  if (!environmentId.ok) return environmentId;
  return context.records.use(environmentId.data, task(environmentId.data));
}

export const RECORDS_HANDLERS: ConsoleMethods<keyof RecordsApi> = {
  searchRecords: {
    arg: z.strictObject({
      // Trimmed as the index matches it: blank text is refused here rather than by the index.
      text: z
        .string()
        .trim()
        .min(1, 'give an id, an invoice id or an external id')
        .max(RECORD_LIMITS.maxSearchText, `must be at most ${RECORD_LIMITS.maxSearchText} characters`),
      kinds: z.array(recordKind).max(RECORD_KINDS.length).optional(),
      limit: between(1, RECORD_LIMITS.maxSearchResults).optional(),
    }),
    handle: (context, arg) =>
      onActiveIndex(
        context,
        (environmentId) => async (index) =>
          (
            await index.search({
              environmentId,
              text: arg.text,
              limit: arg.limit ?? DEFAULT_SEARCH_LIMIT,
              ...(arg.kinds !== undefined && { kinds: arg.kinds }),
            })
          ).map(recordView),
      ),
  },

  listRecentRecords: {
    /**
     * A recent list's filters. A minimum above the maximum, or `from` after `to`, is not refused
     * here: it matches nothing, and the screen's filter form says so before asking.
     */
    arg: z.strictObject({
      kind: recordKind,
      status: z.string().min(1).max(64).optional(),
      from: isoTime.optional(),
      to: isoTime.optional(),
      minAmount: finite.optional(),
      maxAmount: finite.optional(),
      currency: currencySchema.optional(),
      sort: z.enum(RECORD_SORTS).optional(),
      offset: between(0, 1_000_000_000),
      limit: between(1, RECORD_LIMITS.maxPageRows),
    }),
    handle: (context, arg) =>
      onActiveIndex(context, (environmentId) => async (index) => {
        const page = await index.recent({ ...arg, environmentId });
        return { total: page.total, records: page.records.map(recordView) };
      }),
  },

  getRecord: {
    arg: z.strictObject({ kind: recordKind, id: z.string().min(1).max(64) }),
    handle: (context, arg) =>
      onActiveIndex(context, (environmentId) => async (index) => {
        const record = await index.get(environmentId, arg.kind, arg.id);
        return record === null ? null : recordView(record);
      }),
  },

  listDepositRefunds: {
    arg: z.strictObject({ depositId: idSchema }),
    handle: (context, arg) =>
      onActiveIndex(
        context,
        (environmentId) => async (index) =>
          (await index.refundsOf(environmentId, String(arg.depositId))).map(recordView),
      ),
  },
};
