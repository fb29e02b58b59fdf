import type { IndexedRecordView, RecordsApi, Result } from '../../../shared/contract';
import type { IndexedRecord, RecordIndex } from '../record-index/port';
import type { ConsoleContext } from './context';

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

export function createRecordsApi(context: ConsoleContext): RecordsApi {
  const onActive = async <T>(
    task: (environmentId: string) => (index: RecordIndex) => Promise<T>,
  ): Promise<Result<T>> => {
    const environmentId = await context.activeEnvironmentId();
    if (!environmentId.ok) return environmentId;
    return context.records.use(task(environmentId.data));
  };
  return {
    recordSearch: (arg) =>
      onActive(
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

    recentRecords: (arg) =>
      onActive((environmentId) => async (index) => {
        const page = await index.recent({ ...arg, environmentId });
        return { total: page.total, records: page.records.map(recordView) };
      }),

    recordGet: (arg) =>
      onActive((environmentId) => async (index) => {
        const record = await index.get(environmentId, arg.kind, arg.id);
        return record === null ? null : recordView(record);
      }),

    refundsOfDeposit: (arg) =>
      onActive(
        (environmentId) => async (index) =>
          (await index.refundsOf(environmentId, String(arg.depositId))).map(recordView),
      ),
  };
}
