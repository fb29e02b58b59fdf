import type { RecordKind } from '../../../shared/contract';

/** The kinds a lookup screen lists. */
export type ListedKind = Exclude<RecordKind, 'sub_merchant'>;
