import type {
  IndexedRecordView,
  RecordKind,
  RecordSort,
  RecordSource,
  RecordsApi,
  Result,
} from '../../../shared/contract';
import type {
  IndexedKind,
  IndexedRecord,
  ObservationSource,
  RecentSort,
  RecordIndex,
} from '../record-index/port';
import type { ConsoleContext } from './context';

/**
 * The record index for the screens (issue 27): the RecordsApi on the active environment. The
 * contract declares its own view of a record (it imports nothing), so the index's record is mapped
 * here, without its environment id: the screens only ever see the active environment's.
 */

/** The contract's vocabularies and the index's are the same lists: a compile error if they part. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameVocabulary: [
  Same<RecordKind, IndexedKind>,
  Same<RecordSource, ObservationSource>,
  Same<RecordSort, RecentSort>,
] = [true, true, true];
void sameVocabulary;

const DEFAULT_SEARCH_LIMIT = 20;

export function recordView(record: IndexedRecord): IndexedRecordView {
  const { environmentId: _environmentId, ...view } = record;
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
