/** The local clock against the service's (D2): what X-Date is written on, and when it blocks mutations. */
import { method, type ApiOf } from './method';

/** The live estimate of the local clock's offset from the service (Date headers, D2). */
export type ClockState =
  /** No answer has been seen yet. */
  | 'unmeasured'
  /** Local clock within `correctAboveMs` of the service: X-Date uses the local clock. */
  | 'in_sync'
  /** Local clock off, X-Date is corrected by the estimate. */
  | 'corrected'
  /** Local clock off and the estimate cannot be used (correction disabled or too uncertain). */
  | 'uncorrectable';

export interface ClockStatus {
  state: ClockState;
  /** Estimated service time minus local time in ms (positive: local clock is behind); null before any sample. */
  offsetMs: number | null;
  /** Half-width of the interval the true offset lies in; null before any sample. */
  uncertaintyMs: number | null;
  /** Answers with a usable `Date` header seen since the clock was created. */
  samples: number;
  /** Local epoch ms of the last sample; null before any sample. */
  lastSampleAt: number | null;
  /** X-Date is currently written on the service's estimated time. */
  correctionActive: boolean;
  /**
   * True while a mutating action would most likely be refused for its X-Date: the offset is over
   * `blockMutationsAboveMs` and no usable correction exists. The UI blocks such actions on it.
   */
  blocksMutations: boolean;
}

export const CLOCK_METHODS = {
  getClockStatus: method<{ environmentId?: string }, ClockStatus>(),
};
export type ClockApi = ApiOf<typeof CLOCK_METHODS>;
